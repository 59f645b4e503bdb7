// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- ExpansionLimit.h - A bound on the preprocessor's work ----*- C++ -*-===//
//
// A few hundred bytes of macros that expand their arguments twice, nested,
// ask the preprocessor for billions of tokens: Clang itself then takes
// every byte of memory there is (tens of GB) before the operating system
// kills it. The rewriter counts the tokens macro expansions produce and,
// past a limit, reports an error at the expansion and abandons the parse.
//
//===----------------------------------------------------------------------===//

#ifndef SOFTATOMIC_DRIVER_EXPANSIONLIMIT_H
#define SOFTATOMIC_DRIVER_EXPANSIONLIMIT_H

#include <cstdint>

namespace clang {
class Preprocessor;
} // namespace clang

namespace softatomic {

/// The status a parse abandoned past the limit leaves in its
/// CrashRecoveryContext (RetCode): the error has been reported, and it was
/// no crash.
constexpr int AbandonedParse = 0x5a5a;

/// Counts, in \p PP, the tokens each macro expansion produces (its body,
/// each parameter counted as the tokens of its argument). Past
/// \p MaxTokens in all: an error at the expansion, then the parse is
/// abandoned through the thread's llvm::CrashRecoveryContext (whose
/// RunSafely returns false, with AbandonedParse as RetCode); the memory
/// the parse holds is not reclaimed, as after a crash (about 70 MB at a
/// limit of 1,000,000 tokens), which is why the limit is not higher.
/// Without such a context, the process ends with a fatal error.
void limitMacroExpansion(clang::Preprocessor &PP, uint64_t MaxTokens);

} // namespace softatomic

#endif // SOFTATOMIC_DRIVER_EXPANSIONLIMIT_H
