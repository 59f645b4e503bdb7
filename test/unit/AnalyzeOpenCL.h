//===- AnalyzeOpenCL.h - OpenCL C snippets, analysed ------------*- C++ -*-===//
//
// Parses a snippet of OpenCL C 1.2 (with Clang's OpenCL declarations) and
// runs the rewrite's analysis on it, for the tests of the analysis passes:
// each asks what one pass chose for the global atomics of one kernel.
//
//===----------------------------------------------------------------------===//

#ifndef SOFTATOMIC_TEST_ANALYZEOPENCL_H
#define SOFTATOMIC_TEST_ANALYZEOPENCL_H

#include "ParseOpenCL.h"
#include "analysis/KernelAnalysis.h"
#include "analysis/WaitingLoops.h"
#include "clang/AST/Decl.h"
#include "gtest/gtest.h"
#include <optional>

namespace softatomic::test {

/// A parsed and analysed snippet.
struct AnalyzedOpenCL {
  ParsedOpenCL Parsed;
  std::optional<KernelAnalysis> Analysis;

  /// The function named \p Name, or null.
  const FunctionInfo *function(llvm::StringRef Name) const {
    if (Analysis)
      for (const auto &Entry : Analysis->Functions)
        if (Entry.first->getName() == Name)
          return &Entry.second;
    return nullptr;
  }

  /// The global atomic sites of the function named \p Name, in source order.
  std::vector<const CallSite *> atomics(llvm::StringRef Name) const {
    std::vector<const CallSite *> Sites;
    if (const FunctionInfo *Info = function(Name))
      for (const CallSite &Site : Info->Sites)
        if (Site.SiteKind == CallSite::Kind::Atomic &&
            Site.Atomic == AtomicKind::Global)
          Sites.push_back(&Site);
    return Sites;
  }
};

/// Parses \p Code and analyses it with \p Options; the parse must succeed.
inline AnalyzedOpenCL analyzeOpenCL(llvm::StringRef Code,
                                    const AnalysisOptions &Options = {}) {
  AnalyzedOpenCL Result;
  Result.Parsed = parseOpenCL(Code, "CL1.2", /*DefaultHeader=*/true);
  EXPECT_TRUE(Result.Parsed.AST);
  EXPECT_EQ(Result.Parsed.Diagnostics->of(clang::DiagnosticsEngine::Error),
            std::vector<std::string>{});
  if (Result.Parsed.AST)
    Result.Analysis = analyzeKernels(Result.Parsed.context(), Options);
  EXPECT_TRUE(Result.Analysis);
  return Result;
}

/// The forms chosen for the global atomics of \p Kernel, in source order.
inline std::vector<CallForm> formsOf(const AnalyzedOpenCL &A,
                                     llvm::StringRef Kernel) {
  std::vector<CallForm> Forms;
  for (const CallSite *Site : A.atomics(Kernel))
    Forms.push_back(Site->Form);
  return Forms;
}

} // namespace softatomic::test

#endif // SOFTATOMIC_TEST_ANALYZEOPENCL_H
