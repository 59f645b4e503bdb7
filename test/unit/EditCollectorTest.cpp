//===- EditCollectorTest.cpp - Where EditCollector's edits land -----------===//
//
// Each test parses a small OpenCL C file, makes edits through EditCollector
// as the rewrite does, and compares the file the edits give with the text
// expected, or checks what was refused and reported.
//
//===----------------------------------------------------------------------===//

#include "edits/EditCollector.h"
#include "ParseOpenCL.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Tooling/Core/Replacement.h"
#include "gtest/gtest.h"
#include <optional>

using namespace clang;
using softatomic::EditCollector;
using softatomic::test::callsOf;
using softatomic::test::ParsedOpenCL;
using softatomic::test::parseOpenCL;
using Level = DiagnosticsEngine::Level;

namespace {

class EditCollectorTest : public ::testing::Test {
protected:
  void parse(llvm::StringRef Source) {
    Edits.reset(); // it refers to the parse it replaces
    Code = Source.str();
    Parsed = parseOpenCL(Code);
    ASSERT_TRUE(Parsed.AST);
    ASSERT_EQ(errors(), std::vector<std::string>{});
    Edits = std::make_unique<EditCollector>(sm(), Parsed.AST->getLangOpts(),
                                            Parsed.AST->getDiagnostics());
  }

  const SourceManager &sm() const { return Parsed.AST->getSourceManager(); }

  /// The main file's location of the first \p Text in it.
  SourceLocation at(llvm::StringRef Text) const {
    size_t Offset = Code.find(Text.str());
    EXPECT_NE(Offset, std::string::npos) << Text.str();
    return sm().getComposedLoc(sm().getMainFileID(), Offset);
  }

  /// The \p Index-th call of \p Callee, in source order.
  const CallExpr *call(llvm::StringRef Callee, size_t Index = 0) {
    std::vector<const CallExpr *> Calls = callsOf(Parsed.context(), Callee);
    EXPECT_LT(Index, Calls.size()) << Callee.str();
    return Index < Calls.size() ? Calls[Index] : nullptr;
  }

  /// Where the name of \p Call's callee is (a macro location when a macro
  /// spells it).
  static SourceLocation callee(const CallExpr *Call) {
    return Call->getCallee()->IgnoreImpCasts()->getBeginLoc();
  }

  /// The main file with every edit applied, or std::nullopt when finish
  /// refuses them.
  std::optional<std::string> finishAndApply() {
    llvm::MapVector<const FileEntry *, tooling::Replacements> Out;
    if (!Edits->finish(Out))
      return std::nullopt;
    EXPECT_LE(Out.size(), 1u) << "edits outside the main file";
    const FileEntry *Main = sm().getFileEntryForID(sm().getMainFileID());
    llvm::Expected<std::string> Applied =
        tooling::applyAllReplacements(Code, Out.lookup(Main));
    if (!Applied) {
      ADD_FAILURE() << llvm::toString(Applied.takeError());
      return std::nullopt;
    }
    return *Applied;
  }

  /// The file as parsed, with the first \p From of each change replaced by
  /// its \p To: what the edits should give, and nothing else.
  std::string changed(std::initializer_list<std::pair<std::string, std::string>>
                          Changes) const {
    std::string Expected = Code;
    for (const auto &[From, To] : Changes) {
      size_t At = Expected.find(From);
      EXPECT_NE(At, std::string::npos) << From;
      if (At != std::string::npos)
        Expected.replace(At, From.size(), To);
    }
    return Expected;
  }

  std::vector<std::string> errors() const {
    return Parsed.Diagnostics->of(Level::Error);
  }

  std::string Code;
  ParsedOpenCL Parsed;
  std::unique_ptr<EditCollector> Edits;
};

constexpr const char *Calls = R"cl(int f(int x);
int g(int x);
__kernel void k(__global int *c) {
  c[0] = f(1);
}
)cl";

TEST_F(EditCollectorTest, ReplaceTokenChangesOnlyThatToken) {
  ASSERT_NO_FATAL_FAILURE(parse(Calls));
  Edits->replaceToken(callee(call("f")), "f2", "call of 'f'");
  EXPECT_EQ(finishAndApply(), changed({{"c[0] = f(1);", "c[0] = f2(1);"}}));
  EXPECT_FALSE(Edits->failed());
}

