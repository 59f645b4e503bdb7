//===- WaitingLoopsTest.cpp - Whether a kernel's work-items wait ----------===//
//
// analysis/WaitingLoops, the manifest's items_wait: a loop whose exit may
// depend on what other work-items write waits (a spin lock, a flag read
// through a volatile pointer); a grid-stride loop, which ends on its own
// index, and a float add written as a compare-exchange loop do not.
//
//===----------------------------------------------------------------------===//

#include "AnalyzeOpenCL.h"

using namespace softatomic;
using softatomic::test::analyzeOpenCL;

namespace {

/// Whether kernel `k` of \p Code may wait, as the manifest says it.
bool itemsWait(const std::string &Code) {
  auto A = analyzeOpenCL(Code);
  const FunctionInfo *K = A.function("k");
  EXPECT_TRUE(K);
  if (!K)
    return false;
  EXPECT_EQ(hasWaitingLoop(*K),
            A.Analysis->WaitingKernels.contains(K->Definition));
  return A.Analysis->WaitingKernels.contains(K->Definition);
}

TEST(WaitingLoops, GridStrideLoopDoesNotWait) {
  EXPECT_FALSE(itemsWait("__kernel void k(__global const uint *data, uint n,\n"
                         "                __global uint *bins) {\n"
                         "  for (uint i = get_global_id(0); i < n;\n"
                         "       i += get_global_size(0))\n"
                         "    atomic_inc(&bins[data[i] & 255u]);\n"
                         "}\n"));
}

TEST(WaitingLoops, SpinLockWaits) {
  EXPECT_TRUE(itemsWait("__kernel void k(__global int *lock,\n"
                        "                __global int *sum) {\n"
                        "  while (atomic_cmpxchg(lock, 0, 1) != 0)\n"
                        "    ;\n"
                        "  *sum += 1;\n"
                        "  atomic_xchg(lock, 0);\n"
                        "}\n"));
}

TEST(WaitingLoops, VolatileFlagWaits) {
  EXPECT_TRUE(itemsWait("__kernel void k(__global int *flag,\n"
                        "                __global int *c) {\n"
                        "  atomic_inc(c);\n"
                        "  while (*(volatile __global int *)flag == 0)\n"
                        "    ;\n"
                        "}\n"));
}

TEST(WaitingLoops, FloatAddLoopDoesNotWait) {
  EXPECT_FALSE(itemsWait("__kernel void k(__global float *sum,\n"
                         "                __global const float *x) {\n"
                         "  float v = x[get_global_id(0)];\n"
                         "  __global uint *p = (__global uint *)sum;\n"
                         "  uint old, next;\n"
                         "  do {\n"
                         "    old = *p;\n"
                         "    next = as_uint(as_float(old) + v);\n"
                         "  } while (atomic_cmpxchg(p, old, next) != old);\n"
                         "}\n"));
}

} // namespace
