//===- softatomic-rewrite.cpp - Command-line front end --------------------===//
//
//   softatomic-rewrite [options] <file>... [-- <compiler flags>]
//
// Rewrites the global atomics of OpenCL C files into calls of the
// softatomic device runtime (docs/REWRITE.md). The work is in lib/; this
// file reads the command line, checks that the options fit together, and
// runs the inputs (in parallel with -j). Exit status: 0 done, 1 some input
// had errors (nothing is written for it), 2 usage error. README.md, "Using
// the rewriter", says what each option does.
//
//===----------------------------------------------------------------------===//

#include "ClangCompat.h"
#include "DependencyFile.h"
#include "DryRun.h"
#include "ExportFixes.h"
#include "InterruptCleanup.h"
#include "OutputFile.h"
#include "RewriteFile.h"
#include "Rewriter.h"
#include "clang/Tooling/CommonOptionsParser.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/CrashRecoveryContext.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/Threading.h"
#include "llvm/Support/raw_ostream.h"
#include <cstdlib>
#include <deque>
#include <mutex>
#include <optional>
#include <unistd.h>

using namespace clang::tooling;
using namespace llvm;

static cl::OptionCategory Category("softatomic-rewrite options");
static cl::opt<std::string>
    OutputFile("o",
               cl::desc("Write the rewritten source to <file> (one input only;\n"
                        "default: stdout)"),
               cl::value_desc("file"), cl::cat(Category));
static cl::opt<bool>
    InPlace("i",
            cl::desc("Rewrite the input files in place; a file with nothing\n"
                     "to rewrite is not touched"),
            cl::cat(Category));
static cl::opt<bool>
    DryRun("dry-run",
           cl::desc("Write nothing; print what would change in each input\n"
                    "(a summary line, then the edits as a unified diff)"),
           cl::cat(Category));
static cl::opt<unsigned> DryRunContext(
    "dry-run-context", cl::init(3), cl::value_desc("N"),
    cl::desc("Lines of context around each --dry-run hunk (default 3)"),
    cl::cat(Category));
static cl::opt<std::string> ExportFixes(
    "export-fixes",
    cl::desc("Write the replacements that rewrite each input to <file>,\n"
             "in the YAML of clang-apply-replacements (writes no source)"),
    cl::value_desc("file.yaml"), cl::cat(Category));
static cl::opt<std::string>
    ManifestFile("manifest",
                 cl::desc("Also write the manifest (JSON) to <file> (one "
                          "input only)"),
                 cl::value_desc("file"), cl::cat(Category));
static cl::opt<std::string> DepFile(
    "depfile",
    cl::desc("Also write a Makefile-style depfile to <file>: the -o output\n"
             "depends on the input and the headers it includes"),
    cl::value_desc("file"), cl::cat(Category));
static cl::opt<unsigned>
    Jobs("j",
         cl::desc("Rewrite <n> files at once (default 0: one per CPU)"),
         cl::value_desc("n"), cl::init(0), cl::cat(Category));
static cl::opt<bool> Quiet("quiet",
                           cl::desc("Print errors only: no warnings, no "
                                    "progress lines"),
                           cl::cat(Category));
static cl::opt<bool>
    Verbose("verbose",
            cl::desc("Warn about each kernel left alone because it reaches\n"
                     "no global atomic; say what happened to each file"),
            cl::cat(Category));
static cl::opt<bool> DeferUnusedResults(
    "defer-unused",
    cl::desc("Combine atomics whose result is unused, on memory the kernel\n"
             "touches only through atomics, in the work-group and send them\n"
             "to the coordinator later (default: on; =false to turn off)"),
    cl::init(true), cl::cat(Category));
static cl::opt<softatomic::RewriteOptions::Placement> Placement(
    "placement", cl::desc("Where the coordinator work-group sits:"),
    cl::values(clEnumValN(softatomic::RewriteOptions::Placement::Static, "static",
                          "group 0, the paper's placement; no native atomic "
                          "(default)"),
               clEnumValN(softatomic::RewriteOptions::Placement::Robust, "robust",
                          "the first group to start, elected with one native "
                          "atomic_inc per group")),
    cl::init(softatomic::RewriteOptions::Placement::Static), cl::cat(Category));
static cl::opt<bool> CombineMode(
    "combine-mode",
    cl::desc("Also compile the runtime's combining mode: requests combined\n"
             "in the work-group are applied with native atomics and no\n"
             "coordinator runs; the host runtime picks the mode per launch\n"
             "(saSetMode, SOFTATOMIC_MODE). Without it the output has no\n"
             "native global atomic"),
    cl::cat(Category));

