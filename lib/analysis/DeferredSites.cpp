// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- DeferredSites.cpp - Atomics whose result nobody reads --------------===//

#include "analysis/DeferredSites.h"
#include "support/StmtParents.h"
#include "clang/AST/Attr.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"
#include "llvm/ADT/DenseMap.h"
#include <optional>

using namespace clang;
using namespace llvm;

namespace softatomic {

bool isResultDiscarded(const CallExpr *Call, const StmtParents &Parents) {
  const Stmt *Cur = Call;
  for (;;) {
    const Stmt *P = Parents.parent(Cur);
    if (!P)
      return false;
    if (isa<ParenExpr>(P)) {
      Cur = P;
      continue;
    }
    if (const auto *Cast = dyn_cast<CStyleCastExpr>(P))
      return Cast->getType()->isVoidType();
    if (const auto *BO = dyn_cast<BinaryOperator>(P)) {
      if (BO->getOpcode() != BO_Comma)
        return false;
      if (BO->getLHS() == Cur)
        return true;
      Cur = P; // the right operand is the comma's value
      continue;
    }
    if (const auto *Block = dyn_cast<CompoundStmt>(P)) {
      // The last statement of a GNU statement expression is its value.
      const Stmt *Up = Parents.parent(Block);
      return !(Up && isa<StmtExpr>(Up) && Block->body_back() == Cur);
    }
    if (const auto *If = dyn_cast<IfStmt>(P))
      return If->getThen() == Cur || If->getElse() == Cur;
    if (const auto *For = dyn_cast<ForStmt>(P))
      return For->getBody() == Cur || For->getInit() == Cur ||
             For->getInc() == Cur;
    if (const auto *While = dyn_cast<WhileStmt>(P))
      return While->getBody() == Cur;
    if (const auto *Do = dyn_cast<DoStmt>(P))
      return Do->getBody() == Cur;
    if (const auto *Label = dyn_cast<LabelStmt>(P))
      return Label->getSubStmt() == Cur;
    if (const auto *Case = dyn_cast<SwitchCase>(P))
      return Case->getSubStmt() == Cur;
    return false;
  }
}

void markResultsRead(KernelAnalysis &Result,
                     const DenseSet<const FunctionDecl *> &Code,
                     const StmtParents &Parents) {
  for (const FunctionDecl *F : Code)
    for (CallSite &Site : Result.Functions.find(F)->second.Sites)
      if (Site.SiteKind == CallSite::Kind::Atomic &&
          Site.Atomic == AtomicKind::Global)
        Site.ResultUsed = !isResultDiscarded(Site.Call, Parents);
}

/// Builtins that order memory between work-items: with one of them in the
/// code, a deferred atomic could be seen late by a work-item that synchronised
/// with its caller.
static bool ordersMemory(StringRef Name) {
  return Name == "mem_fence" || Name == "read_mem_fence" ||
         Name == "write_mem_fence" || Name == "atomic_work_item_fence" ||
         Name.starts_with("atomic_load") || Name.starts_with("atomic_store") ||
         Name.starts_with("atomic_flag_");
}

namespace {

/// Which pointer parameters reach memory that the rewritten code touches
/// only through global atomics, and never reads (no such atomic's result is
/// used).
class AtomicOnlyTargets {
  using VarRefs =
      DenseMap<const VarDecl *, SmallVector<const DeclRefExpr *, 4>>;

public:
  AtomicOnlyTargets(const KernelAnalysis &Result, const StmtParents &Parents)
      : Parents(Parents) {
    for (const auto &Entry : Result.Functions)
      for (const CallSite &Site : Entry.second.Sites) {
        SiteOf[Site.Call] = &Site;
        if (Site.Loop)
          LoopLoads.insert(Site.Loop->LoadPointer);
        if (Site.SiteKind == CallSite::Kind::UserCall)
          Callers[Site.Callee].push_back({Entry.first, Site.Call});
      }
  }

  /// True when the pointer argument of atomic \p Site, in \p F, is based on
  /// a parameter whose memory is touched only through atomics that discard
  /// their results.
  bool siteTarget(const CallSite &Site, const FunctionDecl *F) {
    unsigned Index = 0;
    return rootParam(Site.Call->getArg(0), F, Index) && deferrable(F, Index);
  }

