// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- Driver.h - softatomic-rewrite's run over its inputs ------*- C++ -*-===//
//
// Rewrites each input (in parallel with -j), prints each one's diagnostics
// and output whole, in the order of the inputs, and writes its files all
// or none (output/OutputFile.h).
//
//===----------------------------------------------------------------------===//

#ifndef SOFTATOMIC_TOOL_DRIVER_H
#define SOFTATOMIC_TOOL_DRIVER_H

#include "ToolOptions.h"
#include "clang/Tooling/CompilationDatabase.h"
#include <string>
#include <vector>

namespace softatomic {

/// Rewrites \p Inputs ("-" is stdin) as \p Options say, with the compiler
/// flags of \p Compilations. Returns the exit status: 0, or 1 when some
/// input had errors or an output could not be written.
int rewriteInputs(const ToolOptions &Options,
                  const clang::tooling::CompilationDatabase &Compilations,
                  const std::vector<std::string> &Inputs);

/// At exit, however the process ends (main returns, --help exits): a
/// stdout that could not be written (a full disk, /dev/full) fails the run
/// with a message. Left set, the stream's error would end the process in a
/// fatal "IO failure on output stream" when outs() is destroyed.
void checkStandardStreams();

} // namespace softatomic

#endif // SOFTATOMIC_TOOL_DRIVER_H
