//===- DeferredSitesTest.cpp - Atomics whose result nobody reads ----------===//
//
// The deferred form (analysis/DeferredSites): an atomic whose result is
// discarded, on memory the kernel touches only through such atomics, is
// deferred; a used result, a plain read of the target, a fence, or the
// option off keeps it out.
//
//===----------------------------------------------------------------------===//

#include "AnalyzeOpenCL.h"

using namespace softatomic;
using softatomic::test::analyzeOpenCL;
using softatomic::test::formsOf;

namespace {

/// Whether each global atomic of kernel `k` in \p A is deferred. A call
/// not deferred may still take a group form, from the pass after.
std::vector<bool> deferred(const softatomic::test::AnalyzedOpenCL &A) {
  std::vector<bool> Deferred;
  for (CallForm Form : formsOf(A, "k"))
    Deferred.push_back(Form == CallForm::Deferred);
  return Deferred;
}

TEST(DeferredSites, DiscardedResultOnAtomicOnlyMemoryIsDeferred) {
  auto A = analyzeOpenCL("__kernel void k(__global int *c) {\n"
                         "  for (int i = 0; i < 4; ++i)\n"
                         "    atomic_add(&c[i], 1);\n"
                         "}\n");
  EXPECT_EQ(deferred(A), std::vector<bool>{true});
  ASSERT_EQ(A.atomics("k").size(), 1u);
  EXPECT_FALSE(A.atomics("k")[0]->ResultUsed);
}

TEST(DeferredSites, UsedResultIsNotDeferred) {
  auto A = analyzeOpenCL("__kernel void k(__global int *c,\n"
                         "                __global int *out) {\n"
                         "  for (int i = 0; i < 4; ++i)\n"
                         "    out[i] = atomic_add(&c[i], 1);\n"
                         "}\n");
  EXPECT_EQ(deferred(A), std::vector<bool>{false});
  EXPECT_TRUE(A.atomics("k")[0]->ResultUsed);
}

TEST(DeferredSites, TargetReadPlainlyIsNotDeferred) {
  EXPECT_EQ(deferred(analyzeOpenCL("__kernel void k(__global int *c,\n"
                                   "                __global int *out) {\n"
                                   "  for (int i = 0; i < 4; ++i)\n"
                                   "    atomic_add(&c[i], 1);\n"
                                   "  out[0] = c[0];\n"
                                   "}\n")),
            std::vector<bool>{false});
}

TEST(DeferredSites, FenceKeepsEveryCallUndeferred) {
  EXPECT_EQ(deferred(analyzeOpenCL("__kernel void k(__global int *c) {\n"
                                   "  for (int i = 0; i < 4; ++i) {\n"
                                   "    atomic_add(&c[i], 1);\n"
                                   "    mem_fence(CLK_GLOBAL_MEM_FENCE);\n"
                                   "  }\n"
                                   "}\n")),
            std::vector<bool>{false});
}

TEST(DeferredSites, OptionOffDefersNothing) {
  AnalysisOptions Options;
  Options.DeferUnusedResults = false;
  EXPECT_EQ(deferred(analyzeOpenCL("__kernel void k(__global int *c) {\n"
                                   "  for (int i = 0; i < 4; ++i)\n"
                                   "    atomic_add(&c[i], 1);\n"
                                   "}\n",
                                   Options)),
            std::vector<bool>{false});
}

} // namespace
