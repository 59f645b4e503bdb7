// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- RuntimePruning.cpp - Only the runtime a program can call -----------===//

#include "edits/RuntimePruning.h"
#include "clang/Basic/LangOptions.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include <optional>
#include <vector>

using namespace clang;
using namespace llvm;

namespace softatomic {
namespace {

/// One `static` function's definition in the runtime's text.
struct Definition {
  StringRef Name;
  size_t Begin = 0, End = 0;   ///< its bytes, the comments just before included
  std::vector<StringRef> Uses; ///< the identifiers it names
};

LangOptions openCLOptions() {
  LangOptions Options;
  Options.OpenCL = 1;
  Options.LineComment = 1;
  return Options;
}

/// An open preprocessor conditional: the brace depth at its `#if` and
/// where its first branch left it (once another branch has begun), and
/// what is known of its branches from the rewrite's own switches.
struct Conditional {
  int AtIf = 0;
  std::optional<int> FirstEnd;
  /// The branch now read: compiled in every build (Live), in none (Dead),
  /// or it depends (Unknown).
  enum { Unknown, Live, Dead } Branch = Unknown;
  bool Taken = false;   ///< an earlier branch is Live
  bool AllFalse = true; ///< every earlier branch is Dead
  size_t DeadFrom = 0;  ///< where a Dead branch's text begins
};

/// Reads the runtime's text, token by token with Clang's raw lexer, into
/// its function definitions and the identifiers named outside them.
/// Braces are counted in the first branch of each preprocessor
/// conditional (the others start again from the depth at its `#if`). A
/// branch that a switch of the rewrite's own rules out (`#ifdef
/// SA_REPRODUCIBLE` where it is not defined) names nothing, and goes.
class RuntimeReader {
public:
  RuntimeReader(StringRef Text, const StringMap<bool> &Switches)
      : Switches(Switches), Files("runtime.cl", Text), SM(Files.get()),
        Lex(SM.getMainFileID(), SM.getBufferOrFake(SM.getMainFileID()), SM,
            Options) {
    Lex.SetCommentRetentionState(true);
  }

  /// False where the braces or conditionals do not pair up.
  bool read();

  std::vector<Definition> Definitions;
  std::vector<StringRef> OutsideUses;
  /// Every comment's bytes, in order.
  std::vector<std::pair<size_t, size_t>> Comments;
  /// The branches no build compiles (a switch rules them out).
  std::vector<std::pair<size_t, size_t>> DeadBranches;

private:
  size_t offset(const Token &T) const {
    return SM.getFileOffset(T.getLocation());
  }
  StringRef text(const Token &T) const {
    return SM.getBufferData(SM.getMainFileID())
        .substr(offset(T), T.getLength());
  }
  void next() {
    if (Pushed) {
      Tok = *Pushed;
      Pushed.reset();
    } else
      Lex.LexFromRawLexer(Tok);
  }
  bool directive();
  void token();
  void endItem();
  void use(StringRef Id) {
    if (!dead())
      (Function ? Definitions.back().Uses : Pending).push_back(Id);
  }
  bool dead() const {
    return any_of(Conditionals, [](const Conditional &C) {
      return C.Branch == Conditional::Dead;
    });
  }
  std::optional<bool> known(ArrayRef<Token> Line) const;
  void branch(StringRef Kind, ArrayRef<Token> Line, size_t LineBegin,
              size_t LineEnd);

  const StringMap<bool> &Switches;
  LangOptions Options = openCLOptions();
  SourceManagerForFile Files;
  SourceManager &SM;
  Lexer Lex;
  Token Tok;
  std::optional<Token> Pushed;

