// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- AssembleOutput.h - The rewritten file, put together ------*- C++ -*-===//
//
// docs/REWRITE.md, "The output file": the prefix (the manifest comment, the
// runtime's switches, the embedded device runtime, a #line back to the
// input) and where it goes in the edited text.
//
//===----------------------------------------------------------------------===//

#ifndef SOFTATOMIC_DRIVER_ASSEMBLEOUTPUT_H
#define SOFTATOMIC_DRIVER_ASSEMBLEOUTPUT_H

#include "driver/Manifest.h"
#include "driver/Rewriter.h"
#include "model/RewriteOptions.h"
#include "llvm/ADT/StringRef.h"
#include <string>

namespace softatomic {

/// What the edits found that the prefix must say.
struct PrefixFacts {
  /// The file has 64-bit atomics (KernelAnalysis::HasWideAtomics).
  bool WideAtomics = false;
  /// Some kernel has reproducible float adds
  /// (KernelAnalysis::ReproducibleSites): the runtime's accumulators, which
  /// update 64-bit integers, must be compiled.
  bool Reproducible = false;
  /// Why the warp program cannot be built; empty when it can.
  std::string NoWarpProgram;
  /// A macro shared with code without the context calls the runtime.
  bool ScopedContext = false;
};

/// The text that goes before the edited input \p UserCode: the manifest,
/// the runtime's switches, and the runtime functions that \p UserCode can
/// reach (RuntimePruning.h).
std::string outputPrefix(const Manifest &M, const RewriteOptions &Options,
                         const PrefixFacts &Facts, llvm::StringRef UserCode);

/// Fills \p Result's Input, Output, Prefix and PrefixOffset from the input,
/// its edited text and the prefix.
void assembleOutput(RewriteResult &Result, llvm::StringRef Input,
                    llvm::StringRef Edited, std::string Prefix);

} // namespace softatomic

#endif // SOFTATOMIC_DRIVER_ASSEMBLEOUTPUT_H
