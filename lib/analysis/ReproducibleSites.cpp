// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- ReproducibleSites.cpp - Float adds summed exactly ------------------===//

#include "analysis/ReproducibleSites.h"
#include "model/AtomicBuiltins.h"
#include "model/CallSites.h"
#include "support/Diagnostics.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"

using namespace clang;
using namespace llvm;

namespace softatomic {

static bool isFloatSite(const CallSite &Site) {
  return Site.SiteKind == CallSite::Kind::Atomic &&
         Site.Atomic == AtomicKind::Global &&
         (Site.Entry.Type == "float" || Site.Entry.Type == "double");
}

void markReproducibleSites(KernelAnalysis &Result,
                           const DenseSet<const FunctionDecl *> &Code) {
  for (auto &Entry : Result.Functions) {
    if (!Code.contains(Entry.first))
      continue;
    for (CallSite &Site : Entry.second.Sites)
      if (isFloatSite(Site) && Site.FloatSum && !Site.InBlock &&
          (Site.Loop || !Site.ResultUsed) &&
          hasReproducibleForm(Site.Entry.Op, Site.Entry.Type)) {
        Site.Form = CallForm::Reproducible;
        Site.Guard = nullptr; // only the predicated form moves its call
      }
  }
}

/// Why \p Site, a float atomic, is not made reproducible.
static StringRef whyNotReproducible(const CallSite &Site) {
  switch (Site.Entry.Op) {
  case AtomicOp::Min:
  case AtomicOp::Max:
  case AtomicOp::FetchMin:
  case AtomicOp::FetchMax:
    return "a float min or max does not depend on the order of the "
           "atomics, so it stays the atomic it is";
  case AtomicOp::Xchg:
  case AtomicOp::Exchange:
    return "an exchange keeps whichever value comes last, which no sum "
           "can make independent of the order";
  case AtomicOp::Cmpxchg:
  case AtomicOp::CompareExchange:
    return "a compare-exchange that is not a recognised float-add loop "
           "is not a sum";
  case AtomicOp::Store:
    return "a store is not a sum";
  default:
    break;
  }
  if (Site.InBlock)
    return "it is inside a block";
  if (Site.FloatSum && (Site.Loop || !Site.ResultUsed))
    return "a macro spells it, and another expansion of that spelling "
           "needs another form";
  return "its result (the value before the add) is read, and that value "
         "depends on the order of the adds";
}

void reportFloatSites(KernelAnalysis &Result,
                      const DenseSet<const FunctionDecl *> &Code,
                      ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  for (auto &Entry : Result.Functions) {
    if (!Code.contains(Entry.first))
      continue;
    for (const CallSite &Site : Entry.second.Sites) {
      if (!isFloatSite(Site))
        continue;
      FloatSiteReport Report;
      SourceLocation Loc = SM.getExpansionLoc(calleeNameLoc(Site.Call));
      PresumedLoc P = SM.getPresumedLoc(Loc);
      Report.File = P.isValid() ? P.getFilename() : "";
      Report.Line = P.isValid() ? P.getLine() : 0;
      Report.Column = P.isValid() ? P.getColumn() : 0;
      Report.Operation =
          Site.Loop ? "compare-exchange loop" : Site.Builtin->SourceName.str();
      Report.Type = Site.Entry.Type.str();
      Report.Reproducible = Site.Form == CallForm::Reproducible;
      if (!Report.Reproducible) {
        Report.Why = whyNotReproducible(Site).str();
        report(Ctx.getDiagnostics(), Diag::FloatSiteNotReproducible,
               calleeNameLoc(Site.Call))
            << Report.Operation << Report.Why;
      }
      Result.FloatSites.push_back(std::move(Report));
    }
  }
}

} // namespace softatomic
