//===- AtomicBuiltins.h - The OpenCL builtins the rewrite edits -*- C++ -*-===//
//
// The name tables of docs/REWRITE.md: which OpenCL atomics the runtime
// carries out (and under which runtime name), which atomic forms it cannot
// carry out yet, and which geometry builtins it virtualises.
//
//===----------------------------------------------------------------------===//

#ifndef SOFTATOMIC_ATOMICBUILTINS_H
#define SOFTATOMIC_ATOMICBUILTINS_H

#include "llvm/ADT/StringRef.h"
#include <string>

namespace softatomic {

/// An integer atomic that the runtime carries out: an OpenCL 1.0/1.1 one
/// (atom_add, atomic_add, ...) or an OpenCL 2.0 one on an atomic_int or
/// atomic_uint object (atomic_fetch_add, atomic_exchange_explicit, ...).
struct AtomicBuiltin {
  llvm::StringRef SourceName; ///< "atom_add", "atomic_fetch_add", ...
  /// The runtime's __sa_atomic_<op>...: "add", or for the 2.0 forms
  /// "fetch_add", "exchange", "compare_exchange" (strong and weak), "store".
  llvm::StringRef Op;
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

/// A work-group geometry builtin that the runtime virtualises.
struct GeometryBuiltin {
  llvm::StringRef SourceName;  ///< "get_global_id", ...
  llvm::StringRef RuntimeName; ///< "__sa_get_global_id", ...
};

/// The atomic named \p Name, or null when the runtime has no such atomic.
const AtomicBuiltin *findAtomicBuiltin(llvm::StringRef Name);

/// The geometry builtin named \p Name, or null when it is not virtualised.
const GeometryBuiltin *findGeometryBuiltin(llvm::StringRef Name);

/// True when a call of \p Atomic with \p NumArgs arguments is one of its
/// forms (for an _explicit 2.0 form: with or without the memory_scope).
bool hasAtomicArity(const AtomicBuiltin &Atomic, unsigned NumArgs);

/// The runtime function for a call of \p Atomic with \p NumArgs arguments
/// on an integer pointee of type \p Type ("int", "uint", "long" or
/// "ulong"): "__sa_atomic_add_int",
/// "__sa_atomic_fetch_add_explicit_scope_ulong", ... A compare-exchange
/// names the address space of its expected pointer, \p ExpectedSpace
/// ("private", "global", "local" or "generic"), before the type.
std::string runtimeAtomicName(const AtomicBuiltin &Atomic, unsigned NumArgs,
                              llvm::StringRef Type,
                              llvm::StringRef ExpectedSpace = "");

/// True for the atomics a work-group can combine into one request per
/// address (add, sub, inc, dec: the old values are prefix sums; for the
/// 2.0 forms fetch_add and fetch_sub, when \p Relaxed: their memory order
/// is memory_order_relaxed).
bool isGroupCombinable(const AtomicBuiltin &Atomic, bool Relaxed);

/// True for the operations whose calls may be deferred when their result
/// is unused: their effects commute (add, sub, inc, dec, min, max, and, or,
/// xor; for the 2.0 forms the same fetch_ operations, when \p Relaxed).
bool isDeferrable(const AtomicBuiltin &Atomic, bool Relaxed);

/// The work-group form of a runtime atomic: "__sa_atomic_add_uint" becomes
/// "__sa_wg_atomic_add_uint", which every work-item of the group must call.
std::string groupRuntimeName(llvm::StringRef RuntimeName);

/// The predicated work-group form: "__sa_atomic_add_uint" becomes
/// "__sa_wgp_atomic_add_uint", which every work-item of the group calls
/// with, first, whether it is the atomic's caller.
std::string predicatedRuntimeName(llvm::StringRef RuntimeName);

} // namespace softatomic

#endif // SOFTATOMIC_ATOMICBUILTINS_H
