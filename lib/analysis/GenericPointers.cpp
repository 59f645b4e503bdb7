// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- GenericPointers.cpp - Proving where a generic pointer points -------===//

#include "analysis/GenericPointers.h"
#include "model/CallSites.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/RecursiveASTVisitor.h"

using namespace clang;
using namespace llvm;

namespace softatomic {

using Space = SpaceProof::Space;

/// The values assigned (`v = e`) to a function's variables, and the first
/// place each variable's address is taken (it may then change unseen).
/// Compound assignments and ++/-- are pointer arithmetic: they keep the
/// space.
struct FunctionAssignments {
  DenseMap<const VarDecl *, std::vector<const Expr *>> Assigned;
  DenseMap<const VarDecl *, SourceLocation> AddressTaken;
};

namespace {

class AssignmentFinder : public RecursiveASTVisitor<AssignmentFinder> {
public:
  AssignmentFinder() = default;
  AssignmentFinder(const AssignmentFinder &) = delete;
  AssignmentFinder &operator=(const AssignmentFinder &) = delete;

  bool VisitBinaryOperator(BinaryOperator *BO) {
    if (BO->getOpcode() == BO_Assign)
      if (const VarDecl *V = variable(BO->getLHS()))
        Found.Assigned[V].push_back(BO->getRHS());
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator *UO) {
    if (UO->getOpcode() == UO_AddrOf)
      if (const VarDecl *V = variable(UO->getSubExpr()))
        Found.AddressTaken.try_emplace(V, UO->getOperatorLoc());
    return true;
  }

