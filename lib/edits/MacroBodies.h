//===- MacroBodies.h - Edits spelled inside macro definitions ---*- C++ -*-===//
//
// An edit whose token is spelled inside a macro definition of a user file
// is made once, in the definition, and so holds for every expansion of the
// macro. That is right only when every expansion of that token in the
// translation unit needs exactly that edit (docs/REWRITE.md, "Macros").
// Here: the check over all expansions (where a token is written:
// support/MacroLocations.h; the one runtime form of an atomic spelled in a
// macro body: analysis/MacroSpelledForms.h).
//
//===----------------------------------------------------------------------===//

#ifndef SOFTATOMIC_EDITS_MACROBODIES_H
#define SOFTATOMIC_EDITS_MACROBODIES_H

#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/ArrayRef.h"
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
};

/// Reports every expansion whose edits of a token spelled in a macro body
/// differ from those of the token's first edited expansion (an expansion
/// that needs no edit included: the macro used on __local memory, or in
/// code that is not rewritten): an error at the expansion, a note at the
/// spelling and one at the other expansion. Returns false when it reported.
bool checkMacroBodyEdits(clang::ASTContext &Ctx,
                         llvm::ArrayRef<MacroBodyEdit> Edits);

} // namespace softatomic

#endif // SOFTATOMIC_EDITS_MACROBODIES_H
