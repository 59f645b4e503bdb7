//===- RewriteFile.cpp - Rewrite one file, diagnostics kept apart ---------===//

#include "RewriteFile.h"
#include "clang/Basic/DiagnosticOptions.h"
#include "clang/Frontend/TextDiagnosticPrinter.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/Support/VirtualFileSystem.h"

using namespace clang;
using namespace clang::tooling;
using namespace llvm;

namespace softatomic {

bool rewriteFile(const CompilationDatabase &Compilations,
                 const RewriteInput &Input, const RewriteOptions &Options,
                 raw_ostream &Diagnostics, bool Colors, RewriteResult &Result) {
  // A physical file system of its own: its working directory is not the
  // process's, so ClangTools in other threads cannot move it.
  ClangTool Tool(Compilations, {Input.Path},
                 std::make_shared<PCHContainerOperations>(),
                 vfs::createPhysicalFileSystem());
  Tool.setRestoreWorkingDir(false);
  if (Input.Contents)
    Tool.mapVirtualFile(Input.Path, *Input.Contents);
  Tool.appendArgumentsAdjuster(getOpenCLArgumentsAdjuster(Options));
  // The compiler's own options drive only its "N errors generated." line,
  // which it writes straight to stderr; the printer below has options of
  // its own (carets on).
  Tool.appendArgumentsAdjuster(
      getInsertArgumentAdjuster("-fno-caret-diagnostics", ArgumentInsertPosition::END));
  Tool.setPrintErrorMessage(false); // the diagnostics say it better

  IntrusiveRefCntPtr<DiagnosticOptions> DiagOpts = new DiagnosticOptions();
  DiagOpts->ShowColors = Colors;
  TextDiagnosticPrinter Printer(Diagnostics, &*DiagOpts);
  Tool.setDiagnosticConsumer(&Printer);

  if (Tool.run(newRewriteActionFactory(Options, Result).get()) != 0)
    return false;
  return Result.Succeeded;
}

} // namespace softatomic
