// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- softatomic-run.cpp - What atomics cost one kernel ------------------===//
//
//   softatomic-run KERNEL.cl --kernel NAME --global X[,Y[,Z]] --arg SPEC ...
//       [options] [-- <compiler flags for the rewrite>]
//
// Rewrites KERNEL.cl in-process, runs the kernel as written and then in
// each of the host runtime's modes on an OpenCL device, checks that every
// run wrote what the native run wrote, and prints what each cost; then
// the profile of its atomic sites (SA_MODE_PROFILE). The runs are in
// KernelRun.cpp; the argument specs and checks are sa-difftest's
// (tool/support/KernelArgs.h). Exit status: 0 every run agreed with
// the native one, 1 something differed or failed, 2 usage error.
//
//===----------------------------------------------------------------------===//

#include "KernelRun.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/raw_ostream.h"
#include <algorithm>
#include <iterator>
#include <optional>

using namespace llvm;
using namespace softatomic;

static cl::OptionCategory Category("softatomic-run options");

static cl::opt<std::string> FileOption(cl::Positional, cl::desc("<KERNEL.cl>"),
                                       cl::cat(Category));
static cl::opt<std::string>
    KernelOption("kernel", cl::desc("The kernel to run (required)"),
                 cl::value_desc("name"), cl::cat(Category));
static cl::opt<std::string>
    GlobalOption("global",
                 cl::desc("The global work size, 1 to 3 dimensions (required)"),
                 cl::value_desc("X[,Y[,Z]]"), cl::cat(Category));
static cl::opt<std::string>
    LocalOption("local",
                cl::desc("The work-group size, as many dimensions as --global\n"
                         "(default: the OpenCL implementation's choice)"),
                cl::value_desc("X[,Y[,Z]]"), cl::cat(Category));
static cl::opt<std::string>
    OffsetOption("offset", cl::desc("The global work offset (default: 0)"),
                 cl::value_desc("X[,Y[,Z]]"), cl::cat(Category));
static cl::list<std::string> ArgOption(
    "arg",
    cl::desc("One per kernel parameter, in order:\n"
             "  buf:TYPE:COUNT[:INIT]  a buffer of COUNT elements\n"
             "  scalar:TYPE:VALUE      a value\n"
             "  local:BYTES            local memory\n"
             "TYPE: char, uchar, short, ushort, int, uint, long, ulong,\n"
             "half, float, double, or a vector of 2, 3, 4, 8 or 16 of one\n"
             "(uchar4). INIT: zero (default), iota (0, 1, 2, ...), fill=V,\n"
             "random=SEED[,MOD], file=PATH (the first COUNT elements' raw\n"
             "bytes of the file), same=I (argument I's buffer)"),
    cl::value_desc("spec"), cl::cat(Category));
static cl::list<std::string> CheckOption(
    "check",
    cl::desc("How buffer argument I of each run must match the native\n"
             "run's (default: equal):\n"
             "  equal        byte for byte\n"
             "  multiset     the same values in some order\n"
             "  perm=B       both a permutation of B .. B+COUNT-1\n"
             "  range=LO,HI  every element of both within [LO, HI]\n"
             "  ignore       not compared"),
    cl::value_desc("I:MODE"), cl::cat(Category));
static cl::opt<std::string> RepeatOption(
    "repeat",
    cl::desc("Runs of the native kernel and of each mode, and the\n"
             "profile's rounds (default: 5)"),
    cl::value_desc("N"), cl::init("5"), cl::cat(Category));
static cl::list<std::string> ModesOption(
    "modes",
    cl::desc("The runtime modes to run the rewritten kernel in, from\n"
             "coordinator, combine, direct and auto (default: auto, what\n"
             "the runtime runs by default; coordinator,combine,auto runs\n"
             "each); the native kernel always runs"),
    cl::value_desc("list"), cl::CommaSeparated, cl::cat(Category));
static cl::opt<bool> NoProfileOption(
    "no-profile",
    cl::desc("Skip the profile of the kernel's atomic sites (SA_MODE_PROFILE)"),
    cl::cat(Category));
static cl::opt<std::string>
    ReportOption("report", cl::desc("Also write the profile as JSON to <file>"),
                 cl::value_desc("file.json"), cl::cat(Category));
static cl::opt<std::string> PlatformOption(
    "platform",
    cl::desc("The OpenCL platform: a substring of its name, or its index\n"
             "(default: SA_PLATFORM, else PoCL)"),
    cl::value_desc("name"), cl::cat(Category));
