// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- LoopGuards.cpp - Loops that end once the runtime has failed --------===//

#include "edits/LoopGuards.h"
#include "analysis/WaitingLoops.h"
#include "edits/EditCollector.h"
#include "edits/MacroBodies.h"
#include "model/CallSites.h"
#include "support/Diagnostics.h"
#include "support/MacroLocations.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/Stmt.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include <tuple>

using namespace clang;
using namespace llvm;

namespace softatomic {

// docs/REWRITE.md, "Loops": the guard goes first in the loop's condition.
static constexpr llvm::StringLiteral Live = "__sa_live(__sa_ctx)";
// ... and in a loop that waits on __global memory the runtime does not
// see, with no runtime call to bound it, the guard that also bounds it.
static constexpr llvm::StringLiteral Waiting = "__sa_waiting(__sa_ctx)";

/// The location of the token that \p Spelled (a token of \p Anchor's
/// spelling, after it) has in \p Anchor's expansion: the same place in a
/// file, or in the same macro expansion of a macro body. Invalid when the
/// two are not one stretch of text (a macro argument in between).
static SourceLocation sameStretch(const SourceManager &SM,
                                  SourceLocation Anchor,
                                  SourceLocation Spelled) {
  SourceLocation From = SM.getSpellingLoc(Anchor);
  if (SM.getFileID(From) != SM.getFileID(Spelled) ||
      SM.getFileOffset(Spelled) < SM.getFileOffset(From))
    return {};
  SourceLocation Loc = Anchor.getLocWithOffset(SM.getFileOffset(Spelled) -
                                               SM.getFileOffset(From));
  return SM.getSpellingLoc(Loc) == Spelled ? Loc : SourceLocation();
}

std::optional<ForGuardTokens> forGuardTokens(const ForStmt *For,
                                             const SourceManager &SM,
                                             const LangOptions &LO) {
  // The header's two `;` outside parentheses, brackets and braces, lexed
  // where the header is written (a file, or one macro's definition).
  SourceLocation LParen = For->getLParenLoc();
  SourceLocation End = SM.getSpellingLoc(For->getRParenLoc());
  SourceLocation Semis[2];
  unsigned Found = 0;
  int Depth = 0;
  for (std::optional<Token> T =
           Lexer::findNextToken(SM.getSpellingLoc(LParen), SM, LO);
       T && Found < 2 && T->getLocation() != End;
       T = Lexer::findNextToken(T->getLocation(), SM, LO)) {
    if (T->isOneOf(tok::l_paren, tok::l_square, tok::l_brace))
      ++Depth;
    else if (T->isOneOf(tok::r_paren, tok::r_square, tok::r_brace))
      --Depth;
    else if (Depth == 0 && T->is(tok::semi))
      Semis[Found++] = T->getLocation();
    if (Depth < 0 || T->is(tok::eof))
      return std::nullopt;
  }
  if (Found != 2)
    return std::nullopt;
  ForGuardTokens Tokens;
  Tokens.SecondSemi = sameStretch(SM, LParen, Semis[1]);
  if (For->getCond()) {
    std::optional<Token> First = Lexer::findNextToken(Semis[0], SM, LO);
    if (First)
      Tokens.CondBegin = sameStretch(SM, LParen, First->getLocation());
    if (Tokens.CondBegin.isInvalid())
      return std::nullopt;
  }
  if (Tokens.SecondSemi.isInvalid())
    return std::nullopt;
  return Tokens;
}

namespace {

/// Whether functions of the file make a runtime call, themselves or
/// through the functions they call (no recursion: OpenCL forbids it, and
/// the analysis refused it).
class RuntimeReach {
public:
  explicit RuntimeReach(const KernelAnalysis &Analysis) : Analysis(Analysis) {}
  RuntimeReach(const RuntimeReach &) = delete;
  RuntimeReach &operator=(const RuntimeReach &) = delete;

  /// True for a site whose value (or whose callee's) may come from the
  /// runtime: a global atomic that is not deferred (a deferred one returns
  /// nothing), or a call of a function that makes one.
  bool callsRuntime(const CallSite &Site) {
    if (Site.InBlock)
      return false;
    // A float-add loop's add returns nothing the code reads.
    if (Site.SiteKind == CallSite::Kind::Atomic)
      return Site.Atomic == AtomicKind::Global &&
             Site.Form != CallForm::Deferred && !Site.Loop;
    return Site.SiteKind == CallSite::Kind::UserCall &&
           Analysis.takesContext(Site.Callee) && reaches(Site.Callee);
  }

private:
  bool reaches(const FunctionDecl *F) {
    auto [It, New] = Known.try_emplace(F, false);
    if (!New)
      return It->second;
    auto Info = Analysis.Functions.find(F);
    bool Reaches = false;
    if (Info != Analysis.Functions.end())
      for (const CallSite &Site : Info->second.Sites)
        Reaches = Reaches || callsRuntime(Site);
    return Known[F] = Reaches;
  }

