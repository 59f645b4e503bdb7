// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- GroupForms.h - Calls the work-group makes together -------*- C++ -*-===//
//
// The work-group forms of docs/REWRITE.md: a global atomic that every
// work-item of a group reaches together (UniformSites) is combined in the
// group first (CallForm::WorkGroup); one under an `if` that the group
// reaches together is combined too, with whether each work-item is its
// caller (CallForm::PredicatedWorkGroup), one per `if`. Every other call
// keeps the form it has.
//
//===----------------------------------------------------------------------===//

#ifndef SOFTATOMIC_ANALYSIS_GROUPFORMS_H
#define SOFTATOMIC_ANALYSIS_GROUPFORMS_H

namespace clang {
class SourceManager;
} // namespace clang

namespace softatomic {

class StmtParents;
struct KernelAnalysis;

/// Gives each per-item global atomic written in a rewritten kernel of
/// \p Result (not in a block, with a work-group form in the runtime) the
/// whole-group or the predicated form where the group reaches it so.
/// Float sums take neither unless \p ReassociateFloats: the group sums
/// them in another order. \p Parents holds the kernels' bodies.
void chooseGroupForms(KernelAnalysis &Result, const StmtParents &Parents,
                      const clang::SourceManager &SM, bool ReassociateFloats);

} // namespace softatomic

#endif // SOFTATOMIC_ANALYSIS_GROUPFORMS_H