static cl::opt<std::string>
    DeviceOption("device",
                 cl::desc("The device: a substring of its name, or its index\n"
                          "(default: SA_DEVICE, else the platform's first)"),
                 cl::value_desc("name"), cl::cat(Category));
static cl::opt<std::string> BuildOptionsOption(
    "build-options",
    cl::desc("clBuildProgram options for both programs (the rewritten one\n"
             "gets saGetBuildOptions' too)"),
    cl::value_desc("opts"), cl::cat(Category));

static cl::extrahelp MoreHelp(R"(
Runs KERNEL.cl's kernel NAME on an OpenCL device, first as written
(native atomics, clEnqueueNDRangeKernel), then rewritten by
softatomic-rewrite (in-process) in each runtime mode --modes names (auto by
default; saSetMode, then
saEnqueueNDRangeKernelWithOriginal: where a mode runs the kernel as
written, the original itself runs), each --repeat times with fresh
buffers, and compares every run's buffers with the first native run's
(--check); the native runs must pass the checks among themselves too.
Per mode it prints the median kernel time from the launches' events, the
fastest and slowest run, the ratio to native and whether the outputs
agree (else the first difference). Then, unless --no-profile, it runs the
kernel (rewritten with --profile) in SA_MODE_PROFILE, each launch checked
too, until the runtime has timed every atomic site (docs/PROFILE.md), and
prints the profile's table (and writes its JSON to --report).

Flags after '--' are Clang's, for the rewrite's parse (-cl-std=CL2.0, -D,
-I; default: OpenCL C 1.2); --build-options are the device compiler's.
Give -D and -cl-std to both where the kernel needs them.

Output (one line per mode; times in milliseconds; --modes
coordinator,combine,auto):
  native        0.123 ms  (0.120-0.130, 5 runs)
  coordinator   0.456 ms  (0.440-0.470, 5 runs)  3.71x native  agrees with native
  combine       ...       differs from native in 2 of 5 runs
    run 1: arg 1 (uint[128], equal): element 3: native 5, combine 6
  profile: 11 launches  agrees with native
  <the profile's table: per site, file:line:col, what it costs>

Exit status: 0 every run agreed with the native run and nothing failed,
1 a run differed, a mode or the profile failed, the kernel did not
rewrite or build, 2 usage error.

Example (the paper's Figure 3 kernel: its outArray depends on the order of
the atomics, so only its range is checked):
  softatomic-run examples/figure3/figure3.cl --kernel Benchmark \
      --global 1024 --local 64 --arg buf:uint:1 --arg buf:uint:1024 \
      --check 1:range=0,523776 --report figure3-profile.json
)");

/// "softatomic-run: error: ...", exit status 2.
static int usageError(const std::string &Message) {
  errs() << "softatomic-run: error: " << Message << "\n";
  return 2;
}

/// LLVM's own messages about the command line, as errors.
static void printParseErrors(StringRef Text) {
  SmallVector<StringRef, 4> Lines;
  Text.rtrim('\n').split(Lines, '\n');
  for (StringRef Line : Lines) {
    Line = Line.trim();
    if (Line.consume_front("softatomic-run:"))
      Line = Line.ltrim();
    if (Line.consume_front("error:") || Line.consume_front("Error:"))
      Line = Line.ltrim();
    if (!Line.empty())
      errs() << "softatomic-run: error: " << Line << "\n";
  }
}

