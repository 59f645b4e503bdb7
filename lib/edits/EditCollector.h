// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- EditCollector.h - Edits that land in the user's files ----*- C++ -*-===//
//
// Collects the rewrite's edits as offsets into the user's files (the main
// file and the headers it includes; RewriteAction inlines an edited header
// in place of its #include), and refuses, with a diagnostic, every edit
// that would not land in such text: a token spelled inside a macro
// definition (error at the expansion, note at the spelling), or one in a
// system header. A token spelled in a macro argument is edited where the
// argument is written. Where the caller allows it, a token spelled in the
// body of a macro defined in a user file is edited in the definition,
// and the edit is kept for checkMacroBodyEdits (MacroBodies.h), which sees
// that every expansion needs it.
//
//===----------------------------------------------------------------------===//

#ifndef SOFTATOMIC_EDITS_EDITCOLLECTOR_H
#define SOFTATOMIC_EDITS_EDITCOLLECTOR_H

#include "edits/MacroBodies.h"
#include "clang/Basic/LangOptions.h"
#include "clang/Basic/SourceLocation.h"
#include "clang/Tooling/Core/Replacement.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/Twine.h"
#include <optional>
#include <set>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

namespace clang {
class DiagnosticsEngine;
class FileEntry;
class SourceManager;
} // namespace clang

namespace softatomic {

class EditCollector {
public:
  EditCollector(const clang::SourceManager &SM, const clang::LangOptions &LO,
                clang::DiagnosticsEngine &Diags);
  EditCollector(const EditCollector &) = delete;
  EditCollector &operator=(const EditCollector &) = delete;

  /// Whether a token spelled in a macro's body may be edited there.
  enum class InMacroBody { Refuse, EditDefinition };

  /// Replaces the token at \p Loc by \p Text. \p What names the token in a
  /// diagnostic ("global atomic 'atom_add'"). \p Scoped is the text that
  /// would serve code without the context too (MacroBodyEdit::Scoped), for
  /// a token edited in a macro's definition.
  void replaceToken(clang::SourceLocation Loc, llvm::StringRef Text,
                    const llvm::Twine &What,
                    InMacroBody Macro = InMacroBody::Refuse,
                    llvm::StringRef Scoped = "");
  /// Inserts \p Text right before the token at \p Loc.
  void insertBefore(clang::SourceLocation Loc, llvm::StringRef Text,
                    const llvm::Twine &What,
                    InMacroBody Macro = InMacroBody::Refuse,
                    llvm::StringRef Scoped = "");
  /// Inserts \p Text right after the token at \p Loc (in a macro's body,
  /// the token is replaced by itself and \p Text: the edit is the token's).
  void insertAfter(clang::SourceLocation Loc, llvm::StringRef Text,
                   const llvm::Twine &What,
                   InMacroBody Macro = InMacroBody::Refuse);
  /// Takes the text of the token range \p Range out of the file, leaving
  /// its line breaks in place, and returns it; std::nullopt when it cannot.
  /// With \p SameMacroAs, a range spelled in the body of the macro that
  /// spells that token moves out of the definition, to go back into it.
  std::optional<std::string>
  moveOut(clang::SourceRange Range, const llvm::Twine &What,
          clang::SourceLocation SameMacroAs = clang::SourceLocation());
  /// Replaces the text of \p Whole by \p Replacement and inserts, right
  /// after the token at \p After, Glue[0], the text of Pieces[0], Glue[1],
  /// ..., Glue[N]: each piece (a range inside \p Whole) with the edits made
  /// inside it applied, those made before this call and after it alike
  /// (finish resolves the move). Every location must be in one user file,
  /// outside macros (the caller checks); \p Glue has one more element than
  /// \p Pieces.
  void moveWithEdits(clang::SourceLocation After, clang::SourceRange Whole,
                     llvm::StringRef Replacement,
                     llvm::ArrayRef<clang::SourceRange> Pieces,
                     llvm::ArrayRef<std::string> Glue);
  /// The file location where the token at \p Loc is written, or
  /// std::nullopt after reporting why there is none.
  std::optional<clang::SourceLocation> fileLocation(clang::SourceLocation Loc,
                                                    const llvm::Twine &What);

  /// True once some edit was refused.
  bool failed() const { return Failed; }

