// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- MacroBodies.h - Edits spelled inside macro definitions ---*- C++ -*-===//
//
// An edit whose token is spelled inside a macro definition of a user file
// is made once, in the definition, and so holds for every expansion of the
// macro. That is right only when every expansion of that token in the
// translation unit needs exactly that edit (docs/REWRITE.md, "Macros"), or
// when the edit has a scoped form that serves the rewritten expansions and
// those in code without the context alike (a geometry call or a per-item
// 1.x global atomic: `__sa_scoped_get_global_id(0, __sa_ctx)`, where the
// rewrite's own __sa_ctx shadows the runtime's program-scope null one).
// Here: the check over all expansions (where a token is written:
// support/MacroLocations.h; the one runtime form of an atomic spelled in a
// macro body: analysis/MacroSpelledForms.h).
//
//===----------------------------------------------------------------------===//

#ifndef SOFTATOMIC_EDITS_MACROBODIES_H
#define SOFTATOMIC_EDITS_MACROBODIES_H

#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include <string>

namespace clang {
class ASTContext;
class SourceManager;
} // namespace clang

namespace softatomic {

/// One edit requested at a token spelled in a macro body.
struct MacroBodyEdit {
  /// The token in the macro definition (a file location in a user file).
  clang::SourceLocation Spelling;
  /// The token in one expansion: outOfMacroArguments' macro location.
  clang::SourceLocation Expansion;
  unsigned Length = 0; ///< Of the token replaced; 0: inserted before it.
  std::string Text;
  std::string What; ///< "global atomic 'atom_inc'", for diagnostics.
  /// The text that serves this expansion and code without the context too
  /// (`__sa_scoped_get_global_id` for `__sa_get_global_id`); empty when
  /// there is none.
  std::string Scoped;
};

/// Checks that every expansion of a token spelled in a macro body needs the
/// edits of the token's first edited expansion. Where they differ only in
/// that some expansions are \p ContextFree uses (a geometry call or global
/// atomic in code without the context, whose Scoped text says what serves
/// it; Length and Text unused) and every edit has the same Scoped text,
/// the token's spelling goes to \p ScopedTokens: its edits are to be made
/// in their scoped form. Otherwise each differing expansion (one that
/// needs no edit included: the macro used on __local memory, or a call
/// whose name and `)` are not both in macro bodies) gets an error, a note
/// at the spelling and one at the other expansion. Returns false when it
/// reported.
bool checkMacroBodyEdits(
    clang::ASTContext &Ctx, llvm::ArrayRef<MacroBodyEdit> Edits,
    llvm::ArrayRef<MacroBodyEdit> ContextFree,
    llvm::SmallVectorImpl<clang::SourceLocation> &ScopedTokens);

} // namespace softatomic

#endif // SOFTATOMIC_EDITS_MACROBODIES_H