  /// The parameter of \p F that pointer expression \p E is based on.
  bool root(const Expr *E, const FunctionDecl *F, unsigned &Index) {
    return rootParam(E, F, Index);
  }

  /// Whether parameter \p Index of \p F is touched only through atomics
  /// whose results are unused, in F and below.
  bool atomicOnly(const FunctionDecl *F, unsigned Index) {
    return atomicOnlyIn(F, Index);
  }

private:
  struct Caller {
    const FunctionDecl *F;
    const CallExpr *Call;
  };

  /// The parameter of \p F that pointer expression \p E is based on
  /// (p, &p[i], p + i, p - i, casts, and a local pointer variable every
  /// value of which is based on the same parameter), if any.
  bool rootParam(const Expr *E, const FunctionDecl *F, unsigned &Index) {
    for (;;) {
      E = E->IgnoreParenCasts();
      if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
        if (UO->getOpcode() != UO_AddrOf)
          return false;
        const auto *Sub =
            dyn_cast<ArraySubscriptExpr>(UO->getSubExpr()->IgnoreParens());
        if (!Sub)
          return false;
        E = Sub->getBase();
        continue;
      }
      if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
        if (BO->getOpcode() != BO_Add && BO->getOpcode() != BO_Sub)
          return false;
        E = BO->getLHS()->getType()->isPointerType() ? BO->getLHS()
                                                     : BO->getRHS();
        continue;
      }
      const auto *Ref = dyn_cast<DeclRefExpr>(E);
      if (const VarDecl *Local =
              Ref ? localPointer(Ref->getDecl(), F) : nullptr)
        return rootOfLocal(Local, F, Index);
      const auto *Param = Ref ? dyn_cast<ParmVarDecl>(Ref->getDecl()) : nullptr;
      if (!Param || Param->getDeclContext() != F)
        return false;
      Index = Param->getFunctionScopeIndex();
      return true;
    }
  }

  /// \p D as an automatic pointer variable of \p F's body, else null.
  static const VarDecl *localPointer(const Decl *D, const FunctionDecl *F) {
    const auto *VD = dyn_cast<VarDecl>(D);
    if (!VD || isa<ParmVarDecl>(VD) || !VD->hasLocalStorage() ||
        VD->getDeclContext() != F || !VD->getType()->isPointerType())
      return nullptr;
    return VD;
  }

  /// How a reference to a local variable uses it: its value read, or
  /// written by `V = e` (\p Given is e), or stepped in place (++, --, +=,
  /// -=), or something else (its address taken).
  enum class LocalUse { Read, Assigned, Stepped, Other };
  LocalUse localUse(const DeclRefExpr *Ref, const Expr *&Given) const {
    const Stmt *P = Parents.parent(Ref);
    if (const auto *BO = dyn_cast_or_null<BinaryOperator>(P);
        BO && BO->getLHS() == Ref) {
      if (BO->getOpcode() == BO_Assign) {
        Given = BO->getRHS();
        return LocalUse::Assigned;
      }
      return BO->getOpcode() == BO_AddAssign || BO->getOpcode() == BO_SubAssign
                 ? LocalUse::Stepped
                 : LocalUse::Other;
    }
    if (const auto *UO = dyn_cast_or_null<UnaryOperator>(P))
      return UO->isIncrementDecrementOp() ? LocalUse::Stepped : LocalUse::Other;
    return isa_and_nonnull<ImplicitCastExpr>(P) ? LocalUse::Read
                                                : LocalUse::Other;
  }

  /// The parameter that every value of local pointer \p V is based on.
  /// While V's own values are being followed (`V = V + 1`), V stands for
  /// whatever the others agree on (Index InProgress).
  bool rootOfLocal(const VarDecl *V, const FunctionDecl *F, unsigned &Index) {
    auto Known = LocalRoot.find(V);
    if (Known != LocalRoot.end()) {
      Index = Known->second.value_or(0);
      return Known->second.has_value();
    }
    LocalRoot[V] = InProgress;
    std::optional<unsigned> Root;
    bool Agree = true;
    auto Take = [&](const Expr *Given) {
      unsigned I = 0;
      if (!rootParam(Given, F, I))
        Agree = false;
      else if (I != InProgress) {
        Agree &= !Root || *Root == I;
        Root = I;
      }
    };
    if (const Expr *Init = V->getInit())
      Take(Init);
    for (const DeclRefExpr *Ref : refsIn(F).lookup(V)) {
      const Expr *Given = nullptr;
      LocalUse Use = localUse(Ref, Given);
      if (Use == LocalUse::Assigned)
        Take(Given);
      else if (Use == LocalUse::Other)
        Agree = false;
    }
    if (!Agree)
      Root.reset();
    LocalRoot[V] = Root;
    Index = Root.value_or(0);
    return Root.has_value();
  }

