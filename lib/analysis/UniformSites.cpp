// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- UniformSites.cpp - Calls every work-item of a group reaches --------===//

#include "analysis/UniformSites.h"
#include "support/StmtParents.h"
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

/// "the `if` at 12:5": a statement's kind and where it begins.
static std::string placed(const char *What, const Stmt *S,
                          const SourceManager &SM) {
  PresumedLoc P = SM.getPresumedLoc(SM.getExpansionLoc(S->getBeginLoc()));
  if (P.isInvalid())
    return What;
  return std::string(What) + " at " + std::to_string(P.getLine()) + ":" +
         std::to_string(P.getColumn());
}

/// What keeps \p Child of \p S (on the way up from a call) from being
/// evaluated once by every work-item, in words; empty where nothing does.
std::string WholeGroupSites::blockedBy(const Stmt *S, const Stmt *Child,
                                       const FunctionDecl *Kernel) {
  if (const auto *For = dyn_cast<ForStmt>(S))
    return For->getBody() == Child && uniformFor(For, Kernel)
               ? ""
               : placed("the loop", S, SM) +
                     " may run a different number of times per work-item";
  if (const auto *DS = dyn_cast<DeclStmt>(S)) {
    bool Static = llvm::any_of(DS->decls(), [](const Decl *D) {
      const auto *VD = dyn_cast<VarDecl>(D);
      return VD && VD->isStaticLocal();
    });
    return Static ? placed("the static declaration", S, SM) : "";
  }
  if (isa<CompoundStmt>(S) || evaluatesEveryOperand(S))
    return "";
  if (isa<WhileStmt, DoStmt, ForStmt>(S))
    return placed("the loop", S, SM) +
           " may run a different number of times per work-item";
  if (isa<IfStmt, SwitchStmt>(S))
    return placed(isa<IfStmt>(S) ? "the `if`" : "the `switch`", S, SM) +
           " decides per work-item whether it is called";
  return placed("the condition", S, SM) +
         " (?:, && or ||) decides per work-item whether it is called";
}

std::string WholeGroupSites::whyNotReached(const Stmt *Site,
                                           const FunctionDecl *Kernel) {
  const auto *Body = dyn_cast_or_null<CompoundStmt>(Kernel->getBody());
  if (!Body)
    return "the kernel has no body";
  // Up from the call to the body: operands evaluated unconditionally, then
  // statements that run once (a declaration of automatic variables, plain
  // blocks) or once per iteration of a loop that every work-item of the
  // group runs as often (uniformFor).
  const Stmt *Child = Site;
  for (const Stmt *S = Parents.parent(Site); S != Body;
       Child = S, S = Parents.parent(S)) {
    if (!S)
      return "it is not in the kernel's own body";
    if (std::string Why = blockedBy(S, Child, Kernel); !Why.empty())
      return Why;
  }
  // The body's first exit, found once per kernel.
  auto It = FirstExit.find(Kernel);
  if (It == FirstExit.end()) {
    const Stmt *First = nullptr;
    for (const Stmt *S : Parents.statements(Body))
      if (exitsKernel(S, Parents) &&
          (!First || SM.isBeforeInTranslationUnit(S->getBeginLoc(),
                                                  First->getBeginLoc())))
        First = S;
    It = FirstExit.insert({Kernel, First}).first;
  }
  if (It->second && SM.isBeforeInTranslationUnit(It->second->getBeginLoc(),
                                                 Site->getBeginLoc()))
    return placed("the exit", It->second, SM) +
           " (a return, goto or label) comes before it";
  return "";
}

bool WholeGroupSites::reached(const Stmt *Site, const FunctionDecl *Kernel) {
  return whyNotReached(Site, Kernel).empty();
}

/// True when \p Ref's variable is written there: assigned, stepped, or
/// its address taken.
static bool writes(const DeclRefExpr *Ref, const StmtParents &Parents) {
  const Stmt *Written = Ref, *P = Parents.parent(Ref);
  for (; isa_and_nonnull<ParenExpr>(P); P = Parents.parent(P))
    Written = P; // (n)++ writes n
  if (const auto *BO = dyn_cast_or_null<BinaryOperator>(P))
    return BO->isAssignmentOp() && BO->getLHS() == Written;
  if (const auto *UO = dyn_cast_or_null<UnaryOperator>(P))
    return UO->isIncrementDecrementOp() || UO->getOpcode() == UO_AddrOf;
  return false;
}

