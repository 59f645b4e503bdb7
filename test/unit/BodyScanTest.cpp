//===- BodyScanTest.cpp - The calls a function body holds -----------------===//
//
// The first pass (analysis/BodyScan): each body's calls in source order,
// as a global atomic, a call the context serves (geometry, or one of
// OpenCL C 1.x's fences) or a call of the user's; and which functions then
// take the context (analysis/KernelAnalysis): a helper whose only such
// call is a fence takes it too, so that its fence is device-wide in
// rewritten code (docs/REWRITE.md, "Fences").
//
//===----------------------------------------------------------------------===//

#include "AnalyzeOpenCL.h"

using namespace softatomic;
using softatomic::test::analyzeOpenCL;

namespace {

/// What each site of \p Name's body is, in source order: "atomic",
/// "geometry", "fence" or "call".
std::vector<std::string> siteKinds(const test::AnalyzedOpenCL &A,
                                   llvm::StringRef Name) {
  std::vector<std::string> Kinds;
  const FunctionInfo *Info = A.function(Name);
  EXPECT_NE(Info, nullptr) << Name.str();
  if (!Info)
    return Kinds;
  for (const CallSite &Site : Info->Sites)
    Kinds.push_back(Site.SiteKind == CallSite::Kind::Atomic     ? "atomic"
                    : Site.SiteKind == CallSite::Kind::UserCall ? "call"
                    : Site.Served->Fence                        ? "fence"
                                                                : "geometry");
  return Kinds;
}

const char *const Queue =
    "void publish(__global uint *slot, uint v) {\n"
    "  *slot = v;\n"
    "  write_mem_fence(CLK_GLOBAL_MEM_FENCE);\n"
    "}\n"
    "__kernel void k(__global uint *data, __global uint *count) {\n"
    "  uint g = get_group_id(0);\n"
    "  publish(&data[g], g);\n"
    "  mem_fence(CLK_LOCAL_MEM_FENCE);\n"
    "  atomic_inc(count);\n"
    "  read_mem_fence(CLK_GLOBAL_MEM_FENCE);\n"
    "}\n"
    "__kernel void plain(__global uint *data) {\n"
    "  data[get_global_id(0)] = 1u;\n"
    "  mem_fence(CLK_GLOBAL_MEM_FENCE);\n"
    "}\n";

TEST(BodyScan, CallsInSourceOrderByKind) {
  auto A = analyzeOpenCL(Queue);
  EXPECT_EQ(siteKinds(A, "k"),
            (std::vector<std::string>{"geometry", "call", "fence", "atomic",
                                      "fence"}));
  EXPECT_EQ(siteKinds(A, "publish"), std::vector<std::string>{"fence"});
  EXPECT_EQ(siteKinds(A, "plain"),
            (std::vector<std::string>{"geometry", "fence"}));
}

TEST(BodyScan, FenceNamesItsRuntimeCall) {
  auto A = analyzeOpenCL(Queue);
  const FunctionInfo *K = A.function("k");
  ASSERT_NE(K, nullptr);
  ASSERT_EQ(K->Sites.size(), 5u);
  EXPECT_EQ(K->Sites[2].runtimeName(), "__sa_mem_fence");
  EXPECT_EQ(K->Sites[4].runtimeName(), "__sa_read_mem_fence");
  EXPECT_EQ(describeCall(K->Sites[2]), "fence 'mem_fence'");
  EXPECT_EQ(describeCall(K->Sites[0]), "geometry call 'get_group_id'");
}

TEST(BodyScan, HelperWithOnlyAFenceTakesTheContext) {
  auto A = analyzeOpenCL(Queue);
  ASSERT_TRUE(A.Analysis);
  const FunctionInfo *Publish = A.function("publish");
  const FunctionInfo *Plain = A.function("plain");
  ASSERT_NE(Publish, nullptr);
  ASSERT_NE(Plain, nullptr);
  EXPECT_TRUE(A.Analysis->takesContext(Publish->Definition));
  // A fence makes no kernel rewritten: `plain` has no atomic.
  EXPECT_FALSE(A.Analysis->RewrittenKernels.contains(Plain->Definition));
}

} // namespace