// Not CommonOptionsParser::HelpMessage: without -p this tool looks for no
// compilation database.
static cl::extrahelp MoreHelp(R"(
-p <build-path> reads the compiler flags of each input from a compilation
  database (compile_commands.json) in <build-path> or a parent; flags after
  '--' are added to them, like --extra-arg. Without -p the flags are those
  after '--' (none by default: OpenCL C 1.2), and no database is looked
  for next to the inputs.

Inputs:
  '-' reads the source from stdin (named <stdin> in messages); its output
  goes to stdout, or -o. One input is written to -o or stdout. Several
  inputs need -i, --dry-run or --export-fixes.

Output:
  Every file is written whole or not at all, and one input's outputs (the
  source, --manifest, --depfile) all or none: temporary files, renamed once
  all are complete. -i follows symbolic links and refuses read-only files.
  An output that is an input, or the same file as another output, is a
  usage error. A file with errors gets no output; the others are still
  rewritten. Diagnostics of parallel runs are printed file by file, in the
  order of the inputs.

Exit status: 0 success, 1 errors in some input, 2 usage error.

Examples:
  softatomic-rewrite kernel.cl -o kernel.sa.cl -- -cl-std=CL2.0 -DN=4
  softatomic-rewrite -i -j 8 kernels/*.cl -- -Iinclude
  softatomic-rewrite -p build --dry-run src/*.cl
  softatomic-rewrite --export-fixes=fixes.yaml src/*.cl &&
    clang-apply-replacements .   # in the directory holding fixes.yaml
)");

/// True when \p Arg names the build path (-p), with its value or without.
static bool isBuildPathArg(StringRef Arg) {
  return Arg == "-p" || Arg == "--p" || Arg.starts_with("-p=") ||
         Arg.starts_with("--p=");
}

/// The command line for CommonOptionsParser. Without -p the compiler flags
/// come after "--" or nowhere, never from a compilation database found next
/// to an input. With -p, flags after "--" become --extra-arg, so that they
/// add to the database's instead of replacing it. \p BuildPath gets -p's
/// value.
static SmallVector<const char *, 32>
prepareArguments(int argc, const char **argv, std::deque<std::string> &Storage,
                 std::optional<std::string> &BuildPath) {
  SmallVector<const char *, 32> Args(argv, argv + argc);
  auto DashDash = find_if(Args, [](StringRef A) { return A == "--"; });
  for (auto It = Args.begin() + 1; It != DashDash; ++It) {
    if (!isBuildPathArg(*It))
      continue;
    StringRef Arg = *It;
    if (Arg.contains('='))
      BuildPath = Arg.split('=').second.str();
    else if (It + 1 != DashDash)
      BuildPath = *(It + 1);
  }
  if (!BuildPath) {
    if (DashDash == Args.end())
      Args.push_back("--");
    return Args;
  }
  SmallVector<const char *, 32> Result(Args.begin(), DashDash);
  if (DashDash != Args.end())
    for (auto It = DashDash + 1; It != Args.end(); ++It)
      Result.push_back(
          Storage.emplace_back("--extra-arg=" + std::string(*It)).c_str());
  return Result;
}

/// Why the options do not fit together, or nothing.
static std::optional<std::string>
checkUsage(ArrayRef<std::string> Inputs) {
  bool Stdin = is_contained(Inputs, "-");
  if (Quiet && Verbose)
    return "--quiet and --verbose exclude each other";
  if (InPlace && !OutputFile.empty())
    return "-i and -o exclude each other";
  if (DryRun && (InPlace || !OutputFile.empty() || !ManifestFile.empty() ||
                 !ExportFixes.empty()))
    return "--dry-run writes nothing: it cannot be combined with -o, -i, "
           "--manifest or --export-fixes";
  if (InPlace && !ExportFixes.empty())
    return "--export-fixes describes the inputs as they are: it cannot be "
           "combined with -i";
  if (!DepFile.empty() && (OutputFile.empty() || OutputFile == "-"))
    return "--depfile names the rule of the -o file: it needs -o <file>";
  if (!DepFile.empty() && Stdin)
    return "--depfile needs an input file, not stdin ('-')";
  if (count(Inputs, "-") > 1)
    return "stdin ('-') can be named once";
  if (Stdin && (InPlace || !ExportFixes.empty()))
    return "stdin ('-') cannot be rewritten in place (-i) or exported as "
           "fixes (--export-fixes)";
  if (Inputs.size() > 1) {
    if (!OutputFile.empty())
      return "-o takes one input file; for several, use -i, --dry-run or "
             "--export-fixes";
    if (!ManifestFile.empty())
      return "--manifest takes one input file (every rewritten file carries "
             "its manifest in its first line)";
    if (!InPlace && !DryRun && ExportFixes.empty())
      return "several input files need -i, --dry-run or --export-fixes";
  }
  return std::nullopt;
}

/// True when \p Path is a device or a pipe (/dev/null, /dev/stdout): it
/// is written directly, and several outputs may share it as they share
/// stdout.
static bool isStream(StringRef Path) {
  sys::fs::file_status Status;
  return !sys::fs::status(Path, Status) && sys::fs::exists(Status) &&
         !sys::fs::is_regular_file(Status) && !sys::fs::is_directory(Status);
}

/// Why the files the command line names would overwrite one another, or
/// nothing. Every output needs a file of its own, and no output may be an
/// input (other than -i's, which are the inputs). Files are compared as
/// the file system sees them: `x`, `./x`, a link to x and a hard link of
/// x are one file.
static std::optional<std::string>
checkAliases(ArrayRef<std::string> Inputs) {
  struct Named {
    StringRef Option;
    StringRef Path;
  };
  SmallVector<Named, 4> Outputs;
  for (Named O : {Named{"-o", OutputFile}, Named{"--manifest", ManifestFile},
                  Named{"--depfile", DepFile},
                  Named{"--export-fixes", ExportFixes}})
    if (!O.Path.empty() && O.Path != "-" && !isStream(O.Path))
      Outputs.push_back(O);
  for (size_t I = 0; I < Outputs.size(); ++I)
    for (size_t J = I + 1; J < Outputs.size(); ++J)
      if (softatomic::sameFile(Outputs[I].Path, Outputs[J].Path))
        return (Outputs[I].Option + " and " + Outputs[J].Option +
                " name the same file ('" + Outputs[I].Path + "', '" +
                Outputs[J].Path + "'): each output needs a file of its own")
            .str();
  for (const Named &O : Outputs)
    for (StringRef Input : Inputs)
      if (Input != "-" && softatomic::sameFile(O.Path, Input))
        return (O.Option + " '" + O.Path + "' is the input file '" + Input +
                "'" +
                (O.Option == "-o" ? ": use -i to rewrite a file in place"
                                  : ", which it would overwrite"))
            .str();
  if (InPlace)
    for (size_t I = 0; I < Inputs.size(); ++I)
      for (size_t J = I + 1; J < Inputs.size(); ++J)
        if (softatomic::sameFile(Inputs[I], Inputs[J]))
          return "'" + Inputs[I] + "' and '" + Inputs[J] +
                 "' are the same file: -i rewrites each file once";
  return std::nullopt;
}

namespace {

/// One input and everything its run produced.
struct FileRun {
  std::string Name; ///< As the user named it; "<stdin>" for "-".
  softatomic::RewriteInput Input;
  softatomic::RewriteResult Result;
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
static bool writeOutputs(FileRun &Run, raw_ostream &Diags, raw_ostream &Out) {
  const softatomic::RewriteResult &R = Run.Result;
  if (DryRun) {
    softatomic::printDryRun(Out, Run.Name, R, DryRunContext);
    return true;
  }
  softatomic::OutputFiles Files;
  std::string Stdout; // printed only once every file is written
  auto Add = [&](StringRef Path, std::string Text) {
    if (Path == "-")
      Stdout += Text;
    else
      Files.add(Path, std::move(Text));
  };
  if (InPlace) {
    // Nothing to rewrite: the file keeps its bytes and its time stamp.
    if (R.Changed)
      Add(Run.Input.Path, R.Output);
  } else if (!OutputFile.empty()) {
    Add(OutputFile, R.Output);
  } else if (ExportFixes.empty()) { // with --export-fixes, the YAML is it
    Add("-", R.Output);
  }
  if (!ManifestFile.empty())
    Add(ManifestFile, R.ManifestJSON);
  if (!DepFile.empty())
    Add(DepFile, softatomic::makeDepfile(OutputFile, R.Dependencies));
  if (Error Err = Files.commit()) {
    Diags << "softatomic-rewrite: error: cannot write "
          << toString(std::move(Err)) << "\n";
    return false;
  }
  Out << Stdout;
  if (InPlace && Verbose)
    Diags << "softatomic-rewrite: " << Run.Name
          << (R.Changed ? ": rewritten in place\n"
                        : ": nothing to rewrite, left untouched\n");
  return true;
}

/// Writes the --export-fixes file for the runs that succeeded.
static bool exportFixes(ArrayRef<FileRun> Runs) {
  TranslationUnitReplacements Fixes;
  for (const FileRun &Run : Runs) {
    if (!Run.Ok)
      continue;
    SmallString<256> Path(Run.Input.Path);
    sys::fs::make_absolute(Path);
    sys::path::remove_dots(Path, /*remove_dot_dot=*/true);
    if (Runs.size() == 1)
      Fixes.MainSourceFile = std::string(Path);
    append_range(Fixes.Replacements,
                 softatomic::outputReplacements(Path, Run.Result));
  }
  std::string YAML;
  raw_string_ostream OS(YAML);
  softatomic::writeFixesYAML(OS, Fixes);
  if (Error Err = softatomic::writeFileAtomically(ExportFixes, OS.str())) {
    errs() << "softatomic-rewrite: error: cannot write "
           << toString(std::move(Err)) << "\n";
    return false;
  }
  return true;
}

