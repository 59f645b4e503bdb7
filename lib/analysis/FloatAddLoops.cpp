// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- FloatAddLoops.cpp - Float adds written as compare-exchange loops ---===//

#include "analysis/FloatAddLoops.h"
#include "model/CallSites.h"
#include "support/StmtParents.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/FoldingSet.h"

using namespace clang;
using namespace llvm;

namespace softatomic {

/// What a recognised loop becomes: a float (double) add or subtract in the
/// shape of the 1.x atomics (the runtime's __sa_atomic_add_float and
/// __sa_atomic_add_double), named in messages after the compare-exchange
/// it replaces.
static const AtomicBuiltin FloatAddBuiltin = {"atomic_cmpxchg", AtomicOp::Add,
                                              2};
static const AtomicBuiltin FloatSubBuiltin = {"atomic_cmpxchg", AtomicOp::Sub,
                                              2};
static const AtomicBuiltin DoubleAddBuiltin = {"atom_cmpxchg", AtomicOp::Add,
                                               2};
static const AtomicBuiltin DoubleSubBuiltin = {"atom_cmpxchg", AtomicOp::Sub,
                                               2};

namespace {

/// A private word the loop keeps a value in: a local variable, or a field
/// of one. The fields of a union of the word's size share its one word, so
/// they are that word alike (`old.u` is the bits of `old.f`).
struct Word {
  const VarDecl *Var = nullptr;
  const FieldDecl *Field = nullptr;
  QualType Type; ///< as the access reads it: the float, or an integer
  bool same(const Word &O) const { return Var == O.Var && Field == O.Field; }
};

class LoopMatcher {
public:
  /// \p Bits: the compare-exchange's width, 32 (a float's loop) or 64 (a
  /// double's, on atom_cmpxchg of cl_khr_int64_base_atomics).
  LoopMatcher(const CallExpr *Cmpxchg, const FunctionDecl *F,
              const StmtParents &Parents, ASTContext &Ctx, unsigned Bits)
      : Cmpxchg(Cmpxchg), F(F), Parents(Parents), Ctx(Ctx), Bits(Bits) {}

  /// The loop, when it is provably one float add on the compare-exchange's
  /// target and nothing else.
  std::optional<FloatAddLoop> match(bool &Subtract);

private:
  bool takeLoop(const BinaryOperator *Compare, FloatAddLoop &Loop,
                SmallVectorImpl<const Stmt *> &Body) const;
  bool addsAlone(FloatAddLoop &Loop, const Word &Old, const Word &New) const;
  bool isWordInteger(QualType T) const {
    return T->isIntegerType() && Ctx.getTypeSize(T) == Bits;
  }
  /// The floating type of the word's width: float, or double.
  bool isFloat(QualType T) const {
    return T->isSpecificBuiltinType(Bits == 64 ? BuiltinType::Double
                                               : BuiltinType::Float);
  }

  /// \p E without parentheses and the implicit casts that keep its bits
  /// (a read of a variable, int to uint): never a float's conversion.
  const Expr *stripBitCasts(const Expr *E) const {
    for (;;) {
      E = E->IgnoreParens();
      const auto *Cast = dyn_cast<ImplicitCastExpr>(E);
      if (!Cast)
        return E;
      CastKind K = Cast->getCastKind();
      bool Keeps = K == CK_LValueToRValue || K == CK_NoOp ||
                   (K == CK_IntegralCast && isWordInteger(Cast->getType()) &&
                    isWordInteger(Cast->getSubExpr()->getType()));
      if (!Keeps)
        return E;
      E = Cast->getSubExpr();
    }
  }

  /// The word \p E accesses (`v`, `u.f`), if it is one of F's own.
  std::optional<Word> word(const Expr *E) const {
    E = stripBitCasts(E);
    Word W;
    W.Type = E->getType();
    if (const auto *Member = dyn_cast<MemberExpr>(E)) {
      W.Field = dyn_cast<FieldDecl>(Member->getMemberDecl());
      if (Member->isArrow() || !W.Field)
        return std::nullopt;
      E = Member->getBase()->IgnoreParens();
    }
    const auto *Ref = dyn_cast<DeclRefExpr>(E);
    W.Var = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
    if (!W.Var || isa<ParmVarDecl>(W.Var) || !W.Var->hasLocalStorage() ||
        W.Var->getDeclContext() != F)
      return std::nullopt;
    if (W.Field && W.Field->getParent()->isUnion()) {
      if (Ctx.getTypeSize(W.Var->getType()) != Bits)
        return std::nullopt;
      W.Field = nullptr;
    }
    if (!isFloat(W.Type) && !isWordInteger(W.Type))
      return std::nullopt;
    return W;
  }

