//===- KernelCountsTest.cpp - What the manifest counts, per kernel --------===//
//
// The manifest's per-kernel figures (analysis/KernelCounts) over each
// kernel and the functions it reaches, and the profile's sites
// (analysis/ProfileSites): one per place a call is spelled, numbered in
// source order, with the kernels that reach it.
//
//===----------------------------------------------------------------------===//

#include "AnalyzeOpenCL.h"
#include "analysis/ProfileSites.h"

using namespace softatomic;
using softatomic::test::analyzeOpenCL;

namespace {

const char *const Program =
    "#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable\n"
    "void bump(__global uint *c) { atomic_inc(c); }\n"
    "__kernel void counts(__global uint *c, __global uint *d,\n"
    "                     __global uint *out) {\n"
    "  bump(c);\n"
    "  out[get_global_id(0)] = atomic_add(d, 2u);\n"
    "}\n"
    "__kernel void again(__global uint *c) { bump(c); }\n"
    "__kernel void waits(__global uint *flag) {\n"
    "  while (atomic_add(flag, 0u) == 0u)\n"
    "    ;\n"
    "}\n"
    "__kernel void wide(__global ulong *c) { atom_add(c, 1ul); }\n"
    "__kernel void plain(__global uint *c) { c[0] = 1u; }\n";

const clang::FunctionDecl *definition(const test::AnalyzedOpenCL &A,
                                      llvm::StringRef Name) {
  const FunctionInfo *Info = A.function(Name);
  EXPECT_NE(Info, nullptr) << Name.str();
  return Info ? Info->Definition : nullptr;
}

TEST(KernelCounts, SitesOverWhatEachKernelReaches) {
  auto A = analyzeOpenCL(Program);
  ASSERT_TRUE(A.Analysis);
  const KernelAnalysis &R = *A.Analysis;
  EXPECT_EQ(R.AtomicSites.lookup(definition(A, "counts")), 2u);
  EXPECT_EQ(R.AtomicSites.lookup(definition(A, "again")), 1u);
  EXPECT_EQ(R.AtomicSites.lookup(definition(A, "wide")), 1u);
  EXPECT_FALSE(R.RewrittenKernels.contains(definition(A, "plain")));
  // bump's increment, whose result and target nothing reads, is deferred
  // in both; the add whose result `counts` stores is not.
  EXPECT_EQ(R.DeferredSites.lookup(definition(A, "counts")), 1u);
  EXPECT_EQ(R.DeferredSites.lookup(definition(A, "again")), 1u);
}

TEST(KernelCounts, ReachingKernelsWaitsAndWidth) {
  auto A = analyzeOpenCL(Program);
  ASSERT_TRUE(A.Analysis);
  const KernelAnalysis &R = *A.Analysis;
  auto Reaching = R.ReachingKernels.lookup(definition(A, "bump"));
  ASSERT_EQ(Reaching.size(), 2u);
  EXPECT_EQ(Reaching[0], definition(A, "counts"));
  EXPECT_EQ(Reaching[1], definition(A, "again"));
  EXPECT_TRUE(R.WaitingKernels.contains(definition(A, "waits")));
  EXPECT_FALSE(R.WaitingKernels.contains(definition(A, "counts")));
  EXPECT_TRUE(R.HasWideAtomics);
}

TEST(ProfileSites, OnePerSpelledCallInSourceOrder) {
  auto A = analyzeOpenCL(Program);
  ASSERT_TRUE(A.Analysis);
  KernelAnalysis &R = *A.Analysis;
  numberProfileSites(R, A.Parsed.context().getSourceManager());
  ASSERT_EQ(R.ProfileSites.size(), 4u);
  const ProfiledSite &Bump = R.ProfileSites[0];
  EXPECT_EQ(Bump.Line, 2u);
  EXPECT_EQ(Bump.Operation, "atomic_inc");
  EXPECT_FALSE(Bump.ResultUsed);
  EXPECT_EQ(Bump.Kernels, (std::vector<std::string>{"counts", "again"}));
  EXPECT_EQ(R.ProfileSites[1].Operation, "atomic_add");
  EXPECT_TRUE(R.ProfileSites[1].ResultUsed);
  EXPECT_EQ(R.ProfileSites[3].Width, 64u);
  EXPECT_EQ(R.ProfileSites[3].Type, "ulong");
}

} // namespace
