// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- RewriteFile.cpp - Rewrite one file, diagnostics kept apart ---------===//

#include "driver/RewriteFile.h"
#include "driver/DependencyFile.h"
#include "driver/ExpansionLimit.h"
#include "support/ClangCompat.h"
#include "clang/Basic/DiagnosticOptions.h"
#include "clang/Frontend/TextDiagnostic.h"
#include "clang/Frontend/TextDiagnosticPrinter.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/CrashRecoveryContext.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/VirtualFileSystem.h"
#include <algorithm>
#include <optional>

using namespace clang;
using namespace clang::tooling;
using namespace llvm;

namespace softatomic {

namespace {
/// The compiler's diagnostics as Clang prints them, and one note after the
/// first error that an OpenCL C 2.0 atomic type or function is unknown
/// while the language is older: such code needs -cl-std=CL2.0 or CL3.0,
/// which a first-time user does not know to pass after `--`. Likewise one
/// note after the first error about an atomic where the device profile
/// lacks the 64-bit atomics: opencl-c.h then declares no 64-bit atom_*
/// and no atomic_long, and Clang's error does not say why.
class DiagnosticPrinter : public TextDiagnosticPrinter {
public:
  DiagnosticPrinter(raw_ostream &Out, DiagnosticOptions *Options,
                    const DeviceProfile &Device)
      : TextDiagnosticPrinter(Out, Options), Out(Out),
        ShowColors(Options->ShowColors),
        LacksInt64Atomics(
            !is_contained(Device.Extensions, "cl_khr_int64_base_atomics") ||
            !is_contained(Device.Extensions, "cl_khr_int64_extended_atomics")) {
  }

  void BeginSourceFile(const LangOptions &LO, const Preprocessor *PP) override {
    OpenCLVersion = LO.OpenCL ? LO.OpenCLVersion : 0;
    TextDiagnosticPrinter::BeginSourceFile(LO, PP);
  }

  void HandleDiagnostic(DiagnosticsEngine::Level Level,
                        const Diagnostic &Info) override {
    TextDiagnosticPrinter::HandleDiagnostic(Level, Info);
    if (Level < DiagnosticsEngine::Error)
      return;
    SmallString<128> Message;
    Info.FormatDiagnostic(Message);
    StringRef Text = Message;
    noteInt64Atomics(Text);
    if (Noted || !OpenCLVersion || OpenCLVersion >= 200)
      return;
    if (!Text.starts_with("unknown type name 'atomic_") &&
        !Text.starts_with("use of undeclared identifier 'atomic_") &&
        !Text.starts_with("use of undeclared identifier 'memory_"))
      return;
    Noted = true;
    TextDiagnostic::printDiagnosticLevel(Out, DiagnosticsEngine::Note,
                                         ShowColors);
    Out << "OpenCL C 2.0's atomic types and functions need "
           "-cl-std=CL2.0 or -cl-std=CL3.0, after `--` "
           "(softatomic-rewrite FILE -- -cl-std=CL3.0); the language is "
           "OpenCL C "
        << OpenCLVersion / 100 << '.' << OpenCLVersion % 100 / 10 << "\n";
  }

private:
  /// The note on 64-bit atomics, after the first error \p Text that could
  /// be about one (no or no single atom_* for a call, the type atomic_long
  /// or atomic_ulong unknown).
  void noteInt64Atomics(StringRef Text) {
    if (NotedInt64 || !LacksInt64Atomics ||
        !(Text.starts_with("no matching function for call to 'atom") ||
          Text.starts_with("call to 'atom") ||
          Text.starts_with("unknown type name 'atomic_long'") ||
          Text.starts_with("unknown type name 'atomic_ulong'")))
      return;
    NotedInt64 = true;
    TextDiagnostic::printDiagnosticLevel(Out, DiagnosticsEngine::Note,
                                         ShowColors);
    Out << "the device profile has no cl_khr_int64_base_atomics or no "
           "cl_khr_int64_extended_atomics, which 64-bit atomics need (name "
           "the device's extensions with --device-extensions)\n";
  }

