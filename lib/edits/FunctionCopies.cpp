// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- FunctionCopies.cpp - Copies of functions and kernels ---------------===//
//
// The copies that EditBuilder places beside the code they copy: a function
// in two forms (docs/REWRITE.md, "Functions in two forms") and a kernel's
// copy for the warp program ("The warp program").
//
//===----------------------------------------------------------------------===//

#include "edits/EditBuilder.h"
#include "edits/LineDirectives.h"
#include "support/Diagnostics.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Stmt.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

using namespace clang;
using namespace llvm;

namespace softatomic {

/// The ';' that ends the declaration whose last token (so far) is at
/// \p Loc: the first one outside parentheses, brackets and braces.
std::optional<SourceLocation>
EditBuilder::endOfDeclaration(SourceLocation Loc) const {
  int Depth = 0;
  for (std::optional<Token> T =
           Lexer::findNextToken(Loc, SM, Ctx.getLangOpts());
       T && !T->is(tok::eof);
       T = Lexer::findNextToken(T->getLocation(), SM, Ctx.getLangOpts())) {
    if (T->isOneOf(tok::l_paren, tok::l_square, tok::l_brace))
      ++Depth;
    else if (T->isOneOf(tok::r_paren, tok::r_square, tok::r_brace))
      --Depth;
    else if (Depth == 0 && T->is(tok::semi))
      return T->getLocation();
    if (Depth < 0)
      break;
  }
  return std::nullopt;
}

/// docs/REWRITE.md, "Functions in two forms": a copy of \p Decl (a
/// prototype or the definition of a cloned function) named \p Name, with
/// the edits of a function that takes the context, right after \p Decl,
/// which stays as written. `#line` directives around the copy keep the
/// lines of both the copy and the text after it.
void EditBuilder::addClone(const FunctionDecl *Decl, StringRef Name) {
  std::string What = ("copy of '" + Decl->getName() + "'").str();
  const LangOptions &LO = Ctx.getLangOpts();
  EditCollector Copy(SM, LO, Diags);
  editParameters(Decl, ContextParameter, Copy);
  Copy.replaceToken(Decl->getLocation(), Name, What);
  if (Decl->doesThisDeclarationHaveABody()) {
    editCalls(Analysis.Functions.find(Decl)->second, Copy);
    Guards.add(Analysis.Functions.find(Decl)->second, Copy);
  }
  if (Copy.failed()) {
    Failed = true;
    return;
  }
  // An edit in a macro's definition serves the copy and the original, which
  // stays as written, only in its scoped form; checkMacroBodyEdits sees
  // that the original's expansion is one without the context.
  std::vector<MacroBodyEdit> InBody = Copy.takeMacroBodyEdits();
  if (!InBody.empty() && !servesBothForms(Decl, InBody)) {
    report(Diags, Diag::CannotClone, Decl->getLocation())
        << Decl->getName()
        << "a macro it expands needs an edit that would break the original";
    Failed = true;
    return;
  }
  for (const MacroBodyEdit &E : InBody)
    Edits.addMacroBodyEdit(E);
  CharSourceRange Range = Lexer::makeFileCharRange(
      CharSourceRange::getTokenRange(Decl->getSourceRange()), SM, LO);
  if (Range.isInvalid()) {
    report(Diags, Diag::CannotClone, Decl->getLocation())
        << Decl->getName() << "it is not written out in the file";
    Failed = true;
    return;
  }
  std::optional<std::string> Text = Copy.applyWithin(Range);
  if (!Text) {
    report(Diags, Diag::CannotClone, Decl->getLocation())
        << Decl->getName() << "part of its text is in an #included file";
    Failed = true;
    return;
  }
  // A prototype's copy goes after the ';' that ends its declaration (which
  // may declare other names after it: `int f(int), g(int);`).
  SourceLocation Last =
      Lexer::GetBeginningOfToken(Range.getEnd().getLocWithOffset(-1), SM, LO);
  if (!Decl->doesThisDeclarationHaveABody()) {
    std::optional<SourceLocation> Semi = endOfDeclaration(Last);
    if (!Semi) {
      report(Diags, Diag::CannotClone, Decl->getLocation())
          << Decl->getName() << "no ';' ends this declaration in its file";
      Failed = true;
      return;
    }
    Last = *Semi;
    *Text += ";";
  }
  placeAfter(Last, SM.getSpellingLineNumber(Range.getBegin()), *Text, "", "");
}

/// Puts \p Text (the copy of a declaration whose first line is \p
/// FirstLine), between the lines \p Before and \p After when they are not
/// empty, after the declaration whose last token is at \p Last: after the
/// declaration's line when nothing else is written on it (no blank line
/// left behind), else right after the declaration, the rest of its line
/// then on a line of its own that `#line` numbers.
void EditBuilder::placeAfter(SourceLocation Last, unsigned FirstLine,
                             StringRef Text, StringRef Before,
                             StringRef After) {
  auto [File, LastOffset] = SM.getDecomposedLoc(Last);
  StringRef Buffer = SM.getBufferData(File);
  size_t End = LastOffset + Lexer::MeasureTokenLength(Last, SM, LO());
  size_t LineEnd = std::min(Buffer.find_first_of("\r\n", End), Buffer.size());
  bool RestBlank = Buffer.slice(End, LineEnd).trim().empty();
  unsigned LastLine = SM.getSpellingLineNumber(Last);
  std::string LineName = lineFileName(SM, File, MainName);
  StringRef Break = lineBreakOf(Buffer);
  std::string Copy = Break.str();
  if (!Before.empty())
    Copy += (Before + Break).str();
  Copy += (lineDirective(FirstLine, LineName) + Break + Text + Break).str();
  if (!After.empty())
    Copy += (After + Break).str();
  Copy += lineDirective(RestBlank ? LastLine + 1 : LastLine, LineName);
  // Copies of several names of one declaration (`int f(int), g(int);`) go
  // to one place, in the order of their functions.
  if (RestBlank)
    CloneTexts[SM.getComposedLoc(File, LineEnd)] += Copy;
  else
    CloneTexts[SM.getComposedLoc(File, End)] += Copy + Break.str();
}

/// docs/REWRITE.md, "The warp program": \p Kernel, rewritten, only where
/// SA_WARP_PROGRAM is not defined; where it is, a copy of the kernel as
/// written, with the source's name and parameters, whose calls have the
/// rewritten kernel's edits, whose context __sa_warp_program_begin makes
/// and whose returns go to __sa_warp_program_end, as the rewritten
/// kernel's go to its epilogue; it runs once per group, on the caller's
/// NDRange. Where no copy can be made, the reason goes to
/// NoWarpProgram (the build with SA_WARP_PROGRAM then stops with it).
void EditBuilder::addWarpCopy(const FunctionDecl *Kernel) {
  std::string Name = Kernel->getName().str();
  auto NoCopy = [&](const Twine &Why) {
    if (NoWarpProgram.empty())
      NoWarpProgram = ("kernel '" + Name + "' " + Why).str();
  };
  // Its prototypes get the runtime's parameters, which the copy has not.
  if (Kernel->getPreviousDecl())
    return NoCopy("is declared before its definition");
  const FunctionInfo &Info = Analysis.Functions.find(Kernel)->second;
  const auto *Body = cast<CompoundStmt>(Kernel->getBody());
  // Its edits would be the definition's, which the rewritten kernel has.
  if (Body->getLBracLoc().isMacroID() || Body->getRBracLoc().isMacroID())
    return NoCopy("is written by a macro");
  EditCollector Copy(SM, LO(), Diags);
  Copy.insertAfter(Body->getLBracLoc(), WarpPrologue,
                   "opening brace of kernel '" + Name + "'");
  // Every work-item ends at the epilogue, as in the rewritten kernel (a
  // return spelled in a macro is the same goto in both).
  for (const ReturnStmt *Return : Info.Returns)
    Copy.replaceToken(Return->getReturnLoc(), EarlyReturn,
                      "'return' in kernel '" + Name + "'",
                      EditCollector::InMacroBody::EditDefinition);
  Copy.insertBefore(Body->getRBracLoc(),
                    Info.Returns.empty() ? WarpEpilogue.str()
                                         : (GroupEndLabel + WarpEpilogue).str(),
                    "closing brace of kernel '" + Name + "'");
  editCalls(Info, Copy);
  Guards.add(Info, Copy);
  CharSourceRange Range = Lexer::makeFileCharRange(
      CharSourceRange::getTokenRange(Kernel->getSourceRange()), SM, LO());
  // Its edits in macro definitions are the kernel's, which the file's
  // collector makes once.
  (void)Copy.takeMacroBodyEdits();
  std::optional<std::string> Text;
  if (!Copy.failed() && Range.isValid())
    Text = Copy.applyWithin(Range);
  if (!Text)
    return NoCopy("is not all written out in the file");
  // The guard on lines of its own; the kernel keeps its line and column.
  SourceLocation Begin = Range.getBegin();
  auto [File, Offset] = SM.getDecomposedLoc(Begin);
  StringRef Buffer = SM.getBufferData(File);
  StringRef Before = Buffer.take_front(Offset);
  Before = Before.drop_front(Before.find_last_of("\r\n") + 1);
  Before.consume_front("\xEF\xBB\xBF"); // a byte-order mark, not a column
  StringRef Break = lineBreakOf(Buffer);
  unsigned Line = SM.getSpellingLineNumber(Begin);
  std::string Open = (Before.empty() ? "" : Break.str()) + "#ifndef " +
                     WarpProgram.str() + Break.str() +
                     lineDirective(Line, lineFileName(SM, File, MainName)) +
                     Break.str() + std::string(Before.size(), ' ');
  Edits.insertBefore(Begin, Open, "start of kernel '" + Name + "'");
  SourceLocation Last =
      Lexer::GetBeginningOfToken(Range.getEnd().getLocWithOffset(-1), SM, LO());
  placeAfter(Last, Line, *Text, "#else /* SA_WARP_PROGRAM */",
             "#endif /* SA_WARP_PROGRAM */");
}

} // namespace softatomic
