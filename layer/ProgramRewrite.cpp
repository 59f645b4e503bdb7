//===- ProgramRewrite.cpp - Load the rewriter module and call it ----------===//

#include "ProgramRewrite.h"
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

/// libsoftatomic-layer-rewriter.so from the layer's own directory.
static RewriterModule loadRewriterModule() {
  RewriterModule Module;
  Dl_info Self;
  if (!dladdr(reinterpret_cast<void *>(&loadRewriterModule), &Self) ||
      !Self.dli_fname) {
    Module.Error = "cannot locate the layer's own file";
    return Module;
  }
  std::string Path = Self.dli_fname;
  Path = Path.substr(0, Path.find_last_of('/') + 1) +
         "libsoftatomic-layer-rewriter.so";
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

ProgramRewrite rewriteProgramSource(const std::string &Source,
                                    const BuildFlags &Flags,
                                    const LayerRewriteOptions &Options,
                                    unsigned ProgramId) {
  static std::once_flag Once;
  static RewriterModule *Module = nullptr;
  std::call_once(Once,
                 [] { Module = new RewriterModule(loadRewriterModule()); });
  ProgramRewrite Rewrite;
  if (!Module->Entry) {
    Rewrite.Reason = Module->Error;
    return Rewrite;
  }
  Module->Entry(Source, Flags, Options, ProgramId, Rewrite);
  return Rewrite;
}

} // namespace layer
} // namespace softatomic
