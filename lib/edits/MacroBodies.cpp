// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- MacroBodies.cpp - Edits spelled inside macro definitions -----------===//

#include "edits/MacroBodies.h"
#include "analysis/MacroKernels.h"
#include "edits/LoopGuards.h"
#include "support/Diagnostics.h"
#include "support/MacroLocations.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/Stmt.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SetVector.h"
#include <map>
#include <tuple>
#include <vector>

using namespace clang;
using namespace llvm;

namespace softatomic {

namespace {

/// One expansion's edits of one token, comparable.
using TokenEdits = std::vector<std::pair<unsigned, std::string>>;

/// The edits of one token spelled in a macro body, per expansion.
struct SpelledToken {
  MapVector<SourceLocation, TokenEdits> ByExpansion;
  std::string What;
  /// Each edit's scoped form (empty: none).
  std::map<std::pair<unsigned, std::string>, std::string> ScopedOf;
  /// The expansions in code without the context, with the scoped edit
  /// that serves each.
  DenseMap<SourceLocation, TokenEdits> ContextFree;
};

/// Finds every expansion, in the user's code, of the macro-body tokens of
/// \p Tokens that an edit may change: a name (a callee), a call's `)`, a
/// `return`, the first token of a loop's body and a function's parameter
/// list `)` and braces. An expansion that no edit reached is one that needs
/// none.
class ExpansionFinder : public RecursiveASTVisitor<ExpansionFinder> {
public:
  ExpansionFinder(const SourceManager &SM, const LangOptions &LO,
                  MapVector<SourceLocation, SpelledToken> &Tokens)
      : SM(SM), LO(LO), Tokens(Tokens) {}
  ExpansionFinder(const ExpansionFinder &) = delete;
  ExpansionFinder &operator=(const ExpansionFinder &) = delete;

  bool TraverseDecl(Decl *D) {
    // OpenCL's own declarations expand none of the user's macros.
    if (D && !isa<TranslationUnitDecl>(D) &&
        SM.isInSystemHeader(D->getLocation()))
      return true;
    return RecursiveASTVisitor::TraverseDecl(D);
  }
  bool VisitDeclRefExpr(DeclRefExpr *E) { return found(E->getLocation()); }
  bool VisitCallExpr(CallExpr *E) { return found(E->getRParenLoc()); }
  bool VisitReturnStmt(ReturnStmt *S) { return found(S->getReturnLoc()); }
  // A rewritten kernel's parameter list and braces (MacroKernels.h).
  bool VisitFunctionDecl(FunctionDecl *F) {
    for (SourceLocation Loc : kernelEditTokens(F))
      found(Loc);
    return true;
  }
  // A loop's guard (LoopGuards.h): `while` and `)`, or a `for` header's
  // condition and second `;`.
  bool VisitWhileStmt(WhileStmt *S) {
    return found(S->getWhileLoc()) && found(S->getRParenLoc());
  }
  bool VisitDoStmt(DoStmt *S) {
    return found(S->getWhileLoc()) && found(S->getRParenLoc());
  }
  bool VisitForStmt(ForStmt *S) {
    if (std::optional<ForGuardTokens> T = forGuardTokens(S, SM, LO))
      return found(T->CondBegin) && found(T->SecondSemi);
    return true;
  }

private:
  bool found(SourceLocation Loc) {
    if (Loc.isInvalid() || !Loc.isMacroID())
      return true;
    SourceLocation Expansion = outOfMacroArguments(SM, Loc);
    if (!Expansion.isMacroID())
      return true;
    auto It = Tokens.find(SM.getSpellingLoc(Expansion));
    if (It != Tokens.end())
      It->second.ByExpansion.insert({Expansion, {}});
    return true;
  }

