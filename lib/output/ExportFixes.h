// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- ExportFixes.h - Rewrites as clang-apply-replacements input -*- C++ -*-=//
//
// --export-fixes: what the rewrite does to each input, as the YAML that
// clang-tidy --export-fixes writes and clang-apply-replacements applies.
//
//===----------------------------------------------------------------------===//

#ifndef SOFTATOMIC_OUTPUT_EXPORTFIXES_H
#define SOFTATOMIC_OUTPUT_EXPORTFIXES_H

#include "driver/Rewriter.h"
#include "clang/Tooling/Core/Replacement.h"
#include "llvm/Support/raw_ostream.h"

namespace softatomic {

/// The replacements that turn the file \p FilePath (as it was parsed) into
/// Result.Output: one insertion at offset 0 of Result.Prefix (merged with
/// the first edit when that one is an insertion at offset 0 too), then
/// Result.Edits. None when nothing changes.
std::vector<clang::tooling::Replacement>
outputReplacements(llvm::StringRef FilePath, const RewriteResult &Result);

/// Writes \p Fixes as one YAML document in clang-apply-replacements' format.
void writeFixesYAML(llvm::raw_ostream &OS,
                    const clang::tooling::TranslationUnitReplacements &Fixes);

} // namespace softatomic

#endif // SOFTATOMIC_OUTPUT_EXPORTFIXES_H
