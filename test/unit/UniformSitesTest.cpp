// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- UniformSitesTest.cpp - Calls every work-item of a group reaches ----===//
//
// The pass under the work-group forms (analysis/UniformSites), asked
// directly: whether every work-item that starts kernel `k` makes a call
// once (reached: straight-line code, plain blocks, `for` loops every
// work-item runs as often, nothing before it that may leave the kernel),
// and which `if` guards a call the group can still make together
// (guardingIf, the predicated form).
//
//===----------------------------------------------------------------------===//

#include "analysis/UniformSites.h"
#include "ParseOpenCL.h"
#include "support/StmtParents.h"
#include "clang/AST/Decl.h"
#include "gtest/gtest.h"

using namespace clang;
using namespace softatomic;

namespace {

/// A snippet's kernel `k`, its body indexed as KernelAnalysis indexes the
/// rewritten code's.
struct KernelK {
  explicit KernelK(llvm::StringRef Code, llvm::StringRef Standard) {
    Parsed = test::parseOpenCL(Code, Standard, /*DefaultHeader=*/true);
    EXPECT_EQ(Parsed.Diagnostics->of(DiagnosticsEngine::Error),
              std::vector<std::string>{});
    for (const Decl *D : Parsed.context().getTranslationUnitDecl()->decls())
      if (const auto *F = dyn_cast<FunctionDecl>(D))
        if (F->getName() == "k" && F->hasBody())
          Kernel = F;
    EXPECT_NE(Kernel, nullptr);
    if (Kernel)
      Parents.addBody(Kernel->getBody());
  }
  const SourceManager &sourceManager() const {
    return Parsed.context().getSourceManager();
  }