  const KernelAnalysis &Analysis;
  DenseMap<const FunctionDecl *, bool> Known;
};

/// Finds the loops of a function body that contain one of \p Calls (the
/// body's runtime calls) and none of \p GroupCalls (work-group forms: a
/// loop around one is a uniform `for` loop, whose trip count no atomic
/// decides, and which every work-item of the group must run alike).
class LoopFinder : public RecursiveASTVisitor<LoopFinder> {
public:
  LoopFinder(const ASTContext &Ctx, const DenseSet<const CallExpr *> &Calls,
             const DenseSet<const CallExpr *> &GroupCalls,
             const DenseSet<const Stmt *> &Replaced)
      : Ctx(Ctx), Calls(Calls), GroupCalls(GroupCalls), Replaced(Replaced) {}
  LoopFinder(const LoopFinder &) = delete;
  LoopFinder &operator=(const LoopFinder &) = delete;

  // A block literal's body is another function, with no context.
  bool TraverseBlockExpr(BlockExpr *) { return true; }

  bool TraverseWhileStmt(WhileStmt *S) {
    return loop(S, false,
                [&] { return RecursiveASTVisitor::TraverseWhileStmt(S); });
  }
  bool TraverseDoStmt(DoStmt *S) {
    bool Once = false;
    if (!S->getCond()->isValueDependent() &&
        S->getCond()->EvaluateAsBooleanCondition(Once, Ctx))
      Once = !Once;
    return loop(S, Once,
                [&] { return RecursiveASTVisitor::TraverseDoStmt(S); });
  }
  bool TraverseForStmt(ForStmt *S) {
    return loop(S, false,
                [&] { return RecursiveASTVisitor::TraverseForStmt(S); });
  }

  bool VisitCallExpr(CallExpr *E) {
    for (Found &Loop : Stack) {
      if (Calls.contains(E))
        Loop.Calls.push_back(E);
      Loop.Uniform = Loop.Uniform || GroupCalls.contains(E);
    }
    return true;
  }

  bool VisitExpr(Expr *E) {
    if (!Stack.empty() && readsGlobalWait(E))
      for (Found &Loop : Stack)
        Loop.Waits = true;
    return true;
  }

  /// A loop and the runtime calls in it.
  struct Found {
    const Stmt *Loop = nullptr;
    std::vector<const CallExpr *> Calls;
    bool Uniform = false; ///< It contains a work-group form.
    bool Once = false;    ///< `do ... while (0)`.
    bool Waits = false;   ///< It reads __global memory others write.
    bool needsGuard() const {
      return (!Calls.empty() || Waits) && !Uniform && !Once;
    }
    /// A loop with a runtime call is bounded by the call's own bounds;
    /// one that only reads needs the waiting guard's.
    StringRef guard() const { return Calls.empty() ? Waiting : Live; }
  };
  /// Every loop, outermost first.
  std::vector<Found> Loops;

private:
  /// \p Once: the loop runs its body once (`do ... while (0)`, a
  /// statement macro's idiom).
  template <typename Traverse>
  bool loop(const Stmt *Loop, bool Once, Traverse Children) {
    if (Replaced.contains(Loop)) // its text is gone, and its reads with it
      return true;
    size_t At = Loops.size();
    Stack.push_back({Loop, {}, false, Once, false});
    bool Continue = Children();
    Loops.insert(Loops.begin() + At, std::move(Stack.back()));
    Stack.pop_back();
    return Continue;
  }