  raw_ostream &Out;
  bool ShowColors;
  unsigned OpenCLVersion = 0;
  bool Noted = false;
  bool LacksInt64Atomics;
  bool NotedInt64 = false;
};
} // namespace

/// ClangTool names its input by an absolute path that LLVM's
/// sys::path::native() has made of it, which on POSIX turns each lone
/// backslash into '/': `a\b.cl` would be read as `a/b.cl`. This adjuster
/// gives the compile command the input's own absolute path back; where the
/// path has no backslash, none is needed.
static std::optional<ArgumentsAdjuster> keepInputPath(StringRef Path) {
  if (!Path.contains('\\'))
    return std::nullopt;
  // The absolute path as ClangTool makes it (a leading "./" dropped), then
  // as native() turns it.
  Path.consume_front("./");
  SmallString<256> Absolute(Path);
  sys::fs::make_absolute(Absolute);
  SmallString<256> Turned(Absolute);
  sys::path::native(Turned);
  return [Turned = std::string(Turned), Absolute = std::string(Absolute)](
             const CommandLineArguments &Args, StringRef) {
    CommandLineArguments Kept = Args;
    std::replace(Kept.begin(), Kept.end(), Turned, Absolute);
    return Kept;
  };
}

bool rewriteFile(const CompilationDatabase &Compilations,
                 const RewriteInput &Input, const RewriteOptions &Options,
                 raw_ostream &Diagnostics, bool Colors, RewriteResult &Result) {
  // A physical file system of its own: its working directory is not the
  // process's, so ClangTools in other threads cannot move it.
  ClangTool Tool(Compilations, {Input.Path},
                 std::make_shared<PCHContainerOperations>(),
                 vfs::createPhysicalFileSystem());
  compat::keepWorkingDirectory(Tool);
  if (Input.Contents)
    Tool.mapVirtualFile(Input.Path, *Input.Contents);
  else if (std::optional<ArgumentsAdjuster> Keep = keepInputPath(Input.Path))
    Tool.appendArgumentsAdjuster(std::move(*Keep));
  Tool.appendArgumentsAdjuster(getOpenCLArgumentsAdjuster(Options));
  // The compiler's own options drive only its "N errors generated." line,
  // which it writes straight to stderr, where parallel runs would mix it up;
  // the printer below has options of its own (carets on), and the caller
  // prints the line (diagnosticSummary) after the file's diagnostics.
  Tool.appendArgumentsAdjuster(getInsertArgumentAdjuster(
      "-fno-caret-diagnostics", ArgumentInsertPosition::END));
  Tool.setPrintErrorMessage(false); // the diagnostics say it better

  // One error for a missing input, not the driver's three.
  if (!Input.Contents && !sys::fs::exists(Input.Path)) {
    Diagnostics << "softatomic-rewrite: error: no such file or directory: '"
                << Input.Path << "'\n";
    return false;
  }
  IntrusiveRefCntPtr<DiagnosticOptions> DiagOpts = new DiagnosticOptions();
  DiagOpts->ShowColors = Colors;
  // A string stream takes no colours unless told to.
  Diagnostics.enable_colors(Colors);
  compat::clang16Snippets(*DiagOpts);
  DiagnosticPrinter Printer(Diagnostics, &*DiagOpts, Options.Device);
  Tool.setDiagnosticConsumer(&Printer);

  // Clang 16 itself crashes on some malformed inputs (a null dereference in
  // Sema's typo correction, test/rewrite/robustness/fuzz-clang-typo-crash.cl).
  // Where the front end has enabled crash recovery (the command line does, and
  // the modules of the layer and softatomic-run while they rewrite:
  // CrashRecovery.h), such a crash fails this file with an error instead of
  // ending the process, as the clang driver does; otherwise the parse runs
  // as is. The macro
  // expansion limit (ExpansionLimit.h) leaves the parse the same way.
  std::unique_ptr<FrontendActionFactory> Factory = collectDependencies(
      newRewriteActionFactory(Options, Result), Result.Dependencies);
  int Status = 1;
  CrashRecoveryContext Recovery;
  bool Finished = Recovery.RunSafely([&] { Status = Tool.run(Factory.get()); });
  Result.Warnings = Printer.getNumWarnings();
  Result.Errors = Printer.getNumErrors();
  if (!Finished) {
    // Abandoned past the macro expansion limit: the error is reported.
    if (Recovery.RetCode == AbandonedParse)
      return false;
    Diagnostics << "softatomic-rewrite: error: Clang crashed while parsing '"
                << (Options.InputName.empty() ? Input.Path : Options.InputName)
                << "'; the file is not rewritten\n";
    return false;
  }
  if (Status != 0)
    return false;
  return Result.Succeeded;
}

bool showColors(ArrayRef<std::string> CompilerFlags, bool Terminal) {
  bool Colors = Terminal;
  for (StringRef Flag : CompilerFlags) {
    if (Flag == "-fcolor-diagnostics" || Flag == "-fdiagnostics-color" ||
        Flag == "-fdiagnostics-color=always")
      Colors = true;
    else if (Flag == "-fno-color-diagnostics" ||
             Flag == "-fno-diagnostics-color" ||
             Flag == "-fdiagnostics-color=never")
      Colors = false;
    else if (Flag == "-fdiagnostics-color=auto")
      Colors = Terminal;
  }
  return Colors;
}

std::string diagnosticSummary(unsigned Warnings, unsigned Errors) {
  // As CompilerInstance::printDiagnosticStats words it.
  std::string Text;
  raw_string_ostream OS(Text);
  if (Warnings)
    OS << Warnings << " warning" << (Warnings == 1 ? "" : "s");
  if (Warnings && Errors)
    OS << " and ";
  if (Errors)
    OS << Errors << " error" << (Errors == 1 ? "" : "s");
  if (Warnings || Errors)
    OS << " generated.\n";
  return OS.str();
}

} // namespace softatomic
