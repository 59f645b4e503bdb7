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
/// Finds the first return, goto or label of a kernel body: a work-item may
/// leave (or jump around) the code after it.
class EarlyExitFinder : public RecursiveASTVisitor<EarlyExitFinder> {
public:
  explicit EarlyExitFinder(const SourceManager &SM) : SM(SM) {}
  bool VisitReturnStmt(ReturnStmt *S) { return note(S->getBeginLoc()); }
  bool VisitGotoStmt(GotoStmt *S) { return note(S->getBeginLoc()); }
  bool VisitIndirectGotoStmt(IndirectGotoStmt *S) { return note(S->getBeginLoc()); }
  bool VisitLabelStmt(LabelStmt *S) { return note(S->getBeginLoc()); }
  // A block literal's returns leave the block, not the kernel.
  bool TraverseBlockExpr(BlockExpr *) { return true; }
  SourceLocation First;

private:
  bool note(SourceLocation Loc) {
    if (First.isInvalid() || SM.isBeforeInTranslationUnit(Loc, First))
      First = Loc;
    return true;
  }
  const SourceManager &SM;
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

bool WholeGroupSites::reached(const CallExpr *Call, const FunctionDecl *Kernel) {
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
  // The body's first exit, found once per kernel.
  auto It = FirstExit.find(Kernel);
  if (It == FirstExit.end()) {
    EarlyExitFinder Finder(Ctx.getSourceManager());
    Finder.TraverseStmt(const_cast<CompoundStmt *>(Body));
    It = FirstExit.insert({Kernel, Finder.First}).first;
  }
  return It->second.isInvalid() ||
         !Ctx.getSourceManager().isBeforeInTranslationUnit(It->second,
                                                           Call->getBeginLoc());
}

} // namespace softatomic
