//===- FloatAddLoopsTest.cpp - Compare-exchange loops that are float adds -===//
//
// analysis/FloatAddLoops: a compare-exchange loop that provably adds (or
// subtracts) a float becomes that add (CallSite::Loop set, a float sum);
// a loop that uses the old value after it, or sums in another type, stays
// the compare-exchange it is.
//
//===----------------------------------------------------------------------===//

#include "AnalyzeOpenCL.h"

using namespace softatomic;
using softatomic::test::analyzeOpenCL;

namespace {

/// Kernel `k` around \p Body, with `f` a __global float pointer, `v` a
/// float and `p` the bits of `f`.
std::string kernel(const std::string &Body) {
  return "__kernel void k(__global float *f, __global float *out) {\n"
         "  float v = (float)get_global_id(0);\n"
         "  volatile __global uint *p = (volatile __global uint *)f;\n"
         "  uint old, next;\n" +
         Body + "}\n";
}

/// The one global atomic site of `k` in \p Body.
const CallSite *onlySite(const softatomic::test::AnalyzedOpenCL &A) {
  std::vector<const CallSite *> Sites = A.atomics("k");
  EXPECT_EQ(Sites.size(), 1u);
  return Sites.empty() ? nullptr : Sites[0];
}

TEST(FloatAddLoops, DoWhileOnTheBitsIsAnAdd) {
  auto A = analyzeOpenCL(kernel("  do {\n"
                                "    old = *p;\n"
                                "    next = as_uint(as_float(old) + v);\n"
                                "  } while (atomic_cmpxchg(p, old, next) != "
                                "old);\n"));
  const CallSite *Site = onlySite(A);
  ASSERT_TRUE(Site);
  EXPECT_TRUE(Site->Loop.has_value());
  EXPECT_TRUE(Site->FloatSum);
  EXPECT_EQ(A.Analysis->FloatAddLoops.lookup(A.function("k")->Definition), 1u);
}

TEST(FloatAddLoops, SubtractionIsAnAddToo) {
  auto A = analyzeOpenCL(kernel("  do {\n"
                                "    old = *p;\n"
                                "    next = as_uint(as_float(old) - v);\n"
                                "  } while (atomic_cmpxchg(p, old, next) != "
                                "old);\n"));
  const CallSite *Site = onlySite(A);
  ASSERT_TRUE(Site);
  EXPECT_TRUE(Site->Loop.has_value());
}

TEST(FloatAddLoops, OldValueUsedAfterTheLoopIsNot) {
  auto A = analyzeOpenCL(kernel("  do {\n"
                                "    old = *p;\n"
                                "    next = as_uint(as_float(old) + v);\n"
                                "  } while (atomic_cmpxchg(p, old, next) != "
                                "old);\n"
                                "  out[0] = as_float(old);\n"));
  const CallSite *Site = onlySite(A);
  ASSERT_TRUE(Site);
  EXPECT_FALSE(Site->Loop.has_value());
  EXPECT_FALSE(Site->FloatSum);
}

TEST(FloatAddLoops, IntegerSumIsNot) {
  auto A = analyzeOpenCL(kernel("  do {\n"
                                "    old = *p;\n"
                                "    next = old + 1u;\n"
                                "  } while (atomic_cmpxchg(p, old, next) != "
                                "old);\n"));
  const CallSite *Site = onlySite(A);
  ASSERT_TRUE(Site);
  EXPECT_FALSE(Site->Loop.has_value());
}

/// Kernel `k` around \p Body, with `d` a __global double pointer, `v` a
/// double and `p` the bits of `d` (64-bit atomics enabled).
std::string doubleKernel(const std::string &Body) {
  return "#pragma OPENCL EXTENSION cl_khr_fp64 : enable\n"
         "#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable\n"
         "__kernel void k(__global double *d) {\n"
         "  double v = (double)get_global_id(0);\n"
         "  volatile __global ulong *p = (volatile __global ulong *)d;\n"
         "  ulong old, next;\n" +
         Body + "}\n";
}

TEST(FloatAddLoops, DoubleOnSixtyFourBitsIsAnAdd) {
  auto A =
      analyzeOpenCL(doubleKernel("  do {\n"
                                 "    old = *p;\n"
                                 "    next = as_ulong(as_double(old) + v);\n"
                                 "  } while (atom_cmpxchg(p, old, next) != "
                                 "old);\n"));
  const CallSite *Site = onlySite(A);
  ASSERT_TRUE(Site);
  EXPECT_TRUE(Site->Loop.has_value());
  EXPECT_TRUE(Site->FloatSum);
  EXPECT_EQ(Site->Entry.Type, "double");
}

TEST(FloatAddLoops, FloatSumOnSixtyFourBitsIsNot) {
  // A float added to 64-bit bits: not a double's add (the widths differ).
  auto A = analyzeOpenCL(
      doubleKernel("  do {\n"
                   "    old = *p;\n"
                   "    next = (ulong)as_uint(as_float((uint)old) + 1.0f);\n"
                   "  } while (atom_cmpxchg(p, old, next) != old);\n"));
  const CallSite *Site = onlySite(A);
  ASSERT_TRUE(Site);
  EXPECT_FALSE(Site->Loop.has_value());
}

} // namespace
