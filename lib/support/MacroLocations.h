// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- MacroLocations.h - Where a token is written --------------*- C++ -*-===//
//
// Where a token the AST points at is written: in a file, or in a macro's
// body (whose edits docs/REWRITE.md, "Macros", constrains).
//
//===----------------------------------------------------------------------===//

#ifndef SOFTATOMIC_SUPPORT_MACROLOCATIONS_H
#define SOFTATOMIC_SUPPORT_MACROLOCATIONS_H

#include "clang/Basic/SourceLocation.h"

namespace clang {
class SourceManager;
} // namespace clang

namespace softatomic {

/// Walks \p Loc out through macro arguments (a token passed as an argument
/// is written at the invocation, which may itself be in another macro's
/// argument or body). Returns where the token is written in a file, or, for
/// a token spelled in a macro's body, the macro location where the walk
/// stopped (isMacroID() is then true).
clang::SourceLocation outOfMacroArguments(const clang::SourceManager &SM,
                                          clang::SourceLocation Loc);

} // namespace softatomic

#endif // SOFTATOMIC_SUPPORT_MACROLOCATIONS_H
