// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- ToolOptions.cpp - softatomic-rewrite's command line ----------------===//

#include "ToolOptions.h"
#include "driver/DeviceProfileFile.h"
#include "driver/RewriteFile.h"
#include "output/OutputFile.h"
#include "clang/Tooling/CommonOptionsParser.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Process.h"
#include <memory>

using namespace clang::tooling;
using namespace llvm;

namespace softatomic {

static cl::OptionCategory Category("softatomic-rewrite options");

// The options CommonOptionsParser declares, with this tool's words: the
// usage line names the compiler flags after "--", and -p says what it
// reads.
static cl::list<std::string>
    InputsOption(cl::Positional,
                 cl::desc("<source0> [... <sourceN>] [-- <compiler flags>]"),
                 cl::OneOrMore, cl::cat(Category));
static cl::opt<std::string> BuildPathOption(
    "p",
    cl::desc("The build folder whose compile_commands.json (there or in\n"
             "a parent folder) gives each input's compiler flags"),
    cl::value_desc("build-dir"), cl::cat(Category));
static cl::list<std::string> ExtraArgsAfterOption(
    "extra-arg",
    cl::desc("Additional argument to append to the compiler command line"),
    cl::cat(Category));
static cl::list<std::string> ExtraArgsBeforeOption(
    "extra-arg-before",
    cl::desc("Additional argument to prepend to the compiler command line"),
    cl::cat(Category));

static cl::opt<std::string> OutputFileOption(
    "o",
    cl::desc("Write the rewritten source to <file> (one input only;\n"
             "default: stdout)"),
    cl::value_desc("file"), cl::cat(Category));
static cl::opt<bool> InPlaceOption(
    "i",
    cl::desc("Rewrite the input files in place; a file with nothing\n"
             "to rewrite is not touched"),
    cl::cat(Category));
static cl::opt<bool> DryRunOption(
    "dry-run",
    cl::desc("Write nothing; print what would change in each input\n"
             "(a summary line, then the edits as a unified diff)"),
    cl::cat(Category));
static cl::opt<unsigned> DryRunContextOption(
    "dry-run-context", cl::init(3), cl::value_desc("N"),
    cl::desc("Lines of context around each --dry-run hunk (default 3)"),
    cl::cat(Category));
static cl::opt<std::string> ExportFixesOption(
    "export-fixes",
    cl::desc("Write the replacements that rewrite each input to <file>,\n"
             "in the YAML of clang-apply-replacements (writes no source)"),
    cl::value_desc("file.yaml"), cl::cat(Category));
static cl::opt<std::string>
    ManifestFileOption("manifest",
                       cl::desc("Also write the manifest (JSON) to <file> (one "
                                "input only)"),
                       cl::value_desc("file"), cl::cat(Category));
static cl::opt<std::string> DepFileOption(
    "depfile",
    cl::desc("Also write a Makefile-style depfile to <file>: the -o output\n"
             "depends on the input and the headers it includes"),
    cl::value_desc("file"), cl::cat(Category));
static cl::opt<unsigned>
    JobsOption("j",
               cl::desc("Rewrite <n> files at once (default 0: one per CPU)"),
               cl::value_desc("n"), cl::init(0), cl::cat(Category));
static cl::opt<bool> QuietOption("quiet",
                                 cl::desc("Print errors only: no warnings, no "
                                          "progress lines"),
                                 cl::cat(Category));
static cl::opt<bool> VerboseOption(
    "verbose",
    cl::desc("Warn about each kernel left alone because it reaches\n"
             "no global atomic; say what happened to each file"),
    cl::cat(Category));
// The rewriter's options by name, declared from the table that the
// interception layer parses too (model/RewriteOptions.def).
#define SA_REWRITE_FLAG(Name, Field, Help)                                     \
  static cl::opt<bool> Field##Option(Name, cl::desc(Help),                     \
                                     cl::init(RewriteOptions().Field),         \
                                     cl::cat(Category));
#include "model/RewriteOptions.def"
#define SA_REWRITE_CHOICE(Name, Field, Type, Help)                             \
  static cl::opt<RewriteOptions::Type> Field##Option(                          \
      Name, cl::desc(Help), cl::init(RewriteOptions().Field),                  \
      cl::cat(Category));
#include "model/RewriteOptions.def"
/// Their values, from the same table (cl::values takes a fixed list).
static const bool ChoiceValues = [] {
#define SA_REWRITE_CHOICE_VALUE(Field, Enumerator, Value, Help)                \
  Field##Option.getParser().addLiteralOption(                                  \
      Value, decltype(RewriteOptions::Field)::Enumerator, Help);
