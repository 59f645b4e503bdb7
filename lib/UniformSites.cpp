//===- UniformSites.cpp - Calls every work-item of a group reaches --------===//

#include "UniformSites.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/Stmt.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace softatomic {

namespace {
/// Finds a return, goto or label that begins before a given location: a
/// work-item may leave (or jump around) the code before the call.
class EarlyExitFinder : public RecursiveASTVisitor<EarlyExitFinder> {
public:
  EarlyExitFinder(const SourceManager &SM, SourceLocation Before)
      : SM(SM), Before(Before) {}
  bool VisitReturnStmt(ReturnStmt *S) { return check(S->getBeginLoc()); }
  bool VisitGotoStmt(GotoStmt *S) { return check(S->getBeginLoc()); }
  bool VisitIndirectGotoStmt(IndirectGotoStmt *S) { return check(S->getBeginLoc()); }
  bool VisitLabelStmt(LabelStmt *S) { return check(S->getBeginLoc()); }
  // A block literal's returns leave the block, not the kernel.
  bool TraverseBlockExpr(BlockExpr *) { return true; }
  bool Found = false;

private:
  bool check(SourceLocation Loc) {
    if (SM.isBeforeInTranslationUnit(Loc, Before))
      Found = true;
    return !Found;
  }
  const SourceManager &SM;
  SourceLocation Before;
};
} // namespace

/// True for an expression that evaluates all of its operands (given that it
/// is evaluated itself).
static bool evaluatesEveryOperand(const Stmt *S) {
  if (isa<AbstractConditionalOperator>(S) || isa<StmtExpr>(S))
    return false;
  if (const auto *BO = dyn_cast<BinaryOperator>(S))
    return !BO->isLogicalOp();
  return isa<Expr>(S);
}

bool reachedByWholeWorkGroup(const CallExpr *Call, const FunctionDecl *Kernel,
                             ASTContext &Ctx) {
  const auto *Body = dyn_cast_or_null<CompoundStmt>(Kernel->getBody());
  if (!Body)
    return false;
  // Up from the call to the body: operands evaluated unconditionally, then
  // statements that run once (a declaration, plain blocks).
  DynTypedNode Node = DynTypedNode::create(*Call);
  for (;;) {
    DynTypedNodeList Parents = Ctx.getParents(Node);
    if (Parents.size() != 1)
      return false;
    Node = Parents[0];
    if (const auto *S = Node.get<Stmt>()) {
      if (S == Body)
        break;
      if (isa<CompoundStmt>(S) || isa<DeclStmt>(S) || evaluatesEveryOperand(S))
        continue;
      return false;
    }
    if (const auto *VD = Node.get<VarDecl>()) {
      if (VD->getInit() && !VD->isStaticLocal())
        continue;
      return false;
    }
    return false;
  }
  EarlyExitFinder Finder(Ctx.getSourceManager(), Call->getBeginLoc());
  Finder.TraverseStmt(const_cast<CompoundStmt *>(Body));
  return !Finder.Found;
}

} // namespace softatomic
