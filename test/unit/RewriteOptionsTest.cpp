//===- RewriteOptionsTest.cpp - The rewriter's options by name ------------===//
//
// applyRewriteOptions is how the interception layer reads
// SOFTATOMIC_LAYER_OPTIONS: it must take every option as softatomic-rewrite
// spells it (model/RewriteOptions.def), and say what it cannot take.
//
//===----------------------------------------------------------------------===//

#include "model/RewriteOptions.h"
#include "gtest/gtest.h"

using namespace softatomic;

namespace {

std::vector<std::string> apply(RewriteOptions &Options,
                               std::vector<std::string> Args) {
  return applyRewriteOptions(Options, Args);
}

TEST(RewriteOptions, FlagsOnWithDashOrDoubleDash) {
  RewriteOptions Options;
  Options.DeferUnusedResults = false;
  Options.CombineMode = false;
  EXPECT_TRUE(apply(Options, {"--combine-mode", "-defer-unused"}).empty());
  EXPECT_TRUE(Options.CombineMode);
  EXPECT_TRUE(Options.DeferUnusedResults);
}

TEST(RewriteOptions, FlagValuesAsLLVMsCommandLineTakesThem) {
  for (const char *Off : {"false", "FALSE", "False", "0"}) {
    RewriteOptions Options;
    EXPECT_TRUE(apply(Options, {std::string("--defer-unused=") + Off}).empty());
    EXPECT_FALSE(Options.DeferUnusedResults) << Off;
  }
  for (const char *On : {"true", "TRUE", "True", "1"}) {
    RewriteOptions Options;
    Options.CombineMode = false;
    EXPECT_TRUE(apply(Options, {std::string("--combine-mode=") + On}).empty());
    EXPECT_TRUE(Options.CombineMode) << On;
  }
}

// The automatic mode, the host runtime's default, needs the combining mode
// compiled in: a kernel rewritten without options supports it.
TEST(RewriteOptions, CombiningModeOnByDefaultAndOffByName) {
  RewriteOptions Options;
  EXPECT_TRUE(Options.CombineMode);
  EXPECT_TRUE(apply(Options, {"--combine-mode=false"}).empty());
  EXPECT_FALSE(Options.CombineMode);
}

TEST(RewriteOptions, PlacementAfterEqualsOrSpace) {
  RewriteOptions Options;
  EXPECT_TRUE(apply(Options, {"--placement", "robust"}).empty());
  EXPECT_EQ(Options.CoordinatorPlacement, RewriteOptions::Placement::Robust);
  EXPECT_TRUE(apply(Options, {"--placement=static"}).empty());
  EXPECT_EQ(Options.CoordinatorPlacement, RewriteOptions::Placement::Static);
}

TEST(RewriteOptions, EachProblemNamedAndTheRestApplied) {
  RewriteOptions Options;
  std::vector<std::string> Problems =
      apply(Options, {"--frobnicate", "--placement=sideways",
                      "--defer-unused=maybe", "--combine-mode", "--placement"});
  ASSERT_EQ(Problems.size(), 4u);
  EXPECT_EQ(Problems[0], "unknown option '--frobnicate'");
  EXPECT_EQ(Problems[1], "'sideways': --placement takes one of static, robust");
  EXPECT_EQ(Problems[2],
            "'--defer-unused=maybe': --defer-unused takes true or false");
  EXPECT_EQ(Problems[3], "'--placement' needs a value: one of static, robust");
  EXPECT_TRUE(Options.CombineMode);        // applied
  EXPECT_TRUE(Options.DeferUnusedResults); // the default, untouched
}

TEST(RewriteOptions, NotAnOption) {
  RewriteOptions Options;
  std::vector<std::string> Problems = apply(Options, {"robust"});
  ASSERT_EQ(Problems.size(), 1u);
  EXPECT_EQ(Problems[0], "'robust' is not an option");
}

} // namespace
