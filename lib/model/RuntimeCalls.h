//===- RuntimeCalls.h - The runtime's entry points, as data ---*- C++ -*-===//
//
// RuntimeCalls.def read into enums and one array, free of Clang and LLVM:
// the rewriter (AtomicBuiltins.h) and the device runtime's generator
// (runtime/device/GenerateEntryPoints.cpp) both read the table through it.
//
//===----------------------------------------------------------------------===//

#ifndef SOFTATOMIC_MODEL_RUNTIMECALLS_H
#define SOFTATOMIC_MODEL_RUNTIMECALLS_H

namespace softatomic {

/// The runtime's atomic operations.
enum class AtomicOp {
#define SA_ATOMIC_OP(Enumerator, Name) Enumerator,
#include "model/RuntimeCalls.def"
};

/// How a global atomic reaches the runtime.
enum class CallForm {
#define SA_CALL_FORM(Enumerator, Prefix) Enumerator,
#include "model/RuntimeCalls.def"
};

/// The types and argument shapes of a row of entry points
/// (RuntimeCalls.def, SA_ENTRY_POINTS, says what each means).
enum class EntryTypes { Int32, Int32And64 };
enum class EntryShapes { Plain, Cl20, Cl20Explicit };

/// One row of SA_ENTRY_POINTS: Op in Form, on Types, in Shapes.
struct EntryPointRow {
  CallForm Form;
  AtomicOp Op;
  EntryTypes Types;
  EntryShapes Shapes;
};

inline constexpr EntryPointRow EntryPointRows[] = {
#define SA_ENTRY_POINTS(Form, Op, Types, Shapes)                               \
  {CallForm::Form, AtomicOp::Op, EntryTypes::Types, EntryShapes::Shapes},
#include "model/RuntimeCalls.def"
};

} // namespace softatomic

#endif // SOFTATOMIC_MODEL_RUNTIMECALLS_H
