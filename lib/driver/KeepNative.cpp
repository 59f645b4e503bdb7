// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- KeepNative.cpp - Kernels whose edits fail, kept as written ---------===//

#include "driver/KeepNative.h"
#include "clang/AST/Decl.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLExtras.h"

using namespace clang;
using namespace llvm;

namespace softatomic {

HeldDiagnostics::HeldDiagnostics(DiagnosticsEngine &Diags)
    : Diags(Diags), Owner(Diags.takeClient()), Previous(Diags.getClient()) {
  Diags.setClient(this, /*ShouldOwnClient=*/false);
}

HeldDiagnostics::~HeldDiagnostics() {
  if (!Shown)
    show();
}

void HeldDiagnostics::HandleDiagnostic(DiagnosticsEngine::Level Level,
                                       const Diagnostic &Info) {
  DiagnosticConsumer::HandleDiagnostic(Level, Info);
  Held.emplace_back(Level, Info);
}

void HeldDiagnostics::show() {
  assert(!Shown && "held diagnostics shown twice");
  Shown = true;
  bool Owned = Owner != nullptr;
  Diags.setClient(Previous, Owned);
  (void)Owner.release();
  for (const StoredDiagnostic &D : Held)
    Diags.Report(D);
  Held.clear();
}

/// True when the file location \p Loc is within \p F's definition, as
/// written in the file (a macro's expansion counts where it is invoked).
static bool isWithin(const SourceManager &SM, SourceLocation Loc,
                     const FunctionDecl *F) {
  SourceLocation Begin = SM.getExpansionLoc(F->getBeginLoc());
  SourceLocation End = SM.getExpansionRange(F->getEndLoc()).getEnd();
  return SM.getFileID(Begin) == SM.getFileID(Loc) &&
         !SM.isBeforeInTranslationUnit(Loc, Begin) &&
         !SM.isBeforeInTranslationUnit(End, Loc);
}

std::vector<KeptKernel> kernelsOfErrors(const KernelAnalysis &Analysis,
                                        ArrayRef<StoredDiagnostic> Reported,
                                        const SourceManager &SM) {
  std::vector<KeptKernel> Kept;
  DenseSet<const FunctionDecl *> Seen;
  for (size_t I = 0; I < Reported.size(); ++I) {
    if (Reported[I].getLevel() < DiagnosticsEngine::Error)
      continue;
    // The error's location and its notes': a note may name another
    // expansion of the same macro.
    SmallVector<SourceLocation, 4> Places;
    for (size_t J = I; J < Reported.size(); ++J) {
      if (J > I && Reported[J].getLevel() != DiagnosticsEngine::Note)
        break;
      if (Reported[J].getLocation().isValid())
        Places.push_back(SM.getExpansionLoc(Reported[J].getLocation()));
    }
    SmallVector<std::pair<const FunctionDecl *, SourceLocation>, 2> Kernels;
    for (SourceLocation Place : Places)
      for (const auto &Entry : Analysis.Functions) {
        if (!isWithin(SM, Place, Entry.first))
          continue;
        auto Reaching = Analysis.ReachingKernels.find(Entry.first);
        if (Reaching == Analysis.ReachingKernels.end())
          continue;
        for (const FunctionDecl *K : Reaching->second)
          if (Analysis.RewrittenKernels.contains(K))
            Kernels.push_back({K, Place});
      }
    if (Kernels.empty())
      return {};
    llvm::stable_sort(Kernels, [&](const auto &A, const auto &B) {
      return SM.isBeforeInTranslationUnit(
          SM.getExpansionLoc(A.first->getLocation()),
          SM.getExpansionLoc(B.first->getLocation()));
    });
    for (const auto &KernelPlace : Kernels) {
      const FunctionDecl *K = KernelPlace.first;
      if (!Seen.insert(K).second)
        continue;
      // What keeps K native: the error's place in K, else the error.
      auto InK = llvm::find_if(
          Places, [&](SourceLocation P) { return isWithin(SM, P, K); });
      Kept.push_back({K, Reported[I].getMessage().str(),
                      InK != Places.end() ? *InK : Places.front()});
    }
  }
  return Kept;
}

} // namespace softatomic
