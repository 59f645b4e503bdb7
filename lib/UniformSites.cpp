//===- UniformSites.cpp - Calls every work-item of a group reaches --------===//

#include "UniformSites.h"
#include "StmtParents.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"
#include "clang/Basic/SourceManager.h"

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

bool WholeGroupSites::reached(const CallExpr *Call, const FunctionDecl *Kernel) {
  const auto *Body = dyn_cast_or_null<CompoundStmt>(Kernel->getBody());
  if (!Body)
    return false;
  // Up from the call to the body: operands evaluated unconditionally, then
  // statements that run once (a declaration of automatic variables, plain
  // blocks).
  for (const Stmt *S = Parents.parent(Call); S != Body; S = Parents.parent(S)) {
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
         !SM.isBeforeInTranslationUnit(It->second, Call->getBeginLoc());
}

} // namespace softatomic
