// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- AtomicBuiltins.cpp - The OpenCL builtins the rewrite edits ---------===//

#include "model/AtomicBuiltins.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/Twine.h"
#include <cassert>
#include <cstring>

using namespace llvm;

namespace softatomic {

/// docs/REWRITE.md, "Atomics": both spellings of each operation map to one
/// runtime operation.
static const AtomicBuiltin AtomicTable[] = {
    {"atom_add", AtomicOp::Add, 2},
    {"atomic_add", AtomicOp::Add, 2},
    {"atom_sub", AtomicOp::Sub, 2},
    {"atomic_sub", AtomicOp::Sub, 2},
    {"atom_xchg", AtomicOp::Xchg, 2},
    {"atomic_xchg", AtomicOp::Xchg, 2},
    {"atom_min", AtomicOp::Min, 2},
    {"atomic_min", AtomicOp::Min, 2},
    {"atom_max", AtomicOp::Max, 2},
    {"atomic_max", AtomicOp::Max, 2},
    {"atom_and", AtomicOp::And, 2},
    {"atomic_and", AtomicOp::And, 2},
    {"atom_or", AtomicOp::Or, 2},
    {"atomic_or", AtomicOp::Or, 2},
    {"atom_xor", AtomicOp::Xor, 2},
    {"atomic_xor", AtomicOp::Xor, 2},
    {"atom_inc", AtomicOp::Inc, 1},
    {"atomic_inc", AtomicOp::Inc, 1},
    {"atom_dec", AtomicOp::Dec, 1},
    {"atomic_dec", AtomicOp::Dec, 1},
    {"atom_cmpxchg", AtomicOp::Cmpxchg, 3},
    {"atomic_cmpxchg", AtomicOp::Cmpxchg, 3},
// OpenCL 2.0 (docs/REWRITE.md, "The OpenCL 2.0 forms").
#define SA_CL20(name, op, arity, orders, rmw)                                  \
  {"atomic_" name, op, arity, 0, true, rmw}, {                                 \
    "atomic_" name "_explicit", op, arity, orders, true, rmw                   \
  }
    SA_CL20("fetch_add", AtomicOp::FetchAdd, 2, 1, true),
    SA_CL20("fetch_sub", AtomicOp::FetchSub, 2, 1, true),
    SA_CL20("fetch_or", AtomicOp::FetchOr, 2, 1, true),
    SA_CL20("fetch_xor", AtomicOp::FetchXor, 2, 1, true),
    SA_CL20("fetch_and", AtomicOp::FetchAnd, 2, 1, true),
    SA_CL20("fetch_min", AtomicOp::FetchMin, 2, 1, true),
    SA_CL20("fetch_max", AtomicOp::FetchMax, 2, 1, true),
    SA_CL20("exchange", AtomicOp::Exchange, 2, 1, true),
    SA_CL20("compare_exchange_strong", AtomicOp::CompareExchange, 3, 2, true),
    SA_CL20("compare_exchange_weak", AtomicOp::CompareExchange, 3, 2, true),
    SA_CL20("store", AtomicOp::Store, 2, 1, false),
#undef SA_CL20
};

/// docs/REWRITE.md, "Geometry": what the user's code must see of the
/// virtual NDRange. get_local_id, get_local_size, get_work_dim and the rest
/// are true on the physical work-group and stay. "Fences": OpenCL C 1.x's
/// fences, whose global part NVIDIA compiles to a work-group fence, which
/// the native atomics of the combining mode do not make up for.
static const ContextBuiltin ContextTable[] = {
    {"get_group_id", "__sa_get_group_id"},
    {"get_global_id", "__sa_get_global_id"},
    {"get_num_groups", "__sa_get_num_groups"},
    {"get_global_size", "__sa_get_global_size"},
    {"get_global_offset", "__sa_get_global_offset"},
    {"get_global_linear_id", "__sa_get_global_linear_id"},
    {"mem_fence", "__sa_mem_fence", true},
    {"read_mem_fence", "__sa_read_mem_fence", true},
    {"write_mem_fence", "__sa_write_mem_fence", true},
};

const AtomicBuiltin *findAtomicBuiltin(StringRef Name) {
  const auto *It = find_if(AtomicTable, [&](const AtomicBuiltin &A) {
    return A.SourceName == Name;
  });
  return It == std::end(AtomicTable) ? nullptr : It;
}

const ContextBuiltin *findContextBuiltin(StringRef Name) {
  const auto *It = find_if(ContextTable, [&](const ContextBuiltin &G) {
    return G.SourceName == Name;
  });
  return It == std::end(ContextTable) ? nullptr : It;
}

bool hasAtomicArity(const AtomicBuiltin &Atomic, unsigned NumArgs) {
  unsigned Base = Atomic.Arity + Atomic.Orders;
  return NumArgs == Base || (Atomic.Orders && NumArgs == Base + 1);
}

StringRef atomicOpName(AtomicOp Op) { return atomicOpSpelling(Op); }

RuntimeAtomic runtimeAtomic(const AtomicBuiltin &Atomic, unsigned NumArgs,
                            StringRef Type, StringRef ExpectedSpace) {
  using OrderArgs = RuntimeAtomic::OrderArgs;
  RuntimeAtomic Entry;
  Entry.Op = Atomic.Op;
  Entry.Orders = !Atomic.Orders ? OrderArgs::None
                 : NumArgs > Atomic.Arity + Atomic.Orders
                     ? OrderArgs::ExplicitScope
                     : OrderArgs::Explicit;
  Entry.ExpectedSpace = ExpectedSpace;
  Entry.Type = Type;
  return Entry;
}

std::string runtimeAtomicName(const RuntimeAtomic &Entry, CallForm Form) {
  assert(is_contained(runtimeEntryPoints(), std::make_pair(Entry, Form)) &&
         "the runtime has no such entry point (RuntimeCalls.def)");
  static const char *const OrderSuffix[] = {"", "_explicit", "_explicit_scope"};
  std::string Space =
      Entry.ExpectedSpace.empty() ? "" : ("_" + Entry.ExpectedSpace).str();
  return (Twine(callFormPrefix(Form)) + "atomic_" + atomicOpName(Entry.Op) +
          OrderSuffix[static_cast<int>(Entry.Orders)] + Space + "_" +
          Entry.Type)
      .str();
}

std::string profiledAtomicName(const RuntimeAtomic &Entry, CallForm Form) {
  return profiledFormPrefix(Form) +
         runtimeAtomicName(Entry, Form).substr(strlen(callFormPrefix(Form)));
}

/// The types of a row of entry points (RuntimeCalls.def).
static SmallVector<StringRef, 4> entryTypes(EntryTypes Types) {
  switch (Types) {
  case EntryTypes::Int32:
    return {"int", "uint"};
  case EntryTypes::Int32And64:
    return {"int", "uint", "long", "ulong"};
  case EntryTypes::Float32:
    return {"float"};
  case EntryTypes::Float32And64:
    return {"float", "double"};
  }
  return {};
}

/// True when the runtime has \p Op in \p Form on \p Type, in some shape.
static bool hasForm(CallForm Form, AtomicOp Op, StringRef Type) {
  return any_of(EntryPointRows, [&](const EntryPointRow &Row) {
    return Row.Form == Form && Row.Op == Op &&
           is_contained(entryTypes(Row.Types), Type);
  });
}

std::vector<std::pair<RuntimeAtomic, CallForm>> runtimeEntryPoints() {
  using OrderArgs = RuntimeAtomic::OrderArgs;
  std::vector<std::pair<RuntimeAtomic, CallForm>> Entries;
  for (const EntryPointRow &Row : EntryPointRows) {
    SmallVector<StringRef, 4> Types = entryTypes(Row.Types);
    SmallVector<OrderArgs, 3> Orders = {OrderArgs::None};
    if (Row.Shapes != EntryShapes::Plain)
      Orders = {OrderArgs::Explicit, OrderArgs::ExplicitScope};
    if (Row.Shapes == EntryShapes::Cl20)
      Orders.insert(Orders.begin(), OrderArgs::None);
    SmallVector<StringRef, 4> Spaces = {""};
    if (Row.Op == AtomicOp::CompareExchange)
      Spaces = {"private", "global", "local", "generic"};
    for (StringRef Space : Spaces)
      for (OrderArgs Order : Orders)
        for (StringRef Type : Types) {
          RuntimeAtomic Entry;
          Entry.Op = Row.Op;
          Entry.Orders = Order;
          Entry.ExpectedSpace = Space;
          Entry.Type = Type;
          Entries.push_back({Entry, Row.Form});
        }
  }
  return Entries;
}

bool hasWorkGroupForm(const AtomicBuiltin &Atomic, bool Relaxed,
                      StringRef Type) {
  // The 2.0 forms in a group form are relaxed alone: the group's one
  // request cannot order each work-item's own accesses.
  return hasForm(CallForm::WorkGroup, Atomic.Op, Type) &&
         (!Atomic.Cl20 || Relaxed);
}

bool hasReproducibleForm(AtomicOp Op, StringRef Type) {
  return hasForm(CallForm::Reproducible, Op, Type);
}

bool isDeferrable(const AtomicBuiltin &Atomic, bool Relaxed, StringRef Type) {
  // A deferred 2.0 call is relaxed alone: it is sent later, so it orders
  // nothing around it.
  return hasForm(CallForm::Deferred, Atomic.Op, Type) &&
         (!Atomic.Cl20 || Relaxed);
}

bool reassociatesFloats(const AtomicBuiltin &Atomic, StringRef Type) {
  if (Type != "float" && Type != "double")
    return false;
  switch (Atomic.Op) {
  case AtomicOp::Add:
  case AtomicOp::Sub:
  case AtomicOp::FetchAdd:
  case AtomicOp::FetchSub:
    return true;
  default:
    return false;
  }
}

} // namespace softatomic
