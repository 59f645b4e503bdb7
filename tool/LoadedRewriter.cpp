// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- LoadedRewriter.cpp - Rewriting through the loaded module -----------===//

#include "LoadedRewriter.h"
#include "RunRewriter.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Process.h"
#include <dlfcn.h>

using namespace llvm;

namespace softatomic {

/// The rewriter module's entry point (RunRewriter.h says why it is loaded
/// apart), or null with Error set.
static decltype(&softatomicRunRewrite) loadRewriter(const RunOptions &O,
                                                    std::string &Error) {
  static decltype(&softatomicRunRewrite) Entry = nullptr;
  if (Entry)
    return Entry;
  Error = "cannot find libsoftatomic-run-rewriter.so";
  for (const std::string &Dir : O.RewriterDirs) {
    std::string Path = Dir + "/libsoftatomic-run-rewriter.so";
    if (!sys::fs::exists(Path))
      continue;
    // Local, and its own symbols first: its Clang must neither replace the
    // OpenCL driver's nor be replaced by it.
    void *Handle = dlopen(Path.c_str(), RTLD_NOW | RTLD_LOCAL | RTLD_DEEPBIND);
    if (!Handle) {
      Error = "cannot load the rewriter: " + std::string(dlerror());
      return nullptr;
    }
    Entry = reinterpret_cast<decltype(&softatomicRunRewrite)>(
        dlsym(Handle, SOFTATOMIC_RUN_REWRITE_ENTRY));
    if (!Entry)
      Error = Path + " has no " SOFTATOMIC_RUN_REWRITE_ENTRY;
    return Entry;
  }
  return nullptr;
}

bool rewriteKernelFile(const RunOptions &O, bool Profile, std::string &Output,
                       std::string &Diagnostics) {
  std::string Error;
  auto Rewrite = loadRewriter(O, Error);
  if (!Rewrite) {
    Diagnostics = "softatomic-run: error: " + Error + "\n";
    return false;
  }
  RunRewriteRequest Request;
  Request.Path = O.File;
  Request.ClangFlags = O.ClangFlags;
  Request.ResourceDir = O.ResourceDir;
  Request.Profile = Profile;
  Request.Colors = sys::Process::StandardErrHasColors();
  RunRewriteResult Result;
  Rewrite(Request, Result);
  Diagnostics = std::move(Result.Diagnostics);
  Output = std::move(Result.Output);
  return Result.Succeeded;
}

} // namespace softatomic
