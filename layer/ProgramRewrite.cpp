// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- ProgramRewrite.cpp - Load the rewriter module and call it ----------===//

#include "ProgramRewrite.h"
#include "LayerLog.h"
#include "RewriteCache.h"
#include <dlfcn.h>
#include <mutex>

namespace softatomic {
namespace layer {

namespace {
using RewriteEntry = decltype(&softatomicLayerRewriteProgram);

/// The module's entry point, or null with the reason in Error.
struct RewriterModule {
  RewriteEntry Entry = nullptr;
  std::string Error;
};
} // namespace

/// libsoftatomic-layer-rewriter.so in the layer's own directory; empty when
/// the layer cannot tell where it is.
static std::string rewriterModulePath() {
  Dl_info Self;
  if (!dladdr(reinterpret_cast<void *>(&rewriterModulePath), &Self) ||
      !Self.dli_fname)
    return "";
  std::string Path = Self.dli_fname;
  return Path.substr(0, Path.find_last_of('/') + 1) +
         "libsoftatomic-layer-rewriter.so";
}

static RewriterModule loadRewriterModule() {
  RewriterModule Module;
  std::string Path = rewriterModulePath();
  if (Path.empty()) {
    Module.Error = "cannot locate the layer's own file";
    return Module;
  }
  // Local, and its own symbols first: Clang 16 must neither replace the
  // OpenCL driver's Clang nor be replaced by it.
  void *Handle = dlopen(Path.c_str(), RTLD_NOW | RTLD_LOCAL | RTLD_DEEPBIND);
  if (!Handle) {
    Module.Error = std::string("cannot load the rewriter: ") + dlerror();
    return Module;
  }
  Module.Entry = reinterpret_cast<RewriteEntry>(
      dlsym(Handle, "softatomicLayerRewriteProgram"));
  if (!Module.Entry)
    Module.Error = "the rewriter module has no softatomicLayerRewriteProgram";
  return Module;
}

/// The program number the rewrite names the source after (program-0.cl):
/// none has it (they count from 1). The output and errors, and the cache
/// entry that holds them, then serve every program with the same source
/// and flags (an application that creates the same program again and
/// again rewrites it once); each program's own name replaces it.
constexpr unsigned AnyProgram = 0;

void replaceAll(std::string &Text, const std::string &From,
                const std::string &To) {
  for (size_t At = Text.find(From); At != std::string::npos;
       At = Text.find(From, At + To.size()))
    Text.replace(At, From.size(), To);
}

/// \p Text with each "program-<From>.cl" named "program-<To>.cl".
static void renameProgram(std::string &Text, unsigned From, unsigned To) {
  replaceAll(Text, "program-" + std::to_string(From) + ".cl",
             "program-" + std::to_string(To) + ".cl");
}

static void nameProgram(ProgramRewrite &Rewrite, unsigned ProgramId) {
  renameProgram(Rewrite.Output, AnyProgram, ProgramId);
  renameProgram(Rewrite.Reason, AnyProgram, ProgramId);
}

ProgramRewrite rewriteProgramSource(const std::string &Source,
                                    const BuildFlags &Flags,
                                    const RewriteOptions &Options,
                                    unsigned ProgramId) {
  std::string Key = rewriteCacheKey(Source, Flags, Options);
  ProgramRewrite Rewrite;
  if (lookupCachedRewrite(Key, Rewrite)) {
    logProgramEvent(ProgramId, "rewrite from cache");
    Rewrite.FromCache = true;
    nameProgram(Rewrite, ProgramId);
    return Rewrite;
  }
  static std::once_flag Once;
  static RewriterModule *Module = nullptr;
  std::call_once(Once,
                 [] { Module = new RewriterModule(loadRewriterModule()); });
  if (!Module->Entry) {
    Rewrite.Reason = Module->Error; // not the rewriter's answer: not cached
    return Rewrite;
  }
  Module->Entry(Source, Flags, Options, AnyProgram, Rewrite);
  storeCachedRewrite(Key, Rewrite);
  nameProgram(Rewrite, ProgramId);
  return Rewrite;
}

} // namespace layer
} // namespace softatomic
