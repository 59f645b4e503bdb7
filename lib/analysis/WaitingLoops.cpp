// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- WaitingLoops.cpp - Loops that may wait on other work-items ---------===//

#include "analysis/WaitingLoops.h"
#include "model/CallSites.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/Stmt.h"
#include "llvm/ADT/DenseSet.h"
#include <utility>
#include <vector>

using namespace clang;
using namespace llvm;

namespace softatomic {

/// Whether an access through an lvalue of type \p T may read __global
/// memory (the generic address space may point there).
static bool mayBeGlobal(QualType T) {
  LangAS AS = T.getAddressSpace();
  return AS == LangAS::opencl_global || AS == LangAS::opencl_generic;
}

bool readsGlobalWait(const Expr *E) {
  if (const auto *Call = dyn_cast<CallExpr>(E)) {
    const FunctionDecl *Callee = Call->getDirectCallee();
    if (!Callee || !Callee->getIdentifier() || Call->getNumArgs() == 0)
      return false;
    StringRef Name = Callee->getName();
    if (Name != "atomic_load" && Name != "atomic_load_explicit")
      return false;
    QualType Arg = Call->getArg(0)->IgnoreParenImpCasts()->getType();
    return Arg->isPointerType() && mayBeGlobal(Arg->getPointeeType());
  }
  const auto *Cast = dyn_cast<ImplicitCastExpr>(E);
  if (!Cast || Cast->getCastKind() != CK_LValueToRValue)
    return false;
  QualType Read = Cast->getSubExpr()->getType();
  return Read.isVolatileQualified() && mayBeGlobal(Read);
}

namespace {

/// The local variable an assignment's left side writes, if it names one
/// (`x`, `s.f`, `a[i]` of a private array); null for a write through a
/// pointer.
const VarDecl *assignedVariable(const Expr *LHS) {
  for (;;) {
    LHS = LHS->IgnoreParenImpCasts();
    if (const auto *Member = dyn_cast<MemberExpr>(LHS)) {
      if (Member->isArrow())
        return nullptr;
      LHS = Member->getBase();
    } else if (const auto *Index = dyn_cast<ArraySubscriptExpr>(LHS)) {
      if (!Index->getBase()->IgnoreParenImpCasts()->getType()->isArrayType())
        return nullptr;
      LHS = Index->getBase();
    } else {
      break;
    }
  }
  const auto *Ref = dyn_cast<DeclRefExpr>(LHS);
  return Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
}

/// Whether \p Call is a call of a function the program defines (or
/// through a pointer), not of OpenCL's builtins, which opencl-c.h only
/// declares: those read memory only through a pointer argument.
bool callsUserFunction(const CallExpr *Call) {
  const FunctionDecl *Callee = Call->getDirectCallee();
  return !Callee || Callee->isDefined();
}

/// What a loop's statements hold: the conditions that may end it, the
/// values its variables take, and what waits outright.
class LoopFacts : public RecursiveASTVisitor<LoopFacts> {
public:
  LoopFacts(const DenseSet<const CallExpr *> &UsedAtomics,
            const DenseSet<const Stmt *> &Replaced)
      : UsedAtomics(UsedAtomics), Replaced(Replaced) {}

  bool TraverseStmt(Stmt *S) {
    if (S && Replaced.contains(S)) // one float add, which returns nothing
      return true;
    return RecursiveASTVisitor::TraverseStmt(S);
  }
  // A block literal's body is another function.
  bool TraverseBlockExpr(BlockExpr *) { return true; }

  bool VisitIfStmt(IfStmt *S) { return condition(S->getCond()); }
  bool VisitWhileStmt(WhileStmt *S) { return condition(S->getCond()); }
  bool VisitDoStmt(DoStmt *S) { return condition(S->getCond()); }
  bool VisitForStmt(ForStmt *S) { return condition(S->getCond()); }
  bool VisitSwitchStmt(SwitchStmt *S) { return condition(S->getCond()); }
  bool VisitConditionalOperator(ConditionalOperator *E) {
    return condition(E->getCond());
  }
  bool VisitBreakStmt(BreakStmt *) { return leaves(); }
  bool VisitReturnStmt(ReturnStmt *) { return leaves(); }
  bool VisitGotoStmt(GotoStmt *) { return leaves(); }

  bool VisitBinaryOperator(BinaryOperator *E) {
    if (E->isAssignmentOp() || E->isCompoundAssignmentOp())
      assigns(E->getLHS(), E->getRHS());
    return true;
  }
  bool VisitVarDecl(VarDecl *D) {
    if (const Expr *Init = D->getInit())
      Values.push_back({D, Init});
    return true;
  }
  bool VisitCallExpr(CallExpr *E) {
    Waits = Waits || UsedAtomics.contains(E);
    // A function may store what it read through a pointer it is given.
    if (callsUserFunction(E))
      for (const Expr *Arg : E->arguments())
        if (const auto *Address =
                dyn_cast<UnaryOperator>(Arg->IgnoreParenImpCasts()))
          if (Address->getOpcode() == UO_AddrOf)
            assigns(Address->getSubExpr(), E);
    return true;
  }
  bool VisitExpr(Expr *E) {
    Waits = Waits || readsGlobalWait(E);
    return true;
  }

  /// Whether a value of \p E may be one another work-item wrote.
  bool fromOthers(const Expr *E) const;
  /// Whether the loop (whose own condition is \p Own) may wait.
  bool waits(const Expr *Own);

private:
  bool condition(const Expr *Cond) {
    if (Cond)
      Conditions.push_back(Cond);
    return true;
  }
  bool leaves() {
    Leaves = true;
    return true;
  }
  void assigns(const Expr *LHS, const Expr *Value) {
    if (const VarDecl *Var = assignedVariable(LHS))
      Values.push_back({Var, Value});
    else
      ThroughPointers.push_back(Value);
  }

