// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- DeferredSites.h - Atomics whose result nobody reads ------*- C++ -*-===//
//
// A global atomic whose result the code discards, on memory the kernel
// touches only through atomics that discard theirs (nothing in the kernel
// reads it, so nobody can wait there for the update), need not wait for
// the coordinator: the
// runtime's deferred functions combine it in the worker's local table and
// send it later (docs/REWRITE.md, "Deferred atomics"). Which operations can
// be combined that way, which calls discard their result, and which targets
// are only ever reached through atomics is decided here.
//
//===----------------------------------------------------------------------===//

#ifndef SOFTATOMIC_ANALYSIS_DEFERREDSITES_H
#define SOFTATOMIC_ANALYSIS_DEFERREDSITES_H

#include "model/CallSites.h"
#include "llvm/ADT/DenseSet.h"

namespace softatomic {

class StmtParents;

/// True when the value of \p Call is thrown away: an expression statement,
/// a cast to void, the left operand of a comma, a for loop's increment.
bool isResultDiscarded(const clang::CallExpr *Call, const StmtParents &Parents);

/// Sets CallSite::ResultUsed on every global atomic site in \p Code: the
/// deferred form asks whether the value is read, and the profile reports
/// it.
void markResultsRead(KernelAnalysis &Result,
                     const llvm::DenseSet<const clang::FunctionDecl *> &Code,
                     const StmtParents &Parents);

/// Renames every global atomic site in \p Code (rewritten kernels and the
/// functions they reach) that may be deferred to its deferred form
/// (CallForm::Deferred). None is renamed when the code orders memory explicitly
/// (fences, atomic loads and stores): a deferred atomic could then be observed
/// out of order. Float sums (CallSite::FloatSum) are deferred only where
/// \p ReassociateFloats: the table sums their operands in another order.
void markDeferredSites(KernelAnalysis &Result,
                       const llvm::DenseSet<const clang::FunctionDecl *> &Code,
                       const StmtParents &Parents, bool ReassociateFloats);

} // namespace softatomic

#endif // SOFTATOMIC_ANALYSIS_DEFERREDSITES_H
