// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- PrivateTargets.cpp - Targets a work-group may keep a copy of -------===//

#include "analysis/PrivateTargets.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include <optional>

using namespace clang;
using namespace llvm;

namespace softatomic {

std::string privateOperation(const CallSite &Site) {
  switch (Site.Entry.Op) {
  case AtomicOp::Add:
  case AtomicOp::Sub:
  case AtomicOp::Inc:
  case AtomicOp::Dec:
  case AtomicOp::FetchAdd:
  case AtomicOp::FetchSub:
    return "add";
  case AtomicOp::Min:
  case AtomicOp::FetchMin:
    return "min";
  case AtomicOp::Max:
  case AtomicOp::FetchMax:
    return "max";
  case AtomicOp::And:
  case AtomicOp::FetchAnd:
    return "and";
  case AtomicOp::Or:
  case AtomicOp::FetchOr:
    return "or";
  case AtomicOp::Xor:
  case AtomicOp::FetchXor:
    return "xor";
  default:
    return "";
  }
}

/// The copy's element type for \p Site: the bits of an add or a bitwise
/// operation are the same on int and uint; min and max are not.
static std::string privateType(const CallSite &Site, StringRef Op) {
  StringRef Type = Site.Entry.Type;
  if (Type == "float" || Op == "min" || Op == "max")
    return Type.str();
  return "uint";
}

static uint64_t indexBound(const Expr *E, ASTContext &Ctx);

/// \p E's value where it is a constant of at least 0.
static std::optional<uint64_t> nonNegativeConstant(const Expr *E,
                                                   ASTContext &Ctx) {
  Expr::EvalResult Value;
  if (!E->EvaluateAsInt(Value, Ctx) || !Value.Val.getInt().isNonNegative())
    return std::nullopt;
  return Value.Val.getInt().getLimitedValue();
}

/// The bound of an unsigned right shift by a constant: the value's width
/// less the shift leaves that many bits (`x >> 24` of a uint: 256), and the
/// shifted value's own bound, shifted, holds too.
static uint64_t shiftBound(const BinaryOperator *BO, ASTContext &Ctx) {
  uint64_t Own = indexBound(BO->getLHS(), Ctx);
  std::optional<uint64_t> Shift = nonNegativeConstant(BO->getRHS(), Ctx);
  uint64_t Width = Ctx.getTypeSize(BO->getLHS()->getType());
  if (!Shift || *Shift >= Width || Width - *Shift >= 64)
    return Own;
  uint64_t ByWidth = uint64_t(1) << (Width - *Shift);
  return Own ? std::min(ByWidth, ((Own - 1) >> *Shift) + 1) : ByWidth;
}

/// The bound of OpenCL C's unsigned min(x, y) (below either side's bound)
/// and clamp(x, lo, hi) (at most hi), where an argument proves one.
static uint64_t builtinBound(const CallExpr *Call, ASTContext &Ctx) {
  const FunctionDecl *F = Call->getDirectCallee();
  if (!F || !Call->getType()->isUnsignedIntegerType())
    return 0;
  StringRef Name = F->getName();
  if (Name == "clamp" && Call->getNumArgs() == 3)
    return indexBound(Call->getArg(2), Ctx);
  if (Name != "min" || Call->getNumArgs() != 2)
    return 0;
  uint64_t A = indexBound(Call->getArg(0), Ctx),
           B = indexBound(Call->getArg(1), Ctx);
  return A && B ? std::min(A, B) : std::max(A, B);
}

/// The elements index \p E can reach, where its form proves it, else 0.
static uint64_t indexBound(const Expr *E, ASTContext &Ctx) {
  E = E->IgnoreParenImpCasts();
  QualType T = E->getType();
  if (T->isUnsignedIntegerType() && Ctx.getTypeSize(T) <= 16)
    return uint64_t(1) << Ctx.getTypeSize(T);
  Expr::EvalResult Value;
  if (E->EvaluateAsInt(Value, Ctx))
    return Value.Val.getInt().isNonNegative()
               ? Value.Val.getInt().getLimitedValue() + 1
               : 0;
  if (const auto *Call = dyn_cast<CallExpr>(E))
    return builtinBound(Call, Ctx);
  const auto *BO = dyn_cast<BinaryOperator>(E);
  if (!BO)
    return 0;
  Expr::EvalResult Mask;
  if (BO->getOpcode() == BO_And)
    for (const Expr *Side : {BO->getLHS(), BO->getRHS()})
      if (Side->EvaluateAsInt(Mask, Ctx) && Mask.Val.getInt().isNonNegative())
        return Mask.Val.getInt().getLimitedValue() + 1;
  if (BO->getOpcode() == BO_Shr &&
      BO->getLHS()->getType()->isUnsignedIntegerType())
    return shiftBound(BO, Ctx);
  // An unsigned remainder is below its divisor.
  if (BO->getOpcode() == BO_Rem &&
      BO->getLHS()->getType()->isUnsignedIntegerType() &&
      BO->getRHS()->EvaluateAsInt(Mask, Ctx) &&
      Mask.Val.getInt().isStrictlyPositive())
    return Mask.Val.getInt().getLimitedValue();
  return 0;
}

uint64_t provenIndexBound(const CallSite &Site, ASTContext &Ctx) {
  const Expr *P = Site.Call->getArg(0)->IgnoreParenCasts();
  if (const auto *UO = dyn_cast<UnaryOperator>(P);
      UO && UO->getOpcode() == UO_AddrOf)
    if (const auto *Sub =
            dyn_cast<ArraySubscriptExpr>(UO->getSubExpr()->IgnoreParens()))
      if (isa<DeclRefExpr>(Sub->getBase()->IgnoreParenImpCasts()))
        return indexBound(Sub->getIdx(), Ctx);
  if (const auto *BO = dyn_cast<BinaryOperator>(P);
      BO && BO->getOpcode() == BO_Add &&
      isa<DeclRefExpr>(BO->getLHS()->IgnoreParenImpCasts()))
    return indexBound(BO->getRHS(), Ctx);
  if (isa<DeclRefExpr>(P))
    return 1;
  return 0;
}

/// Why \p Site alone cannot take the privatized form, or empty.
static std::string siteRefusal(const CallSite &Site, const KernelAnalysis &R,
                               bool Deferral) {
  if (Site.Form == CallForm::Deferred)
    return Site.TargetParam < 0 ? "its target is not based on an argument" : "";
  if (Site.Loop ? false : Site.ResultUsed)
    return "its result is used";
  if (privateOperation(Site).empty())
    return "'" + Site.Builtin->SourceName.str() + "' is not commutative";
  if (Site.Wide)
    return "its target is 64-bit";
  if (!Deferral)
    return "unused results are not deferred (--defer-unused=false)";
  if (R.OrdersMemory)
    return "the code orders memory (a fence, an atomic load or store, or an "
           "OpenCL 2.0 atomic stronger than relaxed)";
  if (Site.FloatSum)
    return "a float sum needs --float-reassociation=allow";
  if (!Site.TargetAtomicOnly)
    return "its target is read or written other than through atomics whose "
           "results are unused";
  return "its call takes another form";
}

namespace {

/// The atomics that reach one kernel argument, through the helpers it is
/// passed to.
class TargetSites {
public:
  explicit TargetSites(KernelAnalysis &R) : R(R) {}