/// At exit, however the process ends (main returns, --help exits): a
/// stdout that could not be written (a full disk, /dev/full) fails the run
/// with a message. Left set, the stream's error would end the process in a
/// fatal "IO failure on output stream" when outs() is destroyed.
static void checkStandardStreams() {
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

int main(int argc, const char **argv) {
  // Before any thread starts: every thread inherits the blocked signals.
  softatomic::installInterruptCleanup();
  // Registered once the streams exist, so that it runs before they are
  // destroyed.
  outs();
  errs();
  std::atexit(checkStandardStreams);
  std::deque<std::string> Storage;
  std::optional<std::string> BuildPath;
  SmallVector<const char *, 32> Args =
      prepareArguments(argc, argv, Storage, BuildPath);
  if (BuildPath) {
    // CommonOptionsParser would go on without flags; a database asked for
    // and not found is a usage error.
    std::string Message;
    if (!CompilationDatabase::autoDetectFromDirectory(*BuildPath, Message)) {
      errs() << "softatomic-rewrite: error: cannot load a compilation "
                "database from '"
             << *BuildPath << "': " << Message << "\n";
      return 2;
    }
  }
  int ArgCount = static_cast<int>(Args.size());

  cl::SetVersionPrinter([](raw_ostream &OS) {
    OS << "softatomic-rewrite " << SOFTATOMIC_VERSION << " (device runtime "
       << softatomic::runtimeVersion() << ")\n";
  });
  Expected<CommonOptionsParser> Parser = CommonOptionsParser::create(
      ArgCount, Args.data(), Category, cl::OneOrMore,
      "Rewrites the global atomics of OpenCL C kernels into calls of the\n"
      "softatomic software-atomic runtime.\n");
  if (!Parser) {
    errs() << toString(Parser.takeError());
    return 2;
  }
  const std::vector<std::string> &Inputs = Parser->getSourcePathList();
  std::optional<std::string> Problem = checkUsage(Inputs);
  if (!Problem)
    Problem = checkAliases(Inputs);
  if (Problem) {
    errs() << "softatomic-rewrite: error: " << *Problem << "\n";
    return 2;
  }

  softatomic::RewriteOptions Options;
  Options.DeferUnusedResults = DeferUnusedResults;
  Options.CoordinatorPlacement = Placement;
  Options.CombineMode = CombineMode;
  Options.WarnKernelsLeftAlone = Verbose;
  Options.SuppressWarnings = Quiet;
  Options.ResourceDir = sys::Process::GetEnv("SOFTATOMIC_CLANG_RESOURCE_DIR")
                            .value_or(SOFTATOMIC_CLANG_RESOURCE_DIR);

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
  bool Colors = sys::Process::StandardErrHasColors();
  OrderedPrinter Printer(Runs);
  {
    softatomic::compat::ThreadPool Pool(hardware_concurrency(Jobs));
    for (size_t I = 0; I < Runs.size(); ++I)
      Pool.async([&, I] {
        FileRun &Run = Runs[I];
        softatomic::RewriteOptions FileOptions = Options;
        FileOptions.InputName = Run.Name;
        raw_string_ostream Diags(Run.Diagnostics), Out(Run.Out);
        Run.Ok = softatomic::rewriteFile(Parser->getCompilations(), Run.Input,
                                         FileOptions, Diags, Colors,
                                         Run.Result) &&
                 writeOutputs(Run, Diags, Out);
        Diags.flush();
        Out.flush();
        Printer.finished(I);
      });
    Pool.wait();
  }

  bool Ok = all_of(Runs, [](const FileRun &Run) { return Run.Ok; });
  if (!ExportFixes.empty() && !exportFixes(Runs))
    Ok = false;
  return Ok ? 0 : 1;
}
