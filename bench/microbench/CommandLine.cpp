// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "CommandLine.h"

#include <cstdlib>
#include <sstream>

namespace softatomic {

const char *Usage =
    "usage: microbench [--platform NAME|INDEX] [--device NAME|INDEX] [--bench "
    "NAME|all[,...]]\n"
    "                  [--groups N,N,...] [--local N] [--repeat N] [--warmup "
    "N]\n"
    "                  [--copy-mb N] [--copy-width 1|4] [--kernels DIR] [--csv "
    "FILE]\n"
    "                  [--kernel-info FILE] [--soft-build-options OPTS]\n"
    "                  [--mode coordinator|combine|direct|auto[,...]]\n"
    "                  [--preset paper|cpu|quick|auto] [SWEEP OPTIONS]\n"
    "  --platform/--device  substrings of the OpenCL names, or indices "
    "(default:\n"
    "                       SA_PLATFORM, SA_DEVICE, then PoCL)\n"
    "  --bench    fig8, fig9, copy, scalar, histogram, matmul, kmeans, "
    "strmatch,\n"
    "             contention, or all (default fig8,fig9,copy)\n"
    "  --groups   work-groups of fig8 and fig9 (default 2,4,...,4096)\n"
    "  --local    work-items per group (default 256)\n"
    "  --repeat   timed runs per kernel and size, median reported (default "
    "5),\n"
    "             after --warmup untimed runs (default 2); every run is "
    "verified;\n"
    "             the two forms' timed runs alternate\n"
    "  --min-time MS  short kernels run past --repeat, up to 20 times as "
    "often,\n"
    "             until each form's timed kernel time reaches MS (default "
    "2)\n"
    "  --copy-mb  size of the copied buffer in MiB (default 256)\n"
    "  --copy-width  1: uint elements, 4: uint4 elements (default 4)\n"
    "  --kernels  directory with NAME.cl and NAME.sa.cl of every benchmark\n"
    "  --soft-build-options  build options of the rewritten kernels, e.g.\n"
    "             -DSA_COORDINATOR_TIMES=1 (with SOFTATOMIC_VERBOSE=1: the\n"
    "             coordinator's time per step and launch, NVIDIA only)\n"
    "  --mode     the host runtime's modes the rewritten kernels run in, each\n"
    "             a row of its own (default coordinator; docs/HOST-RUNTIME.md, "
    "\"Modes\")\n"
    "  --original yes: the runtime gets the native kernel as the original\n"
    "             (saEnqueueNDRangeKernelWithOriginal), so direct and auto "
    "run\n"
    "             it where they run the kernel as written, as the "
    "interception\n"
    "             layer does (default); warp: the rewritten file's warp\n"
    "             program's kernel (-DSA_WARP_PROGRAM) too, which direct runs\n"
    "             and auto times beside the native kernel\n"
    "             (saEnqueueNDRangeKernelWithOriginals); no: the rewritten\n"
    "             kernel's own path\n"
    "  --csv      write one row per benchmark, size and mode to FILE\n"
    "  --kernel-info  write what the device tells of each kernel (local and\n"
    "             private memory, work-group size, preferred multiple) to "
    "FILE\n"
    "  --preset   the sizes the sweep options below start from: paper (the\n"
    "             default), cpu (smaller, for a 2-core CPU), quick (one small "
    "size\n"
    "             each, one run of each form), auto (cpu on a CPU device, else "
    "paper)\n"
    "sweep options (defaults: the paper's sizes; McKee: McKee et al.'s "
    "configuration):\n"
    "  --scalar-groups LIST  scalar product work-groups (2,...,128)\n"
    "  --matrix LIST         matmul matrix dimensions (8,16,...,256)\n"
    "  --points LIST         kmeans points (512,...,8192)\n"
    "  --wave N              per-wavefront variants: work-items per atomic "
    "(64)\n"
    "  --hist-kb LIST        histogram input sizes in KiB "
    "(256,1024,4096,16384)\n"
    "  --hist-groups N       histogram work-groups (64)\n"
    "  --text-kb N           string match text size in KiB (4096)\n"
    "  --match-groups LIST   string match work-groups (32,64,128)\n"
    "  --contention LIST     work-items per address (1,2,4,...,1024)\n"
    "  --padding LIST        address stride in uints (1,32)\n"
    "  --patterns LIST       contiguous,cross-warp,random\n"
    "  --returns LIST        unused,used (the atomic's return value)\n"
    "  --cont-type LIST      uint,ulong,float: the element added to (atom_add\n"
    "                        on uint and on ulong, a compare-exchange loop\n"
    "                        adding 1.0f on float)\n"
    "  --cont-groups N, --cont-local N, --cont-iters N  the McKee grid and\n"
    "                        atomics per work-item (264, 1024, 64)\n";

static bool parseSize(const std::string &S, size_t &V) {
  if (S.empty() || S.size() > 12 ||
      S.find_first_not_of("0123456789") != std::string::npos)
    return false;
  V = std::strtoull(S.c_str(), nullptr, 10);
  return V > 0;
}

static std::vector<std::string> split(const std::string &S, char Sep) {
  std::vector<std::string> Parts;
  std::stringstream In(S);
  std::string Part;
  while (std::getline(In, Part, Sep))
    Parts.push_back(Part);
  return Parts;
}

static bool parseSizes(const std::string &S, std::vector<size_t> &V) {
  V.clear();
  size_t N = 0;
  for (const std::string &P : split(S, ','))
    if (parseSize(P, N))
      V.push_back(N);
    else
      return false;
  return !V.empty();
}

/// A list whose every entry is one of Allowed.
static bool parseNames(const std::string &S, std::vector<std::string> Allowed,
                       std::vector<std::string> &V) {
  V.clear();
  for (const std::string &P : split(S, ',')) {
    bool Known = false;
    for (const std::string &A : Allowed)
      Known = Known || A == P;
    if (!Known)
      return false;
    V.push_back(P);
  }
  return !V.empty();
}

static bool parseBenches(const std::string &S, std::vector<std::string> &V) {
  std::vector<std::string> Names = {"all"};
  for (const Family &F : families())
    Names.push_back(F.Name);
  if (!parseNames(S, Names, V))
    return false;
  std::vector<std::string> Expanded;
  for (const std::string &B : V)
    if (B == "all")
      for (const Family &F : families())
        Expanded.push_back(F.Name);
    else
      Expanded.push_back(B);
  V = Expanded;
  return true;
}

ParseResult parseCommandLine(int Argc, char **Argv, Options &O,
                             std::string &Error) {
  for (int I = 1; I < Argc; ++I) {
    std::string A = Argv[I];
    if (A == "-h" || A == "--help")
      return ParseResult::Help;
    bool HasValue = I + 1 < Argc;
    std::string V = HasValue ? Argv[++I] : "";
    size_t N = 0;
    bool Ok = HasValue;
    if (!HasValue)
      Ok = false; // every option takes a value
    else if (A == "--platform")
      O.Platform = V;
    else if (A == "--device")
      O.Device = V;
    else if (A == "--soft-build-options")
      O.SoftOptions = V;
    else if (A == "--csv")
      O.Csv = V;
    else if (A == "--kernel-info")
      O.KernelInfo = V;
    else if (A == "--preset") {
      Ok = V == "paper" || V == "cpu" || V == "quick" || V == "auto";
      O.Preset = V;
    } else if (A == "--kernels")
      O.KernelDir = V;
    else if (A == "--bench")
      Ok = parseBenches(V, O.Benches);
    else if (A == "--groups")
      Ok = parseSizes(V, O.Groups);
    else if (A == "--local")
      Ok = parseSize(V, O.Local);
    else if (A == "--repeat") {
      Ok = parseSize(V, N);
      O.Repeat = (int)N;
    } else if (A == "--min-time") {
      char *End = nullptr;
      O.MinTimeMillis = std::strtod(V.c_str(), &End);
      Ok = !V.empty() && *End == 0 && O.MinTimeMillis >= 0;
    } else if (A == "--warmup") {
      Ok = parseSize(V, N) || V == "0";
      O.Warmup = (int)N;
    } else if (A == "--copy-mb")
      Ok = parseSize(V, O.CopyMB);
    else if (A == "--copy-width") {
      Ok = V == "1" || V == "4";
      O.CopyWidth = std::atoi(V.c_str());
    } else if (A == "--scalar-groups")
      Ok = parseSizes(V, O.ScalarGroups);
    else if (A == "--matrix")
      Ok = parseSizes(V, O.Matrix);
    else if (A == "--points")
      Ok = parseSizes(V, O.Points);
    else if (A == "--wave")
      Ok = parseSize(V, O.Wave);
    else if (A == "--hist-kb")
      Ok = parseSizes(V, O.HistKB);
    else if (A == "--hist-groups")
      Ok = parseSize(V, O.HistGroups);
    else if (A == "--text-kb")
      Ok = parseSize(V, O.TextKB);
    else if (A == "--match-groups")
      Ok = parseSizes(V, O.MatchGroups);
    else if (A == "--contention")
      Ok = parseSizes(V, O.Contention);
    else if (A == "--padding")
      Ok = parseSizes(V, O.Padding);
    else if (A == "--patterns")
      Ok = parseNames(V, {"contiguous", "cross-warp", "random"}, O.Patterns);
    else if (A == "--returns")
      Ok = parseNames(V, {"unused", "used"}, O.Returns);
    else if (A == "--cont-type")
      Ok = parseNames(V, {"uint", "ulong", "float"}, O.ContTypes);
    else if (A == "--cont-groups")
      Ok = parseSize(V, O.ContGroups);
    else if (A == "--cont-local")
      Ok = parseSize(V, O.ContLocal);
    else if (A == "--cont-iters")
      Ok = parseSize(V, O.ContIters);
    else if (A == "--mode")
      Ok = parseNames(V, {"coordinator", "combine", "direct", "auto"}, O.Modes);
    else if (A == "--original") {
      Ok = V == "yes" || V == "no" || V == "warp";
      O.Original = V != "no";
      O.WarpOriginal = V == "warp";
    } else
      Ok = false;
    if (!Ok) {
      Error = "bad argument '" + A + (HasValue ? " " + V : std::string()) + "'";
      return ParseResult::Bad;
    }
  }
  return ParseResult::Run;
}

} // namespace softatomic
