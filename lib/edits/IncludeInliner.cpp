// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- IncludeInliner.cpp - Edited headers, inlined in the output ---------===//

#include "edits/IncludeInliner.h"
#include "edits/LineDirectives.h"
#include "support/ClangCompat.h"
#include "support/Diagnostics.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/HeaderSearch.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/Regex.h"

using namespace clang;
using namespace llvm;

namespace softatomic {

/// Where the directive whose '#' is at \p Hash ends in its file: the end of
/// its last token there. The file's own text is lexed, not the expansion of
/// the macros that spell a computed name: their tokens lie in the macros'
/// definitions or in scratch space, wherever those are.
static SourceLocation directiveEnd(const SourceManager &SM,
                                   const LangOptions &LO, SourceLocation Hash) {
  auto [FID, Offset] = SM.getDecomposedLoc(Hash);
  StringRef Buffer = SM.getBufferData(FID);
  Lexer Raw(SM.getLocForStartOfFile(FID), LO, Buffer.begin(),
            Buffer.begin() + Offset, Buffer.end());
  Token Tok;
  Raw.LexFromRawLexer(Tok);
  SourceLocation End = Tok.getEndLoc();
  // The directive goes on over escaped newlines and comments, as far as the
  // first token that starts a line.
  for (;;) {
    Raw.LexFromRawLexer(Tok);
    if (Tok.is(tok::eof) || Tok.isAtStartOfLine())
      return End;
    End = Tok.getEndLoc();
  }
}

namespace {

class IncludeRecorder : public compat::InclusionCallbacks {
public:
  IncludeRecorder(const SourceManager &SM, const LangOptions &LO,
                  std::vector<IncludeDirective> &Out)
      : SM(SM), LO(LO), Out(Out) {}

  void inclusion(SourceLocation HashLoc, CharSourceRange FilenameRange,
                 OptionalFileEntryRef File) override {
    // Only a user file's directives can be replaced in the output.
    if (!File || !SM.getFileEntryForID(SM.getFileID(HashLoc)) ||
        SM.isInSystemHeader(HashLoc))
      return;
    SourceLocation NameEnd = FilenameRange.getEnd();
    SourceLocation ComputedEnd;
    if (NameEnd.isMacroID() || SM.getFileID(NameEnd) != SM.getFileID(HashLoc))
      ComputedEnd = directiveEnd(SM, LO, HashLoc);
    Out.push_back({HashLoc, FilenameRange, &File->getFileEntry(),
                   File->getName(), ComputedEnd});
  }

private:
  const SourceManager &SM;
  const LangOptions &LO;
  std::vector<IncludeDirective> &Out;
};

/// Builds the replacements of the #include directives of edited headers.
class Inliner {
public:
  Inliner(const SourceManager &SM, const HeaderSearch &Headers,
          DiagnosticsEngine &Diags,
          const std::vector<IncludeDirective> &Includes,
          const MapVector<const FileEntry *, tooling::Replacements> &FileEdits,
          StringRef MainName, bool InlineAll)
      : SM(SM), Headers(Headers), Diags(Diags), Includes(Includes),
        FileEdits(FileEdits), MainName(MainName),
        Main(SM.getFileEntryForID(SM.getMainFileID())), InlineAll(InlineAll) {}
  Inliner(const Inliner &) = delete;
  Inliner &operator=(const Inliner &) = delete;

  std::optional<tooling::Replacements> run();

private:
  const FileEntry *includingFile(const IncludeDirective &D) const {
    return SM.getFileEntryForID(SM.getFileID(D.Hash));
  }
  bool chooseHeaders();
  bool grow(const IncludeDirective &D);
  bool isUserHeader(const FileEntry *File) const {
    return File != Main && !SM.isInSystemHeader(
                               SM.getLocForStartOfFile(SM.translateFile(File)));
  }
  bool addDirectiveEdits(const FileEntry *Including,
                         tooling::Replacements &Out);
  std::optional<std::string> inlinedText(const IncludeDirective &D,
                                         unsigned &Length);
  std::optional<std::string> render(const FileEntry *Header);
  /// \p Header under the name the parse first entered it by.
  OptionalFileEntryRef entered(const FileEntry *Header) const {
    return SM.getFileEntryRefForID(SM.translateFile(Header));
  }
  /// Whether the parse saw `#pragma once` in \p Header.
  bool isPragmaOnce(const FileEntry *Header) const {
    OptionalFileEntryRef Ref = entered(Header);
    const HeaderFileInfo *Info =
        Ref ? compat::existingFileInfo(Headers, *Ref) : nullptr;
    return Info && Info->isPragmaOnce;
  }
  bool refuse(const IncludeDirective &D, StringRef Why) {
    report(Diags, Diag::IncludeNotInlined, D.Hash) << D.TargetName << Why;
    return false;
  }

