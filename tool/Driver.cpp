// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- Driver.cpp - softatomic-rewrite's run over its inputs --------------===//

#include "Driver.h"
#include "driver/DependencyFile.h"
#include "driver/RewriteFile.h"
#include "output/DryRun.h"
#include "output/ExportFixes.h"
#include "output/OutputFile.h"
#include "support/ClangCompat.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/CrashRecoveryContext.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Threading.h"
#include "llvm/Support/raw_ostream.h"
#include <mutex>
#include <unistd.h>

using namespace clang::tooling;
using namespace llvm;

namespace softatomic {

namespace {

/// One input and everything its run produced.
struct FileRun {
  std::string Name; ///< As the user named it; "<stdin>" for "-".
  RewriteInput Input;
  RewriteResult Result;
  std::string Diagnostics; ///< For stderr.
  std::string Out;         ///< For stdout.
  bool Ok = false;
  bool Done = false;
};

/// Prints the runs' stderr and stdout text whole, in the order of the
/// inputs, as soon as every earlier run has been printed.
class OrderedPrinter {
public:
  explicit OrderedPrinter(std::vector<FileRun> &Runs) : Runs(Runs) {}
  void finished(size_t Index) {
    std::lock_guard<std::mutex> Lock(Mutex);
    Runs[Index].Done = true;
    for (; Next < Runs.size() && Runs[Next].Done; ++Next) {
      errs() << Runs[Next].Diagnostics;
      errs().flush();
      outs() << Runs[Next].Out;
      outs().flush();
      std::string().swap(Runs[Next].Diagnostics);
      std::string().swap(Runs[Next].Out);
    }
  }

private:
  std::vector<FileRun> &Runs;
  std::mutex Mutex;
  size_t Next = 0;
};

} // namespace

/// Writes what \p Run produced where the options say, all or nothing
/// (OutputFiles); false on a failed write (reported to \p Diags).
static bool writeOutputs(const ToolOptions &O, FileRun &Run, raw_ostream &Diags,
                         raw_ostream &Out) {
  const RewriteResult &R = Run.Result;
  if (O.DryRun) {
    printDryRun(Out, Run.Name, R, O.DryRunContext);
    return true;
  }
  OutputFiles Files;
  std::string Stdout; // printed only once every file is written
  auto Add = [&](StringRef Path, std::string Text) {
    if (Path == "-")
      Stdout += Text;
    else
      Files.add(Path, std::move(Text));
  };
  if (O.InPlace) {
    // Nothing to rewrite: the file keeps its bytes and its time stamp.
    if (R.Changed)
      Add(Run.Input.Path, R.Output);
  } else if (!O.OutputFile.empty()) {
    Add(O.OutputFile, R.Output);
  } else if (O.ExportFixes.empty()) { // with --export-fixes, the YAML is it
    Add("-", R.Output);
  }
  if (!O.ManifestFile.empty())
    Add(O.ManifestFile, R.ManifestJSON);
  if (!O.DepFile.empty()) {
    // Refused before anything is written: the outputs go all or none.
    Expected<std::string> Rule = makeDepfile(O.OutputFile, R.Dependencies);
    if (!Rule) {
      Diags << "softatomic-rewrite: error: cannot write " << O.DepFile << ": "
            << toString(Rule.takeError()) << "\n";
      return false;
    }
    Add(O.DepFile, std::move(*Rule));
  }
  if (Error Err = Files.commit()) {
    Diags << "softatomic-rewrite: error: cannot write "
          << toString(std::move(Err)) << "\n";
    return false;
  }
  Out << Stdout;
  if (O.InPlace && O.Verbose)
    Diags << "softatomic-rewrite: " << Run.Name
          << (R.Changed ? ": rewritten in place\n"
                        : ": nothing to rewrite, left untouched\n");
  return true;
}

/// Writes the --export-fixes file for the runs that succeeded.
static bool exportFixes(const ToolOptions &O, ArrayRef<FileRun> Runs) {
  TranslationUnitReplacements Fixes;
  for (const FileRun &Run : Runs) {
    if (!Run.Ok)
      continue;
    SmallString<256> Path(Run.Input.Path);
    sys::fs::make_absolute(Path);
    sys::path::remove_dots(Path, /*remove_dot_dot=*/true);
    if (Runs.size() == 1)
      Fixes.MainSourceFile = std::string(Path);
    append_range(Fixes.Replacements, outputReplacements(Path, Run.Result));
  }
  std::string YAML;
  raw_string_ostream OS(YAML);
  writeFixesYAML(OS, Fixes);
  if (Error Err = writeFileAtomically(O.ExportFixes, OS.str())) {
    errs() << "softatomic-rewrite: error: cannot write "
           << toString(std::move(Err)) << "\n";
    return false;
  }
  return true;
}

int rewriteInputs(const ToolOptions &Options,
                  const CompilationDatabase &Compilations,
                  const std::vector<std::string> &Inputs) {
  std::vector<FileRun> Runs(Inputs.size());
  for (size_t I = 0; I < Inputs.size(); ++I) {
    FileRun &Run = Runs[I];
    Run.Name = Inputs[I];
    Run.Input.Path = Inputs[I];
    if (Inputs[I] != "-")
      continue;
    ErrorOr<std::unique_ptr<MemoryBuffer>> Stdin = MemoryBuffer::getSTDIN();
    if (!Stdin) {
      errs() << "softatomic-rewrite: error: cannot read stdin: "
             << Stdin.getError().message() << "\n";
      return 1;
    }
    // The parse sees a file of this name in the working directory, which
    // only it can see.
    SmallString<256> Path("<stdin>");
    sys::fs::make_absolute(Path);
    Run.Name = "<stdin>";
    Run.Input.Path = std::string(Path);
    Run.Input.Contents = (*Stdin)->getBuffer().str();
  }

  // A crash inside Clang fails its file, not the whole run (rewriteFile).
  CrashRecoveryContext::Enable();
  OrderedPrinter Printer(Runs);
  {
    compat::ThreadPool Pool(hardware_concurrency(Options.Jobs));
    for (size_t I = 0; I < Runs.size(); ++I)
      Pool.async([&, I] {
        FileRun &Run = Runs[I];
        RewriteOptions FileOptions = Options.Rewrite;
        FileOptions.InputName = Run.Name;
        raw_string_ostream Diags(Run.Diagnostics), Out(Run.Out);
        Run.Ok = rewriteFile(Compilations, Run.Input, FileOptions, Diags,
                             Options.Colors, Run.Result);
        // As clang ends a file's diagnostics ("1 error generated." too);
        // --quiet prints errors only.
        if (!Options.Quiet && Run.Result.Warnings + Run.Result.Errors > 0)
          Diags << diagnosticSummary(Run.Result.Warnings, Run.Result.Errors);
        Run.Ok = Run.Ok && writeOutputs(Options, Run, Diags, Out);
        Diags.flush();
        Out.flush();
        Printer.finished(I);
      });
    Pool.wait();
  }

  bool Ok = all_of(Runs, [](const FileRun &Run) { return Run.Ok; });
  if (!Options.ExportFixes.empty() && !exportFixes(Options, Runs))
    Ok = false;
  return Ok ? 0 : 1;
}

void checkStandardStreams() {
  outs().flush();
  errs().clear_error(); // where stderr fails, there is no one to tell
  if (std::error_code EC = outs().error()) {
    outs().clear_error();
    errs() << "softatomic-rewrite: error: cannot write to stdout: "
           << EC.message() << "\n";
    errs().clear_error();
    _exit(1);
  }
}

} // namespace softatomic
