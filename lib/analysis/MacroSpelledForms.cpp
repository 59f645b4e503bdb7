// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- MacroSpelledForms.cpp - One form per atomic spelled in a macro -----===//

#include "analysis/MacroSpelledForms.h"
#include "model/CallSites.h"
#include "support/MacroLocations.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"

using namespace clang;
using namespace llvm;

namespace softatomic {

void unifyMacroSpelledForms(KernelAnalysis &Result, const SourceManager &SM) {
  MapVector<SourceLocation, SmallVector<CallSite *, 4>> BySpelling;
  for (auto &Entry : Result.Functions)
    for (CallSite &Site : Entry.second.Sites) {
      if (Site.SiteKind != CallSite::Kind::Atomic ||
          Site.Atomic != AtomicKind::Global)
        continue;
      SourceLocation Name = outOfMacroArguments(SM, calleeNameLoc(Site.Call));
      if (Name.isMacroID())
        BySpelling[SM.getSpellingLoc(Name)].push_back(&Site);
    }
  for (auto &[Spelling, Sites] : BySpelling) {
    const CallSite &First = *Sites.front();
    bool OneAtomic = llvm::all_of(
        Sites, [&](const CallSite *S) { return S->Entry == First.Entry; });
    bool OneForm = llvm::all_of(
        Sites, [&](const CallSite *S) { return S->Form == First.Form; });
    // Different atomics (pointee types, say) cannot share the definition:
    // checkMacroBodyEdits reports them.
    if (OneAtomic && !OneForm)
      for (CallSite *S : Sites) {
        S->Form = CallForm::PerItem;
        S->Guard = nullptr; // only the predicated form moves its call
      }
  }
}

} // namespace softatomic
