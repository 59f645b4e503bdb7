// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- RunRewriter.cpp - softatomic-run's rewriter module -----------------===//

#include "RunRewriter.h"
#include "driver/CrashRecovery.h"
#include "driver/RewriteFile.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/Support/raw_ostream.h"

using namespace softatomic;

extern "C" __attribute__((visibility("default"))) void
softatomicRunRewrite(const RunRewriteRequest &Request,
                     RunRewriteResult &Result) {
  RewriteOptions Options;
  Options.InputName = Request.Path;
  Options.ResourceDir = Request.ResourceDir;
  Options.Profile = Request.Profile;
  RewriteInput Input;
  Input.Path = Request.Path;
  clang::tooling::FixedCompilationDatabase Compilations(".",
                                                        Request.ClangFlags);
  RewriteResult Rewritten;
  Result = RunRewriteResult();
  llvm::raw_string_ostream Diagnostics(Result.Diagnostics);
  // A crash in Clang's parse, or the macro expansion limit, is an error
  // for the file (RewriteFile.cpp), not the end of the tool.
  ScopedCrashRecovery Recovery;
  Result.Succeeded = rewriteFile(Compilations, Input, Options, Diagnostics,
                                 Request.Colors, Rewritten);
  Diagnostics.flush();
  if (Result.Succeeded)
    Result.Output = std::move(Rewritten.Output);
}
