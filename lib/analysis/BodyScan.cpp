// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- BodyScan.cpp - The calls and returns of one function body ----------===//

#include "analysis/BodyScan.h"
#include "model/CallSites.h"
#include "clang/AST/Attr.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/Stmt.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/DenseSet.h"

using namespace clang;
using namespace llvm;

namespace softatomic {

/// True when \p FD is OpenCL's own: declared by Clang on first use
/// (-fdeclare-opencl-builtins, the driver's default) or by opencl-c.h, so
/// that a user function is never mistaken for a builtin.
static bool isOpenCLBuiltin(const FunctionDecl *FD, const SourceManager &SM) {
  // The first declaration decides: a user may redeclare a builtin.
  const FunctionDecl *First = FD->getFirstDecl();
  SourceLocation Loc = First->getLocation();
  return First->isImplicit() || Loc.isInvalid() || SM.isInSystemHeader(Loc);
}

const Expr *stripParameterConversions(const Expr *E) {
  E = E->IgnoreParens();
  while (const auto *ICE = dyn_cast<ImplicitCastExpr>(E)) {
    CastKind CK = ICE->getCastKind();
    if (CK != CK_NoOp && CK != CK_AddressSpaceConversion && CK != CK_BitCast)
      break;
    E = ICE->getSubExpr()->IgnoreParens();
  }
  return E;
}

/// The runtime's name for a pointee it carries out ("int", "uint", "long",
/// "ulong", "float", "double"; atomic_int ... atomic_double for the OpenCL
/// 2.0 forms), or empty for any other (half, atomic_half, ...).
static StringRef runtimeValueType(QualType Pointee, bool Atomic) {
  if (const auto *AT = Pointee->getAs<AtomicType>())
    Pointee = Atomic ? AT->getValueType() : QualType();
  else if (Atomic)
    return "";
  const auto *BT = Pointee.isNull() ? nullptr : Pointee->getAs<BuiltinType>();
  switch (BT ? BT->getKind() : BuiltinType::Void) {
  case BuiltinType::Int:
    return "int";
  case BuiltinType::UInt:
    return "uint";
  case BuiltinType::Long:
    return "long";
  case BuiltinType::ULong:
    return "ulong";
  case BuiltinType::Float:
    return "float";
  case BuiltinType::Double:
    return "double";
  default:
    return "";
  }
}

/// True when argument \p Index of \p Call is the constant
/// memory_order_relaxed (the enumerator itself, through parentheses, casts
/// and macros).
static bool isRelaxedOrder(const CallExpr *Call, unsigned Index) {
  if (Index >= Call->getNumArgs())
    return false;
  const auto *Ref =
      dyn_cast<DeclRefExpr>(Call->getArg(Index)->IgnoreParenCasts());
  const auto *Enumerator =
      Ref ? dyn_cast<EnumConstantDecl>(Ref->getDecl()) : nullptr;
  return Enumerator && Enumerator->getName() == "memory_order_relaxed";
}

/// The address space of a compare-exchange's expected pointer, as the
/// runtime's compare-exchange functions name it, or empty when it has none
/// of those.
static StringRef expectedSpace(const CallExpr *Call) {
  const Expr *Expected = Call->getNumArgs() > 1
                             ? stripParameterConversions(Call->getArg(1))
                             : nullptr;
  if (!Expected || !Expected->getType()->isPointerType())
    return "";
  switch (Expected->getType()->getPointeeType().getAddressSpace()) {
  case LangAS::Default:
  case LangAS::opencl_private:
    return "private";
  case LangAS::opencl_global:
    return "global";
  case LangAS::opencl_local:
    return "local";
  case LangAS::opencl_generic:
    return "generic";
  default:
    return "";
  }
}

/// Classifies an atomic call: its address space decides whether the
/// rewrite touches it, its pointee whether the runtime can carry it out.
static void classifyAtomic(CallSite &Site, const AtomicBuiltin *Builtin) {
  Site.SiteKind = CallSite::Kind::Atomic;
  Site.Builtin = Builtin;
  const CallExpr *Call = Site.Call;
  const Expr *Ptr =
      Call->getNumArgs() ? stripParameterConversions(Call->getArg(0)) : nullptr;
  Site.PointerType = Ptr ? Ptr->getType() : QualType();
  if (!Ptr || !Site.PointerType->isPointerType()) {
    Site.Atomic = AtomicKind::Unprovable;
    return;
  }
  classifyAtomicIn(Site, Site.PointerType->getPointeeType().getAddressSpace());
}

void classifyAtomicIn(CallSite &Site, LangAS AS) {
  const AtomicBuiltin *Builtin = Site.Builtin;
  const CallExpr *Call = Site.Call;
  QualType Pointee = Site.PointerType->getPointeeType();
  switch (AS) {
  case LangAS::opencl_local:
    Site.Atomic = AtomicKind::Local;
    return;
  case LangAS::opencl_global:
  case LangAS::opencl_global_device:
  case LangAS::opencl_global_host:
    break;
  default:
    Site.Atomic = AtomicKind::Unprovable;
    return;
  }
  StringRef Type = runtimeValueType(Pointee, Builtin->Cl20);
  bool Exchange = Builtin->Op == AtomicOp::CompareExchange;
  StringRef Space = Exchange ? expectedSpace(Call) : StringRef();
  if (Type.empty() || !hasAtomicArity(*Builtin, Call->getNumArgs()))
    Site.Atomic = AtomicKind::GlobalUnsupportedType;
  else if (Exchange && Space.empty())
    Site.Atomic = AtomicKind::GlobalUnsupportedForm;
  else {
    Site.Atomic = AtomicKind::Global;
    Site.Relaxed = Builtin->Orders && isRelaxedOrder(Call, Builtin->Arity);
    Site.Wide = Type.ends_with("long") || Type == "double";
    Site.FloatSum = reassociatesFloats(*Builtin, Type);
    Site.Entry = runtimeAtomic(*Builtin, Call->getNumArgs(), Type, Space);
  }
}

namespace {

/// True for a pointer whose pointee may be __global: in the global or the
/// generic address space.
static bool isNonLocalPointer(QualType Type) {
  const auto *Pointer = Type->getAs<clang::PointerType>();
  if (!Pointer)
    return false;
  LangAS AS = Pointer->getPointeeType().getAddressSpace();
  return AS == LangAS::opencl_global || AS == LangAS::opencl_generic ||
         AS == LangAS::opencl_global_device || AS == LangAS::opencl_global_host;
}

/// Collects the calls and returns of one function body.
class BodyScanner : public RecursiveASTVisitor<BodyScanner> {
public:
  BodyScanner(FunctionInfo &Info, const SourceManager &SM)
      : Info(Info), SM(SM) {}
  BodyScanner(const BodyScanner &) = delete;
  BodyScanner &operator=(const BodyScanner &) = delete;

