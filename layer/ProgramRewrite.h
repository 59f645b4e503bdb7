// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- ProgramRewrite.h - Rewrite a program's source in memory --*- C++ -*-===//
//
// The rewriter lives in a module of its own, libsoftatomic-layer-rewriter.so,
// that the layer loads with dlopen(RTLD_LOCAL | RTLD_DEEPBIND) at the first
// build: linked into the preloaded layer, Clang's libclang-cpp (whose
// symbols carry no version) would take the place of the one the OpenCL
// driver compiles with (PoCL's Clang 15), and crash it. This header is the
// interface between the two, with no Clang type in it.
//
//===----------------------------------------------------------------------===//

#ifndef SOFTATOMIC_LAYER_PROGRAMREWRITE_H
#define SOFTATOMIC_LAYER_PROGRAMREWRITE_H

#include "BuildFlags.h"
#include "RewriteResult.h"
#include "model/RewriteOptions.h"
#include <string>

namespace softatomic {
namespace layer {

/// \p Text with every \p From replaced by \p To.
void replaceAll(std::string &Text, const std::string &From,
                const std::string &To);

/// Rewrites \p Source, program \p ProgramId's, as the OpenCL compiler will
/// see it under \p Flags. Answers from the cache when it can (RewriteCache.h)
/// and loads the rewriter module only when it cannot; when the module does
/// not load, the result says so (Succeeded false).
ProgramRewrite rewriteProgramSource(const std::string &Source,
                                    const BuildFlags &Flags,
                                    const RewriteOptions &Options,
                                    unsigned ProgramId);

} // namespace layer
} // namespace softatomic

/// The rewriter module's one entry point (what rewriteProgramSource calls).
extern "C" void softatomicLayerRewriteProgram(
    const std::string &Source, const softatomic::layer::BuildFlags &Flags,
    const softatomic::RewriteOptions &Options, unsigned ProgramId,
    softatomic::layer::ProgramRewrite &Result);

#endif
