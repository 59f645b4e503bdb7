//===- ReproducibleSitesTest.cpp - Float adds summed exactly --------------===//
//
// analysis/ReproducibleSites (--float-atomics=reproducible): a float add
// whose result is unused, a recognised compare-exchange loop's too, takes
// the reproducible form over the deferred and work-group ones, and its
// kernel counts it; a used result, an exchange and an integer add keep
// their forms, and every float site is listed with whether it is
// reproducible. Off, nothing changes.
//
//===----------------------------------------------------------------------===//

#include "AnalyzeOpenCL.h"

using namespace softatomic;
using softatomic::test::analyzeOpenCL;
using softatomic::test::formsOf;

namespace {

AnalysisOptions reproducible() {
  AnalysisOptions Options;
  Options.ReproducibleFloats = true;
  return Options;
}

// A kernel with a loop float add, a used float xchg (on the loop's buffer:
// without the option the loop stays per item), and an integer add whose
// result is unused (deferred either way).
const char *const Kernel =
    "__kernel void k(__global float *f, __global int *c,\n"
    "                __global float *out) {\n"
    "  volatile __global uint *p = (volatile __global uint *)f;\n"
    "  uint old, next;\n"
    "  do {\n"
    "    old = *p;\n"
    "    next = as_uint(as_float(old) + 1.0f);\n"
    "  } while (atomic_cmpxchg(p, old, next) != old);\n"
    "  out[get_global_id(0)] = atomic_xchg(&f[1], 2.0f);\n"
    "  atomic_add(c, 1);\n"
    "}\n";

TEST(ReproducibleSites, UnusedFloatAddTakesTheReproducibleForm) {
  auto A = analyzeOpenCL(Kernel, reproducible());
  std::vector<CallForm> Forms = formsOf(A, "k");
  ASSERT_EQ(Forms.size(), 3u);
  EXPECT_EQ(Forms[0], CallForm::Reproducible);
  EXPECT_EQ(Forms[1], CallForm::PerItem);
  EXPECT_EQ(Forms[2], CallForm::Deferred);
  const clang::FunctionDecl *K = A.function("k")->Definition;
  EXPECT_EQ(A.Analysis->ReproducibleSites.lookup(K), 1u);
  EXPECT_FALSE(A.Analysis->ReproducibleDoubles.contains(K));
}

TEST(ReproducibleSites, EveryFloatSiteListed) {
  auto A = analyzeOpenCL(Kernel, reproducible());
  const std::vector<FloatSiteReport> &Sites = A.Analysis->FloatSites;
  ASSERT_EQ(Sites.size(), 2u);
  EXPECT_TRUE(Sites[0].Reproducible);
  EXPECT_EQ(Sites[0].Operation, "compare-exchange loop");
  EXPECT_FALSE(Sites[1].Reproducible);
  EXPECT_EQ(Sites[1].Operation, "atomic_xchg");
  EXPECT_NE(Sites[1].Why.find("exchange"), std::string::npos);
  EXPECT_EQ(Sites[1].Line, 9u);
}

TEST(ReproducibleSites, OffChangesNothing) {
  auto A = analyzeOpenCL(Kernel);
  std::vector<CallForm> Forms = formsOf(A, "k");
  ASSERT_EQ(Forms.size(), 3u);
  // Not deferred (its target's xchg keeps it from that); the whole group
  // reaches the loop, so the group sums its floats.
  EXPECT_EQ(Forms[0], CallForm::WorkGroup);
  EXPECT_TRUE(A.Analysis->ReproducibleSites.empty());
  EXPECT_TRUE(A.Analysis->FloatSites.empty());
}

} // namespace
