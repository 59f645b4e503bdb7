// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- LoadedRewriter.h - Rewriting through the loaded module ---*- C++ -*-===//
//-*-===//
//
// softatomic-run's side of the rewriter module (RunRewriter.h says why the
// module is loaded apart): finding and loading it once, and rewriting the
// kernel file through it.
//
//===----------------------------------------------------------------------===//

#ifndef SOFTATOMIC_TOOL_LOADEDREWRITER_H
#define SOFTATOMIC_TOOL_LOADEDREWRITER_H

#include "KernelRun.h"
#include <string>

namespace softatomic {

/// Rewrites O.File (with --profile where Profile is set) through the module
/// found in O.RewriterDirs; the rewritten text goes into Output and the
/// diagnostics into Diagnostics. False where the module cannot be loaded or
/// the rewrite failed.
bool rewriteKernelFile(const RunOptions &O, bool Profile, std::string &Output,
                       std::string &Diagnostics);

} // namespace softatomic

#endif // SOFTATOMIC_TOOL_LOADEDREWRITER_H
