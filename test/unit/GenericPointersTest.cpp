//===- GenericPointersTest.cpp - What the generic-pointer prover proves ---===//
//
// Each test parses a small OpenCL C 2.0 file, analyses it as the rewrite
// does, and asks the prover where the pointer passed to `use` points:
// __global, __local, or unknown with the reason (docs/REWRITE.md, "Generic
// pointers").
//
//===----------------------------------------------------------------------===//

#include "analysis/GenericPointers.h"
#include "ParseOpenCL.h"
#include "analysis/KernelAnalysis.h"
#include "gtest/gtest.h"

using namespace clang;
using softatomic::GenericPointerProver;
using softatomic::SpaceProof;
using softatomic::test::callsOf;
using softatomic::test::parseOpenCL;
using Space = SpaceProof::Space;

namespace {

/// The proof for the generic pointer passed to the \p Index-th call of
/// `void use(int *p)` (declared here) in \p Body.
SpaceProof proveUse(const std::string &Body, size_t Index = 0) {
  softatomic::test::ParsedOpenCL Parsed = parseOpenCL(
      "void use(int *p);\n" + Body, "CL2.0", /*DefaultHeader=*/true);
  EXPECT_TRUE(Parsed.AST);
  EXPECT_EQ(Parsed.Diagnostics->of(DiagnosticsEngine::Error),
            std::vector<std::string>{});
  if (!Parsed.AST)
    return SpaceProof();
  std::optional<softatomic::KernelAnalysis> Analysis =
      softatomic::analyzeKernels(Parsed.context());
  EXPECT_TRUE(Analysis);
  std::vector<const CallExpr *> Uses = callsOf(Parsed.context(), "use");
  EXPECT_LT(Index, Uses.size());
  if (!Analysis || Index >= Uses.size())
    return SpaceProof();
  const Expr *Pointer = Uses[Index]->getArg(0);
  // The argument as `use` takes it: a generic pointer.
  EXPECT_EQ(Pointer->getType()->getPointeeType().getAddressSpace(),
            LangAS::opencl_generic);
  GenericPointerProver Prover(*Analysis);
  return Prover.prove(Pointer);
}

/// The reason the proof stopped at: its last note.
std::string lastReason(const SpaceProof &Proof) {
  return Proof.Why.empty() ? "" : Proof.Why.back().second;
}

TEST(GenericPointerProver, PointerCastFromGlobalIsGlobal) {
  SpaceProof P = proveUse("__kernel void k(__global int *g) { use(g + 1); }");
  EXPECT_EQ(P.Result, Space::Global);
  EXPECT_TRUE(P.Why.empty());
}

TEST(GenericPointerProver, VariableGivenOnlyGlobalValuesIsGlobal) {
  SpaceProof P = proveUse(R"cl(
__kernel void k(__global int *g, __global int *h, int n) {
  int *p = &g[n];
  if (n)
    p = h;
  use(p);
})cl");
  EXPECT_EQ(P.Result, Space::Global);
}

TEST(GenericPointerProver, HelperParameterEveryCallPassesGlobalIsGlobal) {
  SpaceProof P = proveUse(R"cl(
void helper(int *p) { use(p); }
__kernel void k(__global int *g) { helper(g); helper(&g[1]); })cl");
  EXPECT_EQ(P.Result, Space::Global);
}

TEST(GenericPointerProver, PointerFromLocalIsLocal) {
  SpaceProof P = proveUse(R"cl(
__kernel void k(__local int *l) {
  int *p = l;
  use(p);
})cl");
  EXPECT_EQ(P.Result, Space::Local);
}

TEST(GenericPointerProver, PointerToPrivateIsUnknown) {
  SpaceProof P = proveUse(R"cl(
__kernel void k(__global int *g) {
  int x = g[0];
  use(&x);
})cl");
  EXPECT_EQ(P.Result, Space::Unknown);
  EXPECT_EQ(lastReason(P), "the pointer here points to __private memory");
}

TEST(GenericPointerProver, ParameterNoCallPassesIsUnknown) {
  SpaceProof P = proveUse("void helper(int *p) { use(p); }");
  EXPECT_EQ(P.Result, Space::Unknown);
  EXPECT_EQ(lastReason(P), "the pointer comes from parameter 'p' of 'helper', "
                           "which no call in the file passes");
}

TEST(GenericPointerProver, ParameterPassedGlobalAndLocalIsUnknown) {
  SpaceProof P = proveUse(R"cl(
void helper(int *p) { use(p); }
__kernel void k(__global int *g, __local int *l) { helper(g); helper(l); })cl");
  EXPECT_EQ(P.Result, Space::Unknown);
  EXPECT_EQ(lastReason(P), "the pointer comes from parameter 'p' of 'helper', "
                           "and this call passes a __local pointer where "
                           "another passes a __global one");
}

// Clang takes `?:` of __global and __local pointers only once each side is
// made generic.
TEST(GenericPointerProver, ConditionalOfGlobalAndLocalIsUnknown) {
  SpaceProof P = proveUse(R"cl(
__kernel void k(__global int *g, __local int *l, int n) {
  use(n ? (int *)g : (int *)l);
})cl");
  EXPECT_EQ(P.Result, Space::Unknown);
  EXPECT_EQ(lastReason(P), "one side of this '?:' is a __global pointer, "
                           "the other a __local one");
}

TEST(GenericPointerProver, ConditionalOfTwoGlobalsIsGlobal) {
  SpaceProof P = proveUse(R"cl(
__kernel void k(__global int *g, __global int *h, int n) {
  use(n ? g : h);
})cl");
  EXPECT_EQ(P.Result, Space::Global);
}

TEST(GenericPointerProver, VariableWhoseAddressIsTakenIsUnknown) {
  SpaceProof P = proveUse(R"cl(
__kernel void k(__global int *g) {
  int *p = g;
  int **q = &p;
  use(p);
})cl");
  EXPECT_EQ(P.Result, Space::Unknown);
  EXPECT_EQ(lastReason(P), "the pointer comes from variable 'p', whose "
                           "address is taken here: it may change through a "
                           "pointer");
}

TEST(GenericPointerProver, ResultOfACallIsUnknown) {
  SpaceProof P = proveUse(R"cl(
int *pick(void);
__kernel void k(__global int *g) { use(pick()); })cl");
  EXPECT_EQ(P.Result, Space::Unknown);
  EXPECT_EQ(lastReason(P), "the pointer is returned by 'pick' here, and "
                           "results of calls are not followed");
}

} // namespace
