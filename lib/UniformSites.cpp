//===- UniformSites.cpp - Calls every work-item of a group reaches --------===//

#include "UniformSites.h"
#include "StmtParents.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"

using namespace clang;

namespace softatomic {

/// True for a statement that leaves the kernel, or may be jumped to, unless
/// it sits in a block literal (whose returns leave the block).
static bool exitsKernel(const Stmt *S, const StmtParents &Parents) {
  if (!isa<ReturnStmt>(S) && !isa<GotoStmt>(S) && !isa<IndirectGotoStmt>(S) &&
      !isa<LabelStmt>(S))
    return false;
  for (const Stmt *P = Parents.parent(S); P; P = Parents.parent(P))
    if (isa<BlockExpr>(P))
      return false;
  return true;
}

/// True for an expression that evaluates all of its operands (given that it
/// is evaluated itself).
static bool evaluatesEveryOperand(const Stmt *S) {
  if (isa<AbstractConditionalOperator>(S) || isa<StmtExpr>(S))
    return false;
  if (const auto *BO = dyn_cast<BinaryOperator>(S))
    return !BO->isLogicalOp();
  return isa<Expr>(S);
}

bool WholeGroupSites::reached(const Stmt *Site, const FunctionDecl *Kernel) {
  const auto *Body = dyn_cast_or_null<CompoundStmt>(Kernel->getBody());
  if (!Body)
    return false;
  // Up from the call to the body: operands evaluated unconditionally, then
  // statements that run once (a declaration of automatic variables, plain
  // blocks).
  for (const Stmt *S = Parents.parent(Site); S != Body; S = Parents.parent(S)) {
    if (!S)
      return false;
    if (const auto *DS = dyn_cast<DeclStmt>(S)) {
      if (llvm::any_of(DS->decls(), [](const Decl *D) {
            const auto *VD = dyn_cast<VarDecl>(D);
            return VD && VD->isStaticLocal();
          }))
        return false;
      continue;
    }
    if (!isa<CompoundStmt>(S) && !evaluatesEveryOperand(S))
      return false;
  }
  // The body's first exit, found once per kernel.
  auto It = FirstExit.find(Kernel);
  if (It == FirstExit.end()) {
    SourceLocation First;
    for (const Stmt *S : Parents.statements(Body))
      if (exitsKernel(S, Parents) &&
          (First.isInvalid() || SM.isBeforeInTranslationUnit(S->getBeginLoc(), First)))
        First = S->getBeginLoc();
    It = FirstExit.insert({Kernel, First}).first;
  }
  return It->second.isInvalid() ||
         !SM.isBeforeInTranslationUnit(It->second, Site->getBeginLoc());
}

/// True when \p Parent, an expression, evaluates its operand \p Child
/// whenever it is evaluated and before any operand sequenced before
/// \p Child (a comma's or a logical operator's left side, a ?:'s
/// condition) could run.
static bool evaluatesFirst(const Stmt *Parent, const Stmt *Child) {
  if (const auto *CO = dyn_cast<AbstractConditionalOperator>(Parent))
    return Child == CO->getCond();
  if (const auto *BO = dyn_cast<BinaryOperator>(Parent))
    return !(BO->isLogicalOp() || BO->isCommaOp()) || Child == BO->getLHS();
  return isa<Expr>(Parent) && !isa<StmtExpr>(Parent);
}

/// True when \p Call and everything the rewrite moves around it lie in
/// one file, outside macros.
static bool writtenInOneFile(const IfStmt *If, const CallExpr *Call,
                             const SourceManager &SM) {
  SmallVector<SourceLocation, 8> Locs = {If->getIfLoc(), If->getLParenLoc(),
                                         If->getRParenLoc(), Call->getBeginLoc(),
                                         Call->getRParenLoc()};
  for (const Expr *Arg : Call->arguments()) {
    Locs.push_back(Arg->getBeginLoc());
    Locs.push_back(Arg->getEndLoc());
  }
  FileID File = SM.getFileID(Locs.front());
  return llvm::all_of(Locs, [&](SourceLocation L) {
    return L.isValid() && L.isFileID() && SM.getFileID(L) == File;
  });
}

/// True when \p S refers to a variable declared inside \p Scope.
static bool refersInto(const Stmt *S, const Stmt *Scope, const SourceManager &SM) {
  if (!S)
    return false;
  if (const auto *Ref = dyn_cast<DeclRefExpr>(S))
    if (const auto *VD = dyn_cast<VarDecl>(Ref->getDecl()))
      if (SM.isPointWithin(VD->getLocation(), Scope->getBeginLoc(), Scope->getEndLoc()))
        return true;
  return llvm::any_of(S->children(),
                      [&](const Stmt *C) { return refersInto(C, Scope, SM); });
}

const IfStmt *WholeGroupSites::guardingIf(const CallExpr *Call,
                                          const FunctionDecl *Kernel) {
  const Stmt *Child = Call;
  for (const Stmt *S = Parents.parent(Call); S; Child = S, S = Parents.parent(S)) {
    if (const auto *If = dyn_cast<IfStmt>(S)) {
      if (Child != If->getThen() || If->getInit() || If->getConditionVariable() ||
          If->isConstexpr() || If->isConsteval() ||
          !writtenInOneFile(If, Call, SM) || !reached(If, Kernel) ||
          llvm::any_of(Call->arguments(), [&](const Expr *Arg) {
            return refersInto(Arg, If, SM);
          }))
        return nullptr;
      return If;
    }
    if (const auto *CS = dyn_cast<CompoundStmt>(S)) {
      if (CS->body_empty() || CS->body_front() != Child)
        return nullptr;
      continue;
    }
    if (const auto *DS = dyn_cast<DeclStmt>(S)) {
      // The call initialises the first variable that has an initialiser.
      for (const Decl *D : DS->decls()) {
        const auto *VD = dyn_cast<VarDecl>(D);
        if (!VD)
          continue;
        if (VD->isStaticLocal())
          return nullptr;
        if (VD->getInit() == Child)
          break;
        if (VD->hasInit())
          return nullptr;
      }
      continue;
    }
    if (!evaluatesFirst(S, Child))
      return nullptr;
  }
  return nullptr;
}

} // namespace softatomic
