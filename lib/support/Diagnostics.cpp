// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- Diagnostics.cpp - What softatomic-rewrite reports ------------------===//

#include "support/Diagnostics.h"
#include "support/ClangCompat.h"
#include "llvm/Support/ErrorHandling.h"

using namespace clang;

namespace softatomic {

/// The custom ID of \p Kind, from its row of Diagnostics.def. Clang hands
/// out one ID per (level, text) pair, so asking again is cheap and needs no
/// cache here. (A switch over the rows, not a table of them: Clang takes
/// the text as a string literal, compat::customDiagID says why.)
static unsigned diagID(DiagnosticsEngine &D, Diag Kind) {
  switch (Kind) {
#define SA_DIAG(Name, Level, Text)                                             \
  case Diag::Name:                                                             \
    return compat::customDiagID(D, DiagnosticsEngine::Level, Text);
#include "support/Diagnostics.def"
  }
  llvm_unreachable("unknown softatomic diagnostic");
}

DiagnosticBuilder report(DiagnosticsEngine &Diags, Diag Kind,
                         SourceLocation Loc) {
  return Diags.Report(Loc, diagID(Diags, Kind));
}

} // namespace softatomic
