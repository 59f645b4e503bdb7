// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- AssembleOutput.cpp - The rewritten file, put together --------------===//

#include "driver/AssembleOutput.h"
#include "edits/DeviceRuntime.h"
#include "edits/LineDirectives.h"
#include "edits/RuntimePruning.h"

using namespace llvm;

namespace softatomic {

namespace {
/// The runtime's switches for one output: each switch the rewrite may
/// define, and whether it does (RuntimePruning.h reads that), and their
/// text in the prefix.
struct RuntimeSwitches {
  StringMap<bool> Defined;
  std::string Text;

  /// Defines \p Name where \p On, and records that it does or not.
  void set(StringLiteral Name, bool On) {
    Defined[Name] = On;
    if (On)
      Text += ("#define " + Name + " 1\n").str();
  }
};
} // namespace

/// The runtime's switches (#defines) that \p Options and \p Facts ask for.
/// No build option sets them (the host's are others), so where the prefix
/// does not define one, no build of the output has it: the runtime's
/// branches for it go (RuntimePruning.h).
static RuntimeSwitches runtimeSwitches(const RewriteOptions &Options,
                                       const PrefixFacts &Facts) {
  RuntimeSwitches Switches;
  Switches.set("SA_ROBUST_PLACEMENT", Options.CoordinatorPlacement ==
                                          RewriteOptions::Placement::Robust);
  Switches.set("SA_COMBINE_MODE", Options.CombineMode);
  // Float adds keep their order: the warp path makes each alone (part 8).
  Switches.set("SA_FLOAT_KEEP_ORDER",
               Options.FloatSums ==
                   RewriteOptions::FloatReassociation::KeepOrder);
  // The runtime's 64-bit part only where the file has 64-bit atomics: it
  // needs types (atomic_ulong) that a device without them does not have.
  Switches.set("SA_INT64_ATOMICS", Facts.WideAtomics || Facts.Reproducible);
  // The exact accumulators of reproducible float adds (part 8b).
  Switches.set("SA_REPRODUCIBLE", Facts.Reproducible);
  // The profiled forms of the entry points (docs/PROFILE.md).
  Switches.set("SA_SITE_PROFILE", Options.Profile);
  // The build that asks for the warp program and cannot have it stops
  // with the reason, rather than with a kernel missing or a wrong one.
  if (!Facts.NoWarpProgram.empty())
    Switches.Text +=
        "#ifdef SA_WARP_PROGRAM\n#error \"softatomic: no warp program: " +
        Facts.NoWarpProgram + "\"\n#endif\n";
  // The program-scope __sa_ctx and the scoped entry points only where a
  // macro shared with code without the context calls them.
  Switches.set("SA_SCOPED_CONTEXT", Facts.ScopedContext);
  return Switches;
}

std::string outputPrefix(const Manifest &M, const RewriteOptions &Options,
                         const PrefixFacts &Facts, StringRef UserCode) {
  std::string Prefix = manifestComment(M) + "\n";
  RuntimeSwitches Switches = runtimeSwitches(Options, Facts);
  Prefix += Switches.Text;
  std::string Runtime =
      pruneRuntime(deviceRuntimeSource(), UserCode, Switches.Defined);
  Prefix += "/* softatomic device runtime " + runtimeVersion().str() +
            ": what this program can call, without comments (the source, "
            "commented: runtime/device/ in softatomic) */\n";
  Prefix += Runtime;
  if (!StringRef(Runtime).ends_with("\n"))
    Prefix += '\n';
  Prefix += lineDirective(1, Options.InputName) + "\n";
  return Prefix;
}

void assembleOutput(RewriteResult &Result, StringRef Input, StringRef Edited,
                    std::string Prefix) {
  // A byte-order mark is skipped only as a file's first bytes: the prefix
  // goes after it, and the output starts with it as the input did.
  size_t PrefixOffset = Input.starts_with("\xEF\xBB\xBF") ? 3 : 0;
  Result.Output = Edited.substr(0, PrefixOffset).str();
  Result.Output += Prefix;
  Result.Output += Edited.substr(PrefixOffset);
  Result.Input = Input.str();
  Result.Prefix = std::move(Prefix);
  Result.PrefixOffset = PrefixOffset;
}

} // namespace softatomic
