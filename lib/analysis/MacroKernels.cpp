// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- MacroKernels.cpp - Kernels that a macro writes ---------------------===//

#include "analysis/MacroKernels.h"
#include "model/CallSites.h"
#include "support/Diagnostics.h"
#include "support/MacroLocations.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Stmt.h"
#include "clang/AST/TypeLoc.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"

using namespace clang;
using namespace llvm;

namespace softatomic {

std::array<SourceLocation, 3> kernelEditTokens(const FunctionDecl *F) {
  const auto *Body = F->doesThisDeclarationHaveABody()
                         ? dyn_cast_or_null<CompoundStmt>(F->getBody())
                         : nullptr;
  if (!Body)
    return {};
  FunctionTypeLoc Proto = F->getFunctionTypeLoc();
  return {Proto ? Proto.getRParenLoc() : SourceLocation(), Body->getLBracLoc(),
          Body->getRBracLoc()};
}

/// The macro locations of kernelEditTokens(\p F) spelled in a macro's
/// body; a token written in the file is left out.
static SmallVector<SourceLocation, 3>
tokensInMacroBodies(const SourceManager &SM, const FunctionDecl *F) {
  SmallVector<SourceLocation, 3> Out;
  for (SourceLocation Loc : kernelEditTokens(F)) {
    if (!Loc.isMacroID())
      continue;
    SourceLocation InBody = outOfMacroArguments(SM, Loc);
    if (InBody.isMacroID())
      Out.push_back(InBody);
  }
  return Out;
}

/// True when \p F has a token spelled where one of \p Spellings is.
static bool sharesSpelling(const SourceManager &SM, const FunctionDecl *F,
                           ArrayRef<SourceLocation> Spellings) {
  return llvm::any_of(tokensInMacroBodies(SM, F), [&](SourceLocation Loc) {
    return llvm::is_contained(Spellings, SM.getSpellingLoc(Loc));
  });
}

bool checkMacroWrittenKernel(ASTContext &Ctx, const FunctionDecl *K,
                             const KernelAnalysis &Analysis) {
  const SourceManager &SM = Ctx.getSourceManager();
  SmallVector<SourceLocation, 3> InBodies = tokensInMacroBodies(SM, K);
  if (InBodies.empty())
    return true;
  SourceLocation First = InBodies.front();
  StringRef Macro = Lexer::getImmediateMacroName(First, SM, Ctx.getLangOpts());
  SourceLocation At = SM.getExpansionLoc(First);
  SmallVector<SourceLocation, 3> Spellings;
  for (SourceLocation Loc : InBodies)
    Spellings.push_back(SM.getSpellingLoc(Loc));
  StringRef Why;
  if (llvm::any_of(Spellings, [&](SourceLocation S) {
        return !SM.getFileEntryForID(SM.getFileID(S)) || SM.isInSystemHeader(S);
      }))
    Why = "it is not in a user file";
  else if (K->getNumParams() == 0)
    Why = "its parameter list is empty";
  if (!Why.empty()) {
    report(Ctx.getDiagnostics(), Diag::MacroKernelUneditable, At)
        << K->getName() << Macro << Why;
    return false;
  }
  // The definition's edits would change every function it writes.
  for (const auto &Entry : Analysis.Functions) {
    const FunctionDecl *F = Entry.first;
    if (F == K || Analysis.RewrittenKernels.contains(F) ||
        !sharesSpelling(SM, F, Spellings))
      continue;
    report(Ctx.getDiagnostics(), Diag::MacroKernelShared, At)
        << K->getName() << Macro << F->getName();
    report(Ctx.getDiagnostics(), Diag::NoteOtherExpansion,
           SM.getExpansionLoc(F->getLocation()))
        << Macro;
    return false;
  }
  return true;
}

DenseSet<const FunctionDecl *>
sharedDefinitionKernels(const SourceManager &SM,
                        const KernelAnalysis &Analysis) {
  DenseSet<const FunctionDecl *> Shared;
  for (const FunctionDecl *K : Analysis.RewrittenKernels) {
    SmallVector<SourceLocation, 3> Spellings;
    for (SourceLocation Loc : tokensInMacroBodies(SM, K))
      Spellings.push_back(SM.getSpellingLoc(Loc));
    if (!Spellings.empty() &&
        llvm::any_of(Analysis.RewrittenKernels, [&](const FunctionDecl *F) {
          return F != K && sharesSpelling(SM, F, Spellings);
        }))
      Shared.insert(K);
  }
  return Shared;
}

} // namespace softatomic