/// The variables of \p Kernel that some statement of it writes.
const llvm::DenseSet<const VarDecl *> &
WholeGroupSites::written(const FunctionDecl *Kernel) {
  auto It = Written.find(Kernel);
  if (It == Written.end()) {
    llvm::DenseSet<const VarDecl *> Vars;
    for (const Stmt *S : Parents.statements(Kernel->getBody()))
      if (const auto *Ref = dyn_cast<DeclRefExpr>(S))
        if (const auto *VD = dyn_cast<VarDecl>(Ref->getDecl());
            VD && writes(Ref, Parents))
          Vars.insert(VD);
    It = Written.insert({Kernel, std::move(Vars)}).first;
  }
  return It->second;
}

/// Geometry the whole group shares.
static bool isGroupUniformBuiltin(const CallExpr *Call) {
  const FunctionDecl *Callee = Call->getDirectCallee();
  if (!Callee || !Callee->getIdentifier())
    return false;
  StringRef Name = Callee->getName();
  return Name == "get_local_size" || Name == "get_num_groups" ||
         Name == "get_global_size" || Name == "get_work_dim" ||
         Name == "get_enqueued_local_size";
}

/// True when \p E has the same value in every work-item of a group that
/// evaluates it at the same point: literals, the kernel's scalar
/// parameters that it never writes, \p Counters, the group's geometry, and
/// arithmetic, comparisons and casts of those.
bool WholeGroupSites::uniformValue(
    const Expr *E, const FunctionDecl *Kernel,
    const llvm::SmallPtrSetImpl<const VarDecl *> &Counters) {
  E = E->IgnoreParenImpCasts();
  if (isa<IntegerLiteral>(E) || isa<CharacterLiteral>(E) ||
      isa<UnaryExprOrTypeTraitExpr>(E))
    return true;
  if (const auto *Ref = dyn_cast<DeclRefExpr>(E)) {
    if (isa<EnumConstantDecl>(Ref->getDecl()))
      return true;
    const auto *VD = dyn_cast<VarDecl>(Ref->getDecl());
    if (!VD)
      return false;
    if (Counters.contains(VD))
      return true;
    return isa<ParmVarDecl>(VD) && VD->getDeclContext() == Kernel &&
           VD->getType()->isIntegerType() && !written(Kernel).contains(VD);
  }
  if (const auto *Cast = dyn_cast<CastExpr>(E))
    return uniformValue(Cast->getSubExpr(), Kernel, Counters);
  if (const auto *UO = dyn_cast<UnaryOperator>(E))
    return !UO->isIncrementDecrementOp() && UO->getOpcode() != UO_AddrOf &&
           UO->getOpcode() != UO_Deref &&
           uniformValue(UO->getSubExpr(), Kernel, Counters);
  if (const auto *BO = dyn_cast<BinaryOperator>(E))
    return !BO->isAssignmentOp() && !BO->isCommaOp() &&
           uniformValue(BO->getLHS(), Kernel, Counters) &&
           uniformValue(BO->getRHS(), Kernel, Counters);
  if (const auto *CO = dyn_cast<ConditionalOperator>(E))
    return uniformValue(CO->getCond(), Kernel, Counters) &&
           uniformValue(CO->getTrueExpr(), Kernel, Counters) &&
           uniformValue(CO->getFalseExpr(), Kernel, Counters);
  if (const auto *Call = dyn_cast<CallExpr>(E))
    return isGroupUniformBuiltin(Call) &&
           llvm::all_of(Call->arguments(), [&](const Expr *Arg) {
             return uniformValue(Arg, Kernel, Counters);
           });
  return false;
}

/// True for a step of a counter: `++k`, `k++`, `--k`, `k--`, `k += u`,
/// `k -= u`, `k = u`, commas of those, with u uniform.
bool WholeGroupSites::uniformStep(
    const Expr *E, const FunctionDecl *Kernel,
    llvm::SmallPtrSetImpl<const VarDecl *> &Counters, bool Declares) {
  E = E->IgnoreParens();
  if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
    if (BO->isCommaOp())
      return uniformStep(BO->getLHS(), Kernel, Counters, Declares) &&
             uniformStep(BO->getRHS(), Kernel, Counters, Declares);
    const auto *Ref = dyn_cast<DeclRefExpr>(BO->getLHS()->IgnoreParens());
    const auto *VD = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
    if (!VD || !VD->hasLocalStorage() || isa<ParmVarDecl>(VD) ||
        !(BO->getOpcode() == BO_Assign || BO->getOpcode() == BO_AddAssign ||
          BO->getOpcode() == BO_SubAssign))
      return false;
    if (Declares)
      Counters.insert(VD);
    return Counters.contains(VD) &&
           uniformValue(BO->getRHS(), Kernel, Counters);
  }
  if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
    const auto *Ref = dyn_cast<DeclRefExpr>(UO->getSubExpr()->IgnoreParens());
    const auto *VD = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
    return UO->isIncrementDecrementOp() && VD && Counters.contains(VD);
  }
  return false;
}

