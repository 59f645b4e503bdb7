//===- softatomic-rewrite.cpp - Command-line front end --------------------===//
//
//   softatomic-rewrite kernel.cl [-o kernel.sa.cl] [--manifest m.json]
//                      [-- <compiler flags>]
//
// Rewrites the global atomics of an OpenCL C file into calls of the
// softatomic device runtime (docs/REWRITE.md). The work is in lib/; this
// file only reads the command line and writes files. Exit status: 0 done,
// 1 the input has errors (nothing is written), 2 usage error.
//
//===----------------------------------------------------------------------===//

#include "Rewriter.h"
#include "clang/Tooling/CommonOptionsParser.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/raw_ostream.h"

using namespace clang::tooling;
using namespace llvm;

static cl::OptionCategory Category("softatomic-rewrite options");
static cl::opt<std::string>
    OutputFile("o", cl::desc("Write the rewritten source to <file>"),
               cl::value_desc("file"), cl::init("-"), cl::cat(Category));
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
static cl::opt<std::string>
    ManifestFile("manifest",
                 cl::desc("Also write the manifest (JSON) to <file>"),
                 cl::value_desc("file"), cl::cat(Category));

/// Writes \p Text to \p Path through a temporary file and a rename, so no
/// half-written file is ever left ("-" is stdout). A path that exists and
/// is not a regular file (/dev/stdout, a pipe) is written in place: a
/// rename would replace it.
static bool writeFile(StringRef Path, StringRef Text) {
  sys::fs::file_status Status;
  bool Special = !sys::fs::status(Path, Status) && sys::fs::exists(Status) &&
                 !sys::fs::is_regular_file(Status);
  Error Err = Error::success();
  if (Special) {
    std::error_code EC;
    raw_fd_ostream OS(Path, EC);
    if (!EC) {
      OS << Text;
      OS.close();
      EC = OS.error();
    }
    Err = errorCodeToError(EC);
  } else {
    Err = writeToOutput(Path, [&](raw_ostream &OS) {
      OS << Text;
      return Error::success();
    });
  }
  if (!Err)
    return true;
  errs() << "softatomic-rewrite: cannot write '" << Path
         << "': " << toString(std::move(Err)) << "\n";
  return false;
}

int main(int argc, const char **argv) {
  // The compiler flags come after "--" or nowhere: never from a compilation
  // database found next to the input.
  SmallVector<const char *, 32> Args(argv, argv + argc);
  if (none_of(Args, [](StringRef Arg) { return Arg == "--"; }))
    Args.push_back("--");
  int ArgCount = static_cast<int>(Args.size());

  cl::SetVersionPrinter([](raw_ostream &OS) {
    OS << "softatomic-rewrite " << SOFTATOMIC_VERSION << " (device runtime "
       << softatomic::runtimeVersion() << ")\n";
  });
  Expected<CommonOptionsParser> Parser = CommonOptionsParser::create(
      ArgCount, Args.data(), Category, cl::OneOrMore,
      "Rewrites global atomics of OpenCL C kernels into software atomics.\n");
  if (!Parser) {
    errs() << toString(Parser.takeError());
    return 2;
  }
  if (Parser->getSourcePathList().size() != 1) {
    errs() << "softatomic-rewrite: expected exactly one input file\n";
    return 2;
  }

  softatomic::RewriteOptions Options;
  Options.InputName = Parser->getSourcePathList().front();
  Options.DeferUnusedResults = DeferUnusedResults;
  Options.CoordinatorPlacement = Placement;
  Options.ResourceDir = sys::Process::GetEnv("SOFTATOMIC_CLANG_RESOURCE_DIR")
                            .value_or(SOFTATOMIC_CLANG_RESOURCE_DIR);

  ClangTool Tool(Parser->getCompilations(), Parser->getSourcePathList());
  Tool.appendArgumentsAdjuster(softatomic::getOpenCLArgumentsAdjuster(Options));
  Tool.setPrintErrorMessage(false); // the diagnostics say it better
  softatomic::RewriteResult Result;
  if (Tool.run(softatomic::newRewriteActionFactory(Options, Result).get()) != 0)
    return 1;
  if (!Result.Succeeded) {
    errs() << "softatomic-rewrite: no output for '" << Options.InputName
           << "'\n";
    return 1;
  }
  if (!writeFile(OutputFile, Result.Output))
    return 1;
  if (!ManifestFile.empty() && !writeFile(ManifestFile, Result.ManifestJSON))
    return 1;
  return 0;
}
