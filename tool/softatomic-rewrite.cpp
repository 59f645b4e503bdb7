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
#include <cstdlib>

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
  SmallVector<const char *, 32> Args =
      softatomic::prepareArguments(argc, argv, Storage);
  cl::SetVersionPrinter([](raw_ostream &OS) {
    OS << "softatomic-rewrite " << SOFTATOMIC_VERSION << " (device runtime "
       << softatomic::runtimeVersion() << ")\n";
  });
  int ArgCount = static_cast<int>(Args.size());
  Expected<softatomic::CommandLine> Parsed = softatomic::parseCommandLine(
      ArgCount, Args.data(),
      "Rewrites the global atomics of OpenCL C kernels into calls of the\n"
      "softatomic software-atomic runtime.\n");
  if (!Parsed) {
    errs() << toString(Parsed.takeError());
    return 2;
  }
  softatomic::ToolOptions Options = softatomic::readToolOptions(*Parsed);
  if (std::optional<std::string> Problem =
          checkUsage(Options, Parsed->Inputs)) {
    errs() << "softatomic-rewrite: error: " << *Problem << "\n";
    return 2;
  }
  return softatomic::rewriteInputs(Options, *Parsed->Compilations,
                                   Parsed->Inputs);
}
