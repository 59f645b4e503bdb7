// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- CallSites.h - What the rewrite knows of a translation unit -*- C++
//-*-===//
//
// The data model every pass shares: a call that the rewrite may edit or
// refuse (CallSite: an atomic, a call the context serves, a call of the
// user's), the user's functions with their sites (FunctionInfo), and the
// outcome of the analysis (KernelAnalysis). The analysis fills it (analysis/),
// the edits read it (edits/).
//
//===----------------------------------------------------------------------===//

#ifndef SOFTATOMIC_MODEL_CALLSITES_H
#define SOFTATOMIC_MODEL_CALLSITES_H

#include "model/AtomicBuiltins.h"
#include "clang/AST/Type.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallVector.h"
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace clang {
class CallExpr;
class Expr;
class Stmt;
class FunctionDecl;
class IfStmt;
class ReturnStmt;
} // namespace clang

namespace softatomic {

/// What an atomic call is to the software runtime.
enum class AtomicKind {
  Local,                 ///< On __local memory: left alone.
  Global,                ///< On __global memory: the runtime carries it out.
  GlobalUnsupportedType, ///< On __global memory, not a 32/64-bit integer,
                         ///< float or double (half).
  GlobalUnsupportedForm, ///< A compare-exchange whose expected pointer the
                         ///< runtime cannot take.
  Unprovable,            ///< Generic (or another) address space.
};

/// A compare-exchange loop that is provably a float add or subtract on its
/// target (docs/REWRITE.md, "Float adds written as compare-exchange
/// loops"): the rewrite replaces the loop by one call of the runtime's
/// float add, which keeps the text of the pointer and of the value.
struct FloatAddLoop {
  /// The do, while or for statement, replaced whole.
  const clang::Stmt *Loop = nullptr;
  /// The compare-exchange's pointer argument, and where it is written.
  const clang::Expr *Pointer = nullptr;
  clang::SourceRange PointerText;
  /// The value added (subtracted), and where it is written (in the file,
  /// or in the argument of a macro: `as_uint(as_float(old) + v)`).
  const clang::Expr *Value = nullptr;
  clang::SourceRange ValueText;
  /// The pointer the loop reads its target through (`p` of `old = *p`):
  /// that read is part of the add, not a use of the memory of its own.
  const clang::Expr *LoadPointer = nullptr;
  /// A do-while loop, whose `;` the rewrite leaves after the call.
  bool DoWhile = false;
};

/// A call in a function body that the rewrite may have to edit or refuse.
struct CallSite {
  enum class Kind { Atomic, ContextCall, UserCall };
  Kind SiteKind = Kind::UserCall;
  const clang::CallExpr *Call = nullptr;
  /// The builtin called, or the definition of the user's function called.
  const clang::FunctionDecl *Callee = nullptr;
  /// Inside a block literal (OpenCL 2.0), whose body is another function.
  bool InBlock = false;
  /// Atomic sites only.
  AtomicKind Atomic = AtomicKind::Local;
  /// The atomic called (atomic sites).
  const AtomicBuiltin *Builtin = nullptr;
  /// An _explicit OpenCL 2.0 form whose (first) memory order is the
  /// constant memory_order_relaxed, as the source spells it.
  bool Relaxed = false;
  /// On a 64-bit value (long, ulong, double, atomic_long, atomic_ulong,
  /// atomic_double): the runtime carries it out per work-item only (no
  /// deferred or work-group form), and the output defines
  /// SA_INT64_ATOMICS.
  bool Wide = false;
  /// A float sum (add or sub on float or double): it may take a form that
  /// combines it with others only where --float-reassociation allows.
  bool FloatSum = false;
  /// A global atomic: the runtime's entry point, and the form it is called
  /// in (per work-item, unless the analysis proves more).
  RuntimeAtomic Entry;
  CallForm Form = CallForm::PerItem;
  /// The predicated work-group form: the `if` whose then branch evaluates
  /// this call first; the rewrite evaluates the condition and the call
  /// before the `if` (docs/REWRITE.md).
  const clang::IfStmt *Guard = nullptr;
  /// Why the work-group forms leave a per-item call as it is, in words:
  /// what keeps the group from reaching it together (UniformSites.h); empty
  /// where nothing does or the forms never asked.
  std::string GroupFormWhy;
  /// A compare-exchange that is the heart of a float-add loop: the site
  /// is then the float add (Builtin, Entry), and Loop says where it is.
  std::optional<FloatAddLoop> Loop;
  /// A global atomic whose value the code reads (not discarded): set by
  /// the analysis for the rewritten code, whose statements it indexes;
  /// true elsewhere, where it cannot tell.
  bool ResultUsed = true;
  /// A global atomic in rewritten code: the parameter of its function
  /// that its pointer is based on (-1: none), and whether that parameter's
  /// memory is touched only through atomics whose results are unused.
  int TargetParam = -1;
  bool TargetAtomicOnly = false;
  /// A call of a user function in rewritten code: per argument, the
  /// caller's parameter it is based on (-1: none).
  std::vector<int> ArgRoots;
  /// Why the privatized form cannot serve this global atomic (the
  /// manifest and --dry-run say it); empty where it can.
  std::string NotPrivate;
  /// The pointer argument's type as the user wrote it (atomic sites).
  clang::QualType PointerType;
  /// The builtin called (ContextCall sites: geometry, fences).
  const ContextBuiltin *Served = nullptr;
  /// A global atomic whose pointer is generic, proved __global: the
  /// pointer type its argument is cast to ("__global atomic_int *").
  std::string GlobalCast;
  /// An Unprovable generic pointer: why, outermost step first.
  std::vector<std::pair<clang::SourceLocation, std::string>> Unproved;

