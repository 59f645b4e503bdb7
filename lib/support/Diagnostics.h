// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
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

/// Every diagnostic, one row of Diagnostics.def each (which says its
/// arguments).
enum class Diag {
#define SA_DIAG(Name, Level, Text) Name,
#include "support/Diagnostics.def"
};

/// Starts reporting \p Kind at \p Loc; stream the arguments into the result.
clang::DiagnosticBuilder report(clang::DiagnosticsEngine &Diags, Diag Kind,
                                clang::SourceLocation Loc);

} // namespace softatomic

#endif // SOFTATOMIC_SUPPORT_DIAGNOSTICS_H
