// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- EditCollector.cpp - Edits that land in the user's files ------------===//

#include "edits/EditCollector.h"
#include "edits/MacroBodies.h"
#include "support/ClangCompat.h"
#include "support/Diagnostics.h"
#include "support/MacroLocations.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/Support/Error.h"

using namespace clang;
using namespace llvm;

namespace softatomic {

EditCollector::EditCollector(const SourceManager &SM, const LangOptions &LO,
                             DiagnosticsEngine &Diags)
    : SM(SM), LO(LO), Diags(Diags) {}

bool EditCollector::firstReport(SourceLocation Loc, const std::string &What) {
  return Reported.insert({Loc.getRawEncoding(), What}).second;
}

void EditCollector::refuseMacro(SourceLocation Original, SourceLocation InBody,
                                const Twine &What) {
  Failed = true;
  SourceLocation Expansion = SM.getExpansionLoc(Original);
  std::string Text = What.str();
  if (!firstReport(Expansion, Text))
    return;
  if (InBody.isMacroID() &&
      SM.isWrittenInScratchSpace(SM.getSpellingLoc(InBody))) {
    // Made by ##: the pasted token is written nowhere; its operands are.
    SourceLocation Operand = SM.getImmediateExpansionRange(InBody).getBegin();
    StringRef Macro = Lexer::getImmediateMacroName(Operand, SM, LO);
    report(Diags, Diag::PastedInMacro, Expansion) << Text << Macro;
    report(Diags, Diag::NoteSpelledInMacro, SM.getSpellingLoc(Operand))
        << Macro;
    return;
  }
  StringRef Macro = Lexer::getImmediateMacroName(InBody, SM, LO);
  report(Diags, Diag::InMacroDefinition, Expansion) << Text << Macro;
  report(Diags, Diag::NoteSpelledInMacro, SM.getSpellingLoc(InBody)) << Macro;
}

void EditCollector::refuseSystem(SourceLocation Loc, const Twine &What) {
  Failed = true;
  std::string Text = What.str();
  if (firstReport(Loc, Text))
    report(Diags, Diag::InSystemHeader, Loc) << Text;
}

/// True for a location in a file of the user's own (the main file or a
/// header that is not a system header): text the output can carry.
bool EditCollector::inUserFile(SourceLocation FileLoc) const {
  return SM.getFileEntryForID(SM.getFileID(FileLoc)) &&
         !SM.isInSystemHeader(FileLoc);
}

std::optional<SourceLocation> EditCollector::fileLocation(SourceLocation Loc,
                                                          const Twine &What) {
  SourceLocation InBody;
  return resolve(Loc, What, InMacroBody::Refuse, InBody);
}

/// \p Spelling past a line continuation: a token that starts a line of a
/// macro's definition is located at the previous line's backslash.
SourceLocation EditCollector::tokenStart(SourceLocation Spelling) const {
  const char *At = SM.getCharacterData(Spelling);
  if (*At != '\\')
    return Spelling;
  // The continuations and the token's first character.
  unsigned Size = compat::charSizeWithContinuations(At, LO);
  return Spelling.getLocWithOffset(Size - 1);
}

std::optional<SourceLocation> EditCollector::resolve(SourceLocation Loc,
                                                     const Twine &What,
                                                     InMacroBody Macro,
                                                     SourceLocation &InBody) {
  if (Loc.isInvalid()) {
    Failed = true;
    report(Diags, Diag::InternalError, Loc)
        << ("no source location for " + What).str();
    return std::nullopt;
  }
  SourceLocation L = outOfMacroArguments(SM, Loc);
  if (L.isMacroID()) {
    SourceLocation Spelling = tokenStart(SM.getSpellingLoc(L));
    // Edited in the definition: only a user file's text (an edited header
    // is inlined into the output), and not a token that ## or # made (it
    // is written nowhere).
    if (Macro == InMacroBody::Refuse || SM.isWrittenInScratchSpace(Spelling) ||
        !inUserFile(Spelling)) {
      refuseMacro(Loc, L, What);
      return std::nullopt;
    }
    InBody = L;
    return Spelling;
  }
  if (SM.isWrittenInScratchSpace(L)) { // made by ## or #
    refuseMacro(Loc, Loc, What);
    return std::nullopt;
  }
  if (!inUserFile(L)) {
    refuseSystem(L, What);
    return std::nullopt;
  }
  return L;
}

void EditCollector::add(SourceLocation FileLoc, unsigned Length,
                        StringRef Text) {
  FileID FID = SM.getFileID(FileLoc);
  const FileEntry *File = SM.getFileEntryForID(FID);
  Files.insert({File, FID});
  Edits.insert({File, SM.getFileOffset(FileLoc), Length, Text.str()});
}

void EditCollector::addAt(SourceLocation Loc, StringRef Text, const Twine &What,
                          InMacroBody Macro, Place Where, StringRef Scoped) {
  SourceLocation InBody;
  std::optional<SourceLocation> L = resolve(Loc, What, Macro, InBody);
  if (!L)
    return;
  unsigned Length = Lexer::MeasureTokenLength(*L, SM, LO);
  if (Where == Place::After && InBody.isInvalid()) {
    add(L->getLocWithOffset(Length), 0, Text);
    return;
  }
  // After a token of a macro's body, the edit replaces the token by itself
  // and the text, so that it is that token's edit (MacroBodies.h).
  std::string Made =
      Where == Place::After
          ? (StringRef(SM.getCharacterData(*L), Length) + Text).str()
          : Text.str();
  if (Where == Place::Before)
    Length = 0;
  add(*L, Length, Made);
  if (InBody.isValid())
    MacroEdits.push_back({*L, InBody, Length, Made, What.str(), Scoped.str()});
}

void EditCollector::replaceToken(SourceLocation Loc, StringRef Text,
                                 const Twine &What, InMacroBody Macro,
                                 StringRef Scoped) {
  addAt(Loc, Text, What, Macro, Place::Replace, Scoped);
}

void EditCollector::insertBefore(SourceLocation Loc, StringRef Text,
                                 const Twine &What, InMacroBody Macro,
                                 StringRef Scoped) {
  addAt(Loc, Text, What, Macro, Place::Before, Scoped);
}

void EditCollector::useScopedForm(SourceLocation Spelling) {
  for (const MacroBodyEdit &E : MacroEdits) {
    if (E.Spelling != Spelling)
      continue;
    const FileEntry *File = SM.getFileEntryForID(SM.getFileID(Spelling));
    unsigned Offset = SM.getFileOffset(Spelling);
    Edits.erase({File, Offset, E.Length, E.Text});
    Edits.insert({File, Offset, E.Length, E.Scoped});
  }
}

void EditCollector::insertAfter(SourceLocation Loc, StringRef Text,
                                const Twine &What, InMacroBody Macro) {
  addAt(Loc, Text, What, Macro, Place::After, "");
}

/// The line breaks of \p Text as it writes them ("\r\n" stays "\r\n"),
/// with the backslash of a line continuation, which keeps a macro's
/// definition going.
static std::string lineBreaksOf(StringRef Text) {
  std::string Breaks;
  for (size_t I = 0; I < Text.size(); ++I) {
    char C = Text[I];
    bool Continues = C == '\\' && I + 1 < Text.size() &&
                     (Text[I + 1] == '\n' || Text[I + 1] == '\r');
    if (C == '\n' || C == '\r' || Continues)
      Breaks += C;
  }
  return Breaks;
}

/// Where, in the body of the macro whose argument holds \p Loc, that
/// argument is used: the parameter's name in the definition (walked out
/// through arguments passed on); \p Loc itself when it is in no argument.
/// A range that starts or ends with an argument (`DECL;` with `DECL` a
/// `__local` declaration) moves as the definition spells it.
static SourceLocation parameterInBody(const SourceManager &SM,
                                      SourceLocation Loc, bool End) {
  while (Loc.isMacroID() && SM.isMacroArgExpansion(Loc)) {
    CharSourceRange Use = SM.getImmediateExpansionRange(Loc);
    Loc = End ? Use.getEnd() : Use.getBegin();
  }
  return Loc;
}

/// moveOut of a range spelled in the body of the macro that spells the
/// token at \p Token (both macro locations of one expansion): its text is
/// taken out of the definition, an edit that every expansion shares.
std::optional<std::string>
EditCollector::moveOutOfMacroBody(SourceRange Range, const Twine &What,
                                  SourceLocation Token) {
  SourceLocation Begin = parameterInBody(SM, Range.getBegin(), false);
  SourceLocation End = parameterInBody(SM, Range.getEnd(), true);
  SourceLocation Macro = outOfMacroArguments(SM, Token);
  auto Caller = [&](SourceLocation L) {
    return SM.getImmediateExpansionRange(L).getBegin();
  };
  if (!Begin.isMacroID() || !End.isMacroID() || !Macro.isMacroID() ||
      Caller(Begin) != Caller(Macro) || Caller(End) != Caller(Macro)) {
    refuseMacro(Range.getBegin(), Begin, What);
    return std::nullopt;
  }
  SourceLocation From = tokenStart(SM.getSpellingLoc(Begin));
  SourceLocation To = tokenStart(SM.getSpellingLoc(End));
  To = To.getLocWithOffset(Lexer::MeasureTokenLength(To, SM, LO));
  if (!inUserFile(From) || SM.isWrittenInScratchSpace(From) ||
      SM.getFileID(From) != SM.getFileID(To) || To < From) {
    refuseMacro(Range.getBegin(), Begin, What);
    return std::nullopt;
  }
  StringRef Text(SM.getCharacterData(From),
                 SM.getFileOffset(To) - SM.getFileOffset(From));
  std::string Breaks = lineBreaksOf(Text);
  add(From, Text.size(), Breaks);
  MacroEdits.push_back(
      {From, Begin, unsigned(Text.size()), Breaks, What.str(), ""});
  return Text.str();
}

std::optional<std::string> EditCollector::moveOut(SourceRange Range,
                                                  const Twine &What,
                                                  SourceLocation SameMacroAs) {
  // A range may be a whole macro invocation (it moves as written); a range
  // that starts or ends inside a macro's definition moves only inside it.
  CharSourceRange File =
      Lexer::makeFileCharRange(CharSourceRange::getTokenRange(Range), SM, LO);
  if (File.isInvalid() && SameMacroAs.isMacroID())
    return moveOutOfMacroBody(Range, What, SameMacroAs);
  if (File.isInvalid()) {
    SourceLocation Begin = Range.getBegin();
    SourceLocation InBody = Begin.isMacroID() ? Begin : Range.getEnd();
    if (InBody.isMacroID()) {
      refuseMacro(InBody, InBody, What);
      return std::nullopt;
    }
    refuseSystem(Begin, What);
    return std::nullopt;
  }
  if (!inUserFile(File.getBegin())) {
    refuseSystem(File.getBegin(), What);
    return std::nullopt;
  }
  StringRef Text = Lexer::getSourceText(File, SM, LO);
  add(File.getBegin(), Text.size(), lineBreaksOf(Text));
  return Text.str();
}

std::vector<MacroBodyEdit> EditCollector::takeMacroBodyEdits() {
  for (const MacroBodyEdit &E : MacroEdits)
    Edits.erase({SM.getFileEntryForID(SM.getFileID(E.Spelling)),
                 SM.getFileOffset(E.Spelling), E.Length, E.Text});
  return std::move(MacroEdits);
}

void EditCollector::addMacroBodyEdit(const MacroBodyEdit &E) {
  add(E.Spelling, E.Length, E.Text);
  MacroEdits.push_back(E);
}

std::pair<unsigned, unsigned>
EditCollector::fileOffsets(SourceRange Range) const {
  CharSourceRange File =
      Lexer::makeFileCharRange(CharSourceRange::getTokenRange(Range), SM, LO);
  return {SM.getFileOffset(File.getBegin()), SM.getFileOffset(File.getEnd())};
}

void EditCollector::moveWithEdits(SourceLocation After, SourceRange Whole,
                                  StringRef Replacement,
                                  ArrayRef<SourceRange> Pieces,
                                  ArrayRef<std::string> Glue) {
  assert(Glue.size() == Pieces.size() + 1 && "glue around every piece");
  Move M;
  M.File = SM.getFileID(After);
  M.At = SM.getFileOffset(After) + Lexer::MeasureTokenLength(After, SM, LO);
  M.Whole = fileOffsets(Whole);
  M.Replacement = Replacement.str();
  for (SourceRange Piece : Pieces)
    M.Pieces.push_back(fileOffsets(Piece));
  M.Glue.assign(Glue.begin(), Glue.end());
  Files.insert({SM.getFileEntryForID(M.File), M.File});
  Moves.push_back(std::move(M));
}

std::optional<std::string>
EditCollector::splice(StringRef Buffer, unsigned Begin, unsigned End,
                      ArrayRef<const Edit *> InRange) {
  std::string Out;
  unsigned Done = Begin;
  for (const Edit *E : InRange) {
    if (E->Offset < Done)
      return std::nullopt;
    Out += Buffer.slice(Done, E->Offset);
    Out += E->Text;
    Done = E->Offset + E->Length;
  }
  Out += Buffer.slice(Done, End);
  return Out;
}

bool EditCollector::carryOut(const Move &M) {
  const FileEntry *File = SM.getFileEntryForID(M.File);
  auto [Begin, End] = M.Whole;
  // The edits inside the moved text (an insertion at either end stays
  // outside it), each in the piece it lies in. Only the moved range is
  // visited: a file may hold many moves.
  std::vector<std::vector<const Edit *>> InPiece(M.Pieces.size());
  SmallVector<std::set<Edit>::iterator, 8> Taken;
  for (auto It = Edits.lower_bound(Edit{File, Begin, 0, ""});
       It != Edits.end() && It->File == File && It->Offset <= End; ++It) {
    if (It->Offset + It->Length > End ||
        (It->Length == 0 && (It->Offset == Begin || It->Offset == End)))
      continue;
    auto In = llvm::find_if(M.Pieces, [&](std::pair<unsigned, unsigned> P) {
      return It->Offset >= P.first && It->Offset + It->Length <= P.second;
    });
    if (In == M.Pieces.end()) {
      report(Diags, Diag::InternalError, SM.getComposedLoc(M.File, It->Offset))
          << "an edit inside moved text lies outside its arguments";
      return false;
    }
    InPiece[In - M.Pieces.begin()].push_back(&*It);
    Taken.push_back(It);
  }
  StringRef Buffer = SM.getBufferData(M.File);
  std::string Moved = M.Glue[0];
  for (size_t I = 0; I < M.Pieces.size(); ++I) {
    std::optional<std::string> Piece =
        splice(Buffer, M.Pieces[I].first, M.Pieces[I].second, InPiece[I]);
    if (!Piece) {
      report(Diags, Diag::InternalError,
             SM.getComposedLoc(M.File, M.Pieces[I].first))
          << "overlapping edits inside moved text";
      return false;
    }
    Moved += *Piece + M.Glue[I + 1];
  }
  for (auto It : Taken)
    Edits.erase(It);
  Edits.insert({File, Begin, End - Begin, M.Replacement});
  Edits.insert({File, M.At, 0, Moved});
  return true;
}

bool EditCollector::finish(
    MapVector<const FileEntry *, tooling::Replacements> &Out) {
  for (const Move &M : Moves)
    if (!carryOut(M))
      Failed = true;
  for (const Edit &E : Edits) {
    FileID FID = Files.lookup(E.File);
    StringRef Path = SM.getBufferOrFake(FID).getBufferIdentifier();
    tooling::Replacement R(Path, E.Offset, E.Length, E.Text);
    if (Error Err = Out[E.File].add(R)) {
      SourceLocation Loc = SM.getComposedLoc(FID, E.Offset);
      report(Diags, Diag::InternalError, Loc)
          << ("overlapping edits: " + toString(std::move(Err)));
      Failed = true;
    }
  }
  return !Failed;
}

std::optional<std::string> EditCollector::applyWithin(CharSourceRange Range) {
  for (const Move &M : Moves)
    if (!carryOut(M))
      return std::nullopt;
  Moves.clear();
  auto [FID, Begin] = SM.getDecomposedLoc(Range.getBegin());
  unsigned End = SM.getFileOffset(Range.getEnd());
  const FileEntry *File = SM.getFileEntryForID(FID);
  std::vector<const Edit *> InRange;
  for (const Edit &E : Edits) {
    if (E.File != File || E.Offset < Begin || E.Offset + E.Length > End)
      return std::nullopt;
    InRange.push_back(&E);
  }
  return splice(SM.getBufferData(FID), Begin, End, InRange);
}

} // namespace softatomic