  /// A global atomic that makes the kernel reaching it rewritten: a
  /// read-modify-write (not atomic_store).
  bool isGlobalReadModifyWrite() const {
    return isGlobalAtomic() && Builtin && Builtin->ReadModifyWrite;
  }

  /// The replacement callee name: "__sa_atomic_add_uint" (or its form's)
  /// for a global atomic the runtime carries out, "__sa_get_global_id" for
  /// a geometry call.
  std::string runtimeName() const;

  /// A fence in a block literal: it stays the user's, as no context
  /// reaches it there, and the user's fence is only weaker.
  bool unservedFence() const {
    return SiteKind == Kind::ContextCall && Served->Fence && InBlock;
  }

  bool isGlobalAtomic() const {
    return SiteKind == Kind::Atomic &&
           (Atomic == AtomicKind::Global ||
            Atomic == AtomicKind::GlobalUnsupportedType ||
            Atomic == AtomicKind::GlobalUnsupportedForm);
  }
};

/// \p Site for a diagnostic: "global atomic 'atom_add'", "geometry call
/// 'get_global_id'", "call of 'helper'".
std::string describeCall(const CallSite &Site);

/// The location of the name in \p Call's callee (`atom_add` in
/// `atom_add(p, 1)`), or an invalid location when it has none.
clang::SourceLocation calleeNameLoc(const clang::CallExpr *Call);

/// A global atomic site of a --profile rewrite (docs/PROFILE.md): where
/// its call is spelled (one site for every expansion of a macro that
/// spells it), what it is, and the kernels that reach it. Its id is its
/// index in KernelAnalysis::ProfileSites.
struct ProfiledSite {
  std::string File;
  unsigned Line = 0, Column = 0;
  std::string Operation; ///< the source's call: "atomic_add"
  std::string Type;      ///< the target's element type: "uint"
  unsigned Width = 32;
  bool ResultUsed = true;
  CallForm Form = CallForm::PerItem;
  /// A per-item site: what keeps it from the work-group forms (CallSite::
  /// GroupFormWhy), or empty.
  std::string FormWhy;
  bool FloatAddLoop = false;
  /// The privatized form can serve every call the site spells
  /// (CallSite::NotPrivate empty): the profile times it too.
  bool Private = false;
  std::vector<std::string> Kernels;
};

/// A kernel argument whose memory every work-group may keep a private copy
/// of in local memory (docs/REWRITE.md, "The privatized form"): all the
/// kernel's atomics on it are one commutative operation whose results are
/// unused, and nothing else touches it.
struct PrivateTarget {
  unsigned Arg = 0;
  std::string Name; ///< the parameter's
  std::string Op;   ///< "add", "min", "max", "and", "or", "xor"
  std::string Type; ///< "uint", "int" (min and max), "float"
  /// The elements an index can reach, where the rewriter proves it
  /// (`& 255`, `% K`, a uchar index); 0 where the launch's buffer decides.
  uint64_t Bound = 0;
};

/// A float atomic site of rewritten code in a --float-atomics=reproducible
/// rewrite, as the manifest and --dry-run list it: whether its outcome is
/// reproducible, and if not, why.
struct FloatSiteReport {
  std::string File;
  unsigned Line = 0, Column = 0;
  std::string Operation; ///< the source's call, or "compare-exchange loop"
  std::string Type;      ///< "float" or "double"
  bool Reproducible = false;
  std::string Why; ///< empty where reproducible
};

/// A function defined in the user's files (main file or a user header).
struct FunctionInfo {
  const clang::FunctionDecl *Definition = nullptr;
  bool IsKernel = false;
  std::vector<CallSite> Sites;                    ///< In source order.
  std::vector<const clang::ReturnStmt *> Returns; ///< Outside blocks.
  /// Calls of the atomic_flag functions on a __global (or generic) flag:
  /// they stay native (the runtime has no atomic_flag), with a warning.
  std::vector<const clang::CallExpr *> NativeFlagCalls;
};

/// A kernel that reaches a global atomic but stays as written
/// (--keep-native-on-error): what refused it, and where.
struct KeptKernel {
  const clang::FunctionDecl *Kernel = nullptr;
  /// The refusal's message, as its error would have said it.
  std::string Reason;
  /// Where the refused construct is.
  clang::SourceLocation Where;
};

/// The outcome of the analysis of one translation unit.
struct KernelAnalysis {
  /// Every function defined outside system headers, in source order, keyed
  /// by its definition.
  llvm::MapVector<const clang::FunctionDecl *, FunctionInfo> Functions;
  /// The kernels that reach a global atomic, in source order.
  llvm::SetVector<const clang::FunctionDecl *> RewrittenKernels;
  /// The kernels that reach a call of an atomic_flag function on a global
  /// flag (FunctionInfo::NativeFlagCalls), which stays native.
  llvm::DenseSet<const clang::FunctionDecl *> NativeFlagKernels;
  /// The kernels refused and left as written (--keep-native-on-error), in
  /// the order they were refused; empty otherwise.
  std::vector<KeptKernel> KeptKernels;
  /// The non-kernel functions that take the context, in source order.
  llvm::SetVector<const clang::FunctionDecl *> ContextFunctions;
  /// Of those, the ones that code without the context (a kernel that is not
  /// rewritten, a function no rewritten kernel reaches) calls too: their
  /// definition stays as written, and rewritten code calls a copy by this
  /// reserved name (docs/REWRITE.md, "Functions in two forms").
  llvm::MapVector<const clang::FunctionDecl *, std::string> Clones;
  /// Per rewritten kernel: the global atomic call sites it reaches.
  llvm::DenseMap<const clang::FunctionDecl *, unsigned> AtomicSites;
  /// Per rewritten kernel: of those, the sites deferred (CallForm::Deferred).
  llvm::DenseMap<const clang::FunctionDecl *, unsigned> DeferredSites;
  /// Per rewritten kernel: of those, the compare-exchange loops that are
  /// float adds (CallSite::Loop).
  llvm::DenseMap<const clang::FunctionDecl *, unsigned> FloatAddLoops;
  /// The rewritten kernels whose work-items may wait on one another: a
  /// function they reach has a loop that hasWaitingLoop finds
  /// (analysis/WaitingLoops.h).
  llvm::DenseSet<const clang::FunctionDecl *> WaitingKernels;
  /// Per function that a rewritten kernel reaches: those kernels, in
  /// source order (a kernel reaches itself).
  llvm::DenseMap<const clang::FunctionDecl *,
                 llvm::SmallVector<const clang::FunctionDecl *, 2>>
      ReachingKernels;
  /// A --profile rewrite's sites (numberProfileSites), and each global
  /// atomic call's site id.
  std::vector<ProfiledSite> ProfileSites;
  llvm::DenseMap<const clang::CallExpr *, unsigned> ProfileSiteIds;
  /// The rewritten kernels that one macro's definition writes together
  /// with another rewritten kernel (analysis/MacroKernels.h): the edits
  /// there serve them all, so none takes what differs per kernel (a
  /// privatized target, the private deferral).
  llvm::DenseSet<const clang::FunctionDecl *> SharedDefinitionKernels;
  /// Per rewritten kernel: its privatizable targets (PrivateTargets.h).
  llvm::DenseMap<const clang::FunctionDecl *, std::vector<PrivateTarget>>
      PrivateTargets;
  /// The rewritten code orders memory explicitly (fences, atomic loads and
  /// stores): nothing is deferred (DeferredSites.h).
  bool OrdersMemory = false;
  /// Some rewritten code calls a 64-bit software atomic: the runtime's
  /// 64-bit part must be compiled (SA_INT64_ATOMICS).
  bool HasWideAtomics = false;
  /// Per rewritten kernel: the sites it reaches in the reproducible form
  /// (CallForm::Reproducible), and whether one of them is on a double.
  llvm::DenseMap<const clang::FunctionDecl *, unsigned> ReproducibleSites;
  llvm::DenseSet<const clang::FunctionDecl *> ReproducibleDoubles;
  /// A --float-atomics=reproducible rewrite's float sites, in the order of
  /// the functions and their sites.
  std::vector<FloatSiteReport> FloatSites;

  bool takesContext(const clang::FunctionDecl *Definition) const {
    return ContextFunctions.contains(Definition);
  }

  /// The name rewritten code calls \p Definition by: its clone's when it
  /// has one, else its own.
  llvm::StringRef contextName(const clang::FunctionDecl *Definition) const;
};

} // namespace softatomic

#endif // SOFTATOMIC_MODEL_CALLSITES_H