  /// The edits made in macro definitions, one per expansion that asked.
  llvm::ArrayRef<MacroBodyEdit> macroBodyEdits() const { return MacroEdits; }
  /// Makes the edits of the macro-body token at \p Spelling in their
  /// scoped form (checkMacroBodyEdits said that it serves every expansion).
  void useScopedForm(clang::SourceLocation Spelling);
  /// Takes the edits made in macro definitions out of this collector (a
  /// copy's: they land in the definition, not in the copied text).
  std::vector<MacroBodyEdit> takeMacroBodyEdits();
  /// Makes \p E, an edit in a macro definition that another collector
  /// resolved, here.
  void addMacroBodyEdit(const MacroBodyEdit &E);

  /// Hands the edits over as Replacements, one set per file edited (an
  /// #included file once, however often it is included). Returns false,
  /// after reporting an internal error, when two edits overlap.
  bool finish(llvm::MapVector<const clang::FileEntry *,
                              clang::tooling::Replacements> &Out);

  /// The text of the file range \p Range with every edit collected applied
  /// (a collector of one declaration's edits), moves carried out, or
  /// std::nullopt when some edit lies outside it (in a file the
  /// declaration #includes).
  std::optional<std::string> applyWithin(clang::CharSourceRange Range);

private:
  struct Edit {
    const clang::FileEntry *File;
    unsigned Offset;
    unsigned Length;
    std::string Text;
    bool operator<(const Edit &O) const {
      return std::tie(File, Offset, Length, Text) <
             std::tie(O.File, O.Offset, O.Length, O.Text);
    }
  };

  /// A moveWithEdits, resolved by finish.
  struct Move {
    clang::FileID File;
    unsigned At;
    std::pair<unsigned, unsigned> Whole;
    std::string Replacement;
    std::vector<std::pair<unsigned, unsigned>> Pieces;
    std::vector<std::string> Glue;
  };

  void add(clang::SourceLocation FileLoc, unsigned Length,
           llvm::StringRef Text);
  /// Carries out \p M on Edits; false after reporting an edit inside the
  /// moved text but in none of its pieces, or two that overlap there.
  bool carryOut(const Move &M);
  /// Buffer[Begin, End) with \p InRange (edits inside it, in order)
  /// applied; std::nullopt when two of them overlap.
  static std::optional<std::string>
  splice(llvm::StringRef Buffer, unsigned Begin, unsigned End,
         llvm::ArrayRef<const Edit *> InRange);
  /// [begin, end) offsets of the token range \p Range.
  std::pair<unsigned, unsigned> fileOffsets(clang::SourceRange Range) const;
  /// Like fileLocation; with \p Macro EditDefinition a token spelled in the
  /// body of a user file's macro resolves to its spelling, and \p InBody is
  /// set to its macro location.
  std::optional<clang::SourceLocation> resolve(clang::SourceLocation Loc,
                                               const llvm::Twine &What,
                                               InMacroBody Macro,
                                               clang::SourceLocation &InBody);
  enum class Place { Replace, Before, After };
  /// Replaces the token at \p Loc by \p Text, or inserts \p Text before
  /// or after it, remembering an edit made in a macro definition.
  void addAt(clang::SourceLocation Loc, llvm::StringRef Text,
             const llvm::Twine &What, InMacroBody Macro, Place Where,
             llvm::StringRef Scoped);
  std::optional<std::string> moveOutOfMacroBody(clang::SourceRange Range,
                                                const llvm::Twine &What,
                                                clang::SourceLocation Token);
  void refuseMacro(clang::SourceLocation Original, clang::SourceLocation InBody,
                   const llvm::Twine &What);
  void refuseSystem(clang::SourceLocation Loc, const llvm::Twine &What);
  bool inUserFile(clang::SourceLocation FileLoc) const;
  clang::SourceLocation tokenStart(clang::SourceLocation Spelling) const;
  bool firstReport(clang::SourceLocation Loc, const std::string &What);

  const clang::SourceManager &SM;
  const clang::LangOptions &LO;
  clang::DiagnosticsEngine &Diags;
  /// A set: an edit reached twice (a macro argument expanded twice) lands
  /// once.
  std::set<Edit> Edits;
  /// Where each edited file was first entered: its name and its text.
  llvm::MapVector<const clang::FileEntry *, clang::FileID> Files;
  std::set<std::pair<unsigned, std::string>> Reported;
  std::vector<MacroBodyEdit> MacroEdits;
  std::vector<Move> Moves;
  bool Failed = false;
};

} // namespace softatomic

#endif // SOFTATOMIC_EDITS_EDITCOLLECTOR_H
