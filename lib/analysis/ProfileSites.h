// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- ProfileSites.h - The sites of a --profile rewrite --------*- C++ -*-===//
//
// docs/PROFILE.md: a --profile rewrite names each global atomic site in its
// call, so that the runtime can count and time the sites apart. A site is a
// place where a call is spelled: every expansion of a macro whose body
// spells an atomic is one site, as its definition holds one call.
//
//===----------------------------------------------------------------------===//

#ifndef SOFTATOMIC_ANALYSIS_PROFILESITES_H
#define SOFTATOMIC_ANALYSIS_PROFILESITES_H

namespace clang {
class SourceManager;
} // namespace clang

namespace softatomic {

struct KernelAnalysis;

/// Fills Result.ProfileSites and Result.ProfileSiteIds for every global
/// atomic the rewritten kernels reach, numbered in source order.
void numberProfileSites(KernelAnalysis &Result, const clang::SourceManager &SM);

} // namespace softatomic

#endif // SOFTATOMIC_ANALYSIS_PROFILESITES_H
