//===- Rewriter.h - softatomic-rewrite as a library -------------*- C++ -*-===//
//
// The public face of the rewriter: what a front end passes in, what it gets
// back, and the FrontendAction that does the work inside a ClangTool. The
// output contract is docs/REWRITE.md.
//
//===----------------------------------------------------------------------===//

#ifndef SOFTATOMIC_REWRITER_H
#define SOFTATOMIC_REWRITER_H

#include "clang/Tooling/ArgumentsAdjusters.h"
#include "clang/Tooling/Core/Replacement.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/ADT/StringRef.h"
#include <memory>
#include <string>
#include <vector>

namespace softatomic {

/// What the front end tells the rewriter. A plain struct: the library reads
/// no command-line options of its own.
struct RewriteOptions {
  /// The input as the user named it: the `#line` directive repeats it, and
  /// the manifest's "source" records its file name.
  std::string InputName;
  /// The OpenCL C standard to parse with when the compiler flags name none.
  /// The manifest records the standard the parse actually used.
  std::string ClStd = "CL1.2";
  /// Clang's resource directory (for opencl-c.h); empty lets Clang guess
  /// from the running executable.
  std::string ResourceDir;
  /// Atomics whose result nobody reads, on memory the kernel touches only
  /// through atomics, are combined in the worker and sent to the
  /// coordinator later (docs/REWRITE.md, "Deferred atomics").
  bool DeferUnusedResults = true;
  /// Where the coordinator sits: group 0 (the paper's static placement, no
  /// native atomic), or the first group to start, elected with one native
  /// atomic per group (docs/REWRITE.md, "Placement").
  enum class Placement { Static, Robust };
  Placement CoordinatorPlacement = Placement::Static;
  /// Also compile the runtime's combining mode, in which combined requests
  /// are applied with native atomics and no coordinator runs; the host
  /// picks the mode per launch (README.md, "Two modes"). Off: the output
  /// has no native global atomic (the paper's mode only).
  bool CombineMode = false;
  /// Warn about every kernel that is left alone because it reaches no
  /// global atomic (the command line's --verbose).
  bool WarnKernelsLeftAlone = false;
  /// Show errors only: Clang's warnings are turned off (-w).
  bool SuppressWarnings = false;
  /// The most tokens the preprocessor may produce by expanding macros in
  /// one file (ExpansionLimit.h): past it the file is an error, where
  /// nested macros would otherwise take all the memory there is. The
  /// examples count under 100; a file whose macros make 65,536 atomic
  /// calls counts 483,357.
  uint64_t MaxMacroExpansionTokens = 1000000;
};

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
  /// The manifest, pretty-printed JSON (an empty "kernels" list when
  /// nothing changed).
  std::string ManifestJSON;
  /// The files the parse read (absolute paths: the input, then the user
  /// headers it includes), for --depfile; filled by rewriteFile.
  std::vector<std::string> Dependencies;
};

/// The version of the device runtime embedded in every rewritten file.
llvm::StringRef runtimeVersion();

/// The compiler flags every parse needs: OpenCL C for the SPIR target (so
/// every extension is declared), Clang's OpenCL declarations, the default
/// standard unless the command line names one, and the resource directory.
clang::tooling::ArgumentsAdjuster
getOpenCLArgumentsAdjuster(const RewriteOptions &Options);

/// Creates the actions that rewrite one translation unit each into
/// \p Result. Errors are reported through the compiler's DiagnosticsEngine;
/// any error leaves \p Result untouched.
std::unique_ptr<clang::tooling::FrontendActionFactory>
newRewriteActionFactory(const RewriteOptions &Options, RewriteResult &Result);

} // namespace softatomic

#endif // SOFTATOMIC_REWRITER_H
