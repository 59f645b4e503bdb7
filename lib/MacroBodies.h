//===- MacroBodies.h - Edits spelled inside macro definitions ---*- C++ -*-===//
//
// An edit whose token is spelled inside a macro definition of a user file
// is made once, in the definition, and so holds for every expansion of the
// macro. That is right only when every expansion of that token in the
// translation unit needs exactly that edit (docs/REWRITE.md, "Macros").
// Here: where a token is written, the check over all expansions, and the
// one runtime form chosen for an atomic spelled in a macro body.
//
//===----------------------------------------------------------------------===//

#ifndef SOFTATOMIC_MACROBODIES_H
#define SOFTATOMIC_MACROBODIES_H

#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/ArrayRef.h"
#include <string>

namespace clang {
class ASTContext;
class SourceManager;
} // namespace clang

namespace softatomic {

struct KernelAnalysis;

/// Walks \p Loc out through macro arguments (a token passed as an argument
/// is written at the invocation, which may itself be in another macro's
/// argument or body). Returns where the token is written in a file, or, for
/// a token spelled in a macro's body, the macro location where the walk
/// stopped (isMacroID() is then true).
clang::SourceLocation outOfMacroArguments(const clang::SourceManager &SM,
                                          clang::SourceLocation Loc);

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

/// Gives the per-item form (CallForm::PerItem) to every global atomic whose
/// name is spelled at one place of a macro body when those calls chose
/// different forms (deferred, work-group, predicated work-group, per item)
/// of the same runtime atomic: the definition can hold only one name, and
/// the per-item form is right wherever the others are.
void unifyMacroSpelledForms(KernelAnalysis &Result,
                            const clang::SourceManager &SM);

} // namespace softatomic

#endif // SOFTATOMIC_MACROBODIES_H
