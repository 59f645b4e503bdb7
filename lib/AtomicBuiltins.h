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

/// An OpenCL 1.0/1.1 integer atomic that the runtime carries out.
struct AtomicBuiltin {
  llvm::StringRef SourceName; ///< "atom_add", "atomic_add", ...
  llvm::StringRef Op;         ///< "add": the runtime's __sa_atomic_<op>_<T>.
  unsigned Arity;             ///< Arguments in the source call, pointer first.
};

/// A work-group geometry builtin that the runtime virtualises.
struct GeometryBuiltin {
  llvm::StringRef SourceName;  ///< "get_global_id", ...
  llvm::StringRef RuntimeName; ///< "__sa_get_global_id", ...
};

/// The atomic named \p Name, or null when the runtime has no such atomic.
const AtomicBuiltin *findAtomicBuiltin(llvm::StringRef Name);

/// True for the OpenCL 2.0 read-modify-write forms (atomic_fetch_*,
/// atomic_exchange*, atomic_compare_exchange_*), which the runtime cannot
/// carry out in this version.
bool isUnsupportedAtomicForm(llvm::StringRef Name);

/// The geometry builtin named \p Name, or null when it is not virtualised.
const GeometryBuiltin *findGeometryBuiltin(llvm::StringRef Name);

/// The runtime function for \p Atomic on a 32-bit integer pointee:
/// "__sa_atomic_add_int" or "__sa_atomic_add_uint".
std::string runtimeAtomicName(const AtomicBuiltin &Atomic, bool IsSigned);

/// True for the atomics a work-group can combine into one request per
/// address (add, sub, inc, dec: the old values are prefix sums).
bool isGroupCombinable(const AtomicBuiltin &Atomic);

/// The work-group form of a runtime atomic: "__sa_atomic_add_uint" becomes
/// "__sa_wg_atomic_add_uint", which every work-item of the group must call.
std::string groupRuntimeName(llvm::StringRef RuntimeName);

} // namespace softatomic

#endif // SOFTATOMIC_ATOMICBUILTINS_H