  bool TraverseBlockExpr(BlockExpr *Block) {
    ++BlockDepth;
    bool Continue = RecursiveASTVisitor::TraverseBlockExpr(Block);
    --BlockDepth;
    return Continue;
  }

  bool VisitReturnStmt(ReturnStmt *Return) {
    // A return inside a block leaves the block, not the kernel.
    if (BlockDepth == 0)
      Info.Returns.push_back(Return);
    return true;
  }

  bool VisitCallExpr(CallExpr *Call) {
    const FunctionDecl *Callee = Call->getDirectCallee();
    if (!Callee || !Seen.insert(Call).second)
      return true;
    CallSite Site;
    Site.SiteKind = CallSite::Kind::UserCall;
    Site.Call = Call;
    Site.Callee = Callee;
    Site.InBlock = BlockDepth > 0;
    if (isOpenCLBuiltin(Callee, SM)) {
      if (!Callee->getIdentifier())
        return true;
      StringRef Name = Callee->getName();
      if (Name.starts_with("atomic_flag_") && Call->getNumArgs() &&
          isNonLocalPointer(Call->getArg(0)->IgnoreParenImpCasts()->getType()))
        Info.NativeFlagCalls.push_back(Call);
      if (const AtomicBuiltin *Atomic = findAtomicBuiltin(Name)) {
        classifyAtomic(Site, Atomic);
        // A half atomic_store stays native: no software read-modify-write
        // can act on such an object.
        if (!Atomic->ReadModifyWrite &&
            Site.Atomic == AtomicKind::GlobalUnsupportedType)
          return true;
      } else if (const ContextBuiltin *Served = findContextBuiltin(Name)) {
        Site.SiteKind = CallSite::Kind::ContextCall;
        Site.Served = Served;
      } else
        return true;
      Info.Sites.push_back(std::move(Site));
      return true;
    }
    // A function the file only declares has no body to rewrite.
    if (const FunctionDecl *Definition = Callee->getDefinition()) {
      Site.Callee = Definition;
      Info.Sites.push_back(std::move(Site));
    }
    return true;
  }

private:
  FunctionInfo &Info;
  const SourceManager &SM;
  unsigned BlockDepth = 0;
  DenseSet<const CallExpr *> Seen;
};

} // namespace

void scanBody(FunctionInfo &Info, const SourceManager &SM) {
  BodyScanner(Info, SM).TraverseStmt(Info.Definition->getBody());
}

} // namespace softatomic
