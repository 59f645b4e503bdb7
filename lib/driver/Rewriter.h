// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- Rewriter.h - softatomic-rewrite as a library -------------*- C++ -*-===//
//
// The public face of the rewriter: what a front end passes in, what it gets
// back, and the FrontendAction that does the work inside a ClangTool. The
// output contract is docs/REWRITE.md.
//
//===----------------------------------------------------------------------===//

#ifndef SOFTATOMIC_DRIVER_REWRITER_H
#define SOFTATOMIC_DRIVER_REWRITER_H

#include "edits/DeviceRuntime.h"
#include "model/CallSites.h"
#include "model/RewriteOptions.h"
#include "clang/Tooling/ArgumentsAdjusters.h"
#include "clang/Tooling/Core/Replacement.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/ADT/StringRef.h"
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace softatomic {

/// What the rewriter produced. Filled only when the rewrite succeeded.
struct RewriteResult {
  /// True once a translation unit was rewritten (or found to need nothing).
  bool Succeeded = false;
  /// True when some kernel was rewritten; false means Output is the input,
  /// byte for byte.
  bool Changed = false;
  /// The whole output file: Prefix (after the input's byte-order mark, if
  /// it has one), then the input with Edits applied
  /// (just the input when nothing changed).
  std::string Output;
  /// The input as parsed (the main file's bytes).
  std::string Input;
  /// What the output puts before the edited input: manifest comment,
  /// placement define, device runtime and `#line` (empty when nothing
  /// changed).
  std::string Prefix;
  /// Where Prefix goes in Input: 0, or after a byte-order mark.
  unsigned PrefixOffset = 0;
  /// The edits to the input, by offset in Input.
  clang::tooling::Replacements Edits;
  /// The names of the rewritten kernels, in source order.
  std::vector<std::string> RewrittenKernels;
  /// The kernels refused and kept as written (--keep-native-on-error),
  /// each with the refusal's message, in the order they were refused.
  std::vector<std::pair<std::string, std::string>> NativeKernels;
  /// A --float-atomics=reproducible rewrite's float atomic sites, and
  /// whether each is reproducible (the manifest's float_sites).
  std::vector<FloatSiteReport> FloatSites;
  /// The manifest, pretty-printed JSON (an empty "kernels" list when
  /// nothing changed).
  std::string ManifestJSON;
  /// What the privatized form can serve and what it cannot, and why, one
  /// line each, for --dry-run.
  std::vector<std::string> PrivateNotes;
  /// The files the parse read (absolute paths: the input, then the user
  /// headers it includes), for --depfile; filled by rewriteFile.
  std::vector<std::string> Dependencies;
  /// The warnings and errors the parse and the rewrite reported; filled
  /// by rewriteFile whatever the outcome (diagnosticSummary).
  unsigned Warnings = 0, Errors = 0;
};

/// The compiler flags every parse needs: OpenCL C for the SPIR target,
/// Clang's OpenCL declarations, the default standard unless the command
/// line names one, the device profile (`__OPENCL_VERSION__` and only the
/// device's extensions and features, as its compiler defines them) and the
/// resource directory.
clang::tooling::ArgumentsAdjuster
getOpenCLArgumentsAdjuster(const RewriteOptions &Options);

/// Creates the actions that rewrite one translation unit each into
/// \p Result. Errors are reported through the compiler's DiagnosticsEngine;
/// any error leaves \p Result untouched.
std::unique_ptr<clang::tooling::FrontendActionFactory>
newRewriteActionFactory(const RewriteOptions &Options, RewriteResult &Result);

} // namespace softatomic

#endif // SOFTATOMIC_DRIVER_REWRITER_H
