// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- DryRun.h - What a rewrite would change, for --dry-run ----*- C++ -*-===//

#ifndef SOFTATOMIC_OUTPUT_DRYRUN_H
#define SOFTATOMIC_OUTPUT_DRYRUN_H

#include "driver/Rewriter.h"
#include "llvm/Support/raw_ostream.h"

namespace softatomic {

/// Prints to \p OS what rewriting \p Name would do: one summary line, then
/// (when something changes) the edits to the user's own text as a unified
/// diff with \p Context lines of context (`patch` applies it to the input).
/// The text put before the input (manifest, runtime, #line) is
/// summarised, not listed.
void printDryRun(llvm::raw_ostream &OS, llvm::StringRef Name,
                 const RewriteResult &Result, unsigned Context = 3);

} // namespace softatomic

#endif // SOFTATOMIC_OUTPUT_DRYRUN_H
