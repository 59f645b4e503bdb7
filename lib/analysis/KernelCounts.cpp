// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- KernelCounts.cpp - What the manifest counts, per kernel ------------===//

#include "analysis/KernelCounts.h"
#include "analysis/WaitingLoops.h"
#include "model/CallSites.h"

using namespace clang;
using namespace llvm;

namespace softatomic {

void countKernelSites(KernelAnalysis &Result, const ReachMap &Reach) {
  // Whether a function has a waiting loop, asked once however many
  // kernels reach it.
  DenseMap<const FunctionDecl *, bool> Waits;
  for (const FunctionDecl *K : Result.RewrittenKernels) {
    unsigned Atomics = 0, Deferred = 0, FloatLoops = 0, Reproducible = 0;
    SmallVector<const FunctionDecl *, 8> Reached{K};
    auto KernelReach = Reach.find(K);
    if (KernelReach != Reach.end())
      Reached.append(KernelReach->second.begin(), KernelReach->second.end());
    for (const FunctionDecl *F : Reached) {
      const FunctionInfo &Info = Result.Functions.find(F)->second;
      Result.ReachingKernels[F].push_back(K);
      auto [It, New] = Waits.try_emplace(F, false);
      if (New)
        It->second = hasWaitingLoop(Info);
      if (It->second)
        Result.WaitingKernels.insert(K);
      for (const CallSite &S : Info.Sites) {
        if (S.SiteKind == CallSite::Kind::Atomic &&
            S.Atomic == AtomicKind::Global) {
          ++Atomics;
          Result.HasWideAtomics |= S.Wide;
          Deferred += S.Form == CallForm::Deferred;
          FloatLoops += S.Loop.has_value();
          Reproducible += S.Form == CallForm::Reproducible;
          if (S.Form == CallForm::Reproducible && S.Entry.Type == "double")
            Result.ReproducibleDoubles.insert(K);
        }
      }
    }
    Result.AtomicSites[K] = Atomics;
    Result.DeferredSites[K] = Deferred;
    Result.FloatAddLoops[K] = FloatLoops;
    if (Reproducible)
      Result.ReproducibleSites[K] = Reproducible;
  }
}

} // namespace softatomic
