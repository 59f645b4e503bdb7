//===- PrivateTargetsTest.cpp - Targets a work-group may keep a copy of ---===//
//
// The privatized form (analysis/PrivateTargets): a kernel argument whose
// every atomic is one commutative operation with its result unused, and
// that nothing else touches, is a target, with the index bound the
// rewriter can prove; a used result, a plain read, two operations, a
// 64-bit target, a float sum without reassociation, deferral turned off or
// a macro definition that writes other rewritten kernels too keep it out,
// and each site says why.
//
//===----------------------------------------------------------------------===//

#include "AnalyzeOpenCL.h"

using namespace softatomic;
using softatomic::test::analyzeOpenCL;

namespace {

/// The targets of kernel `k`.
std::vector<PrivateTarget>
targetsOf(const softatomic::test::AnalyzedOpenCL &A) {
  for (const auto &[K, Targets] : A.Analysis->PrivateTargets)
    if (K->getName() == "k")
      return Targets;
  return {};
}

/// Why the first global atomic of function \p F cannot be privatized.
std::string whyNot(const softatomic::test::AnalyzedOpenCL &A,
                   llvm::StringRef F = "k") {
  auto Sites = A.atomics(F);
  return Sites.empty() ? "no site" : Sites[0]->NotPrivate;
}

/// Why the first site of kernel `k` in \p Code cannot be privatized, once
/// its kernel is seen to have no target.
std::string refusal(llvm::StringRef Code, const AnalysisOptions &Options = {}) {
  auto A = analyzeOpenCL(Code, Options);
  EXPECT_TRUE(targetsOf(A).empty());
  return whyNot(A);
}

TEST(PrivateTargets, HistogramIsATargetWithItsMaskAsBound) {
  auto A = analyzeOpenCL(
      "__kernel void k(__global const uint *d, uint n, __global uint *h) {\n"
      "  for (uint i = get_global_id(0); i < n; i += get_global_size(0))\n"
      "    atomic_inc(&h[d[i] & 255u]);\n"
      "}\n");
  auto T = targetsOf(A);
  ASSERT_EQ(T.size(), 1u);
  EXPECT_EQ(T[0].Arg, 2u);
  EXPECT_EQ(T[0].Name, "h");
  EXPECT_EQ(T[0].Op, "add");
  EXPECT_EQ(T[0].Type, "uint");
  EXPECT_EQ(T[0].Bound, 256u);
  EXPECT_EQ(whyNot(A), "");
}

TEST(PrivateTargets, BoundsOfRemainderAndUcharAndNone) {
  auto A = analyzeOpenCL("__kernel void k(__global uint *a, __global uint *b,\n"
                         "                __global uint *c, uchar x) {\n"
                         "  uint g = get_global_id(0);\n"
                         "  atomic_add(&a[g % 100u], 1u);\n"
                         "  atomic_add(&b[x], 1u);\n"
                         "  atomic_add(&c[g], 1u);\n"
                         "}\n");
  auto T = targetsOf(A);
  ASSERT_EQ(T.size(), 3u);
  EXPECT_EQ(T[0].Bound, 100u);
  EXPECT_EQ(T[1].Bound, 256u);
  EXPECT_EQ(T[2].Bound, 0u); // sized per launch
}

// An unsigned right shift by a constant keeps width - shift bits (a uint's
// top byte: 256 elements, a masked value shifted: fewer); OpenCL C's
// unsigned min and clamp are below their bounding argument; a signed min
// may be negative, and a shift by a variable keeps every bit.
TEST(PrivateTargets, BoundsOfShiftsMinAndClamp) {
  auto A = analyzeOpenCL(
      "__kernel void k(__global const uint *d, __global uint *a,\n"
      "                __global uint *b, __global uint *c, __global uint *e,\n"
      "                __global uint *f, __global int *g, __global uint *h,\n"
      "                uint s) {\n"
      "  uint x = d[get_global_id(0)];\n"
      "  atomic_add(&a[x >> 24], 1u);\n"
      "  atomic_add(&b[(x & 1023u) >> 2], 1u);\n"
      "  atomic_add(&c[min(x, 9u)], 1u);\n"
      "  atomic_add(&e[clamp(x, 2u, 40u)], 1u);\n"
      "  atomic_add(&f[x >> s], 1u);\n"
      "  atomic_add(&g[min((int)x, 9)], 1);\n"
      "  atomic_add(&h[(ulong)x >> 60], 1u);\n"
      "}\n");
  auto T = targetsOf(A);
  ASSERT_EQ(T.size(), 7u);
  EXPECT_EQ(T[0].Bound, 256u);
  EXPECT_EQ(T[1].Bound, 256u);
  EXPECT_EQ(T[2].Bound, 10u);
  EXPECT_EQ(T[3].Bound, 41u);
  EXPECT_EQ(T[4].Bound, 0u);
  EXPECT_EQ(T[5].Bound, 0u);
  EXPECT_EQ(T[6].Bound, 16u);
}

TEST(PrivateTargets, ThroughAHelperSignedMin) {
  auto A = analyzeOpenCL(
      "void f(__global int *p, int v) { atomic_min(&p[v & 7], v); }\n"
      "__kernel void k(__global int *p) { f(p, (int)get_global_id(0)); }\n");
  auto T = targetsOf(A);
  ASSERT_EQ(T.size(), 1u);
  EXPECT_EQ(T[0].Op, "min");
  EXPECT_EQ(T[0].Type, "int");
  EXPECT_EQ(T[0].Bound, 0u); // the helper's index is not the kernel's
  EXPECT_EQ(whyNot(A, "f"), "");
}

TEST(PrivateTargets, RefusalsSayWhy) {
  EXPECT_EQ(refusal("__kernel void k(__global uint *c,\n"
                    "                __global uint *out) {\n"
                    "  out[0] = atomic_add(&c[1], 1u);\n"
                    "}\n"),
            "its result is used");
  EXPECT_NE(refusal("__kernel void k(__global uint *c,\n"
                    "                __global uint *out) {\n"
                    "  atomic_add(&c[1], 1u);\n"
                    "  out[0] = c[0];\n"
                    "}\n")
                .find("read or written other than through atomics"),
            std::string::npos);
  EXPECT_EQ(refusal("__kernel void k(__global uint *c) {\n"
                    "  atomic_add(&c[1], 1u);\n"
                    "  atomic_max(&c[2], 5u);\n"
                    "}\n"),
            "its target takes two operations (add, max)");
  EXPECT_EQ(
      refusal("#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable\n"
              "__kernel void k(__global ulong *c) { atom_add(&c[1], 1ul); }\n"),
      "its target is 64-bit");
  EXPECT_EQ(
      refusal(
          "__kernel void k(__global uint *c) { atomic_xchg(&c[1], 1u); }\n"),
      "'atomic_xchg' is not commutative");
}

TEST(PrivateTargets, NoDeferralNoTarget) {
  AnalysisOptions Options;
  Options.DeferUnusedResults = false;
  EXPECT_EQ(
      refusal("__kernel void k(__global uint *c) { atomic_add(&c[1], 1u); }\n",
              Options),
      "unused results are not deferred (--defer-unused=false)");
}

TEST(PrivateTargets, KernelsOneMacroWritesTogetherHaveNone) {
  // One definition's prologue serves both kernels: neither takes a target.
  EXPECT_EQ(refusal("#define K(N, BODY) \\\n"
                    "  __kernel void N(__global uint *c) { BODY; }\n"
                    "K(k, atomic_inc(c))\n"
                    "K(other, c[1] = atomic_inc(c))\n"),
            "its kernel 'k' is written by a macro whose definition another "
            "rewritten kernel shares");
  // A definition that writes one kernel is that kernel's own.
  auto A = analyzeOpenCL("#define K(N, BODY) \\\n"
                         "  __kernel void N(__global uint *c) { BODY; }\n"
                         "K(k, atomic_inc(c))\n");
  EXPECT_EQ(targetsOf(A).size(), 1u);
}

} // namespace
