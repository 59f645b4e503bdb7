// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- RunRewriter.h - softatomic-run's rewriter, loaded apart --*- C++ -*-===//
//
// softatomic-run rewrites its kernel in-process, through a module of its
// own (libsoftatomic-run-rewriter.so) that it loads with RTLD_LOCAL and
// RTLD_DEEPBIND, as the interception layer loads its rewriter
// (layer/ProgramRewrite.cpp): the OpenCL driver may carry a Clang of
// another release (PoCL does), and libclang-cpp's symbols have no version,
// so one Clang linked into the tool would replace the driver's and crash
// its compiler. This header is the module's whole interface.
//
//===----------------------------------------------------------------------===//

#ifndef SOFTATOMIC_TOOL_RUNREWRITER_H
#define SOFTATOMIC_TOOL_RUNREWRITER_H

#include <string>
#include <vector>

namespace softatomic {

/// What to rewrite, and how.
struct RunRewriteRequest {
  std::string Path;                    ///< The kernel file.
  std::vector<std::string> ClangFlags; ///< After "--" on the command line.
  std::string ResourceDir;             ///< Clang's, for opencl-c.h.
  bool Profile = false;                ///< RewriteOptions::Profile.
  bool Colors = false;                 ///< Coloured diagnostics.
};

/// What the rewrite gave.
struct RunRewriteResult {
  bool Succeeded = false;
  std::string Output;      ///< The rewritten file.
  std::string Diagnostics; ///< Clang-style, for stderr.
};

} // namespace softatomic

/// The module's entry point, found with dlsym.
#define SOFTATOMIC_RUN_REWRITE_ENTRY "softatomicRunRewrite"
extern "C" void softatomicRunRewrite(const softatomic::RunRewriteRequest &,
                                     softatomic::RunRewriteResult &);

#endif // SOFTATOMIC_TOOL_RUNREWRITER_H