  FunctionAssignments Found;

private:
  static const VarDecl *variable(const Expr *E) {
    const auto *Ref = dyn_cast<DeclRefExpr>(E->IgnoreParens());
    return Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
  }
};

} // namespace

static SpaceProof proved(Space S) {
  SpaceProof P;
  P.Result = S;
  return P;
}

static SpaceProof unknown(SourceLocation At, const Twine &Why) {
  SpaceProof P;
  P.Why.push_back({At, Why.str()});
  return P;
}

/// The space \p AS names, when it is one a proof ends in: global, local,
/// or (any other named space) unknown. Generic: std::nullopt, go on.
static std::optional<Space> namedSpace(LangAS AS) {
  switch (AS) {
  case LangAS::opencl_global:
  case LangAS::opencl_global_device:
  case LangAS::opencl_global_host:
    return Space::Global;
  case LangAS::opencl_local:
    return Space::Local;
  case LangAS::opencl_generic:
    return std::nullopt;
  default:
    return Space::Unknown;
  }
}

static StringRef spaceName(LangAS AS) {
  switch (AS) {
  case LangAS::Default:
  case LangAS::opencl_private:
    return "__private";
  case LangAS::opencl_constant:
    return "__constant";
  default:
    return "another address space's";
  }
}

/// Why the pointer \p E cannot be followed: a call's result, a pointer
/// read from memory, or an expression of another kind.
static SpaceProof unfollowed(const Expr *E) {
  if (const auto *Call = dyn_cast<CallExpr>(E)) {
    const FunctionDecl *Callee = Call->getDirectCallee();
    return unknown(
        E->getExprLoc(),
        "the pointer is returned by " +
            (Callee ? "'" + Callee->getName() + "'" : Twine("a call")) +
            " here, and results of calls are not followed");
  }
  if (E->isGLValue())
    return unknown(E->getExprLoc(), "the pointer is read from memory here, "
                                    "and memory is not followed");
  return unknown(E->getExprLoc(),
                 "cannot follow the pointer through this expression");
}

/// "parameter 'p' of 'f'" or "variable 'v'".
static std::string describeVariable(const VarDecl *Var) {
  if (isa<ParmVarDecl>(Var))
    if (const auto *F =
            dyn_cast_or_null<FunctionDecl>(Var->getParentFunctionOrMethod()))
      return ("parameter '" + Var->getName() + "' of '" + F->getName() + "'")
          .str();
  return ("variable '" + Var->getName() + "'").str();
}

GenericPointerProver::GenericPointerProver(const KernelAnalysis &Analysis)
    : Analysis(Analysis) {}

GenericPointerProver::~GenericPointerProver() = default;

const FunctionAssignments &
GenericPointerProver::assignmentsIn(const FunctionDecl *F) {
  std::unique_ptr<FunctionAssignments> &Known = ByFunction[F];
  if (!Known) {
    AssignmentFinder Finder;
    Finder.TraverseStmt(F->getBody());
    Known = std::make_unique<FunctionAssignments>(std::move(Finder.Found));
  }
  return *Known;
}

SpaceProof GenericPointerProver::prove(const Expr *Pointer) {
  SpaceProof P = follow(Pointer);
  assert(P.Result != Space::Pending && "a proof left unfinished");
  return P;
}

SpaceProof GenericPointerProver::follow(const Expr *E) {
  E = E->IgnoreParens();
  QualType T = E->getType();
  if (T->isPointerType()) {
    LangAS AS = T->getPointeeType().getAddressSpace();
    if (std::optional<Space> S = namedSpace(AS))
      return *S == Space::Unknown
                 ? unknown(E->getExprLoc(), "the pointer here points to " +
                                                spaceName(AS) + " memory")
                 : proved(*S);
  }
  if (const auto *Cast = dyn_cast<CastExpr>(E)) {
    switch (Cast->getCastKind()) {
    case CK_NoOp:
    case CK_BitCast:
    case CK_AddressSpaceConversion:
    case CK_LValueToRValue:
      return follow(Cast->getSubExpr());
    case CK_ArrayToPointerDecay:
      return proveObject(Cast->getSubExpr());
    default:
      break;
    }
  }
  if (const auto *UO = dyn_cast<UnaryOperator>(E))
    if (UO->getOpcode() == UO_AddrOf)
      return proveObject(UO->getSubExpr());
  if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
    if (BO->isAdditiveOp())
      return follow(BO->getLHS()->getType()->isPointerType() ? BO->getLHS()
                                                             : BO->getRHS());
    if (BO->getOpcode() == BO_Comma)
      return follow(BO->getRHS());
  }
  if (const auto *Cond = dyn_cast<ConditionalOperator>(E)) {
    SpaceProof True = follow(Cond->getTrueExpr());
    SpaceProof False = follow(Cond->getFalseExpr());
    if (True.Result == Space::Pending || True.Result == False.Result)
      return False;
    if (False.Result == Space::Pending)
      return True;
    if (True.Result == Space::Unknown)
      return True;
    if (False.Result == Space::Unknown)
      return False;
    return unknown(Cond->getQuestionLoc(),
                   "one side of this '?:' is a __global pointer, the other "
                   "a __local one");
  }
  if (const auto *Ref = dyn_cast<DeclRefExpr>(E))
    if (const auto *Var = dyn_cast<VarDecl>(Ref->getDecl()))
      return proveVariable(Var, Ref->getLocation());
  return unfollowed(E);
}

/// The space of the object that the lvalue \p E designates.
SpaceProof GenericPointerProver::proveObject(const Expr *E) {
  E = E->IgnoreParens();
  LangAS AS = E->getType().getAddressSpace();
  if (std::optional<Space> S = namedSpace(AS))
    return *S == Space::Unknown
               ? unknown(E->getExprLoc(),
                         "the object here is in " + spaceName(AS) + " memory")
               : proved(*S);
  if (const auto *UO = dyn_cast<UnaryOperator>(E))
    if (UO->getOpcode() == UO_Deref)
      return follow(UO->getSubExpr());
  if (const auto *Subscript = dyn_cast<ArraySubscriptExpr>(E))
    return follow(Subscript->getBase());
  if (const auto *Member = dyn_cast<MemberExpr>(E))
    return Member->isArrow() ? follow(Member->getBase())
                             : proveObject(Member->getBase());
  return unfollowed(E);
}

