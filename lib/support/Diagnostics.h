//===- Diagnostics.h - What softatomic-rewrite reports ----------*- C++ -*-===//
//
// Every diagnostic of the rewriter, as a custom ID of the compiler's own
// DiagnosticsEngine, so that it prints as `file:line:col: error: ...` with a
// caret, like Clang's, and tests match it with [[@LINE]].
//
//===----------------------------------------------------------------------===//

#ifndef SOFTATOMIC_SUPPORT_DIAGNOSTICS_H
#define SOFTATOMIC_SUPPORT_DIAGNOSTICS_H

#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/SourceLocation.h"

namespace softatomic {

enum class Diag {
  AlreadyRewritten,         ///< the input carries a manifest
  NotOpenCLC,               ///< %0: the language the flags select
  MacroExpansionLimit,      ///< %0: the limit, in tokens
  RecursiveCall,            ///< %0: the callee
  UnsupportedAtomicType,    ///< %0: atomic, %1: pointee type
  UnsupportedAtomicForm,    ///< %0: atomic
  UnprovableAddressSpace,   ///< %0: atomic, %1: pointer type, %2: kernel
  RewrittenKernelCalled,    ///< %0: kernel, %1: caller
  GeometryKernelCalled,     ///< %0: kernel called, %1: rewritten kernel
  AtomicKernelCalled,       ///< %0: kernel called, %1: rewritten kernel
  InBlock,                  ///< %0: what
  ReturnWithValue,          ///< %0: kernel
  InMacroDefinition,        ///< %0: what, %1: macro
  NoteSpelledInMacro,       ///< %0: macro
  MacroExpansionsDisagree,  ///< %0: what, %1: macro, %2/%3: edits here/there
  NoteOtherExpansion,       ///< %0: macro
  PastedInMacro,            ///< %0: what, %1: macro
  MacroKernelShared,        ///< %0: kernel, %1: macro, %2: other function
  MacroKernelUneditable,    ///< %0: kernel, %1: macro, %2: why
  NoteGenericPointer,       ///< %0: why a generic pointer is not proved
  InSystemHeader,           ///< %0: what
  IncludeNotInlined,        ///< %0: header, %1: why
  NoteReachedFrom,          ///< %0: function, %1: rewritten kernel
  MixedLocalDeclaration,    ///< %0: variable, %1: kernel
  HoistDependency,          ///< %0: declaration used, %1: kernel
  NoteDeclaredHere,         ///< %0: declaration
  UnsupportedParameterList, ///< %0: function
  CannotClone,              ///< %0: function, %1: why
  InternalError,            ///< %0: detail
  KernelLeftAlone,          ///< %0: kernel (a warning, on request)
  KernelKeptNative,         ///< %0: kernel, %1: why (a warning)
  NoteRefusedHere,          ///< %0: kernel
  UnguardableLoop,          ///< %0: function, %1: why (a warning)
  NativeAtomicFlag,         ///< %0: the atomic_flag function (a warning)
  FloatSiteNotReproducible, ///< %0: the atomic, %1: why (a warning)
};

/// Starts reporting \p Kind at \p Loc; stream the arguments into the result.
clang::DiagnosticBuilder report(clang::DiagnosticsEngine &Diags, Diag Kind,
                                clang::SourceLocation Loc);

} // namespace softatomic

#endif // SOFTATOMIC_SUPPORT_DIAGNOSTICS_H
