//===- AssembleOutput.cpp - The rewritten file, put together --------------===//

#include "driver/AssembleOutput.h"
#include "edits/DeviceRuntime.h"
#include "edits/LineDirectives.h"
#include "edits/RuntimePruning.h"

using namespace llvm;

namespace softatomic {

/// The runtime's switches (#defines) that \p Options and \p Facts ask for.
static std::string runtimeSwitches(const RewriteOptions &Options,
                                   const PrefixFacts &Facts) {
  std::string Switches;
  if (Options.CoordinatorPlacement == RewriteOptions::Placement::Robust)
    Switches += "#define SA_ROBUST_PLACEMENT 1\n";
  if (Options.CombineMode)
    Switches += "#define SA_COMBINE_MODE 1\n";
  // Float adds keep their order: the warp path makes each alone (part 8).
  if (Options.FloatSums == RewriteOptions::FloatReassociation::KeepOrder)
    Switches += "#define SA_FLOAT_KEEP_ORDER 1\n";
  // The runtime's 64-bit part only where the file has 64-bit atomics: it
  // needs types (atomic_ulong) that a device without them does not have.
  if (Facts.WideAtomics || Facts.Reproducible)
    Switches += "#define SA_INT64_ATOMICS 1\n";
  // The exact accumulators of reproducible float adds (part 8b).
  if (Facts.Reproducible)
    Switches += "#define SA_REPRODUCIBLE 1\n";
  // The profiled forms of the entry points (docs/PROFILE.md).
  if (Options.Profile)
    Switches += "#define SA_SITE_PROFILE 1\n";
  // The build that asks for the warp program and cannot have it stops
  // with the reason, rather than with a kernel missing or a wrong one.
  if (!Facts.NoWarpProgram.empty())
    Switches +=
        "#ifdef SA_WARP_PROGRAM\n#error \"softatomic: no warp program: " +
        Facts.NoWarpProgram + "\"\n#endif\n";
  // The program-scope __sa_ctx and the scoped entry points only where a
  // macro shared with code without the context calls them.
  if (Facts.ScopedContext)
    Switches += "#define SA_SCOPED_CONTEXT 1\n";
  return Switches;
}

/// The switches runtimeSwitches may define. No build option sets them (the
/// host's are others), so where the prefix does not define one, no build
/// of the output has it: the runtime's branches for it go
/// (RuntimePruning.h).
static constexpr StringLiteral RewriteSwitches[] = {
    "SA_ROBUST_PLACEMENT", "SA_COMBINE_MODE", "SA_FLOAT_KEEP_ORDER",
    "SA_INT64_ATOMICS",    "SA_SITE_PROFILE", "SA_SCOPED_CONTEXT",
    "SA_REPRODUCIBLE"};

/// Each of RewriteSwitches, and whether \p Switches defines it.
static StringMap<bool> switchStates(StringRef Switches) {
  StringMap<bool> States;
  for (StringRef Name : RewriteSwitches)
    States[Name] = Switches.contains(("#define " + Name + " ").str());
  return States;
}

std::string outputPrefix(const Manifest &M, const RewriteOptions &Options,
                         const PrefixFacts &Facts, StringRef UserCode) {
  std::string Prefix = manifestComment(M) + "\n";
  std::string Switches = runtimeSwitches(Options, Facts);
  Prefix += Switches;
  std::string Runtime =
      pruneRuntime(deviceRuntimeSource(), UserCode, switchStates(Switches));
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