  /// True when parameter \p Index of \p F is touched only through atomics
  /// in F and below, and (for a function that is not a kernel) every call
  /// of F passes memory of that kind.
  bool deferrable(const FunctionDecl *F, unsigned Index) {
    auto Key = std::make_pair(F, Index);
    auto Known = Deferrable.find(Key);
    if (Known != Deferrable.end())
      return Known->second;
    bool Yes = atomicOnlyIn(F, Index);
    if (Yes && !F->hasAttr<OpenCLKernelAttr>()) {
      auto It = Callers.find(F);
      Yes = It != Callers.end();
      for (const Caller &C : Yes ? It->second : std::vector<Caller>()) {
        unsigned CallerIndex = 0;
        if (Index >= C.Call->getNumArgs() ||
            !rootParam(C.Call->getArg(Index), C.F, CallerIndex) ||
            !deferrable(C.F, CallerIndex)) {
          Yes = false;
          break;
        }
      }
    }
    Deferrable[Key] = Yes;
    return Yes;
  }

  /// True when every use of parameter \p Index in \p F's body is the
  /// pointer argument of a global atomic whose result is discarded, or is
  /// passed on to a parameter
  /// of a user function that is itself touched only through atomics.
  bool atomicOnlyIn(const FunctionDecl *F, unsigned Index) {
    auto Key = std::make_pair(F, Index);
    auto Known = AtomicOnly.find(Key);
    if (Known != AtomicOnly.end())
      return Known->second;
    bool Yes = Index < F->getNumParams() && F->getBody();
    if (Yes) {
      const VarRefs &Refs = refsIn(F);
      auto Uses = Refs.find(F->getParamDecl(Index));
      if (Uses != Refs.end())
        Yes = llvm::all_of(Uses->second, [&](const DeclRefExpr *Ref) {
          return useIsAtomicOnly(Ref);
        });
    }
    AtomicOnly[Key] = Yes;
    return Yes;
  }

  /// The references to every variable of \p F (its parameters, its local
  /// variables), found in one pass.
  const VarRefs &refsIn(const FunctionDecl *F) {
    auto Found = UsesIn.find(F);
    if (Found == UsesIn.end()) {
      VarRefs Uses;
      for (const Stmt *S : Parents.statements(F->getBody()))
        if (const auto *Ref = dyn_cast<DeclRefExpr>(S))
          if (const auto *Var = dyn_cast<VarDecl>(Ref->getDecl()))
            Uses[Var].push_back(Ref);
      Found = UsesIn.insert({F, std::move(Uses)}).first;
    }
    return Found->second;
  }

  /// True when every read of local pointer \p V, given a value based on
  /// memory whose atomics-only use is in question, is atomic only (its
  /// writes, `V = e`, `V++`, `V += i`, are not uses of that memory).
  bool localIsAtomicOnly(const VarDecl *V) {
    auto Known = LocalAtomicOnly.find(V);
    if (Known != LocalAtomicOnly.end())
      return Known->second;
    LocalAtomicOnly[V] = true; // a read that flows back into V
    const auto *F = cast<FunctionDecl>(V->getDeclContext());
    bool Yes = llvm::all_of(refsIn(F).lookup(V), [&](const DeclRefExpr *Ref) {
      const Expr *Given = nullptr;
      LocalUse Use = localUse(Ref, Given);
      return Use == LocalUse::Assigned || Use == LocalUse::Stepped ||
             (Use == LocalUse::Read && useIsAtomicOnly(Ref));
    });
    LocalAtomicOnly[V] = Yes;
    return Yes;
  }