/// True when every work-item of a group that reaches \p For runs its body
/// equally often: its initialisation gives its counters (local variables)
/// uniform values, its condition and step are uniform in them, nothing
/// else writes them, and nothing leaves an iteration early (no break,
/// continue, return, goto or label in the body).
bool WholeGroupSites::uniformFor(const ForStmt *For,
                                 const FunctionDecl *Kernel) {
  auto Known = UniformLoops.find(For);
  if (Known != UniformLoops.end())
    return Known->second;
  llvm::SmallPtrSet<const VarDecl *, 4> Counters;
  bool Yes = For->getCond() && For->getInc();
  if (Yes && For->getInit()) {
    if (const auto *DS = dyn_cast<DeclStmt>(For->getInit())) {
      for (const Decl *D : DS->decls()) {
        const auto *VD = dyn_cast<VarDecl>(D);
        Yes &= VD && !VD->isStaticLocal() && VD->getInit() &&
               VD->getType()->isIntegerType() &&
               uniformValue(VD->getInit(), Kernel, Counters);
        if (Yes)
          Counters.insert(VD);
      }
    } else if (const auto *Init = dyn_cast<Expr>(For->getInit())) {
      Yes &= uniformStep(Init, Kernel, Counters, /*Declares=*/true);
    } else {
      Yes = false;
    }
  }
  Yes = Yes && !Counters.empty() &&
        uniformValue(For->getCond(), Kernel, Counters) &&
        uniformStep(For->getInc(), Kernel, Counters, /*Declares=*/false);
  // Nothing in the body writes a counter or leaves an iteration early.
  if (Yes) {
    SmallVector<const Stmt *, 32> Work = {For->getBody()};
    while (Yes && !Work.empty()) {
      const Stmt *S = Work.pop_back_val();
      if (!S)
        continue;
      if (isa<BreakStmt>(S) || isa<ContinueStmt>(S) || isa<ReturnStmt>(S) ||
          isa<GotoStmt>(S) || isa<IndirectGotoStmt>(S) || isa<LabelStmt>(S))
        Yes = false;
      else if (const auto *Ref = dyn_cast<DeclRefExpr>(S)) {
        const auto *VD = dyn_cast<VarDecl>(Ref->getDecl());
        Yes = !(VD && Counters.contains(VD) && writes(Ref, Parents));
      }
      Work.append(S->child_begin(), S->child_end());
    }
  }
  UniformLoops[For] = Yes;
  return Yes;
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
  SmallVector<SourceLocation, 8> Locs = {
      If->getIfLoc(), If->getLParenLoc(), If->getRParenLoc(),
      Call->getBeginLoc(), Call->getRParenLoc()};
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
static bool refersInto(const Stmt *S, const Stmt *Scope,
                       const SourceManager &SM) {
  if (!S)
    return false;
  if (const auto *Ref = dyn_cast<DeclRefExpr>(S))
    if (const auto *VD = dyn_cast<VarDecl>(Ref->getDecl()))
      if (SM.isPointWithin(VD->getLocation(), Scope->getBeginLoc(),
                           Scope->getEndLoc()))
        return true;
  return llvm::any_of(S->children(),
                      [&](const Stmt *C) { return refersInto(C, Scope, SM); });
}

const IfStmt *WholeGroupSites::guardingIf(const CallExpr *Call,
                                          const FunctionDecl *Kernel) {
  const Stmt *Child = Call;
  for (const Stmt *S = Parents.parent(Call); S;
       Child = S, S = Parents.parent(S)) {
    if (const auto *If = dyn_cast<IfStmt>(S)) {
      // In a block: the rewrite declares the guard's variables before it.
      if (Child != If->getThen() ||
          !isa_and_nonnull<CompoundStmt>(Parents.parent(If)) || If->getInit() ||
          If->getConditionVariable() || If->isConstexpr() ||
          If->isConsteval() || !writtenInOneFile(If, Call, SM) ||
          !reached(If, Kernel) ||
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