TEST_F(EditCollectorTest, InsertBeforeAndAfterATokenKeepTheToken) {
  ASSERT_NO_FATAL_FAILURE(parse(Calls));
  const CallExpr *F = call("f");
  Edits->insertAfter(callee(F), "_checked", "call of 'f'");
  Edits->insertBefore(F->getRParenLoc(), ", c", "call of 'f'");
  EXPECT_EQ(finishAndApply(), changed({{"f(1)", "f_checked(1, c)"}}));
}

TEST_F(EditCollectorTest, TwoDifferentReplacementsOfOneTokenAreRefused) {
  ASSERT_NO_FATAL_FAILURE(parse(Calls));
  Edits->replaceToken(callee(call("f")), "f2", "call of 'f'");
  Edits->replaceToken(callee(call("f")), "f3", "call of 'f'");
  EXPECT_EQ(finishAndApply(), std::nullopt);
  EXPECT_TRUE(Edits->failed());
  ASSERT_EQ(errors().size(), 1u);
  EXPECT_NE(errors()[0].find("internal error in softatomic-rewrite: "
                             "overlapping edits"),
            std::string::npos)
      << errors()[0];
}

TEST_F(EditCollectorTest, InsertionBeforeAReplacedTokenGoesFirstInEitherOrder) {
  for (bool InsertFirst : {false, true}) {
    SCOPED_TRACE(InsertFirst ? "inserted first" : "replaced first");
    ASSERT_NO_FATAL_FAILURE(parse(Calls));
    SourceLocation F = callee(call("f"));
    if (InsertFirst)
      Edits->insertBefore(F, "(void)", "call of 'f'");
    Edits->replaceToken(F, "f2", "call of 'f'");
    if (!InsertFirst)
      Edits->insertBefore(F, "(void)", "call of 'f'");
    EXPECT_EQ(finishAndApply(), changed({{"f(1)", "(void)f2(1)"}}));
  }
}

// Their order would be arbitrary: the caller must make them one edit.
TEST_F(EditCollectorTest, TwoDifferentInsertionsAtOnePlaceAreRefused) {
  ASSERT_NO_FATAL_FAILURE(parse(Calls));
  const CallExpr *F = call("f");
  Edits->insertAfter(F->getArg(0)->getBeginLoc(), " + 1", "argument of 'f'");
  Edits->insertBefore(F->getRParenLoc(), ", c", "call of 'f'");
  EXPECT_EQ(finishAndApply(), std::nullopt);
  ASSERT_EQ(errors().size(), 1u);
  EXPECT_NE(errors()[0].find("overlapping edits"), std::string::npos)
      << errors()[0];
}

constexpr const char *Macros = R"cl(int f(int x);
#define CALL_F(x) f(x)
#define ID(x) x
#define TWICE(x) ((x) + (x))
__kernel void k(__global int *c) {
  c[0] = CALL_F(1);
  c[1] = ID(f(2));
  c[2] = TWICE(f(3));
}
)cl";

TEST_F(EditCollectorTest, TokenInAMacroBodyIsEditedInTheDefinitionWhenAllowed) {
  ASSERT_NO_FATAL_FAILURE(parse(Macros));
  Edits->replaceToken(callee(call("f", 0)), "f2", "call of 'f'",
                      EditCollector::InMacroBody::EditDefinition);
  EXPECT_EQ(finishAndApply(), changed({{"CALL_F(x) f(x)", "CALL_F(x) f2(x)"}}));
  // ... and kept for the check that every expansion needs that edit.
  ASSERT_EQ(Edits->macroBodyEdits().size(), 1u);
  const softatomic::MacroBodyEdit &E = Edits->macroBodyEdits()[0];
  EXPECT_EQ(E.Spelling, at("f(x)"));
  EXPECT_TRUE(E.Expansion.isMacroID());
  EXPECT_EQ(E.Length, 1u);
  EXPECT_EQ(E.Text, "f2");
  EXPECT_EQ(E.What, "call of 'f'");
}

