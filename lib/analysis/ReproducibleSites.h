// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- ReproducibleSites.h - Float adds summed exactly ----------*- C++ -*-===//
//
// --float-atomics=reproducible (docs/REWRITE.md, "Reproducible float
// adds"): a float or double add or subtract on __global memory whose
// result is unused is summed exactly in the launch's integer accumulators
// and rounded once when the kernel ends, so that its target ends with the
// same bits whatever the order of the adds. Every other float atomic of
// rewritten code stays as the other passes made it, with a warning that
// says why; the manifest and --dry-run list each float site.
//
//===----------------------------------------------------------------------===//

#ifndef SOFTATOMIC_ANALYSIS_REPRODUCIBLESITES_H
#define SOFTATOMIC_ANALYSIS_REPRODUCIBLESITES_H

#include "llvm/ADT/DenseSet.h"

namespace clang {
class ASTContext;
class FunctionDecl;
} // namespace clang

namespace softatomic {

struct KernelAnalysis;

/// Gives the reproducible form (CallForm::Reproducible) to every float or
/// double add or subtract in \p Code whose result is unused (a recognised
/// compare-exchange loop's add included), whatever form an earlier pass
/// chose.
void markReproducibleSites(
    KernelAnalysis &Result,
    const llvm::DenseSet<const clang::FunctionDecl *> &Code);

/// After the last pass: lists every float atomic site of \p Code in
/// Result.FloatSites, and warns at each one that is not reproducible.
void reportFloatSites(KernelAnalysis &Result,
                      const llvm::DenseSet<const clang::FunctionDecl *> &Code,
                      clang::ASTContext &Ctx);

} // namespace softatomic

#endif // SOFTATOMIC_ANALYSIS_REPRODUCIBLESITES_H
