//===- KernelAnalysis.h - Which kernels and functions change ----*- C++ -*-===//
//
// The decisions of docs/REWRITE.md, "Which kernels and functions change":
// the calls that matter in every function defined in the user's files, the
// call graph between those functions, the kernels that reach a global
// atomic (rewritten), the functions that take the runtime context (and,
// of those, the ones that code without the context calls too, which get a
// rewritten copy), and the constructs this version refuses (recursion,
// unsupported atomics, ...).
//
//===----------------------------------------------------------------------===//

#ifndef SOFTATOMIC_ANALYSIS_KERNELANALYSIS_H
#define SOFTATOMIC_ANALYSIS_KERNELANALYSIS_H

#include "model/CallSites.h"
#include <optional>

namespace clang {
class ASTContext;
} // namespace clang

namespace softatomic {

/// Analyses the translation unit of \p Ctx. Returns std::nullopt after
/// reporting every reason through the context's DiagnosticsEngine when the
/// file cannot be rewritten. \p DeferUnusedResults lets atomics whose result
/// nobody reads go to the runtime's deferred functions (CallForm::Deferred).
/// \p KeepNativeOnError leaves each kernel whose own code is refused as
/// written (KernelAnalysis::KeptKernels), reporting nothing for it, where
/// it would fail the file; what concerns no one kernel (recursion) still
/// does. \p ReassociateFloats lets float sums take the forms that combine
/// them (--float-reassociation=allow); off, each is a request of its own.
std::optional<KernelAnalysis> analyzeKernels(clang::ASTContext &Ctx,
                                             bool DeferUnusedResults = true,
                                             bool KeepNativeOnError = false,
                                             bool ReassociateFloats = true);

} // namespace softatomic

#endif // SOFTATOMIC_ANALYSIS_KERNELANALYSIS_H
