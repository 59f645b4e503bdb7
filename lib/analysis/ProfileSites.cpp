// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- ProfileSites.cpp - The sites of a --profile rewrite ----------------===//

#include "analysis/ProfileSites.h"
#include "model/CallSites.h"
#include "support/MacroLocations.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/STLExtras.h"
#include <algorithm>
#include <map>

using namespace clang;
using namespace llvm;

namespace softatomic {

/// Where \p Site's call is spelled: the one place its edit goes (a float-add
/// loop's is the loop it replaces).
static SourceLocation spelledAt(const CallSite &Site, const SourceManager &SM) {
  SourceLocation Loc =
      Site.Loop ? Site.Loop->Loop->getBeginLoc() : calleeNameLoc(Site.Call);
  return SM.getSpellingLoc(outOfMacroArguments(SM, Loc));
}

void numberProfileSites(KernelAnalysis &Result, const SourceManager &SM) {
  // By spelling, in the order of the files' text.
  struct Calls {
    SmallVector<const CallSite *, 2> Sites;
    SmallVector<const FunctionDecl *, 2> Kernels;
  };
  auto Before = [&](SourceLocation A, SourceLocation B) {
    return SM.isBeforeInTranslationUnit(A, B);
  };
  std::map<SourceLocation, Calls, decltype(Before)> BySpelling(Before);
  for (const auto &[Decl, Info] : Result.Functions) {
    auto Reaching = Result.ReachingKernels.find(Decl);
    if (Reaching == Result.ReachingKernels.end())
      continue; // no rewritten kernel calls it
    for (const CallSite &Site : Info.Sites) {
      if (Site.SiteKind != CallSite::Kind::Atomic ||
          Site.Atomic != AtomicKind::Global)
        continue;
      Calls &Entry = BySpelling[spelledAt(Site, SM)];
      Entry.Sites.push_back(&Site);
      for (const FunctionDecl *K : Reaching->second)
        if (!is_contained(Entry.Kernels, K))
          Entry.Kernels.push_back(K);
    }
  }
  for (auto &[Spelling, Entry] : BySpelling) {
    unsigned Id = Result.ProfileSites.size();
    const CallSite &First = *Entry.Sites.front();
    ProfiledSite Site;
    PresumedLoc Where = SM.getPresumedLoc(Spelling);
    if (Where.isValid()) {
      Site.File = Where.getFilename();
      Site.Line = Where.getLine();
      Site.Column = Where.getColumn();
    }
    Site.Operation = First.Loop ? "compare-exchange loop (float add)"
                                : First.Callee->getName().str();
    Site.Type = First.Entry.Type.str();
    Site.Width = First.Wide ? 64 : 32;
    Site.ResultUsed = any_of(Entry.Sites, [](const CallSite *S) {
      return S->ResultUsed && !S->Loop;
    });
    Site.Form = First.Form;
    if (First.Form == CallForm::PerItem)
      Site.FormWhy = First.GroupFormWhy;
    Site.Private = all_of(Entry.Sites, [](const CallSite *S) {
      return S->Form == CallForm::Deferred && S->NotPrivate.empty();
    });
    Site.FloatAddLoop = First.Loop.has_value();
    // Kernels in source order.
    std::sort(Entry.Kernels.begin(), Entry.Kernels.end(),
              [&](const FunctionDecl *A, const FunctionDecl *B) {
                return Before(A->getLocation(), B->getLocation());
              });
    for (const FunctionDecl *K : Entry.Kernels)
      Site.Kernels.push_back(K->getName().str());
    Result.ProfileSites.push_back(std::move(Site));
    for (const CallSite *S : Entry.Sites)
      Result.ProfileSiteIds[S->Call] = Id;
  }
}

} // namespace softatomic