#include "model/RewriteOptions.def"
  return true;
}();
static cl::opt<std::string> DeviceProfileOption(
    "device-profile",
    cl::desc("Read the device profile from <file>, JSON with \"version\",\n"
             "\"extensions\" and \"features\" as the --device-* options\n"
             "take them (as softatomic-device-profile writes it); a\n"
             "--device-* option given too wins"),
    cl::value_desc("file"), cl::cat(Category));
/// The device profile's options, checked by setDeviceOption (the layer's
/// check too) once the command line is parsed.
static const std::vector<std::unique_ptr<cl::opt<std::string>>> DeviceOptions =
    [] {
      std::vector<std::unique_ptr<cl::opt<std::string>>> Options;
#define SA_REWRITE_DEVICE(Name, ValueName, Help)                               \
  Options.push_back(std::make_unique<cl::opt<std::string>>(                    \
      Name, cl::desc(Help), cl::value_desc(ValueName), cl::cat(Category)));
#include "model/RewriteOptions.def"
      return Options;
    }();

// Not CommonOptionsParser::HelpMessage: without -p this tool looks for no
// compilation database.
static cl::extrahelp MoreHelp(R"(
-p <build-path> reads the compiler flags of each input from a compilation
  database (compile_commands.json) in <build-path> or a parent; flags after
  '--' are added to them, like --extra-arg. Without -p the flags are those
  after '--' (none by default: OpenCL C 1.2), and no database is looked
  for next to the inputs.

Inputs:
  '-' reads the source from stdin (named <stdin> in messages); its output
  goes to stdout, or -o. One input is written to -o or stdout. Several
  inputs need -i, --dry-run or --export-fixes.

Output:
  Every file is written whole or not at all, and one input's outputs (the
  source, --manifest, --depfile) all or none: temporary files, renamed once
  all are complete. -i follows symbolic links and refuses read-only files.
  An output that is an input, or the same file as another output, is a
  usage error. A file with errors gets no output; the others are still
  rewritten. Diagnostics of parallel runs are printed file by file, in the
  order of the inputs.

Exit status: 0 success, 1 errors in some input, 2 usage error.

