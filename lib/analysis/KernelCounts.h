// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- KernelCounts.h - What the manifest counts, per kernel ----*- C++ -*-===//
//
// The manifest's per-kernel figures (docs/REWRITE.md, "The manifest"):
// global atomic sites, deferred sites, float-add loops and whether the
// kernel's work-items may wait on one another (items_wait), each over the
// kernel and the functions it reaches; and, per function, the rewritten
// kernels that reach it. Counted once the forms are chosen.
//
//===----------------------------------------------------------------------===//

#ifndef SOFTATOMIC_ANALYSIS_KERNELCOUNTS_H
#define SOFTATOMIC_ANALYSIS_KERNELCOUNTS_H

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SetVector.h"

namespace clang {
class FunctionDecl;
} // namespace clang

namespace softatomic {

struct KernelAnalysis;

/// Per kernel: the functions it reaches through calls.
using ReachMap = llvm::DenseMap<const clang::FunctionDecl *,
                                llvm::SetVector<const clang::FunctionDecl *>>;

/// Fills Result's AtomicSites, DeferredSites, FloatAddLoops,
/// WaitingKernels, ReachingKernels and HasWideAtomics for its rewritten
/// kernels, \p Reach giving what each reaches.
void countKernelSites(KernelAnalysis &Result, const ReachMap &Reach);

} // namespace softatomic

#endif // SOFTATOMIC_ANALYSIS_KERNELCOUNTS_H
