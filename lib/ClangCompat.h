//===- ClangCompat.h - Differences between Clang releases -------*- C++ -*-===//
//
// softatomic builds against Clang 16 and newer. Every use of an API that
// changed (or is known to be changing) between those releases goes through
// this header, so a new release means one file to touch.
//
//===----------------------------------------------------------------------===//

#ifndef SOFTATOMIC_CLANGCOMPAT_H
#define SOFTATOMIC_CLANGCOMPAT_H

#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/Version.h"
#include <cstddef>

static_assert(CLANG_VERSION_MAJOR >= 16, "softatomic needs Clang 16 or newer");

namespace softatomic {
namespace compat {

/// A custom diagnostic ID for a literal format string. Newer Clang releases
/// move custom diagnostics towards DiagnosticIDs::CustomDiagDesc; the
/// literal-string entry point is kept here, in one place.
template <std::size_t N>
unsigned customDiagID(clang::DiagnosticsEngine &Diags,
                      clang::DiagnosticsEngine::Level Level,
                      const char (&Format)[N]) {
  return Diags.getCustomDiagID(Level, Format);
}

} // namespace compat
} // namespace softatomic

#endif // SOFTATOMIC_CLANGCOMPAT_H
