// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- RewriteResult.h - What a rewrite of a program gave -------*- C++ -*-===//
//
// The rewriter's answer for one program's source, as the rewriter module
// (RewriterModule.cpp) fills it in, the cache (RewriteCache.h) keeps it and
// the program build (ProgramBuild.cpp) uses it: below the services that
// make, keep and use it, so that none of them includes another for it.
//
//===----------------------------------------------------------------------===//

#ifndef SOFTATOMIC_LAYER_REWRITERESULT_H
#define SOFTATOMIC_LAYER_REWRITERESULT_H

#include <map>
#include <string>
#include <vector>

namespace softatomic {
namespace layer {

struct ProgramRewrite {
  /// The rewriter accepted the source (Output is valid).
  bool Succeeded = false;
  /// Some kernel was rewritten.
  bool Changed = false;
  /// The rewrite cache answered (RewriteCache.h): no rewriter ran.
  bool FromCache = false;
  /// The rewritten source (its first line is the manifest comment the host
  /// runtime reads back through CL_PROGRAM_SOURCE).
  std::string Output;
  /// Why it failed: the rewriter's error lines, joined into one line.
  std::string Reason;
  /// Each rewritten kernel and its number of atomic sites (the manifest's).
  std::map<std::string, unsigned> AtomicSites;
  /// Each kernel refused and kept as written (--keep-native-on-error), and
  /// why: the refusal's message.
  std::map<std::string, std::string> NativeKernels;
  /// The files the rewrite read besides the source (the headers found
  /// through -I), what the cache checks an entry against.
  std::vector<std::string> Headers;
};

/// Where the rewriter is told program N's source is: the folder of
/// "/softatomic-layer/program-N.cl" (mapped, never on disk), the name its
/// diagnostics and a --profile rewrite's sites give the source.
constexpr const char MappedSourceFolder[] = "/softatomic-layer/";

} // namespace layer
} // namespace softatomic

#endif