  const DenseSet<const CallExpr *> &UsedAtomics;
  const DenseSet<const Stmt *> &Replaced;
  bool Waits = false;
  bool Leaves = false;
  std::vector<const Expr *> Conditions;
  std::vector<std::pair<const VarDecl *, const Expr *>> Values;
  /// Values written through a pointer: where they land is not followed.
  std::vector<const Expr *> ThroughPointers;
  DenseSet<const VarDecl *> Tainted;
  /// A value from others went through a pointer: any read through one
  /// may see it.
  bool PointersTainted = false;
};

/// Finds whether \p E holds a value from others (LoopFacts::fromOthers).
class OthersValue : public RecursiveASTVisitor<OthersValue> {
public:
  OthersValue(const DenseSet<const VarDecl *> &Tainted, bool PointersTainted)
      : Tainted(Tainted), PointersTainted(PointersTainted) {}
  bool Found = false;

  bool VisitCallExpr(CallExpr *E) {
    if (callsUserFunction(E))
      Found = true;
    // A builtin that reads __global memory through its pointer (vload,
    // an atomic).
    for (const Expr *Arg : E->arguments()) {
      QualType T = Arg->IgnoreParenImpCasts()->getType();
      if (T->isPointerType() && mayBeGlobal(T->getPointeeType()))
        Found = true;
    }
    return !Found;
  }
  bool VisitImplicitCastExpr(ImplicitCastExpr *E) {
    if (E->getCastKind() != CK_LValueToRValue)
      return true;
    const Expr *Read = E->getSubExpr()->IgnoreParens();
    if (mayBeGlobal(Read->getType()))
      Found = true;
    else if (const auto *Ref = dyn_cast<DeclRefExpr>(Read))
      Found = Found || Tainted.contains(dyn_cast<VarDecl>(Ref->getDecl()));
    else
      Found = Found || PointersTainted;
    return !Found;
  }
  bool VisitDeclRefExpr(DeclRefExpr *E) {
    // Read without a cast: an array, or a struct passed whole.
    if (const auto *Var = dyn_cast<VarDecl>(E->getDecl()))
      Found = Found || Tainted.contains(Var);
    return !Found;
  }

private:
  const DenseSet<const VarDecl *> &Tainted;
  bool PointersTainted;
};

bool LoopFacts::fromOthers(const Expr *E) const {
  OthersValue Finder(Tainted, PointersTainted);
  Finder.TraverseStmt(const_cast<Expr *>(E));
  return Finder.Found;
}

bool LoopFacts::waits(const Expr *Own) {
  if (Waits)
    return true;
  // The variables the loop gives a value from others, to a fixed point:
  // `v = *p; w = v + 1; if (w) break;`.
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (const Expr *Value : ThroughPointers)
      if (!PointersTainted && fromOthers(Value))
        Changed = PointersTainted = true;
    for (auto [Var, Value] : Values)
      if (!Tainted.contains(Var) && fromOthers(Value))
        Changed = Tainted.insert(Var).second;
  }
  if (Own && fromOthers(Own))
    return true;
  if (!Leaves)
    return false;
  for (const Expr *Cond : Conditions)
    if (fromOthers(Cond))
      return true;
  return false;
}

/// Finds the loops of a body and asks each whether it waits.
class LoopWalk : public RecursiveASTVisitor<LoopWalk> {
public:
  LoopWalk(const DenseSet<const CallExpr *> &UsedAtomics,
           const DenseSet<const Stmt *> &Replaced)
      : UsedAtomics(UsedAtomics), Replaced(Replaced) {}
  bool Waits = false;

  bool TraverseStmt(Stmt *S) {
    if (S && Replaced.contains(S))
      return true;
    return RecursiveASTVisitor::TraverseStmt(S);
  }
  bool TraverseBlockExpr(BlockExpr *) { return true; }

  bool VisitWhileStmt(WhileStmt *S) { return loop(S, S->getCond()); }
  bool VisitForStmt(ForStmt *S) { return loop(S, S->getCond()); }
  bool VisitDoStmt(DoStmt *S) {
    // `do { ... } while (0)`, a statement macro's idiom, runs once.
    bool Again = true;
    const Expr *Cond = S->getCond();
    if (!Cond->isValueDependent() &&
        Cond->EvaluateAsBooleanCondition(Again, *Context) && !Again)
      return true;
    return loop(S, Cond);
  }

  const ASTContext *Context = nullptr;

private:
  bool loop(Stmt *Loop, const Expr *Own) {
    LoopFacts Facts(UsedAtomics, Replaced);
    for (Stmt *Child : Loop->children())
      Facts.TraverseStmt(Child);
    // Its own condition is not one of the body's.
    Waits = Facts.waits(Own);
    return !Waits;
  }

  const DenseSet<const CallExpr *> &UsedAtomics;
  const DenseSet<const Stmt *> &Replaced;
};

} // namespace

bool hasWaitingLoop(const FunctionInfo &Info) {
  DenseSet<const CallExpr *> UsedAtomics;
  DenseSet<const Stmt *> Replaced;
  for (const CallSite &Site : Info.Sites) {
    if (Site.Loop)
      Replaced.insert(Site.Loop->Loop);
    else if (Site.isGlobalAtomic() && Site.ResultUsed)
      UsedAtomics.insert(Site.Call);
  }
  LoopWalk Walk(UsedAtomics, Replaced);
  Walk.Context = &Info.Definition->getASTContext();
  Walk.TraverseStmt(Info.Definition->getBody());
  return Walk.Waits;
}

} // namespace softatomic
