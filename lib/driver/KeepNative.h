// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- KeepNative.h - Kernels whose edits fail, kept as written -*- C++ -*-===//
//
// --keep-native-on-error keeps each kernel that cannot be rewritten as
// written and rewrites the others. The analysis refuses most such kernels
// itself; some refusals come only while the edits are built: kernels that
// one macro writes whose expansions need different edits of its
// definition, a __local declaration that cannot be moved. Under the option
// the driver holds back what each attempt reports (HeldDiagnostics); when
// its edits fail, the kernels that each error is in or concerns
// (kernelsOfErrors) are kept native and the analysis runs again without
// them. Only the last attempt's diagnostics are shown.
//
//===----------------------------------------------------------------------===//

#ifndef SOFTATOMIC_DRIVER_KEEPNATIVE_H
#define SOFTATOMIC_DRIVER_KEEPNATIVE_H

#include "model/CallSites.h"
#include "clang/Basic/Diagnostic.h"
#include <memory>
#include <vector>

namespace softatomic {

/// Holds every diagnostic that \p Diags reports while it lives, in order,
/// instead of showing it; show() hands them to the client it replaced.
class HeldDiagnostics : public clang::DiagnosticConsumer {
public:
  explicit HeldDiagnostics(clang::DiagnosticsEngine &Diags);
  ~HeldDiagnostics() override;
  HeldDiagnostics(const HeldDiagnostics &) = delete;
  HeldDiagnostics &operator=(const HeldDiagnostics &) = delete;

  void HandleDiagnostic(clang::DiagnosticsEngine::Level Level,
                        const clang::Diagnostic &Info) override;

  const std::vector<clang::StoredDiagnostic> &held() const { return Held; }
  /// Forgets what was held: an attempt that is made again.
  void drop() { Held.clear(); }
  /// Gives the client back and reports what was held through it.
  void show();

private:
  clang::DiagnosticsEngine &Diags;
  std::unique_ptr<clang::DiagnosticConsumer> Owner;
  clang::DiagnosticConsumer *Previous;
  bool Shown = false;
  std::vector<clang::StoredDiagnostic> Held;
};

/// The rewritten kernels that the errors among \p Reported (each with the
/// notes after it) are in, or in a function that they reach, each with the
/// first such error's message as its reason. Empty when some error is in
/// none of them: keeping kernels native would not remove it.
std::vector<KeptKernel>
kernelsOfErrors(const KernelAnalysis &Analysis,
                llvm::ArrayRef<clang::StoredDiagnostic> Reported,
                const clang::SourceManager &SM);

} // namespace softatomic

#endif // SOFTATOMIC_DRIVER_KEEPNATIVE_H
