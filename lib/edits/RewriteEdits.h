// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- RewriteEdits.h - The edits of docs/REWRITE.md ------------*- C++ -*-===//
//
// Turns the decisions of KernelAnalysis into the text edits of
// docs/REWRITE.md, "The edits": parameters, prologue, hoisted __local
// declarations, epilogue, early returns, atomics, geometry and calls of
// functions that take the context; and the copies of functions in two
// forms ("Functions in two forms"); and each rewritten kernel's copy for
// the warp program ("The warp program").
//
//===----------------------------------------------------------------------===//

#ifndef SOFTATOMIC_EDITS_REWRITEEDITS_H
#define SOFTATOMIC_EDITS_REWRITEEDITS_H

#include "clang/Tooling/Core/Replacement.h"
#include "llvm/ADT/MapVector.h"
#include <string>

namespace clang {
class ASTContext;
class FileEntry;
} // namespace clang

namespace softatomic {

struct KernelAnalysis;

/// Collects every edit for \p Analysis into \p Out, per file edited (the
/// main file, #included headers). \p MainName is what `#line` directives
/// call the main file. Returns false, after reporting each reason, when
/// some edit cannot be made; \p Out then holds nothing that may be applied.
/// \p NoWarpProgram gets why the output has no warp program, if it has
/// none (docs/REWRITE.md, "The warp program").
/// \p ScopedContext is set when some edit in a macro's definition took the
/// scoped form that serves code without the context too (the output must
/// define SA_SCOPED_CONTEXT). \p Profile: a --profile rewrite, whose
/// global atomics take their profiled form and name their site
/// (Analysis.ProfileSiteIds; docs/PROFILE.md).
bool buildRewriteEdits(clang::ASTContext &Ctx, const KernelAnalysis &Analysis,
                       llvm::StringRef MainName,
                       llvm::MapVector<const clang::FileEntry *,
                                       clang::tooling::Replacements> &Out,
                       std::string &NoWarpProgram, bool &ScopedContext,
                       bool Profile = false);

} // namespace softatomic

#endif // SOFTATOMIC_EDITS_REWRITEEDITS_H