  /// The operand of `as_<type>(x)` (__builtin_astype, which opencl-c.h's
  /// as_ macros expand to) when \p E is one whose result is the float (\p
  /// ToFloat) or an integer of the word's width.
  const Expr *astypeOperand(const Expr *E, bool ToFloat) const {
    const auto *AsType = dyn_cast<AsTypeExpr>(stripBitCasts(E));
    if (!AsType || (ToFloat ? !isFloat(AsType->getType())
                            : !isWordInteger(AsType->getType())))
      return nullptr;
    return AsType->getSrcExpr();
  }

  /// The word whose value \p E is, as a float (\p AsFloat: a float word,
  /// or as_float of an integer word) or as bits (an integer word, or
  /// as_uint of a float word). (A word's fields are all of its width, and
  /// word() takes the float and integers of that width only.)
  std::optional<Word> view(const Expr *E, bool AsFloat) const {
    const Expr *Src = astypeOperand(E, AsFloat);
    std::optional<Word> W = word(Src ? Src : E);
    // as_<type> turns the word's kind into the other one.
    return W && (isFloat(W->Type) == AsFloat) != (Src != nullptr)
               ? W
               : std::nullopt;
  }
  std::optional<Word> bitsOf(const Expr *E) const { return view(E, false); }
  std::optional<Word> floatOf(const Expr *E) const { return view(E, true); }

  /// The value that \p E adds to (subtracts from) the float value of \p
  /// Old, in float arithmetic: `as_float(old) + v`, `v + old.f`,
  /// `old.f - v`.
  const Expr *addend(const Expr *E, const Word &Old, bool &Subtract) const {
    const auto *Sum = dyn_cast<BinaryOperator>(E->IgnoreParens());
    if (!Sum || !isFloat(Sum->getType()))
      return nullptr;
    std::optional<Word> L = floatOf(Sum->getLHS());
    std::optional<Word> R = floatOf(Sum->getRHS());
    Subtract = Sum->getOpcode() == BO_Sub;
    if ((Sum->getOpcode() == BO_Add || Subtract) && L && L->same(Old))
      return Sum->getRHS();
    if (Sum->getOpcode() == BO_Add && R && R->same(Old))
      return Sum->getLHS();
    return nullptr;
  }

  /// A statement that gives a word a value: `w = e;`, `T w = e;`.
  bool assignment(const Stmt *S, Word &To, const Expr *&Value) const {
    if (const auto *Assign = dyn_cast<BinaryOperator>(S)) {
      std::optional<Word> W = Assign->getOpcode() == BO_Assign
                                  ? word(Assign->getLHS())
                                  : std::nullopt;
      if (!W)
        return false;
      To = *W;
      Value = Assign->getRHS();
      return true;
    }
    const auto *DS = dyn_cast<DeclStmt>(S);
    const auto *Var = DS && DS->isSingleDecl()
                          ? dyn_cast<VarDecl>(DS->getSingleDecl())
                          : nullptr;
    if (!Var || !Var->getInit() || !Var->hasLocalStorage() ||
        (!isFloat(Var->getType()) && !isWordInteger(Var->getType())))
      return false;
    To = Word{Var, nullptr, Var->getType()};
    Value = Var->getInit();
    return true;
  }

  bool sameExpr(const Expr *A, const Expr *B) const {
    FoldingSetNodeID IA, IB;
    A->Profile(IA, Ctx, /*Canonical=*/true);
    B->Profile(IB, Ctx, /*Canonical=*/true);
    return IA == IB;
  }

