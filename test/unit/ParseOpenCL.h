//===- ParseOpenCL.h - OpenCL C snippets for the unit tests -----*- C++ -*-===//
//
// Parses a snippet of OpenCL C as softatomic-rewrite does (spir64, the
// standard named), keeps every diagnostic for the test to look at, and
// finds the calls of a function by its name.
//
//===----------------------------------------------------------------------===//

#ifndef SOFTATOMIC_TEST_PARSEOPENCL_H
#define SOFTATOMIC_TEST_PARSEOPENCL_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/Diagnostic.h"
#include "clang/Frontend/ASTUnit.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/ADT/SmallString.h"
#include <memory>
#include <string>
#include <vector>

namespace softatomic::test {

/// Every diagnostic reported, with its level and its text; the parse's
/// own and those the code under test reports after it.
class RecordedDiagnostics : public clang::DiagnosticConsumer {
public:
  struct Entry {
    clang::DiagnosticsEngine::Level Level;
    std::string Message;
  };
  void HandleDiagnostic(clang::DiagnosticsEngine::Level Level,
                        const clang::Diagnostic &Info) override {
    DiagnosticConsumer::HandleDiagnostic(Level, Info);
    llvm::SmallString<128> Message;
    Info.FormatDiagnostic(Message);
    All.push_back({Level, std::string(Message)});
  }
  /// The messages of the diagnostics of \p Level, in order.
  std::vector<std::string> of(clang::DiagnosticsEngine::Level Level) const {
    std::vector<std::string> Messages;
    for (const Entry &E : All)
      if (E.Level == Level)
        Messages.push_back(E.Message);
    return Messages;
  }
  std::vector<Entry> All;
};

/// A parsed snippet: the AST and what was reported.
struct ParsedOpenCL {
  std::unique_ptr<RecordedDiagnostics> Diagnostics =
      std::make_unique<RecordedDiagnostics>();
  std::unique_ptr<clang::ASTUnit> AST;
  clang::ASTContext &context() const { return AST->getASTContext(); }
};

/// Parses \p Code as the main file "input.cl" in OpenCL C \p Standard
/// ("CL1.2", "CL2.0"). \p DefaultHeader: with Clang's OpenCL declarations
/// (opencl-c.h: the atomics, the geometry functions), which slow the parse.
inline ParsedOpenCL parseOpenCL(llvm::StringRef Code,
                                llvm::StringRef Standard = "CL1.2",
                                bool DefaultHeader = false) {
  std::vector<std::string> Args = {
      "-target", "spir64", ("-cl-std=" + Standard).str(), "-resource-dir",
      SOFTATOMIC_CLANG_RESOURCE_DIR};
  if (DefaultHeader) {
    Args.push_back("-Xclang");
    Args.push_back("-finclude-default-header");
  }
  ParsedOpenCL Parsed;
  Parsed.AST = clang::tooling::buildASTFromCodeWithArgs(
      Code, Args, "input.cl", "softatomic-unit-test",
      std::make_shared<clang::PCHContainerOperations>(),
      clang::tooling::getClangStripDependencyFileAdjuster(),
      clang::tooling::FileContentMappings(), Parsed.Diagnostics.get());
  return Parsed;
}

/// Collects the calls of one function by its name.
class CallFinder : public clang::RecursiveASTVisitor<CallFinder> {
public:
  explicit CallFinder(llvm::StringRef Name) : Name(Name) {}
  bool VisitCallExpr(clang::CallExpr *Call) {
    if (const clang::FunctionDecl *F = Call->getDirectCallee())
      if (F->getName() == Name)
        Found.push_back(Call);
    return true;
  }
  std::vector<const clang::CallExpr *> Found;

private:
  llvm::StringRef Name;
};

/// The calls of the function named \p Callee, in source order.
inline std::vector<const clang::CallExpr *> callsOf(clang::ASTContext &Ctx,
                                                    llvm::StringRef Callee) {
  CallFinder Finder(Callee);
  Finder.TraverseDecl(Ctx.getTranslationUnitDecl());
  return Finder.Found;
}

} // namespace softatomic::test

#endif // SOFTATOMIC_TEST_PARSEOPENCL_H
