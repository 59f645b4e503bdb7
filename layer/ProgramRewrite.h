//===- ProgramRewrite.h - Rewrite a program's source in memory --*- C++ -*-===//
//
// The rewriter lives in a module of its own, libsoftatomic-layer-rewriter.so,
// that the layer loads with dlopen(RTLD_LOCAL | RTLD_DEEPBIND) at the first
// build: linked into the preloaded layer, Clang's libclang-cpp (whose
// symbols carry no version) would take the place of the one the OpenCL
// driver compiles with (PoCL's Clang 15), and crash it. This header is the
// interface between the two, with no Clang type in it.
//
//===----------------------------------------------------------------------===//

#ifndef SOFTATOMIC_LAYER_PROGRAMREWRITE_H
#define SOFTATOMIC_LAYER_PROGRAMREWRITE_H

#include "BuildFlags.h"
#include "model/RewriteOptions.h"
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

/// \p Text with every \p From replaced by \p To.
void replaceAll(std::string &Text, const std::string &From,
                const std::string &To);

/// Rewrites \p Source, program \p ProgramId's, as the OpenCL compiler will
/// see it under \p Flags. Answers from the cache when it can (RewriteCache.h)
/// and loads the rewriter module only when it cannot; when the module does
/// not load, the result says so (Succeeded false).
ProgramRewrite rewriteProgramSource(const std::string &Source,
                                    const BuildFlags &Flags,
                                    const RewriteOptions &Options,
                                    unsigned ProgramId);

} // namespace layer
} // namespace softatomic

/// The rewriter module's one entry point (what rewriteProgramSource calls).
extern "C" void softatomicLayerRewriteProgram(
    const std::string &Source, const softatomic::layer::BuildFlags &Flags,
    const softatomic::RewriteOptions &Options, unsigned ProgramId,
    softatomic::layer::ProgramRewrite &Result);

#endif