  /// The pointer through which \p Load reads the word at the
  /// compare-exchange's pointer \p Pointer (`*p`, `p[i]` for `&p[i]` or
  /// `p + i`), else null.
  const Expr *loadPointer(const Expr *Load, const Expr *Pointer) const {
    const Expr *P = Pointer->IgnoreParenCasts();
    if (const auto *Deref = dyn_cast<UnaryOperator>(Load))
      return Deref->getOpcode() == UO_Deref &&
                     sameExpr(Deref->getSubExpr()->IgnoreParenCasts(), P)
                 ? Deref->getSubExpr()
                 : nullptr;
    const auto *Sub = dyn_cast<ArraySubscriptExpr>(Load);
    if (!Sub)
      return nullptr;
    const Expr *Base = nullptr, *Index = nullptr;
    if (const auto *Addr = dyn_cast<UnaryOperator>(P);
        Addr && Addr->getOpcode() == UO_AddrOf)
      if (const auto *Of = dyn_cast<ArraySubscriptExpr>(
              Addr->getSubExpr()->IgnoreParens())) {
        Base = Of->getBase();
        Index = Of->getIdx();
      }
    if (const auto *Plus = dyn_cast<BinaryOperator>(P);
        Plus && Plus->getOpcode() == BO_Add &&
        Plus->getLHS()->getType()->isPointerType()) {
      Base = Plus->getLHS();
      Index = Plus->getRHS();
    }
    return Base &&
                   sameExpr(Sub->getBase()->IgnoreParenCasts(),
                            Base->IgnoreParenCasts()) &&
                   sameExpr(Sub->getIdx()->IgnoreParenImpCasts(),
                            Index->IgnoreParenImpCasts())
               ? Sub->getBase()
               : nullptr;
  }

  static bool containsCall(const Stmt *S) {
    if (!S)
      return false;
    if (isa<CallExpr>(S))
      return true;
    return llvm::any_of(S->children(), containsCall);
  }

  /// True when \p S refers to \p Var.
  static bool refersTo(const Stmt *S, const VarDecl *Var) {
    if (!S)
      return false;
    if (const auto *Ref = dyn_cast<DeclRefExpr>(S);
        Ref && Ref->getDecl() == Var)
      return true;
    return llvm::any_of(S->children(),
                        [&](const Stmt *C) { return refersTo(C, Var); });
  }

  /// True when every reference to \p Var in F lies inside \p Loop.
  bool onlyIn(const VarDecl *Var, const Stmt *Loop) const {
    for (const Stmt *S : Parents.statements(F->getBody())) {
      const auto *Ref = dyn_cast<DeclRefExpr>(S);
      if (!Ref || Ref->getDecl() != Var)
        continue;
      const Stmt *Up = Ref;
      while (Up && Up != Loop)
        Up = Parents.parent(Up);
      if (!Up)
        return false;
    }
    return true;
  }

  /// \p S without parentheses, going up.
  const Stmt *parentOf(const Stmt *S) const {
    const Stmt *P = Parents.parent(S);
    while (P && (isa<ParenExpr>(P) || isa<ImplicitCastExpr>(P)))
      P = Parents.parent(P);
    return P;
  }

  bool isTrue(const Expr *E) const {
    Expr::EvalResult R;
    return !E || (E->EvaluateAsInt(R, Ctx) && R.Val.getInt().getBoolValue());
  }

  /// True when \p S is `break;` or `{ break; }`.
  static bool isBreak(const Stmt *S) {
    if (const auto *Block = dyn_cast_or_null<CompoundStmt>(S))
      return Block->size() == 1 && isa<BreakStmt>(Block->body_front());
    return isa_and_nonnull<BreakStmt>(S);
  }

  bool fileRange(const Stmt *S) const {
    return S->getBeginLoc().isFileID() && S->getEndLoc().isFileID();
  }

  /// Where \p E is written as one piece of a file: its own range, or,
  /// inside the argument of a macro (`as_uint(as_float(old) + v)`), the
  /// argument's text; nothing when a part of it comes from a macro's body.
  std::optional<SourceRange> writtenRange(const Expr *E) const {
    const SourceManager &SM = Ctx.getSourceManager();
    auto Spelled = [&SM](SourceLocation L) {
      while (L.isMacroID()) {
        if (!SM.isMacroArgExpansion(L))
          return SourceLocation();
        L = SM.getImmediateSpellingLoc(L);
      }
      return L;
    };
    SourceLocation Begin = Spelled(E->getBeginLoc());
    SourceLocation End = Spelled(E->getEndLoc());
    if (Begin.isInvalid() || End.isInvalid() ||
        SM.getFileID(Begin) != SM.getFileID(End) ||
        SM.getFileOffset(End) < SM.getFileOffset(Begin))
      return std::nullopt;
    return SourceRange(Begin, End);
  }

