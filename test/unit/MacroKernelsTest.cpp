//===- MacroKernelsTest.cpp - Kernels that a macro writes -----------------===//
//
// analysis/MacroKernels: the tokens a rewritten kernel's edits change, and
// which rewritten kernels one macro definition writes together (its edits
// then serve them all). A kernel written alone, by a macro or not, shares
// nothing; a macro-written kernel whose sibling is not rewritten is
// refused, which the analysis reports as an error.
//
//===----------------------------------------------------------------------===//

#include "analysis/MacroKernels.h"
#include "AnalyzeOpenCL.h"

using namespace softatomic;
using softatomic::test::analyzeOpenCL;

namespace {

/// The names of the kernels sharedDefinitionKernels() finds in \p Code.
std::vector<std::string> sharedKernels(const char *Code) {
  auto A = analyzeOpenCL(Code);
  std::vector<std::string> Names;
  if (!A.Analysis)
    return Names;
  auto Shared = sharedDefinitionKernels(A.Parsed.context().getSourceManager(),
                                        *A.Analysis);
  for (const clang::FunctionDecl *K : A.Analysis->RewrittenKernels)
    if (Shared.contains(K))
      Names.push_back(K->getName().str());
  return Names;
}

TEST(MacroKernels, KernelsOneDefinitionWritesAreShared) {
  EXPECT_EQ(sharedKernels("#define K(N, BODY) \\\n"
                          "  __kernel void N(__global uint *c) { BODY; }\n"
                          "K(k1, atomic_inc(c))\n"
                          "K(k2, atomic_dec(c))\n"
                          "__kernel void own(__global uint *c) {\n"
                          "  atomic_inc(c);\n"
                          "}\n"),
            (std::vector<std::string>{"k1", "k2"}));
}

TEST(MacroKernels, KernelWrittenAloneSharesNothing) {
  EXPECT_EQ(sharedKernels("#define K(N, BODY) \\\n"
                          "  __kernel void N(__global uint *c) { BODY; }\n"
                          "K(k1, atomic_inc(c))\n"),
            std::vector<std::string>{});
}

TEST(MacroKernels, EditTokensAreTheParameterListsCloseAndTheBraces) {
  auto A =
      analyzeOpenCL("__kernel void k(__global uint *c) { atomic_inc(c); }\n");
  const FunctionInfo *K = A.function("k");
  ASSERT_NE(K, nullptr);
  const clang::SourceManager &SM = A.Parsed.context().getSourceManager();
  auto Tokens = kernelEditTokens(K->Definition);
  std::vector<unsigned> Columns;
  for (clang::SourceLocation Loc : Tokens) {
    ASSERT_TRUE(Loc.isValid());
    Columns.push_back(SM.getSpellingColumnNumber(Loc));
  }
  // `)` of the parameters, `{` and `}` of the body.
  EXPECT_EQ(Columns, (std::vector<unsigned>{33, 35, 52}));
}

} // namespace
