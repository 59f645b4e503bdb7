// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- RewriteCache.h - Rewritten sources kept across runs ------*- C++ -*-===//
//
// A cache of the rewriter's answers, so that a second run of an application
// neither loads the rewriter module nor parses again: one file per program
// in SOFTATOMIC_LAYER_CACHE (default $XDG_CACHE_HOME/softatomic-layer or
// $HOME/.cache/softatomic-layer; "0" turns it off), named by a hash of the
// key material. An entry holds the whole key (a hash collision is a miss),
// the headers the rewrite read with their sizes and hashes (a changed or
// missing header is a miss) and the rewrite's result, failures included.
// Any I/O problem is "no cache", never an error of the application.
//
//===----------------------------------------------------------------------===//

#ifndef SOFTATOMIC_LAYER_REWRITECACHE_H
#define SOFTATOMIC_LAYER_REWRITECACHE_H

#include "BuildFlags.h"
#include "RewriteResult.h"
#include "model/RewriteOptions.h"
#include <string>

namespace softatomic {
namespace layer {

/// Everything the rewrite's result depends on besides the headers: the
/// runtime version, the fingerprint of the rewriter's sources, the layer's
/// rewriter options, the build flags and the source; not the program's
/// number, which the entry holds as a placeholder (ProgramRewrite.cpp).
/// Nothing in it names this machine or this build, so that a cache filled
/// by a layer with the rewriter serves a layer built without Clang
/// elsewhere.
std::string rewriteCacheKey(const std::string &Source, const BuildFlags &Flags,
                            const RewriteOptions &Options);

/// The cached rewrite for \p Key into \p Rewrite; false on a miss, or when
/// the cache is off.
bool lookupCachedRewrite(const std::string &Key, ProgramRewrite &Rewrite);

/// Stores \p Rewrite under \p Key (with its headers' current contents);
/// silently does nothing when that cannot be done.
void storeCachedRewrite(const std::string &Key, const ProgramRewrite &Rewrite);

} // namespace layer
} // namespace softatomic

#endif
