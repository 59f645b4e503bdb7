// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- GroupForms.cpp - Calls the work-group makes together ---------------===//

#include "analysis/GroupForms.h"
#include "analysis/UniformSites.h"
#include "model/AtomicBuiltins.h"
#include "model/CallSites.h"
#include "clang/AST/Stmt.h"
#include "llvm/ADT/DenseSet.h"

using namespace clang;
using namespace llvm;

namespace softatomic {

/// True when \p Site may take a work-group form at all.
static bool groupFormCandidate(const CallSite &Site, bool ReassociateFloats) {
  return Site.SiteKind == CallSite::Kind::Atomic &&
         Site.Atomic == AtomicKind::Global && !Site.InBlock &&
         Site.Form == CallForm::PerItem &&
         hasWorkGroupForm(*Site.Builtin, Site.Relaxed, Site.Entry.Type) &&
         (!Site.FloatSum || ReassociateFloats); // the group sums floats
}

void chooseGroupForms(KernelAnalysis &Result, const StmtParents &Parents,
                      const SourceManager &SM, bool ReassociateFloats) {
  WholeGroupSites WholeGroup(SM, Parents);
  DenseSet<const IfStmt *> Guards;
  for (const FunctionDecl *K : Result.RewrittenKernels)
    for (CallSite &Site : Result.Functions.find(K)->second.Sites) {
      if (!groupFormCandidate(Site, ReassociateFloats))
        continue;
      // A compare-exchange loop that is one float add is that add where
      // the loop stands: every work-item that reaches the loop makes it
      // once, though the compare-exchange inside runs as often as it fails.
      const Stmt *Where = Site.Loop ? Site.Loop->Loop : Site.Call;
      std::string Why = WholeGroup.whyNotReached(Where, K);
      if (Why.empty()) {
        Site.Form = CallForm::WorkGroup;
        continue;
      }
      Site.GroupFormWhy = Why; // unless the predicated form takes it below
      if (Site.Loop)
        continue; // the predicated form moves a call's arguments, not a loop
      const IfStmt *Guard = WholeGroup.guardingIf(Site.Call, K);
      if (Guard && Guards.insert(Guard).second) {
        Site.Guard = Guard;
        Site.Form = CallForm::PredicatedWorkGroup;
        Site.GroupFormWhy.clear();
      }
    }
}

} // namespace softatomic