  test::ParsedOpenCL Parsed;
  const FunctionDecl *Kernel = nullptr;
  StmtParents Parents;
};

/// For each call of \p Callee in \p Code, in source order, whether every
/// work-item of the group makes it once.
std::vector<bool> reached(llvm::StringRef Code,
                          llvm::StringRef Callee = "atomic_add",
                          llvm::StringRef Standard = "CL1.2") {
  KernelK K(Code, Standard);
  std::vector<bool> Reached;
  if (!K.Kernel)
    return Reached;
  WholeGroupSites Sites(K.sourceManager(), K.Parents);
  for (const CallExpr *Call : test::callsOf(K.Parsed.context(), Callee))
    Reached.push_back(Sites.reached(Call, K.Kernel));
  return Reached;
}

/// For each call of atomic_add in \p Code, in source order, why the group
/// does not reach it together ("" where it does).
std::vector<std::string> whyNot(llvm::StringRef Code) {
  KernelK K(Code, "CL1.2");
  std::vector<std::string> Why;
  if (!K.Kernel)
    return Why;
  WholeGroupSites Sites(K.sourceManager(), K.Parents);
  for (const CallExpr *Call : test::callsOf(K.Parsed.context(), "atomic_add"))
    Why.push_back(Sites.whyNotReached(Call, K.Kernel));
  return Why;
}

/// For each call of `atomic_inc` in \p Code, in source order, the line of
/// the `if` that guards it for the predicated form; 0 for none.
std::vector<unsigned> guardLines(llvm::StringRef Code) {
  KernelK K(Code, "CL1.2");
  std::vector<unsigned> Lines;
  if (!K.Kernel)
    return Lines;
  WholeGroupSites Sites(K.sourceManager(), K.Parents);
  for (const CallExpr *Call : test::callsOf(K.Parsed.context(), "atomic_inc")) {
    const IfStmt *If = Sites.guardingIf(Call, K.Kernel);
    Lines.push_back(If ? K.sourceManager().getSpellingLineNumber(If->getIfLoc())
                       : 0);
  }
  return Lines;
}

/// Kernel `k` with \p Loop (a `for` header) around one atomic_add; its
/// parameters: n (uint), w (uint, which the kernel writes after the loop)
/// and in (a pointer).
std::string inLoop(const std::string &Loop) {
  return "__kernel void k(__global int *c, uint n, uint w,\n"
         "                __global const uint *in) {\n"
         "  " +
         Loop +
         "\n"
         "    atomic_add(c, 1);\n"
         "  w = 0;\n"
         "}\n";
}

TEST(UniformSites, StraightLineCallsAreReached) {
  // Plain blocks, operands every evaluation takes, a declaration's
  // initialiser.
  EXPECT_EQ(reached("__kernel void k(__global int *c) {\n"
                    "  atomic_add(c, 1);\n"
                    "  { c[1] = atomic_add(c, 2) + 1; }\n"
                    "  int old = atomic_add(c, 3);\n"
                    "  c[2] = old;\n"
                    "}\n"),
            (std::vector<bool>{true, true, true}));
}

TEST(UniformSites, ConditionalCallsAreNotReached) {
  EXPECT_EQ(reached("__kernel void k(__global int *c) {\n"
                    "  if (get_global_id(0) > 1)\n"
                    "    atomic_add(c, 1);\n"
                    "  c[1] = c[0] ? atomic_add(c, 2) : 0;\n"
                    "  c[2] = c[0] && atomic_add(c, 3);\n"
                    "  c[3] = c[0] || atomic_add(c, 4);\n"
                    "  while (c[4] < 2)\n"
                    "    atomic_add(c, 5);\n"
                    "}\n"),
            (std::vector<bool>{false, false, false, false, false}));
}

TEST(UniformSites, EarlyReturnEndsWhatIsReached) {
  // Only what comes before the first return: after it, the work-items
  // that returned are missing.
  EXPECT_EQ(reached("__kernel void k(__global int *c, uint n) {\n"
                    "  atomic_add(c, 1);\n"
                    "  if (get_global_id(0) >= n)\n"
                    "    return;\n"
                    "  atomic_add(c, 2);\n"
                    "}\n"),
            (std::vector<bool>{true, false}));
}

TEST(UniformSites, LabelEndsWhatIsReached) {
  // A label may be jumped to: what follows it may run twice.
  EXPECT_EQ(reached("__kernel void k(__global int *c) {\n"
                    "  atomic_add(c, 1);\n"
                    "again:;\n"
                    "  atomic_add(c, 2);\n"
                    "  if (c[0] < 4)\n"
                    "    goto again;\n"
                    "}\n"),
            (std::vector<bool>{true, false}));
}

TEST(UniformSites, ReturnInBlockLiteralLeavesOnlyTheBlock) {
  EXPECT_EQ(reached("__kernel void k(__global int *c) {\n"
                    "  int (^one)(void) = ^{ return 1; };\n"
                    "  atomic_add(c, one());\n"
                    "}\n",
                    "atomic_add", "CL2.0"),
            std::vector<bool>{true});
}

TEST(UniformSites, LoopWithUniformBoundsIsReached) {
  for (const char *Loop :
       {"for (int i = 0; i < 4; ++i)", "for (uint i = n; i > 0u; i--)",
        "for (int i = 0; i < n * 2 + 1; i += 2)",
        "for (size_t i = get_local_size(0); i < get_global_size(0); "
        "i += get_num_groups(0))",
        "for (int i = 0, j = 8; i < j; ++i, --j)"})
    EXPECT_EQ(reached(inLoop(Loop)), std::vector<bool>{true}) << Loop;
}

TEST(UniformSites, NestedLoopsWithCounterDeclaredBeforeAreReached) {
  EXPECT_EQ(reached("__kernel void k(__global int *c, int n) {\n"
                    "  int i;\n"
                    "  for (i = 0; i < n; ++i)\n"
                    "    for (int j = 0; j < n; ++j)\n"
                    "      atomic_add(c, j);\n"
                    "}\n"),
            std::vector<bool>{true});
}

TEST(UniformSites, LoopWhoseBoundsVaryIsNotReached) {
  // A bound from the work-item's id, from memory, from a parameter the
  // kernel writes; a step by the id; no condition; a float counter.
  for (const char *Loop :
       {"for (uint i = 0; i < get_global_id(0); ++i)",
        "for (uint i = get_local_id(0); i < n; ++i)",
        "for (uint i = 0; i < in[0]; ++i)", "for (uint i = 0; i < w; ++i)",
        "for (uint i = 0; i < n; i += get_global_id(0))",
        "for (uint i = 0;; ++i)", "for (float f = 0; f < n; f += 1)"})
    EXPECT_EQ(reached(inLoop(Loop)), std::vector<bool>{false}) << Loop;
}

TEST(UniformSites, LoopLeftEarlyIsNotReached) {
  // The body writes its counter, or leaves an iteration early.
  for (const char *Body : {"{ i += c[0]; atomic_add(c, 1); }",
                           "{ if (c[0]) break; atomic_add(c, 1); }",
                           "{ if (c[0]) continue; atomic_add(c, 1); }"})
    EXPECT_EQ(reached(std::string("__kernel void k(__global int *c) {\n"
                                  "  for (int i = 0; i < 8; ++i)\n") +
                      Body + "\n}\n"),
              std::vector<bool>{false})
        << Body;
}

TEST(UniformSites, CallInLoopHeaderIsNotReached) {
  // Only the body runs once per iteration; the condition runs once more.
  EXPECT_EQ(reached("__kernel void k(__global int *c) {\n"
                    "  for (int i = 0; i < atomic_add(c, 1); ++i)\n"
                    "    c[1] = i;\n"
                    "}\n"),
            std::vector<bool>{false});
}

TEST(UniformSites, FirstCallOfReachedIfIsGuarded) {
  EXPECT_EQ(guardLines("__kernel void k(__global uint *n, uint m) {\n"
                       "  uint gid = get_global_id(0);\n"
                       "  if (gid > 1u) {\n"
                       "    uint s = atomic_inc(n) + 1u;\n"
                       "    n[s] = atomic_inc(n);\n"
                       "  }\n"
                       "  for (uint i = 0; i < m; ++i) {\n"
                       "    if (gid & i)\n"
                       "      n[2] = atomic_inc(&n[1]);\n"
                       "  }\n"
                       "}\n"),
            (std::vector<unsigned>{3, 0, 8}));
}

TEST(UniformSites, IfTheGroupDoesNotReachGuardsNothing) {
  // An `if` after a return, one nested in another's branch, an else
  // branch.
  EXPECT_EQ(guardLines("__kernel void k(__global uint *n) {\n"
                       "  uint gid = get_global_id(0);\n"
                       "  if (gid & 1u)\n"
                       "    if (gid & 2u)\n"
                       "      atomic_inc(n);\n"
                       "  if (gid & 4u)\n"
                       "    n[1] = 0;\n"
                       "  else\n"
                       "    atomic_inc(n);\n"
                       "  if (gid > 8u)\n"
                       "    return;\n"
                       "  if (gid & 16u)\n"
                       "    atomic_inc(n);\n"
                       "}\n"),
            (std::vector<unsigned>{0, 0, 0}));
}

TEST(UniformSites, IfOutsideBlockGuardsNothing) {
  // The rewrite declares the guard's variables right before the `if`: a
  // loop's body without braces has no place for them.
  EXPECT_EQ(guardLines("__kernel void k(__global uint *n, uint m) {\n"
                       "  uint gid = get_global_id(0);\n"
                       "  for (uint i = 0; i < m; ++i)\n"
                       "    if (gid & i)\n"
                       "      atomic_inc(n);\n"
                       "  for (uint i = 0; i < m; ++i) {\n"
                       "    if (gid & i)\n"
                       "      atomic_inc(n);\n"
                       "  }\n"
                       "}\n"),
            (std::vector<unsigned>{0, 7}));
}

TEST(UniformSites, CallAfterOtherWorkInBranchIsNotGuarded) {
  // Something else runs first, or only when a left operand allows.
  EXPECT_EQ(guardLines("__kernel void k(__global uint *n) {\n"
                       "  uint gid = get_global_id(0);\n"
                       "  if (gid & 1u) {\n"
                       "    n[1] = gid;\n"
                       "    atomic_inc(n);\n"
                       "  }\n"
                       "  if (gid & 2u)\n"
                       "    n[2] = n[3] && atomic_inc(n);\n"
                       "  if (gid & 4u)\n"
                       "    n[4] = (n[5]++, atomic_inc(n));\n"
                       "}\n"),
            (std::vector<unsigned>{0, 0, 0}));
}

TEST(UniformSites, CallSpelledInMacroIsNotGuarded) {
  // The predicated form moves the call's arguments, which a macro's
  // expansion does not let it do.
  EXPECT_EQ(guardLines("#define BUMP(p) atomic_inc(p)\n"
                       "__kernel void k(__global uint *n) {\n"
                       "  if (get_global_id(0) & 1u)\n"
                       "    BUMP(n);\n"
                       "  if (get_global_id(0) & 2u)\n"
                       "    atomic_inc(n);\n"
                       "}\n"),
            (std::vector<unsigned>{0, 5}));
}

// Why a call is left per work-item, in words, at the construct that keeps
// the group from reaching it together: an exit before it, an `if` or a
// `while` around it, a conditional operator; nothing where it is reached.
TEST(UniformSites, WhyNotReachedNamesWhatBlocksIt) {
  EXPECT_EQ(whyNot("__kernel void k(__global uint *c, uint n) {\n"
                   "  atomic_add(c, 1u);\n"
                   "  if (get_global_id(0) >= n)\n"
                   "    return;\n"
                   "  atomic_add(c, 2u);\n"
                   "  if (get_global_id(0) & 1u)\n"
                   "    atomic_add(c, 3u);\n"
                   "}\n"),
            (std::vector<std::string>{
                "", "the exit at 4:5 (a return, goto or label) comes before it",
                "the `if` at 6:3 decides per work-item whether it is called"}));
  EXPECT_EQ(whyNot("__kernel void k(__global uint *c, __global uint *d) {\n"
                   "  uint i = get_global_id(0);\n"
                   "  while (d[i]--)\n"
                   "    atomic_add(c, 1u);\n"
                   "  (void)(i ? atomic_add(c, 2u) : 0u);\n"
                   "}\n"),
            (std::vector<std::string>{
                "the loop at 3:3 may run a different number of times per "
                "work-item",
                "the condition at 5:10 (?:, && or ||) decides per work-item "
                "whether it is called"}));
}

} // namespace