  const SourceManager &SM;
  const LangOptions &LO;
  MapVector<SourceLocation, SpelledToken> &Tokens;
};

} // namespace

/// What \p Edits make of a token, for a diagnostic.
static std::string describeEdits(const TokenEdits &Edits) {
  if (Edits.empty())
    return "stays as written";
  std::string Out;
  for (const auto &[Length, Text] : Edits)
    Out += (Out.empty() ? "" : " and ") +
           (Length ? "becomes '" + Text + "'"
                   : "gets '" + Text + "' inserted before it");
  return Out;
}

/// \p Made with each edit in its scoped form; std::nullopt when some edit
/// has none.
static std::optional<TokenEdits> scopedForm(const SpelledToken &Token,
                                            const TokenEdits &Made) {
  TokenEdits Scoped;
  for (const auto &Edit : Made) {
    auto It = Token.ScopedOf.find(Edit);
    if (It == Token.ScopedOf.end() || It->second.empty())
      return std::nullopt;
    Scoped.push_back({Edit.first, It->second});
  }
  llvm::sort(Scoped);
  return Scoped;
}

/// True when \p Token's edits can all take their scoped form: the edited
/// expansions agree on \p Reference, every other expansion is in code
/// without the context, and one scoped edit serves them all.
static bool servedScoped(const SpelledToken &Token,
                         ArrayRef<std::pair<SourceLocation, TokenEdits>> All,
                         const TokenEdits &Reference) {
  if (Token.ContextFree.empty())
    return false;
  std::optional<TokenEdits> Scoped = scopedForm(Token, Reference);
  if (!Scoped)
    return false;
  return llvm::all_of(All, [&](const auto &Entry) {
    auto Free = Token.ContextFree.find(Entry.first);
    if (Free != Token.ContextFree.end() && Free->second != *Scoped)
      return false;
    return Entry.second.empty() ? Free != Token.ContextFree.end()
                                : Entry.second == Reference;
  });
}

/// " (this expansion is in kernel 'k')", naming the function whose
/// definition holds the file location \p At; empty outside every function.
static std::string whereExpanded(ASTContext &Ctx, SourceLocation At) {
  const SourceManager &SM = Ctx.getSourceManager();
  for (const Decl *D : Ctx.getTranslationUnitDecl()->decls()) {
    const auto *F = dyn_cast<FunctionDecl>(D);
    if (!F || !F->doesThisDeclarationHaveABody())
      continue;
    SourceLocation Begin = SM.getExpansionLoc(F->getBeginLoc());
    SourceLocation End = SM.getExpansionRange(F->getEndLoc()).getEnd();
    if (SM.getFileID(Begin) != SM.getFileID(At) ||
        SM.isBeforeInTranslationUnit(At, Begin) ||
        SM.isBeforeInTranslationUnit(End, At))
      continue;
    return (" (this expansion is in " +
            Twine(F->hasAttr<OpenCLKernelAttr>() ? "kernel" : "function") +
            " '" + F->getName() + "')")
        .str();
  }
  return "";
}

bool checkMacroBodyEdits(ASTContext &Ctx, ArrayRef<MacroBodyEdit> Edits,
                         ArrayRef<MacroBodyEdit> ContextFree,
                         SmallVectorImpl<SourceLocation> &ScopedTokens) {
  if (Edits.empty())
    return true;
  const SourceManager &SM = Ctx.getSourceManager();
  MapVector<SourceLocation, SpelledToken> Tokens;
  for (const MacroBodyEdit &E : Edits) {
    SpelledToken &Token = Tokens[E.Spelling];
    Token.What = E.What;
    TokenEdits &Made = Token.ByExpansion[E.Expansion];
    std::pair<unsigned, std::string> Edit{E.Length, E.Text};
    Token.ScopedOf[Edit] = E.Scoped;
    if (!llvm::is_contained(Made, Edit))
      Made.push_back(Edit);
  }
  // Only tokens that rewritten code edits: the others stay as written.
  for (const MacroBodyEdit &E : ContextFree) {
    auto It = Tokens.find(E.Spelling);
    if (It == Tokens.end())
      continue;
    TokenEdits &Served = It->second.ContextFree[E.Expansion];
    std::pair<unsigned, std::string> Edit{E.Length, E.Scoped};
    if (!llvm::is_contained(Served, Edit))
      Served.push_back(Edit);
    llvm::sort(Served);
  }
  ExpansionFinder(SM, Ctx.getLangOpts(), Tokens).TraverseAST(Ctx);

  bool Agree = true;
  DenseSet<SourceLocation> Reported; // One error per expansion of a macro.
  for (auto &[Spelling, Token] : Tokens) {
    std::vector<std::pair<SourceLocation, TokenEdits>> Expansions(
        Token.ByExpansion.begin(), Token.ByExpansion.end());
    for (auto &Entry : Expansions)
      llvm::sort(Entry.second);
    llvm::stable_sort(Expansions, [&](const auto &A, const auto &B) {
      return SM.isBeforeInTranslationUnit(SM.getExpansionLoc(A.first),
                                          SM.getExpansionLoc(B.first));
    });
    auto Reference = llvm::find_if(
        Expansions, [](const auto &E) { return !E.second.empty(); });
    assert(Reference != Expansions.end() && "a token with no edit");
    bool Same = llvm::all_of(Expansions, [&](const auto &E) {
      return E.second == Reference->second;
    });
    // An expansion in code without the context may be one with edits too:
    // the original of a function whose copy has the context.
    if (Same && Token.ContextFree.empty())
      continue;
    if (servedScoped(Token, Expansions, Reference->second)) {
      ScopedTokens.push_back(Spelling);
      continue;
    }
    if (Same) // as written in the original, edited in its copy
      Expansions.push_back({Token.ContextFree.begin()->first, {}});
    for (const auto &[Expansion, Made] : Expansions) {
      if (Made == Reference->second)
        continue;
      Agree = false;
      SourceLocation At = SM.getExpansionLoc(Expansion);
      StringRef Macro =
          Lexer::getImmediateMacroName(Expansion, SM, Ctx.getLangOpts());
      if (!Reported.insert(At).second)
        continue;
      report(Ctx.getDiagnostics(), Diag::MacroExpansionsDisagree, At)
          << Token.What << Macro << describeEdits(Made)
          << describeEdits(Reference->second) << whereExpanded(Ctx, At);
      report(Ctx.getDiagnostics(), Diag::NoteSpelledInMacro, Spelling) << Macro;
      report(Ctx.getDiagnostics(), Diag::NoteOtherExpansion,
             SM.getExpansionLoc(Reference->first))
          << Macro;
    }
  }
  return Agree;
}

} // namespace softatomic
