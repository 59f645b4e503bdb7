//===- AtomicBuiltins.cpp - The OpenCL builtins the rewrite edits ---------===//

#include "AtomicBuiltins.h"
#include <cassert>
#include <cstring>
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/Twine.h"

using namespace llvm;

namespace softatomic {

/// docs/REWRITE.md, "Atomics": both spellings of each operation map to one
/// runtime operation.
static const AtomicBuiltin AtomicTable[] = {
    {"atom_add", "add", 2},         {"atomic_add", "add", 2},
    {"atom_sub", "sub", 2},         {"atomic_sub", "sub", 2},
    {"atom_xchg", "xchg", 2},       {"atomic_xchg", "xchg", 2},
    {"atom_min", "min", 2},         {"atomic_min", "min", 2},
    {"atom_max", "max", 2},         {"atomic_max", "max", 2},
    {"atom_and", "and", 2},         {"atomic_and", "and", 2},
    {"atom_or", "or", 2},           {"atomic_or", "or", 2},
    {"atom_xor", "xor", 2},         {"atomic_xor", "xor", 2},
    {"atom_inc", "inc", 1},         {"atomic_inc", "inc", 1},
    {"atom_dec", "dec", 1},         {"atomic_dec", "dec", 1},
    {"atom_cmpxchg", "cmpxchg", 3}, {"atomic_cmpxchg", "cmpxchg", 3},
    // OpenCL 2.0 (docs/REWRITE.md, "The OpenCL 2.0 forms").
#define SA_CL20(name, op, arity, orders, rmw)                                  \
  {"atomic_" name, op, arity, 0, true, rmw},                                   \
  {"atomic_" name "_explicit", op, arity, orders, true, rmw}
    SA_CL20("fetch_add", "fetch_add", 2, 1, true),
    SA_CL20("fetch_sub", "fetch_sub", 2, 1, true),
    SA_CL20("fetch_or", "fetch_or", 2, 1, true),
    SA_CL20("fetch_xor", "fetch_xor", 2, 1, true),
    SA_CL20("fetch_and", "fetch_and", 2, 1, true),
    SA_CL20("fetch_min", "fetch_min", 2, 1, true),
    SA_CL20("fetch_max", "fetch_max", 2, 1, true),
    SA_CL20("exchange", "exchange", 2, 1, true),
    SA_CL20("compare_exchange_strong", "compare_exchange", 3, 2, true),
    SA_CL20("compare_exchange_weak", "compare_exchange", 3, 2, true),
    SA_CL20("store", "store", 2, 1, false),
#undef SA_CL20
};

/// docs/REWRITE.md, "Geometry": what the user's code must see of the
/// virtual NDRange. get_local_id, get_local_size, get_work_dim and the rest
/// are true on the physical work-group and stay.
static const GeometryBuiltin GeometryTable[] = {
    {"get_group_id", "__sa_get_group_id"},
    {"get_global_id", "__sa_get_global_id"},
    {"get_num_groups", "__sa_get_num_groups"},
    {"get_global_size", "__sa_get_global_size"},
    {"get_global_offset", "__sa_get_global_offset"},
    {"get_global_linear_id", "__sa_get_global_linear_id"},
};

const AtomicBuiltin *findAtomicBuiltin(StringRef Name) {
  const auto *It = find_if(AtomicTable, [&](const AtomicBuiltin &A) {
    return A.SourceName == Name;
  });
  return It == std::end(AtomicTable) ? nullptr : It;
}

const GeometryBuiltin *findGeometryBuiltin(StringRef Name) {
  const auto *It = find_if(GeometryTable, [&](const GeometryBuiltin &G) {
    return G.SourceName == Name;
  });
  return It == std::end(GeometryTable) ? nullptr : It;
}

bool hasAtomicArity(const AtomicBuiltin &Atomic, unsigned NumArgs) {
  unsigned Base = Atomic.Arity + Atomic.Orders;
  return NumArgs == Base || (Atomic.Orders && NumArgs == Base + 1);
}

std::string runtimeAtomicName(const AtomicBuiltin &Atomic, unsigned NumArgs,
                              StringRef Type, StringRef ExpectedSpace) {
  StringRef Form = !Atomic.Orders                            ? ""
                   : NumArgs > Atomic.Arity + Atomic.Orders ? "_explicit_scope"
                                                             : "_explicit";
  std::string Space = ExpectedSpace.empty() ? "" : ("_" + ExpectedSpace).str();
  return ("__sa_atomic_" + Twine(Atomic.Op) + Form + Space + "_" + Type).str();
}

bool isGroupCombinable(const AtomicBuiltin &Atomic, bool Relaxed) {
  if (Atomic.Cl20)
    return Relaxed && (Atomic.Op == "fetch_add" || Atomic.Op == "fetch_sub");
  return Atomic.Op == "add" || Atomic.Op == "sub" || Atomic.Op == "inc" ||
         Atomic.Op == "dec";
}

bool isDeferrable(const AtomicBuiltin &Atomic, bool Relaxed) {
  static const llvm::StringLiteral Ops[] = {"add", "sub", "inc", "dec", "min",
                                            "max", "and", "or",  "xor"};
  StringRef Op = Atomic.Op;
  if (Atomic.Cl20 && !(Relaxed && Op.consume_front("fetch_")))
    return false;
  return llvm::is_contained(Ops, Op);
}

std::string groupRuntimeName(llvm::StringRef RuntimeName) {
  assert(RuntimeName.starts_with("__sa_atomic_") && "not a runtime atomic");
  return ("__sa_wg_" + RuntimeName.drop_front(strlen("__sa_"))).str();
}

std::string predicatedRuntimeName(llvm::StringRef RuntimeName) {
  assert(RuntimeName.starts_with("__sa_atomic_") && "not a runtime atomic");
  return ("__sa_wgp_" + RuntimeName.drop_front(strlen("__sa_"))).str();
}

} // namespace softatomic
