// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- RuntimeCalls.h - The runtime's entry points, as data ---*- C++ -*-===//
//
// RuntimeCalls.def read into enums and one array, free of Clang and LLVM:
// the rewriter (AtomicBuiltins.h) and the device runtime's generator
// (runtime/device/GenerateEntryPoints.cpp) both read the table through it.
//
//===----------------------------------------------------------------------===//

#ifndef SOFTATOMIC_MODEL_RUNTIMECALLS_H
#define SOFTATOMIC_MODEL_RUNTIMECALLS_H

#include <string>

namespace softatomic {

/// The runtime's atomic operations.
enum class AtomicOp {
#define SA_ATOMIC_OP(Enumerator, Name) Enumerator,
#include "model/RuntimeCalls.def"
};

/// How a global atomic reaches the runtime.
enum class CallForm {
#define SA_CALL_FORM(Enumerator, Prefix, Name) Enumerator,
#include "model/RuntimeCalls.def"
};

/// The forms every work-item of a group calls together.
inline bool isGroupForm(CallForm Form) {
  return Form == CallForm::WorkGroup || Form == CallForm::PredicatedWorkGroup;
}

/// The prefix of the runtime functions of \p Form: "__sa_", "__sa_nr_", ...
inline const char *callFormPrefix(CallForm Form) {
  switch (Form) {
#define SA_CALL_FORM(Enumerator, Prefix, Name)                                 \
  case CallForm::Enumerator:                                                   \
    return Prefix;
#include "model/RuntimeCalls.def"
  }
  return "";
}

/// What reports call \p Form: "per-item", "work-group", ...
inline const char *callFormName(CallForm Form) {
  switch (Form) {
#define SA_CALL_FORM(Enumerator, Prefix, Name)                                 \
  case CallForm::Enumerator:                                                   \
    return Name;
#include "model/RuntimeCalls.def"
  }
  return "";
}

/// The profiled form's prefix of \p Form (RuntimeCalls.def,
/// SA_PROFILED_PREFIX): "__sa_pf_", "__sa_pf_wg_", ...
inline std::string profiledFormPrefix(CallForm Form) {
  // Every form's prefix starts "__sa_": the profiled one puts "pf_" after.
  return SA_PROFILED_PREFIX + std::string(callFormPrefix(Form)).substr(5);
}

/// The operation's name in the runtime's entry points: "add", "fetch_add".
inline const char *atomicOpSpelling(AtomicOp Op) {
  switch (Op) {
#define SA_ATOMIC_OP(Enumerator, Name)                                         \
  case AtomicOp::Enumerator:                                                   \
    return Name;
#include "model/RuntimeCalls.def"
  }
  return "";
}

/// The types and argument shapes of a row of entry points
/// (RuntimeCalls.def, SA_ENTRY_POINTS, says what each means).
enum class EntryTypes { Int32, Int32And64, Float32, Float32And64 };
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