  int Depth = 0, Parens = 0;
  bool Function = false;          ///< inside a definition's braces
  bool Static = false;            ///< the item so far began with `static`
  bool InItem = false;            ///< a top-level item has begun
  size_t ItemBegin = 0;           ///< where, its leading comments included
  std::optional<size_t> Lead;     ///< the first comment of those before it
  StringRef Previous, Name;       ///< the last identifier; the one before `(`
  std::vector<StringRef> Pending; ///< the identifiers of the item so far
  std::vector<Conditional> Conditionals;
};

/// Whether the condition of `#ifdef X`, `#ifndef X`, `#if defined(X)` or
/// `#if !defined(X)` (\p Line, from the directive's name on) holds, where
/// X is one of the rewrite's switches; nothing for any other condition.
std::optional<bool> RuntimeReader::known(ArrayRef<Token> Line) const {
  std::vector<StringRef> Words;
  for (const Token &T : Line.drop_front())
    if (!T.is(tok::comment))
      Words.push_back(text(T));
  StringRef Kind = text(Line.front());
  bool Negated = Kind == "ifndef";
  if (Kind == "if") {
    if (!Words.empty() && Words.front() == "!") {
      Negated = true;
      Words.erase(Words.begin());
    }
    if (Words.size() == 4 && Words[1] == "(" && Words[3] == ")")
      Words = {Words[0], Words[2]};
    if (Words.size() != 2 || Words[0] != "defined")
      return std::nullopt;
    Words.erase(Words.begin());
  }
  auto Switch = Words.size() == 1 ? Switches.find(Words[0]) : Switches.end();
  if (Switch == Switches.end())
    return std::nullopt;
  return Switch->second != Negated;
}

/// What \p Kind (a conditional's directive, on the line from \p LineBegin
/// to \p LineEnd) makes of the branches: the depth for the braces, and
/// which branch is Live or Dead.
void RuntimeReader::branch(StringRef Kind, ArrayRef<Token> Line,
                           size_t LineBegin, size_t LineEnd) {
  if (Kind.starts_with("if")) {
    Conditional C;
    C.AtIf = Depth;
    std::optional<bool> Holds = known(Line);
    C.Branch = !Holds   ? Conditional::Unknown
               : *Holds ? Conditional::Live
                        : Conditional::Dead;
    C.DeadFrom = LineEnd;
    Conditionals.push_back(C);
    return;
  }
  Conditional &C = Conditionals.back();
  if (C.Branch == Conditional::Dead)
    DeadBranches.push_back({C.DeadFrom, LineBegin});
  C.Taken = C.Taken || C.Branch == Conditional::Live;
  C.AllFalse = C.AllFalse && C.Branch == Conditional::Dead;
  if (Kind == "endif") {
    if (C.FirstEnd)
      Depth = *C.FirstEnd;
    Conditionals.pop_back();
    return;
  }
  if (!C.FirstEnd)
    C.FirstEnd = Depth;
  Depth = C.AtIf;
  C.Branch = C.Taken                        ? Conditional::Dead
             : C.AllFalse && Kind == "else" ? Conditional::Live
                                            : Conditional::Unknown;
  C.DeadFrom = LineEnd;
}

/// A directive from its `#` to its line's end: its identifiers are uses,
/// and the conditionals reset the depth for their other branches.
bool RuntimeReader::directive() {
  Lead.reset(); // a comment before a directive is the directive's
  StringRef Text = SM.getBufferData(SM.getMainFileID());
  size_t Hash = offset(Tok);
  size_t LineBegin = Text.rfind('\n', Hash) + 1; // npos + 1 == 0
  std::vector<Token> Line;
  for (next(); !Tok.is(tok::eof) && !Tok.isAtStartOfLine(); next())
    Line.push_back(Tok);
  if (!Tok.is(tok::eof))
    Pushed = Tok;
  size_t LineEnd = Pushed ? Text.rfind('\n', offset(*Pushed)) + 1 : Text.size();
  StringRef Kind = !Line.empty() && Line.front().is(tok::raw_identifier)
                       ? text(Line.front())
                       : "";
  bool Conditional = Kind.starts_with("if") || Kind == "else" ||
                     Kind == "elif" || Kind == "endif";
  if (Conditional && !Kind.starts_with("if") && Conditionals.empty())
    return false;
  // Names in the condition of a branch are read before it starts.
  if (Conditional)
    branch(Kind, Line, LineBegin, LineEnd);
  // A top-level directive's names (a macro's body) are the runtime's
  // outside every function, though a function may follow on the next line.
  std::vector<StringRef> &Uses =
      Function ? Definitions.back().Uses : OutsideUses;
  // The comment that names what an #endif closes stays: it marks the
  // runtime's end for the host (`#endif /* SOFTATOMIC_RUNTIME */`).
  bool KeepComments = Kind == "endif" || Kind == "else";
  for (const Token &T : Line) {
    if (T.is(tok::raw_identifier) && !dead())
      Uses.push_back(text(T));
    else if (T.is(tok::comment) && !KeepComments)
      Comments.push_back({offset(T), offset(T) + T.getLength()});
  }
  return true;
}

void RuntimeReader::endItem() {
  if (!Function)
    OutsideUses.insert(OutsideUses.end(), Pending.begin(), Pending.end());
  Pending.clear();
  InItem = Static = Function = false;
  Name = Previous = StringRef();
}

/// One token that is neither a directive nor a comment.
void RuntimeReader::token() {
  // A line that starts with `static` at the top level starts an item,
  // whatever came before (a macro call that defines a function ends with
  // no `;`).
  if (Depth == 0 && Parens == 0 && InItem && Tok.isAtStartOfLine() &&
      Tok.is(tok::raw_identifier) && text(Tok) == "static")
    endItem();
  if (Depth == 0 && !InItem) {
    InItem = true;
    ItemBegin = Lead.value_or(offset(Tok));
    Lead.reset();
    Static = Tok.is(tok::raw_identifier) && text(Tok) == "static";
  }
  if (Tok.is(tok::raw_identifier)) {
    Previous = text(Tok);
    use(Previous);
    return;
  }
  if (Tok.is(tok::l_paren)) {
    if (Depth == 0 && Parens++ == 0 && !Previous.empty())
      Name = Previous;
  } else if (Tok.is(tok::r_paren)) {
    if (Depth == 0)
      --Parens;
  } else if (Tok.is(tok::l_brace)) {
    if (Depth++ == 0 && Parens == 0 && Static && !Name.empty()) {
      Function = true;
      Definitions.push_back({Name, ItemBegin, 0, std::move(Pending)});
      Pending.clear();
    }
  } else if (Tok.is(tok::r_brace)) {
    if (--Depth == 0 && Function) {
      Definitions.back().End = offset(Tok) + 1;
      endItem();
    }
  } else if (Tok.is(tok::semi) && Depth == 0 && Parens == 0) {
    endItem();
  }
  Previous = StringRef();
}

bool RuntimeReader::read() {
  for (next(); !Tok.is(tok::eof); next()) {
    if (Tok.is(tok::hash) && Tok.isAtStartOfLine()) {
      if (!directive())
        return false;
      continue;
    }
    if (Tok.is(tok::comment)) {
      Comments.push_back({offset(Tok), offset(Tok) + Tok.getLength()});
      if (Depth == 0 && !InItem && !Lead)
        Lead = offset(Tok);
      continue;
    }
    token();
    if (Depth < 0 || Parens < 0)
      return false;
  }
  return Depth == 0 && Parens == 0 && !Function && Conditionals.empty();
}

/// The identifiers of \p Code (strings and comments skipped).
std::vector<StringRef> identifiers(StringRef Code) {
  std::vector<StringRef> Ids;
  LangOptions Options = openCLOptions();
  Lexer Lex(SourceLocation(), Options, Code.begin(), Code.begin(), Code.end());
  Token Tok;
  for (Lex.LexFromRawLexer(Tok); !Tok.is(tok::eof); Lex.LexFromRawLexer(Tok))
    if (Tok.is(tok::raw_identifier))
      Ids.push_back(Tok.getRawIdentifier());
  return Ids;
}

/// The names of the definitions that \p UserCode and the text outside
/// them reach.
StringSet<> reached(const RuntimeReader &Reader, StringRef UserCode) {
  StringMap<std::vector<const Definition *>> ByName;
  for (const Definition &D : Reader.Definitions)
    ByName[D.Name].push_back(&D);
  StringSet<> Reached;
  std::vector<StringRef> Work;
  auto Use = [&](StringRef Id) {
    if (ByName.count(Id) && Reached.insert(Id).second)
      Work.push_back(Id);
  };
  for (StringRef Id : identifiers(UserCode))
    Use(Id);
  for (StringRef Id : Reader.OutsideUses)
    Use(Id);
  while (!Work.empty()) {
    StringRef Name = Work.back();
    Work.pop_back();
    for (const Definition *D : ByName[Name])
      for (StringRef Id : D->Uses)
        Use(Id);
  }
  return Reached;
}

/// \p Range widened to its whole lines where nothing but blanks shares
/// them with it (a comment on lines of its own goes with its lines).
std::pair<size_t, size_t> wholeLines(StringRef Text,
                                     std::pair<size_t, size_t> Range) {
  auto [Begin, End] = Range;
  size_t LineBegin = Begin;
  while (LineBegin > 0 &&
         (Text[LineBegin - 1] == ' ' || Text[LineBegin - 1] == '\t'))
    --LineBegin;
  size_t LineEnd = Text.find_first_not_of(" \t", End);
  if ((LineBegin == 0 || Text[LineBegin - 1] == '\n') &&
      (LineEnd == StringRef::npos || Text[LineEnd] == '\n'))
    return {LineBegin, LineEnd == StringRef::npos ? Text.size() : LineEnd + 1};
  return Range;
}

/// The directive a logical line is (`if`, `ifdef`, `endif`, ...), or "".
StringRef directiveOf(StringRef Line) {
  Line = Line.ltrim(" \t");
  if (!Line.consume_front("#"))
    return "";
  Line = Line.ltrim(" \t");
  return Line.take_while([](char C) { return isAlpha(C); });
}

/// \p Lines joined, each without its trailing blanks (but where a
/// backslash would then end it, and continue it), and one blank line
/// where the cuts left several.
std::string tidyLines(ArrayRef<StringRef> Lines) {
  std::string Out;
  bool Blank = false;
  for (StringRef Line : Lines) {
    StringRef Body = Line.rtrim("\n").rtrim(" \t");
    if (Body.ends_with("\\"))
      Body = Line.rtrim("\n");
    if (Body.empty() && Blank)
      continue;
    Blank = Body.empty();
    Out += Body;
    if (Line.ends_with("\n"))
      Out += '\n';
  }
  return Out;
}

/// \p Text without the conditionals that hold nothing but blank lines
/// once their functions have gone (an `#ifdef SA_SITE_PROFILE` around a
/// profiled entry point nothing calls), innermost first.
std::string dropEmptyConditionals(StringRef Text) {
  std::vector<StringRef> Lines;
  for (size_t At = 0; At < Text.size();) {
    // A logical line: a backslash at its end continues it.
    size_t End = At;
    do
      End = Text.find('\n', End + 1);
    while (End != StringRef::npos && End > 0 && Text[End - 1] == '\\');
    End = End == StringRef::npos ? Text.size() : End + 1;
    Lines.push_back(Text.slice(At, End));
    At = End;
  }
  std::vector<StringRef> Out;
  std::vector<std::pair<size_t, bool>> Open; // where its #if is; holds code
  for (StringRef Line : Lines) {
    StringRef Kind = directiveOf(Line);
    if (Kind.starts_with("if")) {
      Open.push_back({Out.size(), false});
    } else if (Kind == "endif" && !Open.empty()) {
      auto [At, Holds] = Open.back();
      Open.pop_back();
      if (!Holds) {
        Out.resize(At);
        continue;
      }
      if (!Open.empty())
        Open.back().second = true;
    } else if (Kind != "else" && Kind != "elif" && !Open.empty() &&
               !Line.trim().empty()) {
      Open.back().second = true;
    }
    Out.push_back(Line);
  }
  return tidyLines(Out);
}

} // namespace

std::string pruneRuntime(StringRef Runtime, StringRef UserCode,
                         const StringMap<bool> &Switches) {
  RuntimeReader Reader(Runtime, Switches);
  if (!Reader.read())
    return Runtime.str();
  StringSet<> Reached = reached(Reader, UserCode);
  // What goes: the definitions nothing reaches, and every comment (a
  // third of the text, which the driver reads for nothing).
  std::vector<std::pair<size_t, size_t>> Cuts;
  for (const Definition &D : Reader.Definitions)
    if (!Reached.contains(D.Name))
      Cuts.push_back(wholeLines(Runtime, {D.Begin, D.End}));
  for (std::pair<size_t, size_t> Comment : Reader.Comments)
    Cuts.push_back(wholeLines(Runtime, Comment));
  append_range(Cuts, Reader.DeadBranches);
  llvm::sort(Cuts);
  std::string Out;
  size_t At = 0;
  for (auto [Begin, End] : Cuts) {
    if (Begin > At)
      Out += Runtime.slice(At, Begin);
    At = std::max(At, End);
  }
  return dropEmptyConditionals(Out + Runtime.substr(At).str());
}

} // namespace softatomic
