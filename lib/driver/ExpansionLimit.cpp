// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- ExpansionLimit.cpp - A bound on the preprocessor's work ------------===//

#include "driver/ExpansionLimit.h"
#include "support/Diagnostics.h"
#include "clang/Lex/MacroArgs.h"
#include "clang/Lex/MacroInfo.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"
#include "llvm/Support/CrashRecoveryContext.h"
#include "llvm/Support/ErrorHandling.h"

using namespace clang;
using namespace llvm;

namespace softatomic {

namespace {

/// Counts the tokens of every expansion. Clang calls MacroExpands for the
/// expansions inside macro arguments too (while it pre-expands them), so
/// the count grows with the work, level by level, before a level's
/// tokens are copied.
class ExpansionCounter : public PPCallbacks {
public:
  ExpansionCounter(Preprocessor &PP, uint64_t MaxTokens)
      : PP(PP), MaxTokens(MaxTokens) {}

  void MacroExpands(const Token &, const MacroDefinition &MD, SourceRange Range,
                    const MacroArgs *Args) override {
    const MacroInfo *MI = MD.getMacroInfo();
    if (!MI)
      return;
    for (const Token &T : MI->tokens())
      Tokens += tokensFor(T, MI, Args);
    if (Tokens <= MaxTokens)
      return;
    report(PP.getDiagnostics(), Diag::MacroExpansionLimit, Range.getBegin())
        << std::to_string(MaxTokens);
    // The preprocessor has no way to stop an expansion it is in: leave
    // the parse the way a crash in Clang leaves it (RewriteFile.cpp).
    if (CrashRecoveryContext *Recovery = CrashRecoveryContext::GetCurrent())
      Recovery->HandleExit(AbandonedParse);
    report_fatal_error("macro expansion went past the limit of " +
                           Twine(MaxTokens) + " tokens",
                       /*gen_crash_diag=*/false);
  }

private:
  /// The tokens body token \p T stands for: a parameter, its argument.
  static uint64_t tokensFor(const Token &T, const MacroInfo *MI,
                            const MacroArgs *Args) {
    if (!Args || !T.getIdentifierInfo())
      return 1;
    int Param = MI->getParameterNum(T.getIdentifierInfo());
    if (Param < 0 || unsigned(Param) >= Args->getNumMacroArguments())
      return 1;
    return MacroArgs::getArgLength(Args->getUnexpArgument(Param));
  }

  Preprocessor &PP;
  uint64_t MaxTokens;
  uint64_t Tokens = 0;
};

} // namespace

void limitMacroExpansion(Preprocessor &PP, uint64_t MaxTokens) {
  PP.addPPCallbacks(std::make_unique<ExpansionCounter>(PP, MaxTokens));
}

} // namespace softatomic