  const ASTContext &Ctx;
  const DenseSet<const CallExpr *> &Calls, &GroupCalls;
  /// Loops the rewrite replaces whole (compare-exchange float adds).
  const DenseSet<const Stmt *> &Replaced;
  std::vector<Found> Stack;
};

} // namespace

/// Where the guard of \p Loop goes: its `while` keyword, or its `for`.
static SourceLocation guardAnchor(const Stmt *Loop) {
  if (const auto *W = dyn_cast<WhileStmt>(Loop))
    return W->getWhileLoc();
  if (const auto *D = dyn_cast<DoStmt>(Loop))
    return D->getWhileLoc();
  return cast<ForStmt>(Loop)->getForLoc();
}

/// The loops of \p Info's function, with its runtime calls.
static std::vector<LoopFinder::Found>
findLoops(const FunctionInfo &Info, RuntimeReach &Reach, bool TakesContext) {
  DenseSet<const CallExpr *> Calls, GroupCalls;
  DenseSet<const Stmt *> Replaced;
  for (const CallSite &Site : Info.Sites) {
    if (TakesContext && Reach.callsRuntime(Site))
      Calls.insert(Site.Call);
    if (Site.SiteKind == CallSite::Kind::Atomic && isGroupForm(Site.Form))
      GroupCalls.insert(Site.Call);
    if (Site.Loop)
      Replaced.insert(Site.Loop->Loop);
  }
  LoopFinder Finder(Info.Definition->getASTContext(), Calls, GroupCalls,
                    Replaced);
  Finder.TraverseStmt(Info.Definition->getBody());
  return std::move(Finder.Loops);
}

LoopGuards::LoopGuards(ASTContext &Ctx, const KernelAnalysis &Analysis)
    : Ctx(Ctx), Analysis(Analysis) {
  // A loop spelled in a macro's definition is guarded there only when
  // every loop expanded from that spelling needs the guard: one in code
  // that is not rewritten (a kernel left alone, the original form of a
  // function in two forms) or that reaches no runtime call stays as
  // written, and the definition cannot serve both.
  const SourceManager &SM = Ctx.getSourceManager();
  RuntimeReach Reach(Analysis);
  for (const auto &[Definition, Info] : Analysis.Functions) {
    bool EditedInPlace = Analysis.RewrittenKernels.contains(Definition) ||
                         (Analysis.takesContext(Definition) &&
                          !Analysis.Clones.count(Definition));
    for (const LoopFinder::Found &F :
         findLoops(Info, Reach, /*TakesContext=*/true)) {
      SourceLocation Anchor = outOfMacroArguments(SM, guardAnchor(F.Loop));
      if (!Anchor.isMacroID())
        continue;
      auto [It, New] =
          MacroSpelled.try_emplace(SM.getSpellingLoc(Anchor), F.guard());
      if (!EditedInPlace || !F.needsGuard() || It->second != F.guard())
        It->second = "";
    }
  }
}

void LoopGuards::add(const FunctionInfo &Info, EditCollector &Out) {
  const SourceManager &SM = Ctx.getSourceManager();
  const LangOptions &LO = Ctx.getLangOpts();
  DiagnosticsEngine &Diags = Ctx.getDiagnostics();
  RuntimeReach Reach(Analysis);
  std::string What = ("loop in '" + Info.Definition->getName() + "'").str();
  constexpr auto InBody = EditCollector::InMacroBody::EditDefinition;
  for (const LoopFinder::Found &F :
       findLoops(Info, Reach, /*TakesContext=*/true)) {
    if (!F.needsGuard())
      continue;
    const Stmt *Loop = F.Loop;
    SourceLocation Anchor = outOfMacroArguments(SM, guardAnchor(Loop));
    if (Anchor.isMacroID() &&
        MacroSpelled.lookup(SM.getSpellingLoc(Anchor)).empty()) {
      report(Diags, Diag::UnguardableLoop, Loop->getBeginLoc())
          << Info.Definition->getName()
          << "it is spelled in a macro definition that other loops share";
      continue;
    }
    // `while (c)` -> `while (__sa_live(__sa_ctx) && (c))`, the same for
    // `do ... while (c);`: the keyword and the closing parenthesis.
    SourceLocation While, RParen;
    if (const auto *W = dyn_cast<WhileStmt>(Loop))
      std::tie(While, RParen) =
          std::make_pair(W->getWhileLoc(), W->getRParenLoc());
    else if (const auto *D = dyn_cast<DoStmt>(Loop))
      std::tie(While, RParen) =
          std::make_pair(D->getWhileLoc(), D->getRParenLoc());
    StringRef Guard = F.guard();
    if (While.isValid()) {
      Out.replaceToken(While, ("while (" + Guard + " &&").str(), What, InBody);
      Out.insertBefore(RParen, ")", What, InBody);
      continue;
    }
    // `for (i; c; s)` -> `for (i; __sa_live(__sa_ctx) && (c); s)`, and
    // `for (i;; s)` -> `for (i;__sa_live(__sa_ctx); s)`.
    const auto *For = cast<ForStmt>(Loop);
    std::optional<ForGuardTokens> Tokens = forGuardTokens(For, SM, LO);
    if (!Tokens) {
      report(Diags, Diag::UnguardableLoop, For->getForLoc())
          << Info.Definition->getName()
          << "its header is not written in one place";
      continue;
    }
    if (For->getCond()) {
      Out.insertBefore(Tokens->CondBegin, (Guard + " && (").str(), What,
                       InBody);
      Out.insertBefore(Tokens->SecondSemi, ")", What, InBody);
    } else {
      Out.insertBefore(Tokens->SecondSemi, Guard, What, InBody);
    }
  }
}

} // namespace softatomic
