// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- softatomic-rewrite.cpp - Command-line front end --------------------===//
//
//   softatomic-rewrite [options] <file>... [-- <compiler flags>]
//
// Rewrites the global atomics of OpenCL C files into calls of the
// softatomic device runtime (docs/REWRITE.md). The work is in lib/; the
// options and their checks are in ToolOptions.cpp, the run over the inputs
// in Driver.cpp. Exit status: 0 done, 1 some input had errors (nothing is
// written for it), 2 usage error. docs/REWRITER.md says what
// each option does.
//
//===----------------------------------------------------------------------===//

#include "Driver.h"
#include "ToolOptions.h"
#include "edits/DeviceRuntime.h"
#include "output/InterruptCleanup.h"
#include "clang/Tooling/CommonOptionsParser.h"
#include <cstdlib>

using namespace clang::tooling;
using namespace llvm;

int main(int argc, const char **argv) {
  // Before any thread starts: every thread inherits the blocked signals.
  softatomic::installInterruptCleanup();
  // Registered once the streams exist, so that it runs before they are
  // destroyed.
  outs();
  errs();
  std::atexit(softatomic::checkStandardStreams);
  if (std::optional<std::string> Problem =
          softatomic::checkCompilerFlags(argc, argv)) {
    errs() << "softatomic-rewrite: error: " << *Problem << "\n";
    return 2;
  }
  std::deque<std::string> Storage;
  std::optional<std::string> BuildPath;
  SmallVector<const char *, 32> Args =
      softatomic::prepareArguments(argc, argv, Storage, BuildPath);
  // CommonOptionsParser would go on without flags; a database asked for
  // and not found is a usage error.
  std::string Message;
  if (BuildPath &&
      !CompilationDatabase::autoDetectFromDirectory(*BuildPath, Message)) {
    errs() << "softatomic-rewrite: error: cannot load a compilation "
              "database from '"
           << *BuildPath << "': " << Message << "\n";
    return 2;
  }
  cl::SetVersionPrinter([](raw_ostream &OS) {
    OS << "softatomic-rewrite " << SOFTATOMIC_VERSION << " (device runtime "
       << softatomic::runtimeVersion() << ")\n";
  });
  int ArgCount = static_cast<int>(Args.size());
  Expected<CommonOptionsParser> Parser = CommonOptionsParser::create(
      ArgCount, Args.data(), softatomic::toolCategory(), cl::OneOrMore,
      "Rewrites the global atomics of OpenCL C kernels into calls of the\n"
      "softatomic software-atomic runtime.\n");
  if (!Parser) {
    errs() << toString(Parser.takeError());
    return 2;
  }
  softatomic::ToolOptions Options = softatomic::readToolOptions();
  const std::vector<std::string> &Inputs = Parser->getSourcePathList();
  if (std::optional<std::string> Problem = checkUsage(Options, Inputs)) {
    errs() << "softatomic-rewrite: error: " << *Problem << "\n";
    return 2;
  }
  return softatomic::rewriteInputs(Options, Parser->getCompilations(), Inputs);
}