Examples:
  softatomic-rewrite kernel.cl -o kernel.sa.cl -- -cl-std=CL2.0 -DN=4
  softatomic-rewrite -i -j 8 kernels/*.cl -- -Iinclude
  softatomic-rewrite -p build --dry-run src/*.cl
  softatomic-rewrite --export-fixes=fixes.yaml src/*.cl &&
    clang-apply-replacements .   # in the directory holding fixes.yaml
)");

ToolOptions readToolOptions(const CommandLine &Parsed) {
  ToolOptions O;
  O.OutputFile = OutputFileOption;
  O.InPlace = InPlaceOption;
  O.DryRun = DryRunOption;
  O.DryRunContext = DryRunContextOption;
  O.ExportFixes = ExportFixesOption;
  O.ManifestFile = ManifestFileOption;
  O.DepFile = DepFileOption;
  O.Jobs = JobsOption;
  O.Quiet = QuietOption;
  O.Verbose = VerboseOption;
#define SA_REWRITE_FLAG(Name, Field, Help) O.Rewrite.Field = Field##Option;
#include "model/RewriteOptions.def"
#define SA_REWRITE_CHOICE(Name, Field, Type, Help)                             \
  O.Rewrite.Field = Field##Option;
#include "model/RewriteOptions.def"
  if (!DeviceProfileOption.empty())
    if (std::optional<std::string> Problem =
            readDeviceProfile(DeviceProfileOption, O.Rewrite.Device))
      O.Problems.push_back(*Problem);
  for (const std::unique_ptr<cl::opt<std::string>> &Device : DeviceOptions)
    if (Device->getNumOccurrences())
      if (std::optional<std::string> Problem = setDeviceOption(
              O.Rewrite.Device, std::string_view(Device->ArgStr), *Device))
        O.Problems.push_back(*Problem);
  O.Colors =
      showColors(Parsed.CompilerFlags, sys::Process::StandardErrHasColors());
  O.Rewrite.WarnKernelsLeftAlone = O.Verbose;
  O.Rewrite.SuppressWarnings = O.Quiet;
  O.Rewrite.ResourceDir = sys::Process::GetEnv("SOFTATOMIC_CLANG_RESOURCE_DIR")
                              .value_or(SOFTATOMIC_CLANG_RESOURCE_DIR);
  return O;
}

Expected<CommandLine> parseCommandLine(int Argc, const char **Argv,
                                       const char *Overview) {
  cl::HideUnrelatedOptions(Category);
  CommandLine Result;
  std::string Message;
  auto Flags = ArrayRef<const char *>(Argv, Argc);
  auto DashDash = find_if(Flags, [](StringRef A) { return A == "--"; });
  std::vector<std::string> FixedFlags(
      DashDash == Flags.end() ? DashDash : DashDash + 1, Flags.end());
  // The flags after "--" (prepareArguments leaves one unless -p is given).
  Result.Compilations =
      FixedCompilationDatabase::loadFromCommandLine(Argc, Argv, Message);
  Message.clear();
  raw_string_ostream OS(Message);
  if (!cl::ParseCommandLineOptions(Argc, Argv, Overview, &OS))
    return createStringError(inconvertibleErrorCode(), OS.str());
  cl::PrintOptionValues();
  if (!Result.Compilations)
    Result.Compilations =
        CompilationDatabase::autoDetectFromDirectory(BuildPathOption, Message);
  if (!Result.Compilations)
    return createStringError(inconvertibleErrorCode(),
                             "softatomic-rewrite: error: cannot load a "
                             "compilation database from '" +
                                 BuildPathOption + "': " + Message + "\n");
  auto Adjusting = std::make_unique<ArgumentsAdjustingCompilations>(
      std::move(Result.Compilations));
  Adjusting->appendArgumentsAdjuster(getInsertArgumentAdjuster(
      ExtraArgsBeforeOption, ArgumentInsertPosition::BEGIN));
  Adjusting->appendArgumentsAdjuster(getInsertArgumentAdjuster(
      ExtraArgsAfterOption, ArgumentInsertPosition::END));
  Result.Compilations = std::move(Adjusting);
  Result.Inputs = InputsOption;
  Result.CompilerFlags = ExtraArgsBeforeOption;
  append_range(Result.CompilerFlags, FixedFlags);
  append_range(Result.CompilerFlags, ExtraArgsAfterOption);
  return Result;
}

/// True when \p Arg names the build path (-p), with its value or without.
static bool isBuildPathArg(StringRef Arg) {
  return Arg == "-p" || Arg == "--p" || Arg.starts_with("-p=") ||
         Arg.starts_with("--p=");
}

SmallVector<const char *, 32>
prepareArguments(int argc, const char **argv,
                 std::deque<std::string> &Storage) {
  SmallVector<const char *, 32> Args(argv, argv + argc);
  auto DashDash = find_if(Args, [](StringRef A) { return A == "--"; });
  bool BuildPath = std::any_of(Args.begin() + 1, DashDash, isBuildPathArg);
  if (!BuildPath) {
    if (DashDash == Args.end())
      Args.push_back("--");
    return Args;
  }
  SmallVector<const char *, 32> Result(Args.begin(), DashDash);
  if (DashDash != Args.end())
    for (auto It = DashDash + 1; It != Args.end(); ++It)
      Result.push_back(
          Storage.emplace_back("--extra-arg=" + std::string(*It)).c_str());
  return Result;
}

/// Why the options do not fit together, or nothing.
static std::optional<std::string>
checkCombinations(const ToolOptions &O, ArrayRef<std::string> Inputs) {
  bool Stdin = is_contained(Inputs, "-");
  if (O.Quiet && O.Verbose)
    return "--quiet and --verbose exclude each other";
  if (O.InPlace && !O.OutputFile.empty())
    return "-i and -o exclude each other";
  if (O.DryRun && (O.InPlace || !O.OutputFile.empty() ||
                   !O.ManifestFile.empty() || !O.ExportFixes.empty()))
    return "--dry-run writes nothing: it cannot be combined with -o, -i, "
           "--manifest or --export-fixes";
  if (O.InPlace && !O.ExportFixes.empty())
    return "--export-fixes describes the inputs as they are: it cannot be "
           "combined with -i";
  if (!O.DepFile.empty() && (O.OutputFile.empty() || O.OutputFile == "-"))
    return "--depfile names the rule of the -o file: it needs -o <file>";
  if (!O.DepFile.empty() && Stdin)
    return "--depfile needs an input file, not stdin ('-')";
  if (count(Inputs, "-") > 1)
    return "stdin ('-') can be named once";
  if (Stdin && (O.InPlace || !O.ExportFixes.empty()))
    return "stdin ('-') cannot be rewritten in place (-i) or exported as "
           "fixes (--export-fixes)";
  if (Inputs.size() > 1) {
    if (!O.OutputFile.empty())
      return "-o takes one input file; for several, use -i, --dry-run or "
             "--export-fixes";
    if (!O.ManifestFile.empty())
      return "--manifest takes one input file (every rewritten file carries "
             "its manifest in its first line)";
    if (!O.InPlace && !O.DryRun && O.ExportFixes.empty())
      return "several input files need -i, --dry-run or --export-fixes";
  }
  return std::nullopt;
}

/// True when \p Path is a device or a pipe (/dev/null, /dev/stdout): it
/// is written directly, and several outputs may share it as they share
/// stdout.
static bool isStream(StringRef Path) {
  sys::fs::file_status Status;
  return !sys::fs::status(Path, Status) && sys::fs::exists(Status) &&
         !sys::fs::is_regular_file(Status) && !sys::fs::is_directory(Status);
}

/// Why the files the command line names would overwrite one another, or
/// nothing. Every output needs a file of its own, and no output may be an
/// input (other than -i's, which are the inputs). Files are compared as
/// the file system sees them: `x`, `./x`, a link to x and a hard link of
/// x are one file.
static std::optional<std::string> checkAliases(const ToolOptions &O,
                                               ArrayRef<std::string> Inputs) {
  struct Named {
    StringRef Option;
    StringRef Path;
  };
  SmallVector<Named, 4> Outputs;
  for (Named O :
       {Named{"-o", O.OutputFile}, Named{"--manifest", O.ManifestFile},
        Named{"--depfile", O.DepFile}, Named{"--export-fixes", O.ExportFixes}})
    if (!O.Path.empty() && O.Path != "-" && !isStream(O.Path))
      Outputs.push_back(O);
  for (size_t I = 0; I < Outputs.size(); ++I)
    for (size_t J = I + 1; J < Outputs.size(); ++J)
      if (sameFile(Outputs[I].Path, Outputs[J].Path))
        return (Outputs[I].Option + " and " + Outputs[J].Option +
                " name the same file ('" + Outputs[I].Path + "', '" +
                Outputs[J].Path + "'): each output needs a file of its own")
            .str();
  for (const Named &O : Outputs)
    for (StringRef Input : Inputs)
      if (Input != "-" && sameFile(O.Path, Input))
        return (O.Option + " '" + O.Path + "' is the input file '" + Input +
                "'" +
                (O.Option == "-o" ? ": use -i to rewrite a file in place"
                                  : ", which it would overwrite"))
            .str();
  if (O.InPlace)
    for (size_t I = 0; I < Inputs.size(); ++I)
      for (size_t J = I + 1; J < Inputs.size(); ++J)
        if (sameFile(Inputs[I], Inputs[J]))
          return "'" + Inputs[I] + "' and '" + Inputs[J] +
                 "' are the same file: -i rewrites each file once";
  return std::nullopt;
}

std::optional<std::string> checkCompilerFlags(int argc, const char **argv) {
  static constexpr StringRef Known[] = {"CL",    "CL1.0",    "CL1.1",
                                        "CL1.2", "CL2.0",    "CL3.0",
                                        "CLC++", "CLC++1.0", "CLC++2021"};
  auto Flags = ArrayRef<const char *>(argv, argc);
  auto Dashes = llvm::find_if(
      Flags, [](const char *Arg) { return StringRef(Arg) == "--"; });
  for (StringRef Arg : ArrayRef<const char *>(Dashes, Flags.end())) {
    StringRef Value = Arg;
    if (!Value.consume_front("-cl-std=") && !Value.consume_front("--cl-std="))
      continue;
    if (llvm::none_of(Known,
                      [&](StringRef K) { return K.equals_insensitive(Value); }))
      return "'" + Arg.str() +
             "' names no OpenCL C version (CL1.0, CL1.1, CL1.2, CL2.0, CL3.0; "
             "C++ for OpenCL: CLC++, CLC++1.0, CLC++2021)";
  }
  return std::nullopt;
}

std::optional<std::string> checkUsage(const ToolOptions &Options,
                                      ArrayRef<std::string> Inputs) {
  if (!Options.Problems.empty())
    return Options.Problems.front();
  if (std::optional<std::string> Problem = checkCombinations(Options, Inputs))
    return Problem;
  return checkAliases(Options, Inputs);
}

} // namespace softatomic