SpaceProof GenericPointerProver::proveVariable(const VarDecl *Var,
                                               SourceLocation Use) {
  auto Known = Proved.find(Var);
  if (Known != Proved.end())
    return Known->second;
  auto Pending = InProgress.find(Var);
  if (Pending != InProgress.end()) {
    LowestPendingHit = std::min(LowestPendingHit, Pending->second);
    return proved(Space::Pending);
  }
  const auto *F =
      dyn_cast_or_null<FunctionDecl>(Var->getParentFunctionOrMethod());
  if (!F || !Var->hasLocalStorage() || !F->hasBody())
    return unknown(Use, "the pointer comes from " + describeVariable(Var) +
                            ", which is not a variable of a function");
  const FunctionAssignments &A = assignmentsIn(F);
  auto Taken = A.AddressTaken.find(Var);
  if (Taken != A.AddressTaken.end())
    return unknown(Taken->second, "the pointer comes from " +
                                      describeVariable(Var) +
                                      ", whose address is taken here: it "
                                      "may change through a pointer");
  std::vector<Value> Values;
  if (const auto *Param = dyn_cast<ParmVarDecl>(Var)) {
    unsigned Index = Param->getFunctionScopeIndex();
    for (const auto &Entry : Analysis.Functions)
      for (const CallSite &Site : Entry.second.Sites)
        if (Site.SiteKind == CallSite::Kind::UserCall && Site.Callee == F &&
            Index < Site.Call->getNumArgs())
          Values.push_back(
              {Site.Call->getArg(Index), Site.Call->getBeginLoc()});
    if (Values.empty())
      return unknown(Use, "the pointer comes from " + describeVariable(Var) +
                              ", which no call in the file passes");
  } else if (const Expr *Init = Var->getInit())
    Values.push_back({Init, Init->getExprLoc()});
  auto Assigned = A.Assigned.find(Var);
  if (Assigned != A.Assigned.end())
    for (const Expr *E : Assigned->second)
      Values.push_back({E, E->getExprLoc()});

  unsigned Depth = InProgress.size();
  InProgress[Var] = Depth;
  unsigned Outer = LowestPendingHit;
  LowestPendingHit = ~0u;
  SpaceProof P = combine(Var, Values);
  InProgress.erase(Var);
  // Remembered only when no value leaned on a variable still being proved.
  if (LowestPendingHit >= Depth)
    Proved[Var] = P;
  else
    Outer = std::min(Outer, LowestPendingHit);
  LowestPendingHit = Outer;
  return P;
}

/// The space every value of \p Var agrees on.
SpaceProof GenericPointerProver::combine(const VarDecl *Var,
                                         const std::vector<Value> &Values) {
  bool IsParam = isa<ParmVarDecl>(Var);
  std::string From = "the pointer comes from " + describeVariable(Var) +
                     (IsParam ? ", and this call passes"
                              : ", and this value "
                                "of it is");
  const Value *FirstGlobal = nullptr, *FirstLocal = nullptr;
  for (const Value &V : Values) {
    SpaceProof P = follow(V.E);
    if (P.Result == Space::Pending)
      continue;
    if (P.Result == Space::Unknown) {
      P.Why.insert(P.Why.begin(),
                   {V.At, From + (IsParam ? " a pointer that is" : "") +
                              " not provably __global or __local"});
      return P;
    }
    const Value *&First = P.Result == Space::Local ? FirstLocal : FirstGlobal;
    if (!First)
      First = &V;
  }
  // Both: the __local value is the one that keeps it from being __global.
  if (FirstGlobal && FirstLocal)
    return unknown(FirstLocal->At,
                   From + (IsParam ? " a __local pointer where another "
                                     "passes a __global one"
                                   : " __local where another is __global"));
  if (FirstGlobal || FirstLocal)
    return proved(FirstGlobal ? Space::Global : Space::Local);
  return unknown(Var->getLocation(),
                 "the pointer comes from " + describeVariable(Var) +
                     ", which is never given a value that says where it "
                     "points");
}

} // namespace softatomic
