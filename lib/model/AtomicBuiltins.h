// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- AtomicBuiltins.h - The OpenCL builtins the rewrite edits -*- C++ -*-===//
//
// The name tables of docs/REWRITE.md: which OpenCL atomics the runtime
// carries out (and under which runtime name), which atomic forms it cannot
// carry out yet, and which geometry builtins and fences its context serves.
//
//===----------------------------------------------------------------------===//

#ifndef SOFTATOMIC_MODEL_ATOMICBUILTINS_H
#define SOFTATOMIC_MODEL_ATOMICBUILTINS_H

#include "model/RuntimeCalls.h"
#include "llvm/ADT/StringRef.h"
#include <string>
#include <utility>
#include <vector>

namespace softatomic {

/// The operation's name in the runtime's entry points: "add", "fetch_add".
llvm::StringRef atomicOpName(AtomicOp Op);

/// An integer atomic that the runtime carries out: an OpenCL 1.0/1.1 one
/// (atom_add, atomic_add, ...) or an OpenCL 2.0 one on an atomic_int or
/// atomic_uint object (atomic_fetch_add, atomic_exchange_explicit, ...).
struct AtomicBuiltin {
  llvm::StringRef SourceName; ///< "atom_add", "atomic_fetch_add", ...
  /// The runtime's operation: both spellings of a 1.x atomic have one, and
  /// so do the strong and weak 2.0 compare-exchanges.
  AtomicOp Op;
  /// Value arguments in the source call, pointer first (for the 2.0
  /// forms, without the memory_order and memory_scope arguments).
  unsigned Arity;
  /// An _explicit 2.0 form: its memory_order arguments (1, or 2 for a
  /// compare-exchange), which an optional memory_scope may follow.
  unsigned Orders = 0;
  /// An OpenCL 2.0 form: its pointer points to an atomic type.
  bool Cl20 = false;
  /// False for atomic_store: not a read-modify-write, so it alone does not
  /// make a kernel rewritten; in rewritten code it is a software exchange.
  bool ReadModifyWrite = true;
};

/// A builtin whose meaning the runtime's context changes: a geometry
/// builtin that it virtualises, or a fence whose global part it makes
/// device-wide (docs/REWRITE.md, "Geometry" and "Fences").
struct ContextBuiltin {
  llvm::StringRef SourceName;  ///< "get_global_id", "mem_fence", ...
  llvm::StringRef RuntimeName; ///< "__sa_get_global_id", ...
  /// A fence: served by the context where it has one, but harmless (only
  /// weaker) in code that has none.
  bool Fence = false;
};

/// True when the runtime has \p Op on \p Type in the reproducible form
/// (--float-atomics=reproducible).
bool hasReproducibleForm(AtomicOp Op, llvm::StringRef Type);

/// The atomic named \p Name, or null when the runtime has no such atomic.
const AtomicBuiltin *findAtomicBuiltin(llvm::StringRef Name);

/// The builtin named \p Name that the context serves, or null.
const ContextBuiltin *findContextBuiltin(llvm::StringRef Name);

/// True when a call of \p Atomic with \p NumArgs arguments is one of its
/// forms (for an _explicit 2.0 form: with or without the memory_scope).
bool hasAtomicArity(const AtomicBuiltin &Atomic, unsigned NumArgs);

/// One atomic entry point of the runtime, apart from its call form.
struct RuntimeAtomic {
  /// How many memory_order / memory_scope arguments the entry point takes.
  enum class OrderArgs { None, Explicit, ExplicitScope };
  AtomicOp Op = AtomicOp::Add;
  OrderArgs Orders = OrderArgs::None;
  /// A compare-exchange: the address space of its expected pointer
  /// ("private", "global", "local" or "generic"); else empty.
  llvm::StringRef ExpectedSpace;
  /// The value type: "int", "uint", "long", "ulong", "float" or
  /// "double".
  llvm::StringRef Type;

  bool operator==(const RuntimeAtomic &O) const {
    return Op == O.Op && Orders == O.Orders &&
           ExpectedSpace == O.ExpectedSpace && Type == O.Type;
  }
};

/// The entry point for a call of \p Atomic with \p NumArgs arguments on an
/// integer pointee of type \p Type, whose expected pointer (for a
/// compare-exchange) is in \p ExpectedSpace.
RuntimeAtomic runtimeAtomic(const AtomicBuiltin &Atomic, unsigned NumArgs,
                            llvm::StringRef Type,
                            llvm::StringRef ExpectedSpace = "");

/// The name of the runtime function for \p Entry in \p Form: the only
/// place that spells one (RuntimeCalls.def). "__sa_atomic_add_int",
/// the work-group form of "__sa_atomic_add_uint",
/// "__sa_atomic_fetch_add_explicit_scope_ulong",
/// "__sa_atomic_compare_exchange_explicit_private_int", ...
std::string runtimeAtomicName(const RuntimeAtomic &Entry, CallForm Form);

/// The profiled form of that entry point, which a --profile rewrite calls
/// with the site after the context (RuntimeCalls.def, SA_PROFILED_PREFIX):
/// "__sa_pf_wg_atomic_add_uint".
std::string profiledAtomicName(const RuntimeAtomic &Entry, CallForm Form);

/// Every atomic entry point the device runtime has, with its call form
/// (RuntimeCalls.def, SA_ENTRY_POINTS; the 64-bit ones and the generic
/// compare-exchanges exist in kernels that enable them).
std::vector<std::pair<RuntimeAtomic, CallForm>> runtimeEntryPoints();

/// True for the atomics that have a work-group form, for calls every
/// work-item of the group makes at the same point: the 1.x operations on
/// 32-bit and 64-bit integers (32-bit add, sub, inc and dec combined into
/// one request per address, their old values prefix sums; the others each
/// work-item's own request, the group's published together), and the 2.0
/// fetch_add and fetch_sub on 32-bit integers when \p Relaxed (their
/// memory order is memory_order_relaxed). Never floats.
bool hasWorkGroupForm(const AtomicBuiltin &Atomic, bool Relaxed,
                      llvm::StringRef Type = "int");

/// True for the operations whose calls may be deferred when their result
/// is unused: their effects commute (add, sub, inc, dec, min, max, and, or,
/// xor; for the 2.0 forms the same fetch_ operations, when \p Relaxed),
/// on \p Type (32-bit integers; float add, sub, min and max).
bool isDeferrable(const AtomicBuiltin &Atomic, bool Relaxed,
                  llvm::StringRef Type = "int");

/// True for a float sum (add or sub on float or double): combining such
/// calls changes the order in which their operands are summed, which
/// --float-reassociation decides (docs/REWRITE.md, "Floats").
bool reassociatesFloats(const AtomicBuiltin &Atomic, llvm::StringRef Type);

} // namespace softatomic

#endif // SOFTATOMIC_MODEL_ATOMICBUILTINS_H