  const SourceManager &SM;
  const HeaderSearch &Headers;
  DiagnosticsEngine &Diags;
  const std::vector<IncludeDirective> &Includes;
  const MapVector<const FileEntry *, tooling::Replacements> &FileEdits;
  StringRef MainName;
  const FileEntry *Main;
  /// Inline every user header, edited or not.
  bool InlineAll;
  /// The headers whose #include lines are replaced, in a fixed order (it
  /// numbers their `#pragma once` guards).
  SetVector<const FileEntry *> ToInline;
  /// The inlined headers whose text differs from the file's: the edited
  /// ones and those that include one.
  DenseSet<const FileEntry *> Changed;
  DenseMap<const FileEntry *, std::string> Rendered;
  /// Headers being rendered: one met again includes itself.
  DenseSet<const FileEntry *> Rendering;
};

/// The headers to inline: the edited ones, every user header that includes
/// one of those (its text changes too) and every user header that an
/// inlined header includes; with InlineAll, every user header.
bool Inliner::chooseHeaders() {
  for (const auto &Entry : FileEdits)
    if (Entry.first != Main) {
      ToInline.insert(Entry.first);
      Changed.insert(Entry.first);
    }
  if (InlineAll)
    for (const IncludeDirective &D : Includes)
      if (isUserHeader(D.Target))
        ToInline.insert(D.Target);
  for (bool Grew = true; Grew;) {
    Grew = false;
    for (const IncludeDirective &D : Includes)
      Grew |= grow(D);
  }
  // A header that the main file does not reach through user files (one
  // named by -include on the command line) has no directive to replace.
  for (const FileEntry *Header : ToInline)
    if (llvm::none_of(Includes, [&](const IncludeDirective &D) {
          return D.Target == Header;
        })) {
      report(Diags, Diag::IncludeNotInlined,
             SM.getLocForStartOfFile(SM.translateFile(Header)))
          << entered(Header)->getName()
          << "it is not #included by the main file or a user header";
      return false;
    }
  return true;
}

/// Grows the headers to inline along directive \p D; true when they grew.
bool Inliner::grow(const IncludeDirective &D) {
  const FileEntry *Including = includingFile(D);
  bool Grew = false;
  // An inlined header's own #include is inlined with it: a quoted name was
  // found next to that header, a folder the output does not share (it may
  // land anywhere, or be built from a string).
  if (ToInline.contains(Including) && isUserHeader(D.Target))
    Grew |= ToInline.insert(D.Target);
  if (!ToInline.contains(D.Target) || Including == Main)
    return Grew;
  // A header whose text changes, or whose `#pragma once` must see every
  // copy of its text, is inlined wherever it is included: its includer
  // must not read the file itself.
  bool TargetChanged = Changed.contains(D.Target);
  if (TargetChanged)
    Grew |= Changed.insert(Including).second;
  if (TargetChanged || isPragmaOnce(D.Target))
    Grew |= ToInline.insert(Including);
  return Grew;
}

/// The text that replaces directive \p D (from its '#' for \p Length
/// bytes, to the end of its line): the header's rewritten text between
/// `#line` directives; for a `#pragma once` header, inside a guard of its
/// own, which keeps the pragma's meaning in the one output file.
std::optional<std::string> Inliner::inlinedText(const IncludeDirective &D,
                                                unsigned &Length) {
  auto [FID, Hash] = SM.getDecomposedLoc(D.Hash);
  // A computed name is replaced with the directive that spells it, however
  // many macros that takes, as a written name is.
  SourceLocation NameEnd =
      D.ComputedEnd.isValid() ? D.ComputedEnd : D.FileName.getEnd();
  StringRef Buffer = SM.getBufferData(FID);
  unsigned End = SM.getFileOffset(NameEnd);
  size_t LineEnd = Buffer.find_first_of("\r\n", End);
  if (LineEnd == StringRef::npos)
    LineEnd = Buffer.size();
  StringRef Rest = Buffer.slice(End, LineEnd).trim();
  if (!Rest.empty() && !Rest.starts_with("//")) {
    refuse(D, "more than the directive is written on its line");
    return std::nullopt;
  }
  if (Rendering.contains(D.Target)) {
    refuse(D, "the header includes itself");
    return std::nullopt;
  }
  std::optional<std::string> Text = render(D.Target);
  if (!Text)
    return std::nullopt;
  Length = LineEnd - Hash;
  std::string Break = lineBreakOf(Buffer).str();
  std::string Out;
  bool Once = isPragmaOnce(D.Target);
  std::string Guard =
      "__sa_once_" +
      std::to_string(llvm::find(ToInline, D.Target) - ToInline.begin());
  if (Once)
    Out += "#ifndef " + Guard + Break + "#define " + Guard + Break;
  Out +=
      lineDirective(1, lineFileName(SM, SM.translateFile(D.Target), MainName));
  Out += Break + *Text;
  if (!Text->empty() && Text->back() != '\n')
    Out += Break;
  if (Once)
    Out += "#endif" + Break;
  Out += lineDirective(SM.getLineNumber(FID, LineEnd) + 1,
                       lineFileName(SM, FID, MainName));
  return Out;
}

/// Header \p Header with its edits, its edited headers inlined and its
/// `#pragma once` lines blanked (the guard around it does their work).
std::optional<std::string> Inliner::render(const FileEntry *Header) {
  auto Known = Rendered.find(Header);
  if (Known != Rendered.end())
    return Known->second;
  Rendering.insert(Header);
  tooling::Replacements Edits = FileEdits.lookup(Header);
  bool Done = addDirectiveEdits(Header, Edits);
  Rendering.erase(Header);
  if (!Done)
    return std::nullopt;
  FileID FID = SM.translateFile(Header);
  StringRef Buffer = SM.getBufferData(FID);
  if (isPragmaOnce(Header)) {
    Regex PragmaOnce("^[ \t]*#[ \t]*pragma[ \t]+once[ \t]*(//.*)?\r?$");
    StringRef Path = SM.getBufferOrFake(FID).getBufferIdentifier();
    for (size_t Start = 0; Start < Buffer.size();) {
      size_t Break = Buffer.find('\n', Start);
      StringRef Line = Buffer.slice(Start, Break);
      if (PragmaOnce.match(Line))
        consumeError(Edits.add(
            tooling::Replacement(Path, Start, Line.rtrim('\r').size(), "")));
      Start = Break == StringRef::npos ? Buffer.size() : Break + 1;
    }
  }
  Expected<std::string> Text = tooling::applyAllReplacements(Buffer, Edits);
  if (!Text) {
    report(Diags, Diag::InternalError, SM.getLocForStartOfFile(FID))
        << toString(Text.takeError());
    return std::nullopt;
  }
  return Rendered[Header] = std::move(*Text);
}

/// Adds to \p Out the replacement of every directive in \p Including that
/// includes a header to inline (once per directive, however often the
/// including file was itself included).
bool Inliner::addDirectiveEdits(const FileEntry *Including,
                                tooling::Replacements &Out) {
  DenseSet<unsigned> Done;
  for (const IncludeDirective &D : Includes) {
    if (includingFile(D) != Including || !ToInline.contains(D.Target) ||
        !Done.insert(SM.getFileOffset(D.Hash)).second)
      continue;
    unsigned Length = 0;
    std::optional<std::string> Text = inlinedText(D, Length);
    if (!Text)
      return false;
    StringRef Path =
        SM.getBufferOrFake(SM.getFileID(D.Hash)).getBufferIdentifier();
    if (Error Err = Out.add(tooling::Replacement(Path, SM.getFileOffset(D.Hash),
                                                 Length, *Text))) {
      report(Diags, Diag::InternalError, D.Hash) << toString(std::move(Err));
      return false;
    }
  }
  return true;
}

std::optional<tooling::Replacements> Inliner::run() {
  if (!chooseHeaders())
    return std::nullopt;
  tooling::Replacements Out = FileEdits.lookup(Main);
  if (!addDirectiveEdits(Main, Out))
    return std::nullopt;
  return Out;
}

} // namespace

std::unique_ptr<PPCallbacks>
recordIncludes(const SourceManager &SM, const LangOptions &LO,
               std::vector<IncludeDirective> &Out) {
  return std::make_unique<IncludeRecorder>(SM, LO, Out);
}

std::optional<tooling::Replacements> inlineEditedHeaders(
    const SourceManager &SM, const HeaderSearch &Headers,
    DiagnosticsEngine &Diags, const std::vector<IncludeDirective> &Includes,
    const MapVector<const FileEntry *, tooling::Replacements> &FileEdits,
    StringRef MainName, bool InlineAll) {
  return Inliner(SM, Headers, Diags, Includes, FileEdits, MainName, InlineAll)
      .run();
}

} // namespace softatomic
