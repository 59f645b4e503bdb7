// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
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
#include "model/RewriteOptions.h"
#include <optional>
#include <vector>

namespace clang {
class ASTContext;
} // namespace clang

namespace softatomic {

/// What the analysis takes from the options (RewriteOptions): which call
/// forms it may choose, and what it does with a refused kernel.
struct AnalysisOptions {
  /// Atomics whose result nobody reads may go to the runtime's deferred
  /// functions (CallForm::Deferred).
  bool DeferUnusedResults = true;
  /// Each kernel whose own code is refused stays as written
  /// (KernelAnalysis::KeptKernels), reported nothing for, where it would
  /// fail the file; what concerns no one kernel (recursion) still does.
  bool KeepNativeOnError = false;
  /// With KeepNativeOnError: kernels the edits could not be made for (a
  /// later stage's refusal), kept as written with the reason given; the
  /// analysis is run again without them (driver/KeepNative.h).
  std::vector<KeptKernel> KeepNative = {};
  /// Float sums may take the forms that combine them
  /// (--float-reassociation=allow); off, each is a request of its own.
  bool ReassociateFloats = true;
  /// Float adds whose result is unused are summed exactly
  /// (--float-atomics=reproducible: CallForm::Reproducible).
  bool ReproducibleFloats = false;
};

/// The analysis's part of \p Options.
AnalysisOptions analysisOptions(const RewriteOptions &Options);

/// Analyses the translation unit of \p Ctx. Returns std::nullopt after
/// reporting every reason through the context's DiagnosticsEngine when the
/// file cannot be rewritten.
std::optional<KernelAnalysis>
analyzeKernels(clang::ASTContext &Ctx, const AnalysisOptions &Options = {});

} // namespace softatomic

#endif // SOFTATOMIC_ANALYSIS_KERNELANALYSIS_H