/// The options as RunOptions, or why they cannot be taken.
static std::optional<std::string> readOptions(RunOptions &O) {
  O.File = FileOption;
  if (O.File.empty())
    return std::string("no kernel file given (softatomic-run KERNEL.cl "
                       "--kernel NAME --global SIZE ...; see --help)");
  O.Kernel = KernelOption;
  if (O.Kernel.empty())
    return std::string("--kernel NAME is required");
  if (GlobalOption.empty())
    return std::string("--global X[,Y[,Z]] is required");
  std::string Error;
  for (auto [Option, Text, Sizes] :
       {std::tuple{"--global", &GlobalOption, &O.Global},
        std::tuple{"--local", &LocalOption, &O.Local},
        std::tuple{"--offset", &OffsetOption, &O.Offset}}) {
    if (Text->empty())
      continue;
    if (!parseSizeList(*Text, *Sizes, Error))
      return std::string(Option) + ": " + Error;
    if (Sizes->size() != O.Global.size())
      return std::string(Option) + " has " + std::to_string(Sizes->size()) +
             " dimensions; --global has " + std::to_string(O.Global.size());
  }
  for (size_t G : O.Global)
    if (G == 0)
      return std::string("--global: every dimension must be at least 1");
  for (size_t L : O.Local)
    if (L == 0)
      return std::string("--local: every dimension must be at least 1");
  for (const std::string &Spec : ArgOption) {
    ArgSpec A;
    if (!parseArgSpec(Spec, A, Error))
      return Error;
    O.Args.push_back(A);
  }
  for (const std::string &Spec : CheckOption) {
    if (!applyCheckSpec(Spec, O.Args, Error))
      return Error + " (I: the index of a buffer --arg, from 0)";
    std::string Mode = Spec.substr(Spec.find(':') + 1);
    if (std::optional<std::string> Problem = checkProblem(Mode))
      return "--check '" + Spec + "': " + *Problem;
  }
  if (!initialArguments(O.Args, O.Initial, Error))
    return "--arg: " + Error;
  StringRef Repeat = RepeatOption;
  if (Repeat.getAsInteger(10, O.Repeat) || O.Repeat < 1 || O.Repeat > 100000)
    return "--repeat '" + RepeatOption + "' is not a count from 1 to 100000";
  for (const std::string &Mode : ModesOption) {
    if (Mode == "native") // always runs: the baseline
      continue;
    std::optional<Way> W = wayNamed(Mode);
    if (!W || std::find(std::begin(RunModes), std::end(RunModes), *W) ==
                  std::end(RunModes))
      return "--modes: unknown mode '" + Mode +
             "' (coordinator, combine, direct, auto or native)";
    O.Modes.push_back(Mode);
  }
  // By default what the runtime itself runs (auto): the coordinator may
  // take minutes where the kernel as written takes milliseconds.
  if (ModesOption.empty())
    O.Modes = {"auto"};
  O.Profile = !NoProfileOption;
  O.ReportFile = ReportOption;
  if (!O.Profile && !O.ReportFile.empty())
    return std::string("--report writes the profile: it cannot be combined "
                       "with --no-profile");
  O.Platform = PlatformOption;
  O.Device = DeviceOption;
  O.BuildOptions = BuildOptionsOption;
  O.ResourceDir = sys::Process::GetEnv("SOFTATOMIC_CLANG_RESOURCE_DIR")
                      .value_or(SOFTATOMIC_CLANG_RESOURCE_DIR);
  return std::nullopt;
}

int main(int argc, const char **argv) {
  // Flags after "--" are the rewrite's compiler flags; the options stop
  // before.
  std::vector<std::string> ClangFlags;
  for (int I = 1; I < argc; ++I)
    if (StringRef(argv[I]) == "--") {
      ClangFlags.assign(argv + I + 1, argv + argc);
      argc = I;
      break;
    }

  cl::HideUnrelatedOptions(Category);
  cl::SetVersionPrinter([](raw_ostream &OS) {
    OS << "softatomic-run " << SOFTATOMIC_VERSION << "\n";
  });
  std::string ParseErrors;
  raw_string_ostream ParseErrorStream(ParseErrors);
  if (!cl::ParseCommandLineOptions(
          argc, argv,
          "Measures what atomics cost an OpenCL kernel: runs it as written\n"
          "and rewritten by softatomic-rewrite in each runtime mode, checks\n"
          "their outputs agree, and profiles its atomic sites.\n",
          &ParseErrorStream)) {
    ParseErrorStream.flush();
    printParseErrors(ParseErrors);
    errs() << "(see softatomic-run --help)\n";
    return 2;
  }
  RunOptions Options;
  if (std::optional<std::string> Problem = readOptions(Options))
    return usageError(*Problem);
  Options.ClangFlags = ClangFlags;
  // The rewriter module: beside the tool's library directory, in the build
  // tree and installed.
  SmallString<256> BinDir(sys::fs::getMainExecutable(
      argv[0], reinterpret_cast<void *>(&usageError)));
  sys::path::remove_filename(BinDir);
  for (const char *LibDir : {"lib", SOFTATOMIC_INSTALL_LIBDIR}) {
    SmallString<256> Dir(BinDir);
    sys::path::append(Dir, "..", LibDir);
    Options.RewriterDirs.push_back(std::string(Dir));
  }
  return runKernel(Options);
}