  const CallExpr *Cmpxchg;
  const FunctionDecl *F;
  const StmtParents &Parents;
  ASTContext &Ctx;
  unsigned Bits;
};

/// The loop around \p Compare, in one of the two shapes, into \p Loop, and
/// its statements before the compare-exchange into \p Body.
bool LoopMatcher::takeLoop(const BinaryOperator *Compare, FloatAddLoop &Loop,
                           SmallVectorImpl<const Stmt *> &Body) const {
  auto Take = [&Body](const Stmt *S) {
    if (const auto *Block = dyn_cast<CompoundStmt>(S))
      Body.append(Block->body_begin(), Block->body_end());
    else
      Body.push_back(S);
  };
  const Stmt *Up = Parents.parent(Compare);
  while (Up && isa<ParenExpr>(Up))
    Up = Parents.parent(Up);
  if (const auto *Do = dyn_cast_or_null<DoStmt>(Up)) {
    if (Compare->getOpcode() != BO_NE ||
        Do->getCond()->IgnoreParens() != Compare)
      return false;
    Loop.Loop = Do;
    Loop.DoWhile = true;
    Take(Do->getBody());
  } else if (const auto *If = dyn_cast_or_null<IfStmt>(Up)) {
    if (Compare->getOpcode() != BO_EQ ||
        If->getCond()->IgnoreParens() != Compare || If->getElse() ||
        If->getInit() || If->getConditionVariable() || !isBreak(If->getThen()))
      return false;
    const auto *Block = dyn_cast_or_null<CompoundStmt>(Parents.parent(If));
    if (!Block || Block->body_back() != If)
      return false;
    const Stmt *Around = Parents.parent(Block);
    if (const auto *While = dyn_cast_or_null<WhileStmt>(Around)) {
      if (While->getBody() != Block || While->getConditionVariable() ||
          !isTrue(While->getCond()))
        return false;
      Loop.Loop = While;
    } else if (const auto *For = dyn_cast_or_null<ForStmt>(Around)) {
      if (For->getBody() != Block || For->getInit() || For->getInc() ||
          For->getConditionVariable() || !isTrue(For->getCond()))
        return false;
      Loop.Loop = For;
    } else
      return false;
    Take(Block);
    Body.pop_back();
  } else
    return false;
  return true;
}

/// Fills the written ranges of \p Loop where it is provably the add alone.
bool LoopMatcher::addsAlone(FloatAddLoop &Loop, const Word &Old,
                            const Word &New) const {
  // Provably that add, and nothing else: the same address each time (no
  // side effects, and no call whose text would be lost with the load's),
  // a value that nothing in the loop changes, and old and new bits that
  // nobody reads after the loop. The loop's ends, the pointer and the
  // value are written in the loop's file (the value may be in a macro's
  // argument), where the rewrite edits.
  if (Loop.Pointer->HasSideEffects(Ctx) || containsCall(Loop.LoadPointer) ||
      Loop.Value->HasSideEffects(Ctx) || refersTo(Loop.Value, Old.Var) ||
      (New.Var && refersTo(Loop.Value, New.Var)) ||
      !onlyIn(Old.Var, Loop.Loop) || (New.Var && !onlyIn(New.Var, Loop.Loop)) ||
      !fileRange(Loop.Loop))
    return false;
  std::optional<SourceRange> PointerText = writtenRange(Loop.Pointer);
  std::optional<SourceRange> ValueText = writtenRange(Loop.Value);
  const SourceManager &SM = Ctx.getSourceManager();
  FileID In = SM.getFileID(Loop.Loop->getBeginLoc());
  if (!PointerText || !ValueText ||
      SM.getFileID(PointerText->getBegin()) != In ||
      SM.getFileID(ValueText->getBegin()) != In)
    return false;
  Loop.PointerText = *PointerText;
  Loop.ValueText = *ValueText;
  return true;
}

std::optional<FloatAddLoop> LoopMatcher::match(bool &Subtract) {
  if (Cmpxchg->getNumArgs() != 3)
    return std::nullopt;
  // The comparison of the compare-exchange's result with the old bits:
  // `!=` in a do-while's condition, `==` in `if (...) break;` at the end
  // of an endless loop.
  const auto *Compare = dyn_cast_or_null<BinaryOperator>(parentOf(Cmpxchg));
  if (!Compare ||
      (Compare->getOpcode() != BO_NE && Compare->getOpcode() != BO_EQ))
    return std::nullopt;
  const Expr *Seen = Compare->getLHS()->IgnoreParenImpCasts() == Cmpxchg
                         ? Compare->getRHS()
                         : Compare->getLHS();
  FloatAddLoop Loop;
  SmallVector<const Stmt *, 4> Body;
  if (!takeLoop(Compare, Loop, Body))
    return std::nullopt;
  llvm::erase_if(Body, [](const Stmt *S) { return isa<NullStmt>(S); });

  // `old = *p;`, then `new = <old + v>;` unless the new bits are the
  // compare-exchange's argument itself.
  Word Old, New;
  const Expr *Load = nullptr, *NewValue = nullptr;
  if (Body.empty() || Body.size() > 2 || !assignment(Body[0], Old, Load))
    return std::nullopt;
  const Expr *Loaded = stripBitCasts(Load);
  if (isFloat(Loaded->getType()) != isFloat(Old.Type) ||
      Ctx.getTypeSize(Loaded->getType()) != Bits)
    return std::nullopt;
  Loop.Pointer = Cmpxchg->getArg(0);
  Loop.LoadPointer = loadPointer(Loaded, Loop.Pointer);
  std::optional<Word> Expected = bitsOf(Cmpxchg->getArg(1));
  std::optional<Word> Compared = bitsOf(Seen);
  if (!Loop.LoadPointer || !Expected || !Expected->same(Old) || !Compared ||
      !Compared->same(Old))
    return std::nullopt;
  const Expr *Sum = nullptr;
  if (Body.size() == 2) {
    std::optional<Word> Desired = bitsOf(Cmpxchg->getArg(2));
    if (!assignment(Body[1], New, NewValue) || New.Var == Old.Var || !Desired ||
        !Desired->same(New))
      return std::nullopt;
    Sum = isFloat(New.Type) ? NewValue : astypeOperand(NewValue, false);
  } else {
    Sum = astypeOperand(Cmpxchg->getArg(2), false);
  }
  Loop.Value = Sum ? addend(Sum, Old, Subtract) : nullptr;
  if (!Loop.Value)
    return std::nullopt;

  if (!addsAlone(Loop, Old, New))
    return std::nullopt;
  return Loop;
}

} // namespace

void markFloatAddLoops(KernelAnalysis &Result,
                       const DenseSet<const FunctionDecl *> &Code,
                       const StmtParents &Parents, ASTContext &Ctx) {
  for (auto &Entry : Result.Functions) {
    if (!Code.contains(Entry.first))
      continue;
    for (CallSite &Site : Entry.second.Sites) {
      if (Site.SiteKind != CallSite::Kind::Atomic ||
          Site.Atomic != AtomicKind::Global || Site.InBlock || !Site.Builtin ||
          Site.Builtin->Cl20 || Site.Builtin->Op != AtomicOp::Cmpxchg)
        continue;
      bool Subtract = false;
      std::optional<FloatAddLoop> Loop =
          LoopMatcher(Site.Call, Entry.first, Parents, Ctx, Site.Wide ? 64 : 32)
              .match(Subtract);
      if (!Loop)
        continue;
      Site.Loop = Loop;
      if (Site.Wide)
        Site.Builtin = Subtract ? &DoubleSubBuiltin : &DoubleAddBuiltin;
      else
        Site.Builtin = Subtract ? &FloatSubBuiltin : &FloatAddBuiltin;
      Site.Entry =
          runtimeAtomic(*Site.Builtin, 2, Site.Wide ? "double" : "float");
      Site.FloatSum = true;
      // The rewrite casts the pointer to `volatile __global float *`
      // (double *).
      Site.GlobalCast.clear();
    }
  }
}

} // namespace softatomic