  /// Follows one use up to the call it is an argument of: through parens,
  /// pointer casts, pointer arithmetic and &p[i], never through a load, a
  /// store or an assignment.
  bool useIsAtomicOnly(const DeclRefExpr *Ref) {
    const Stmt *Cur = Ref;
    bool Lvalue = false; // an element p[i], which only & may take
    for (;;) {
      // The read of a float-add loop is the add's own.
      if (!Lvalue && LoopLoads.contains(Cur))
        return true;
      const Stmt *P = Parents.parent(Cur);
      if (!P)
        return false;
      if (isa<ParenExpr>(P)) {
      } else if (const auto *Cast = dyn_cast<CastExpr>(P)) {
        if (Lvalue || !Cast->getType()->isPointerType())
          return false;
      } else if (const auto *Sub = dyn_cast<ArraySubscriptExpr>(P)) {
        if (Lvalue || Sub->getBase() != Cur)
          return false;
        Lvalue = true;
      } else if (const auto *UO = dyn_cast<UnaryOperator>(P)) {
        if (!Lvalue || UO->getOpcode() != UO_AddrOf)
          return false;
        Lvalue = false;
      } else if (const VarDecl *Into = Lvalue ? nullptr : givenTo(P, Cur)) {
        return localIsAtomicOnly(Into);
      } else if (const auto *BO = dyn_cast<BinaryOperator>(P)) {
        if (Lvalue ||
            (BO->getOpcode() != BO_Add && BO->getOpcode() != BO_Sub) ||
            !BO->getType()->isPointerType())
          return false;
      } else if (const auto *Call = dyn_cast<CallExpr>(P)) {
        return !Lvalue && argumentIsAtomicOnly(Call, Cur);
      } else {
        return false;
      }
      Cur = P;
    }
  }

  /// The local pointer variable that \p P, the parent of \p Value, gives
  /// \p Value to (as its initialiser, or by `V = Value`), if any.
  static const VarDecl *givenTo(const Stmt *P, const Stmt *Value) {
    const VarDecl *V = nullptr;
    if (const auto *DS = dyn_cast<DeclStmt>(P)) {
      for (const Decl *D : DS->decls())
        if (const auto *VD = dyn_cast<VarDecl>(D); VD && VD->getInit() == Value)
          V = VD;
    } else if (const auto *BO = dyn_cast<BinaryOperator>(P)) {
      const auto *LHS = dyn_cast<DeclRefExpr>(BO->getLHS());
      if (BO->getOpcode() == BO_Assign && BO->getRHS() == Value && LHS)
        V = dyn_cast<VarDecl>(LHS->getDecl());
    }
    const auto *F = V ? dyn_cast<FunctionDecl>(V->getDeclContext()) : nullptr;
    return F ? localPointer(V, F) : nullptr;
  }

  bool argumentIsAtomicOnly(const CallExpr *Call, const Stmt *Arg) {
    auto It = SiteOf.find(Call);
    if (It == SiteOf.end())
      return false; // another builtin: vload, async copy, ...
    const CallSite &Site = *It->second;
    unsigned Index = 0;
    while (Index < Call->getNumArgs() && Call->getArg(Index) != Arg)
      ++Index;
    if (Index == Call->getNumArgs())
      return false;
    // An atomic whose value is read observes the memory: another group may
    // be waiting there for a deferred update (a flag released by an add, a
    // chained scan), which the worker would send only when it ends.
    if (Site.SiteKind == CallSite::Kind::Atomic)
      return Index == 0 && Site.Atomic == AtomicKind::Global &&
             (Site.Loop || !Site.ResultUsed);
    if (Site.SiteKind == CallSite::Kind::UserCall)
      return atomicOnlyIn(Site.Callee, Index);
    return false;
  }

  const StmtParents &Parents;
  DenseMap<const CallExpr *, const CallSite *> SiteOf;
  /// The pointers float-add loops read their targets through.
  DenseSet<const Stmt *> LoopLoads;
  DenseMap<const FunctionDecl *, std::vector<Caller>> Callers;
  DenseMap<std::pair<const FunctionDecl *, unsigned>, bool> AtomicOnly;
  DenseMap<const FunctionDecl *, VarRefs> UsesIn;
  /// Per local pointer variable: the parameter its values are based on
  /// (InProgress while they are being followed).
  static constexpr unsigned InProgress = ~0u;
  DenseMap<const VarDecl *, std::optional<unsigned>> LocalRoot;
  DenseMap<const VarDecl *, bool> LocalAtomicOnly;
  DenseMap<std::pair<const FunctionDecl *, unsigned>, bool> Deferrable;
};

} // namespace