  std::vector<std::pair<CallSite *, const FunctionDecl *>>
  of(const FunctionDecl *F, unsigned Param) {
    Found.clear();
    Seen.clear();
    walk(F, Param);
    return Found;
  }

private:
  void walk(const FunctionDecl *F, unsigned Param) {
    if (!Seen.insert({F, Param}).second)
      return;
    auto It = R.Functions.find(F);
    if (It == R.Functions.end())
      return;
    for (CallSite &Site : It->second.Sites) {
      if (Site.isGlobalAtomic() && Site.TargetParam == (int)Param)
        Found.push_back({&Site, F});
      if (Site.SiteKind == CallSite::Kind::UserCall)
        for (unsigned A = 0; A < Site.ArgRoots.size(); ++A)
          if (Site.ArgRoots[A] == (int)Param)
            walk(Site.Callee, A);
    }
  }

  KernelAnalysis &R;
  std::vector<std::pair<CallSite *, const FunctionDecl *>> Found;
  DenseSet<std::pair<const FunctionDecl *, unsigned>> Seen;
};

} // namespace

/// Whether argument \p Param of kernel \p K is a privatizable target,
/// reached by \p Sites; marks every site that it is not, with why.
static std::optional<PrivateTarget>
checkTarget(const FunctionDecl *K, unsigned Param,
            ArrayRef<std::pair<CallSite *, const FunctionDecl *>> Sites,
            const KernelAnalysis &R, ASTContext &Ctx, bool Deferral) {
  PrivateTarget Target;
  Target.Arg = Param;
  Target.Name = K->getParamDecl(Param)->getName().str();
  std::string Why;
  if (R.SharedDefinitionKernels.contains(K))
    Why = "its kernel '" + K->getName().str() +
          "' is written by a macro whose definition another rewritten "
          "kernel shares";
  for (auto &[Site, F] : Sites) {
    std::string Own = siteRefusal(*Site, R, Deferral);
    std::string Op = privateOperation(*Site);
    if (!Own.empty() && Why.empty())
      Why = "its target '" + K->getParamDecl(Param)->getName().str() +
            "' also takes an atomic where " + Own;
    if (Target.Op.empty()) {
      Target.Op = Op;
      Target.Type = privateType(*Site, Op);
    } else if (Own.empty() && Why.empty() &&
               (Op != Target.Op || privateType(*Site, Op) != Target.Type)) {
      Why = "its target takes two operations (" + Target.Op + ", " + Op + ")";
    }
    uint64_t Bound = F == K ? provenIndexBound(*Site, Ctx) : 0;
    Target.Bound = Site == Sites.front().first ? Bound
                   : Bound && Target.Bound     ? std::max(Bound, Target.Bound)
                                               : 0;
  }
  if (Why.empty())
    return Target;
  for (auto &[Site, F] : Sites) {
    std::string Own = siteRefusal(*Site, R, Deferral);
    if (Site->NotPrivate.empty())
      Site->NotPrivate = Own.empty() ? Why : Own;
  }
  return std::nullopt;
}

void markPrivateTargets(KernelAnalysis &Result,
                        const DenseSet<const FunctionDecl *> &Code,
                        ASTContext &Ctx, bool Deferral) {
  TargetSites Targets(Result);
  DenseSet<const CallSite *> Reached;
  for (const FunctionDecl *K : Result.RewrittenKernels) {
    std::vector<PrivateTarget> &Found = Result.PrivateTargets[K];
    for (unsigned P = 0; P < K->getNumParams(); ++P) {
      auto Sites = Targets.of(K, P);
      for (auto &Entry : Sites)
        Reached.insert(Entry.first);
      if (Sites.empty())
        continue;
      if (auto Target = checkTarget(K, P, Sites, Result, Ctx, Deferral))
        Found.push_back(*Target);
    }
  }
  // A site no kernel argument reaches (a pointer from elsewhere).
  for (auto &Entry : Result.Functions) {
    if (!Code.contains(Entry.first))
      continue;
    for (CallSite &Site : Entry.second.Sites)
      if (Site.isGlobalReadModifyWrite() && !Reached.contains(&Site) &&
          Site.NotPrivate.empty()) {
        std::string Own = siteRefusal(Site, Result, Deferral);
        Site.NotPrivate =
            Own.empty() ? "its target is not based on a kernel argument" : Own;
      }
  }
}

} // namespace softatomic
