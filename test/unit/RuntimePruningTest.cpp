//===- RuntimePruningTest.cpp - Only the runtime a program can call -------===//
//
// edits/RuntimePruning: a runtime function stays where the program's code,
// the runtime's text outside functions or a kept function names it, under
// any define; the rest goes, with every comment and the conditionals left
// empty; text it cannot read stays whole.
//
//===----------------------------------------------------------------------===//

#include "edits/RuntimePruning.h"
#include "gtest/gtest.h"

using softatomic::pruneRuntime;

namespace {

const char *Runtime = R"(#ifndef RT
#define RT 1
/* The helper of a helper. */
static uint leaf(uint x) { return x + 1u; }
static uint helper(uint x) {
#ifdef SA_WARP_PROGRAM
  return leaf(x);
#else
  if (x) {
    return 0u;
  }
  return x;
#endif
}
/* Nobody calls it. */
static uint unused(uint x) {
  return helper(x);
}
#define CALLS_MACRO(x) from_macro(x)
static uint from_macro(uint x) { return x; }
#ifdef SA_SITE_PROFILE
static uint profiled(uint x) { return unused(x); }
#endif
#endif /* RT */
)";

TEST(RuntimePruning, KeepsWhatTheCodeReaches) {
  std::string Out = pruneRuntime(Runtime, "kernel void k() { helper(1u); }");
  EXPECT_NE(Out.find("static uint helper("), std::string::npos);
  // Named under a define the build may not have: kept all the same.
  EXPECT_NE(Out.find("static uint leaf("), std::string::npos);
  // Named by a macro of the runtime's, outside every function.
  EXPECT_NE(Out.find("static uint from_macro("), std::string::npos);
  EXPECT_EQ(Out.find("unused"), std::string::npos);
  EXPECT_EQ(Out.find("profiled"), std::string::npos);
  // The conditional that held only a dropped function is gone too.
  EXPECT_EQ(Out.find("SA_SITE_PROFILE"), std::string::npos);
}

TEST(RuntimePruning, DropsCommentsButTheEndMarks) {
  std::string Out = pruneRuntime(Runtime, "helper");
  EXPECT_EQ(Out.find("/* The helper"), std::string::npos);
  EXPECT_EQ(Out.find("Nobody"), std::string::npos);
  EXPECT_NE(Out.find("#endif /* RT */"), std::string::npos);
}

TEST(RuntimePruning, CommentedOutNamesReachNothing) {
  std::string Out = pruneRuntime(Runtime, "/* unused */ // profiled\n");
  EXPECT_EQ(Out.find("static uint unused("), std::string::npos);
  EXPECT_EQ(Out.find("static uint helper("), std::string::npos);
}

TEST(RuntimePruning, TextItCannotReadStaysWhole) {
  const char *Unpaired = "static uint f(uint x) { return x;\n";
  EXPECT_EQ(pruneRuntime(Unpaired, ""), Unpaired);
}

TEST(RuntimePruning, BranchesTheSwitchesRuleOutGo) {
  const char *Text = "#ifdef SA_X\n"
                     "static uint only_x(uint v) { return v; }\n"
                     "#define X_MACRO 1\n"
                     "#else\n"
                     "static uint not_x(uint v) { return v; }\n"
                     "#endif\n"
                     "#if !defined(SA_Y)\n"
                     "static uint not_y(uint v) { return only_x(v); }\n"
                     "#endif\n"
                     "#ifdef OTHER\n"
                     "static uint other(uint v) { return v; }\n"
                     "#endif\n";
  llvm::StringMap<bool> Switches = {{"SA_X", false}, {"SA_Y", false}};
  std::string Out =
      pruneRuntime(Text, "not_x(1u); not_y(1u); other(1u);", Switches);
  // SA_X is never defined: its branch goes, with what it named.
  EXPECT_EQ(Out.find("only_x(uint"), std::string::npos);
  EXPECT_EQ(Out.find("X_MACRO"), std::string::npos);
  EXPECT_NE(Out.find("static uint not_x("), std::string::npos);
  EXPECT_NE(Out.find("static uint not_y("), std::string::npos);
  // A macro that is not a switch: the branch stays, for any build.
  EXPECT_NE(Out.find("static uint other("), std::string::npos);
  Switches["SA_X"] = true;
  Out = pruneRuntime(Text, "not_x(1u); only_x(1u);", Switches);
  EXPECT_NE(Out.find("static uint only_x("), std::string::npos);
  EXPECT_EQ(Out.find("static uint not_x("), std::string::npos);
}

} // namespace
