//===- RewriteOptions.h - What a front end asks of the rewriter -*- C++ -*-===//
//
// The rewriter's options as a plain struct, free of Clang and LLVM, so that
// the interception layer (which does not link them) reads the same struct
// and names as the command-line tool. The options a user can set by name,
// on the tool's command line or in the layer's SOFTATOMIC_LAYER_OPTIONS,
// are in RewriteOptions.def.
//
//===----------------------------------------------------------------------===//

#ifndef SOFTATOMIC_MODEL_REWRITEOPTIONS_H
#define SOFTATOMIC_MODEL_REWRITEOPTIONS_H

#include <cstdint>
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
  /// picks the mode per launch (README.md, "Modes"). On by default: the
  /// automatic mode, the host runtime's default, chooses between it and the
  /// kernel as written. Off: the output has no native global atomic outside
  /// the kernel-as-written path (the paper's mode only).
  bool CombineMode = true;
  /// Warn about every kernel that is left alone because it reaches no
  /// global atomic (the command line's --verbose).
  bool WarnKernelsLeftAlone = false;
  /// Inline every user header the input includes, not only those that
  /// need edits (the command line's --inline-headers): the output then
  /// compiles without the input's include path.
  bool InlineAllHeaders = false;
  /// Show errors only: Clang's warnings are turned off (-w).
  bool SuppressWarnings = false;
  /// The most tokens the preprocessor may produce by expanding macros in
  /// one file (ExpansionLimit.h): past it the file is an error, where
  /// nested macros would otherwise take all the memory there is. The
  /// examples count under 100; a file whose macros make 65,536 atomic
  /// calls counts 483,357.
  uint64_t MaxMacroExpansionTokens = 1000000;
};

/// The help line of `--placement`, before its values.
inline constexpr const char *PlacementHelp =
    "Where the coordinator work-group sits:";

/// Applies the options of RewriteOptions.def in \p Args, spelled as on the
/// tool's command line (`--combine-mode`, `-combine-mode`,
/// `--defer-unused=false`, `--placement=robust`, `--placement robust`), to
/// \p Options. Returns what it could not apply, one message per argument:
/// an unknown option, or a value the option does not take.
std::vector<std::string>
applyRewriteOptions(RewriteOptions &Options,
                    const std::vector<std::string> &Args);

} // namespace softatomic

#endif // SOFTATOMIC_MODEL_REWRITEOPTIONS_H
