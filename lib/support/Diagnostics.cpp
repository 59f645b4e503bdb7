//===- Diagnostics.cpp - What softatomic-rewrite reports ------------------===//

#include "support/Diagnostics.h"
#include "support/ClangCompat.h"
#include "llvm/Support/ErrorHandling.h"

using namespace clang;

namespace softatomic {

/// The custom ID of \p Kind. Clang hands out one ID per (level, text) pair,
/// so asking again is cheap and needs no cache here.
static unsigned diagID(DiagnosticsEngine &D, Diag Kind) {
  using compat::customDiagID;
  constexpr auto Error = DiagnosticsEngine::Error;
  constexpr auto Note = DiagnosticsEngine::Note;
  switch (Kind) {
  case Diag::AlreadyRewritten:
    return customDiagID(D, Error,
                        "input was already rewritten by softatomic (it carries "
                        "a softatomic manifest); rewrite the original source");
  case Diag::NotOpenCLC:
    return customDiagID(D, Error,
                        "the compiler flags select %0, not OpenCL C: "
                        "softatomic rewrites OpenCL C kernels only "
                        "(-cl-std=CL1.0 to CL3.0)");
  case Diag::MacroExpansionLimit:
    return customDiagID(D, Error,
                        "macro expansion goes past the limit of %0 tokens "
                        "for one file (macros that expand to their "
                        "arguments several times grow exponentially); the "
                        "file is not rewritten");
  case Diag::RecursiveCall:
    return customDiagID(D, Error,
                        "recursive call of '%0': OpenCL C forbids recursion");
  case Diag::UnsupportedAtomicType:
    return customDiagID(
        D, Error,
        "'%0' on a global '%1' cannot be rewritten: software atomics support "
        "only 32-bit and 64-bit integers, float and double in this version");
  case Diag::UnsupportedAtomicForm:
    return customDiagID(
        D, Error,
        "'%0' on global memory cannot be rewritten: its expected pointer is "
        "in none of the private, global, local or generic address spaces");
  case Diag::UnprovableAddressSpace:
    return customDiagID(
        D, Error,
        "cannot prove that '%0' acts on __global or __local memory (its "
        "pointer is '%1'); kernel '%2' is rewritten to software atomics, "
        "which a native global atomic would bypass");
  case Diag::RewrittenKernelCalled:
    return customDiagID(D, Error,
                        "kernel '%0' is rewritten (it gains parameters) and "
                        "cannot be called from '%1'");
  case Diag::GeometryKernelCalled:
    return customDiagID(D, Error,
                        "kernel '%0' uses the work-group geometry and cannot "
                        "be called from rewritten kernel '%1'");
  case Diag::AtomicKernelCalled:
    return customDiagID(D, Error,
                        "kernel '%0' uses a global atomic and cannot be called "
                        "from rewritten kernel '%1' (the call would run that "
                        "atomic natively)");
  case Diag::InBlock:
    return customDiagID(
        D, Error, "%0 inside a block cannot be rewritten in this version");
  case Diag::ReturnWithValue:
    return customDiagID(D, Error,
                        "'return' with a value in rewritten kernel '%0' cannot "
                        "be rewritten");
  case Diag::InMacroDefinition:
    return customDiagID(D, Error,
                        "%0 is spelled in the definition of macro '%1' and "
                        "cannot be rewritten in this version");
  case Diag::NoteSpelledInMacro:
    return customDiagID(D, Note, "spelled here, in macro '%0'");
  case Diag::MacroExpansionsDisagree:
    return customDiagID(D, Error,
                        "%0 is spelled in the definition of macro '%1', whose "
                        "expansions need different edits of it: here it %2, "
                        "in another expansion it %3%4");
  case Diag::PastedInMacro:
    return customDiagID(D, Error,
                        "%0 is made by token pasting ('##') in macro '%1' and "
                        "cannot be rewritten: its text is written nowhere");
  case Diag::MacroKernelShared:
    return customDiagID(D, Error,
                        "kernel '%0' is written by macro '%1', which also "
                        "writes '%2', a function that is not rewritten: the "
                        "edits of the definition would change both");
  case Diag::MacroKernelUneditable:
    return customDiagID(D, Error,
                        "kernel '%0' is written by macro '%1', whose "
                        "definition cannot take its edits: %2");
  case Diag::NoteGenericPointer:
    return customDiagID(D, Note, "%0");
  case Diag::NoteOtherExpansion:
    return customDiagID(D, Note, "the other expansion of macro '%0' is here");
  case Diag::InSystemHeader:
    return customDiagID(D, Error,
                        "%0 is in a system header and cannot be rewritten");
  case Diag::IncludeNotInlined:
    return customDiagID(D, Error,
                        "header '%0' needs edits, but this #include cannot be "
                        "replaced by its rewritten text: %1");
  case Diag::NoteReachedFrom:
    return customDiagID(D, Note, "'%0' is reached from rewritten kernel '%1'");
  case Diag::MixedLocalDeclaration:
    return customDiagID(D, Error,
                        "'%0' is declared together with __local variables, "
                        "which move to the start of kernel '%1'; declare it "
                        "separately");
  case Diag::HoistDependency:
    return customDiagID(D, Error,
                        "this __local declaration must move to the start of "
                        "kernel '%1', before '%0', which it uses");
  case Diag::NoteDeclaredHere:
    return customDiagID(D, Note, "'%0' is declared here");
  case Diag::UnsupportedParameterList:
    return customDiagID(D, Error,
                        "cannot find where to add parameters to '%0'");
  case Diag::CannotClone:
    return customDiagID(D, Error,
                        "'%0' is called both from rewritten code and from "
                        "code that is not rewritten, but this declaration of "
                        "it cannot be copied: %1");
  case Diag::InternalError:
    return customDiagID(D, Error, "internal error in softatomic-rewrite: %0");
  case Diag::KernelLeftAlone:
    return customDiagID(D, DiagnosticsEngine::Warning,
                        "kernel '%0' is left alone: it reaches no global "
                        "atomic");
  case Diag::KernelKeptNative:
    return customDiagID(D, DiagnosticsEngine::Warning,
                        "kernel '%0' stays native (as written): %1");
  case Diag::NoteRefusedHere:
    return customDiagID(D, Note, "what keeps '%0' native is here");
  case Diag::NativeAtomicFlag:
    return customDiagID(D, DiagnosticsEngine::Warning,
                        "'%0' on a global flag stays a native atomic: the "
                        "software runtime has no atomic_flag (only the "
                        "atomic_flag functions reach a flag, so they stay "
                        "atomic with each other)");
  case Diag::FloatSiteNotReproducible:
    return customDiagID(D, DiagnosticsEngine::Warning,
                        "float '%0' is not made reproducible "
                        "(--float-atomics=reproducible): %1");
  case Diag::UnguardableLoop:
    return customDiagID(D, DiagnosticsEngine::Warning,
                        "this loop in '%0' reaches a software atomic but gets "
                        "no guard (%1): if the runtime fails, it may not "
                        "end");
  }
  llvm_unreachable("unknown softatomic diagnostic");
}

DiagnosticBuilder report(DiagnosticsEngine &Diags, Diag Kind,
                         SourceLocation Loc) {
  return Diags.Report(Loc, diagID(Diags, Kind));
}

} // namespace softatomic