TEST_F(EditCollectorTest, TokenInAMacroBodyIsRefusedByDefault) {
  ASSERT_NO_FATAL_FAILURE(parse(Macros));
  Edits->replaceToken(callee(call("f", 0)), "f2", "call of 'f'");
  EXPECT_TRUE(Edits->failed());
  EXPECT_TRUE(Edits->macroBodyEdits().empty());
  EXPECT_EQ(errors(), std::vector<std::string>{
                          "call of 'f' is spelled in the definition of macro "
                          "'CALL_F' and cannot be rewritten in this version"});
  EXPECT_EQ(Parsed.Diagnostics->of(Level::Note),
            std::vector<std::string>{"spelled here, in macro 'CALL_F'"});
  EXPECT_EQ(finishAndApply(), std::nullopt);
}

TEST_F(EditCollectorTest,
       TokenInAMacroArgumentIsEditedWhereTheArgumentIsWritten) {
  ASSERT_NO_FATAL_FAILURE(parse(Macros));
  Edits->replaceToken(callee(call("f", 1)), "f2", "call of 'f'");
  // Expanded twice, the argument gives two calls of one written token.
  Edits->replaceToken(callee(call("f", 2)), "f3", "call of 'f'");
  Edits->replaceToken(callee(call("f", 3)), "f3", "call of 'f'");
  EXPECT_EQ(finishAndApply(), changed({{"ID(f(2))", "ID(f2(2))"},
                                       {"TWICE(f(3))", "TWICE(f3(3))"}}));
  EXPECT_TRUE(Edits->macroBodyEdits().empty());
}

constexpr const char *Guarded = R"cl(int f(int x);
int g(int x);
__kernel void k(__global int *c) {
  if (c[0]) c[1] = f(g(c[2]));
}
)cl";

// The predicated work-group form's shape (RewriteEdits.cpp): the call
// moves before the `if`, its argument with the edits made inside it,
// before the move was asked for and after.
TEST_F(EditCollectorTest, MovedCallCarriesTheEditsInsideItsPieces) {
  ASSERT_NO_FATAL_FAILURE(parse(Guarded));
  const CallExpr *F = call("f"), *G = call("g");
  Edits->replaceToken(at("if"), "const int p = !!", "call of 'f'");
  Edits->replaceToken(callee(G), "g2", "call of 'g'");
  Edits->moveWithEdits(at(") c[1]"), F->getSourceRange(), "r",
                       {G->getSourceRange()},
                       {"; int r = f2(p ? (", ") : 0); if (p)"});
  Edits->insertBefore(G->getRParenLoc(), ", c", "call of 'g'");
  EXPECT_EQ(finishAndApply(),
            changed({{"if (c[0]) c[1] = f(g(c[2]));",
                      "const int p = !! (c[0]); "
                      "int r = f2(p ? (g2(c[2], c)) : 0); if (p) c[1] = r;"}}));
}

TEST_F(EditCollectorTest, EditInsideMovedTextButOutsideItsPiecesIsAnError) {
  ASSERT_NO_FATAL_FAILURE(parse(Guarded));
  const CallExpr *F = call("f"), *G = call("g");
  Edits->moveWithEdits(at(") c[1]"), F->getSourceRange(), "r",
                       {G->getSourceRange()}, {"; int r = f2(", ");"});
  Edits->replaceToken(callee(F), "f3", "call of 'f'");
  EXPECT_EQ(finishAndApply(), std::nullopt);
  EXPECT_EQ(errors(), std::vector<std::string>{
                          "internal error in softatomic-rewrite: an edit "
                          "inside moved text lies outside its arguments"});
}

TEST_F(EditCollectorTest, MoveOutTakesTheTextAndLeavesItsLineBreaks) {
  ASSERT_NO_FATAL_FAILURE(parse(R"cl(__kernel void k(__global int *c) {
  c[0] = 1
       + 2;
}
)cl"));
  std::optional<std::string> Moved =
      Edits->moveOut(SourceRange(at("1"), at("2")), "the sum");
  EXPECT_EQ(Moved, "1\n       + 2");
  EXPECT_EQ(finishAndApply(), changed({{"1\n       + 2", "\n"}}));
}

} // namespace