/// Notes, for the privatized form (PrivateTargets.h), the parameter each
/// global atomic's target and each user call's arguments are based on.
static void noteTargets(KernelAnalysis &Result,
                        const DenseSet<const FunctionDecl *> &Code,
                        AtomicOnlyTargets &Targets) {
  for (auto &Entry : Result.Functions) {
    if (!Code.contains(Entry.first))
      continue;
    for (CallSite &Site : Entry.second.Sites) {
      unsigned Index = 0;
      if (Site.SiteKind == CallSite::Kind::Atomic &&
          Site.Atomic == AtomicKind::Global && Site.Call->getNumArgs() > 0 &&
          Targets.root(Site.Call->getArg(0), Entry.first, Index)) {
        Site.TargetParam = (int)Index;
        Site.TargetAtomicOnly = Targets.atomicOnly(Entry.first, Index);
      }
      if (Site.SiteKind != CallSite::Kind::UserCall)
        continue;
      Site.ArgRoots.assign(Site.Call->getNumArgs(), -1);
      for (unsigned A = 0; A < Site.Call->getNumArgs(); ++A)
        if (Site.Call->getArg(A)->getType()->isPointerType() &&
            Targets.root(Site.Call->getArg(A), Entry.first, Index))
          Site.ArgRoots[A] = (int)Index;
    }
  }
}

/// Whether \p Code orders memory between work-items explicitly.
static bool codeOrdersMemory(const KernelAnalysis &Result,
                             const DenseSet<const FunctionDecl *> &Code,
                             const StmtParents &Parents) {
  for (const FunctionDecl *F : Code) {
    if (llvm::any_of(Parents.statements(F->getBody()), [](const Stmt *S) {
          const auto *Call = dyn_cast<CallExpr>(S);
          const FunctionDecl *Callee = Call ? Call->getDirectCallee() : nullptr;
          return Callee && Callee->getIdentifier() &&
                 ordersMemory(Callee->getName());
        }))
      return true;
    // An OpenCL 2.0 atomic on memory other than __local with an order
    // stronger than relaxed (implicit forms are seq_cst) orders memory too:
    // a deferred atomic before its release could be missed by the
    // work-item that acquires it.
    auto Info = Result.Functions.find(F);
    if (Info != Result.Functions.end() &&
        llvm::any_of(Info->second.Sites, [](const CallSite &Site) {
          return Site.SiteKind == CallSite::Kind::Atomic && Site.Builtin &&
                 Site.Builtin->Cl20 && Site.Atomic != AtomicKind::Local &&
                 !Site.Relaxed;
        }))
      return true;
  }
  return false;
}

void markDeferredSites(KernelAnalysis &Result,
                       const DenseSet<const FunctionDecl *> &Code,
                       const StmtParents &Parents, bool ReassociateFloats) {
  AtomicOnlyTargets Targets(Result, Parents);
  noteTargets(Result, Code, Targets);
  Result.OrdersMemory = codeOrdersMemory(Result, Code, Parents);
  if (Result.OrdersMemory)
    return;
  SmallVector<std::pair<CallSite *, const FunctionDecl *>, 16> Chosen;
  for (auto &Entry : Result.Functions) {
    if (!Code.contains(Entry.first))
      continue;
    for (CallSite &Site : Entry.second.Sites)
      // 64-bit calls are never deferred: the worker's table combines
      // 32-bit operands (docs/REWRITE.md, "The deferred form").
      if (Site.SiteKind == CallSite::Kind::Atomic &&
          Site.Atomic == AtomicKind::Global && !Site.InBlock && !Site.Wide &&
          isDeferrable(*Site.Builtin, Site.Relaxed, Site.Entry.Type) &&
          (ReassociateFloats || !Site.FloatSum) &&
          (Site.Loop || !Site.ResultUsed) &&
          Targets.siteTarget(Site, Entry.first))
        Chosen.push_back({&Site, Entry.first});
  }
  // Renamed after the walk: the analysis above reads the sites.
  for (auto &[Site, F] : Chosen)
    Site->Form = CallForm::Deferred;
}

} // namespace softatomic
