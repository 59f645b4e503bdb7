// sa-difftest: runs a kernel as written (native atomics) and as rewritten
// by softatomic-rewrite (software atomics), both through
// saEnqueueNDRangeKernel, on a real OpenCL device, and compares what they
// wrote. Used by the lit execution tests (test/exec), the randomized stress
// test (test/stress) and by the GPU runs.
//
//   sa-difftest ORIGINAL.cl REWRITTEN.cl --kernel NAME --global X[,Y[,Z]]
//       [--local X[,Y[,Z]]] [--offset X[,Y[,Z]]] [--build-options OPTS]
//       [--platform NAME] [--device NAME] [--repeat N]
//       --arg SPEC ...  (one per kernel parameter, in order)
//       [--check I:MODE ...] [--check-add OLD,TARGET,INC,COUNTERS]
//       [--check-sum TARGET,INC,COUNTERS]
//       [--check-exchange OLD,TARGET,NEW,COUNTERS] [--expect-error any|SA_CODE]
//       [--allow-error]
//       [--mode
//       coordinator|combine|direct|auto|private|both|all|profile|M1,M2,...]
//       [--native-once] [--no-native] [--with-original] [--report FILE]
//       [--expect-native] [--warp-program]
//   sa-difftest ORIGINAL.cl REWRITTEN.cl --cases FILE [--build-options OPTS]
//       [--platform NAME] [--device NAME] [other options, for every case]
//
// --cases runs many cases on the two programs, built once (the randomized
//   test, test/stress, runs hundreds): each line of FILE holds one case's
//   options, the ones from --kernel to --expect-error above, split at spaces
//   (no quoting); empty lines and lines starting with '#' are skipped. One
//   line "case N: PASS|FAIL ..." per case (N: its line number; a failure
//   adds what the single-case command line would print), then a summary;
//   the exit status is 1 if any case failed. Each case reproduces alone as
//   `sa-difftest ORIGINAL.cl REWRITTEN.cl [--build-options OPTS] <its line>`.
//
// SPEC (parsed, filled and compared by tool/support/KernelArgs.h, which
// softatomic-run shares):
//       buf:TYPE:COUNT[:INIT]  TYPE char|uchar|short|ushort|int|uint|long
//                                   |ulong|half|float|double, or a vector
//                                   of 2, 3, 4, 8 or 16 of one (uchar4)
//                              INIT zero|iota|fill=V|random=SEED[,MOD]
//                                   |file=PATH (raw bytes)
//                                   |same=I (argument I's own buffer)
//       scalar:TYPE:VALUE      local:BYTES
// MODE (per buffer argument I; default equal):
//   equal          byte-identical in both runs
//   multiset       the same values in some order
//   perm=B         both runs hold a permutation of B .. B+COUNT-1
//   range=LO,HI    every element of both runs within [LO, HI]
//   expect=PATH    the software run holds PATH's raw bytes (the native
//                  run, whose floats may sum in any order, is not compared)
//   ignore         not compared
// --check-add: OLD[i] is the value atom_add returned to item i, TARGET[i]
//   the COUNTERS element it added INC[i] to (0xffffffff: no call). Per
//   counter, sorting its calls by OLD must give a chain from the counter's
//   initial value to its final value: the adds were linearizable.
// --mode: the host runtime's modes the rewritten kernel runs in, each run
//   checked against the same native run (both: coordinator and combine;
//   all: coordinator, and combine where the rewrite compiled it in
//   (--combine-mode); then auto there, which runs direct (the kernel as
//   written) first and alternates between direct and combine over --repeat
//   runs before it keeps the faster; elsewhere direct. Default: all; and
//   coordinator with --expect-error, whose failures are the coordinator's).
//   A list (direct,combine,coordinator,auto,private) runs those, in that
//   order. private: the privatized form (SA_MODE_PRIVATE); "all" runs it
//   too where the manifest names a target for it.
// --native-once: the native kernel runs once, and every run is checked
//   against that run (a kernel as written that takes seconds a launch).
// --with-original: each software launch is given the kernel as written
//   too (saEnqueueNDRangeKernelWithOriginal), as the layer and
//   softatomic-run give it: the direct mode runs it, and the automatic mode
//   times it as the kernel as written.
// --no-native: the native kernel (still built) never runs: for a kernel as
//   written that would take minutes (a compare-exchange float loop on one
//   address, 2^24 times, on a GPU), where every buffer's check needs no
//   native run (ignore, expect=, range=); the kernel time line has no
//   native time.
// --mode profile: REWRITTEN.cl is a --profile rewrite, launched in the
//   profile mode (docs/PROFILE.md) until its profile has every step, with
//   --repeat rounds of timed launches; each launch is checked as the
//   other modes' are. --report writes the profile's JSON report to FILE
//   (the GPU runs' known-answer tests, where softatomic-run is not built).
// --check-exchange: OLD[i] is the value atom_xchg returned to item i,
//   TARGET[i] the COUNTERS element it wrote NEW[i] to (0xffffffff: no
//   call). Per counter, the values its calls returned and its final value
//   must be its initial value and the values written, each once: every
//   exchange saw the value the one before it wrote (the conformance
//   suite's check of atomic_xchg).
// --check-sum: as --check-add without the returned values (for adds whose
//   result the kernel discards): in each run, every counter must end at its
//   initial value plus the INC of every call TARGET names it in.
// --allow-error: a software run passes either with the checks above or by
//   ending with an error that the runtime reports (a device-side failure,
//   or a launch it refuses, such as on a device that runs one work-group at
//   a time): for kernels whose work-groups wait for each other, which the
//   coordinator mode can run only where the device holds them all at once,
//   and for runs with tiny limits. What matters is that the run ends. Unlike
//   --expect-error, every mode compiled in runs (see --mode).
// --expect-native: the rewritten file's kernel is one the rewrite kept as
//   written (--keep-native-on-error): the runtime must pass it through
//   natively, in each mode, beside the rewritten kernels of its program.
// --warp-program: REWRITTEN.cl is built as its warp program (with
//   -DSA_WARP_PROGRAM: docs/REWRITE.md), whose kernels are the kernels as
//   written with their calls rewritten, launched natively once per run on
//   the caller's NDRange: on NVIDIA each warp's 32-bit adds on one address
//   are one native atomic there.
#include "ClSession.h"
#include "KernelArgs.h"
#include "softatomic/Way.h"

#include <algorithm>
#include <cinttypes>
#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <map>
#include <numeric>
#include <optional>
#include <random>
#include <string>
#include <vector>

using namespace softatomic;

namespace {

struct Options {
  std::string Original, Rewritten, Kernel, BuildOptions, Platform, Device;
  std::vector<size_t> Global, Local, Offset;
  std::vector<ArgSpec> Args;
  std::vector<size_t> CheckAdd;      // OLD, TARGET, INC, COUNTERS
  std::vector<size_t> CheckSum;      // TARGET, INC, COUNTERS
  std::vector<size_t> CheckExchange; // OLD, TARGET, NEW, COUNTERS
  std::string ExpectError;
  bool AllowError = false;
  bool ExpectNative = false; // --expect-native
  std::string Mode;          // --mode; empty: the default
  bool WarpProgram = false;  // --warp-program
  bool NativeOnce = false;   // --native-once
  bool NoNative = false;     // --no-native
  bool WithOriginal = false; // --with-original
  std::string Cases;         // --cases FILE
  std::string Report;        // --report FILE
  int Repeat = 1;
};

/// "FILE:LINE: " while the lines of --cases are parsed.
std::string UsageWhere;

[[noreturn]] void usage(const std::string &Why) {
  std::fprintf(
      stderr,
      "sa-difftest: %s%s\n(see the comment at the top of sa-difftest.cpp)\n",
      UsageWhere.c_str(), Why.c_str());
  std::exit(2);
}

/// printf into a std::string.
__attribute__((format(printf, 1, 2))) std::string format(const char *Fmt, ...) {
  va_list Args, Again;
  va_start(Args, Fmt);
  va_copy(Again, Args);
  int N = std::vsnprintf(nullptr, 0, Fmt, Args);
  va_end(Args);
  std::string S(N > 0 ? (size_t)N : 0, '\0');
  if (N > 0)
    std::vsnprintf(&S[0], (size_t)N + 1, Fmt, Again);
  va_end(Again);
  return S;
}

std::vector<std::string> split(const std::string &S, char Sep) {
  return splitList(S, Sep);
}

std::vector<size_t> sizes(const std::string &S) {
  std::vector<size_t> V;
  std::string Error;
  if (!parseSizeList(S, V, Error))
    usage(Error);
  return V;
}

ArgSpec parseArg(const std::string &S) {
  ArgSpec A;
  std::string Error;
  if (!parseArgSpec(S, A, Error))
    usage(Error);
  return A;
}

/// A counter check's argument indices, "I,J,...": Count of them, else
/// Usage is the error.
std::vector<size_t> indexList(const std::string &List, size_t Count,
                              const std::string &Usage) {
  std::vector<size_t> Indices;
  for (const std::string &P : split(List, ','))
    Indices.push_back(std::strtoull(P.c_str(), nullptr, 0));
  if (Indices.size() != Count)
    usage(Usage);
  return Indices;
}

/// The options of one command line (Argv without the program name), or of
/// one line of --cases after the command line's own.
Options parseOptions(const std::vector<std::string> &Argv) {
  Options O;
  std::vector<std::string> Positional;
  std::vector<std::string> Checks;
  for (size_t I = 0; I < Argv.size(); ++I) {
    std::string A = Argv[I];
    auto Next = [&]() -> std::string {
      if (I + 1 >= Argv.size())
        usage(A + " needs a value");
      return Argv[++I];
    };
    if (A == "--kernel")
      O.Kernel = Next();
    else if (A == "--global")
      O.Global = sizes(Next());
    else if (A == "--local")
      O.Local = sizes(Next());
    else if (A == "--offset")
      O.Offset = sizes(Next());
    else if (A == "--build-options")
      O.BuildOptions = Next();
    else if (A == "--platform")
      O.Platform = Next();
    else if (A == "--device")
      O.Device = Next();
    else if (A == "--repeat")
      O.Repeat = std::max(1, std::atoi(Next().c_str()));
    else if (A == "--arg")
      O.Args.push_back(parseArg(Next()));
    else if (A == "--check")
      Checks.push_back(Next());
    else if (A == "--check-add")
      O.CheckAdd =
          indexList(Next(), 4, "--check-add needs OLD,TARGET,INC,COUNTERS");
    else if (A == "--check-exchange")
      O.CheckExchange = indexList(
          Next(), 4, "--check-exchange needs OLD,TARGET,NEW,COUNTERS");
    else if (A == "--check-sum")
      O.CheckSum =
          indexList(Next(), 3, "--check-sum needs TARGET,INC,COUNTERS");
    else if (A == "--expect-error")
      O.ExpectError = Next();
    else if (A == "--allow-error")
      O.AllowError = true;
    else if (A == "--expect-native")
      O.ExpectNative = true;
    else if (A == "--warp-program")
      O.WarpProgram = true;
    else if (A == "--native-once")
      O.NativeOnce = true;
    else if (A == "--no-native")
      O.NoNative = true;
    else if (A == "--with-original")
      O.WithOriginal = true;
    else if (A == "--mode") {
      O.Mode = Next();
      bool Known = O.Mode == "both" || O.Mode == "all" || O.Mode == "profile";
      bool Listed = true;
      for (const std::string &M : split(O.Mode, ',')) {
        std::optional<Way> W = wayNamed(M); // the host runtime's names
        Listed = Listed && W && *W != Way::Profile;
      }
      if (!Known && !Listed)
        usage("--mode must be coordinator, combine, direct, auto, private, "
              "both, all, profile, or a list of the first five "
              "(direct,auto)");
    } else if (A == "--report") {
      O.Report = Next();
    } else if (A == "--cases")
      O.Cases = Next();
    else if (!A.empty() && A[0] == '-')
      usage("unknown option " + A);
    else
      Positional.push_back(A);
  }
  if (Positional.size() != 2 ||
      (O.Cases.empty() && (O.Kernel.empty() || O.Global.empty())))
    usage("need ORIGINAL.cl REWRITTEN.cl --kernel NAME --global SIZE");
  O.Original = Positional[0];
  O.Rewritten = Positional[1];
  if (!O.Cases.empty())
    return O; // the cases bring the rest
  for (const std::string &C : Checks) {
    std::string Error;
    if (!applyCheckSpec(C, O.Args, Error))
      usage(Error);
  }
  for (auto [Indices, Option] :
       {std::pair{&O.CheckAdd, "--check-add"},
        std::pair{&O.CheckExchange, "--check-exchange"},
        std::pair{&O.CheckSum, "--check-sum"}})
    for (size_t I : *Indices)
      if (I >= O.Args.size() || O.Args[I].K != ArgSpec::Buffer)
        usage(std::string(Option) + " names an argument that is not a buffer");
  if (O.NoNative)
    for (size_t I = 0; I < O.Args.size(); ++I) {
      const std::string &C = O.Args[I].Check;
      if (O.Args[I].K == ArgSpec::Buffer && C != "ignore" &&
          C.rfind("expect=", 0) != 0 && C.rfind("range=", 0) != 0)
        usage("--no-native: argument " + std::to_string(I) + "'s check " + C +
              " compares with the native run (give it --check " +
              std::to_string(I) + ":ignore, expect=PATH or range=LO,HI)");
    }
  return O;
}

/// A buffer's contents as 64-bit values (sign-extended for int/long).
std::vector<int64_t> values(const ArgSpec &A, const Bytes &Contents) {
  return elementValues(A, Contents);
}

/// A buffer's initial contents, or a scalar's value; a bad INIT is a
/// usage error.
Bytes initialBytes(const ArgSpec &A) {
  Bytes Out;
  std::string Error;
  if (!softatomic::initialBytes(A, Out, Error))
    usage(Error);
  return Out;
}

void die(cl_int Err, const std::string &What) {
  std::fprintf(stderr, "sa-difftest: %s: %s %s\n", What.c_str(),
               saGetErrorString(Err), saGetLastErrorMessage());
  std::exit(1);
}

/// One run of one kernel: fresh buffers, one launch, buffers read back.
struct Run {
  std::vector<std::vector<unsigned char>> Out; // per argument (buffers only)
  double Millis = 0;
  cl_int Status = CL_SUCCESS; // saFinish's verdict
  std::string Message;
};

/// Original (--with-original): the kernel as written, given beside Kernel
/// (saEnqueueNDRangeKernelWithOriginal) as the layer and softatomic-run give
/// it; null: Kernel alone.
Run runOnce(ClSession &S, cl_kernel Kernel, const Options &O,
            cl_kernel Original = nullptr) {
  Run R;
  std::vector<Bytes> Initial(O.Args.size());
  for (size_t I = 0; I < O.Args.size(); ++I)
    if (O.Args[I].K != ArgSpec::Local)
      Initial[I] = initialBytes(O.Args[I]);
  LaunchBuffers Buffers;
  std::string What;
  cl_int Err = Buffers.create(S.Context, O.Args, Initial, What);
  if (Err == CL_SUCCESS)
    Err = Buffers.setArguments(Kernel, Initial, What);
  if (Err == CL_SUCCESS && Original)
    Err = Buffers.setArguments(Original, Initial, What);
  if (Err != CL_SUCCESS)
    die(Err, What);
  LaunchGeometry G(O.Global, O.Local, O.Offset);
  cl_event Done = nullptr;
  Err = Original
            ? saEnqueueNDRangeKernelWithOriginal(S.Queue, Kernel, Original,
                                                 G.Dim, G.offset(), G.Global,
                                                 G.local(), 0, nullptr, &Done)
            : saEnqueueNDRangeKernel(S.Queue, Kernel, G.Dim, G.offset(),
                                     G.Global, G.local(), 0, nullptr, &Done);
  if (Err != CL_SUCCESS && !O.AllowError)
    die(Err, "saEnqueueNDRangeKernel");
  if (Err != CL_SUCCESS) { // refused: reported like a device-side failure
    R.Status = Err;
    R.Message = saGetLastErrorMessage();
  } else {
    R.Status = saFinish(S.Queue);
    R.Message = saGetLastErrorMessage();
    R.Millis = eventMillis(Done);
    clReleaseEvent(Done);
  }
  R.Out = Buffers.read(S.Queue);
  return R;
}

/// Checks one buffer argument; returns an empty string when it passes. An
/// unknown check is a usage error.
std::string checkArg(const ArgSpec &A, const Bytes &Native, const Bytes &Soft) {
  if (std::optional<std::string> Problem = checkProblem(A.Check))
    usage(*Problem);
  return compareOutputs(A, Native, Soft);
}

/// The calls of the first Items work-items, as (item, counter) pairs, from
/// Target (0xffffffff or -1: the item made no call); empty, with Why set,
/// where an item names none of the Count counters.
std::vector<std::pair<size_t, size_t>>
callsOf(const std::vector<int64_t> &Target, size_t Items, size_t Count,
        std::string &Why) {
  std::vector<std::pair<size_t, size_t>> Calls;
  for (size_t I = 0; I < Items; ++I) {
    if ((uint64_t)Target[I] == 0xffffffffull || Target[I] == -1)
      continue;
    if (Target[I] < 0 || (size_t)Target[I] >= Count) {
      Why = "item " + std::to_string(I) + " names counter " +
            std::to_string(Target[I]);
      return {};
    }
    Calls.push_back({I, (size_t)Target[I]});
  }
  return Calls;
}

/// What one run's calls on counters left, for --check-add,
/// --check-exchange and --check-sum ([OLD,] TARGET, OPERAND, COUNTERS:
/// argument indices; --check-sum has no OLD): each call's returned value,
/// counter and operand; the counters' initial and final values; the
/// counters' width as a mask.
struct CounterCalls {
  std::vector<int64_t> Old, Target, Operand, Final, Initial;
  uint64_t Mask;
  CounterCalls(const Options &O, const Run &R,
               const std::vector<size_t> &Index) {
    auto out = [&](size_t I) { return values(O.Args[I], R.Out[I]); };
    size_t First = Index.size() - 3; // OLD's place, if any, comes first
    if (First)
      Old = out(Index[0]);
    Target = out(Index[First]);
    Operand = out(Index[First + 1]);
    size_t Counters = Index[First + 2];
    Final = out(Counters);
    Initial = values(O.Args[Counters], initialBytes(O.Args[Counters]));
    Mask = elementSize(O.Args[Counters].Type) == 4 ? 0xffffffffull : ~0ull;
  }
};

/// The linearizability check of --check-add, on one run.
std::string checkAdds(const Options &O, const Run &R) {
  CounterCalls K(O, R, O.CheckAdd);
  const std::vector<int64_t> &Old = K.Old, &Target = K.Target, &Inc = K.Operand,
                             &Final = K.Final, &Initial = K.Initial;
  uint64_t Mask = K.Mask;
  std::map<int64_t, std::vector<std::pair<uint64_t, uint64_t>>>
      Calls; // counter -> (old, inc)
  std::string Why;
  for (auto [I, Counter] : callsOf(Target, Old.size(), Final.size(), Why))
    Calls[(int64_t)Counter].push_back(
        {(uint64_t)Old[I] & Mask, (uint64_t)Inc[I] & Mask});
  if (!Why.empty())
    return Why;
  for (size_t C = 0; C < Final.size(); ++C) {
    std::vector<std::pair<uint64_t, uint64_t>> &L = Calls[(int64_t)C];
    std::sort(L.begin(), L.end());
    uint64_t Expect = (uint64_t)Initial[C] & Mask;
    for (auto &[OldV, IncV] : L) {
      if (OldV != Expect)
        return "counter " + std::to_string(C) + ": an add returned " +
               std::to_string(OldV) +
               " where the chain of earlier adds gives " +
               std::to_string(Expect);
      Expect = (Expect + IncV) & Mask;
    }
    if (Expect != ((uint64_t)Final[C] & Mask))
      return "counter " + std::to_string(C) + " ends at " +
             std::to_string(Final[C]) + " but its adds sum to " +
             std::to_string(Expect);
  }
  return "";
}

/// The check of --check-exchange, on one run.
std::string checkExchanges(const Options &O, const Run &R) {
  CounterCalls K(O, R, O.CheckExchange);
  const std::vector<int64_t> &Old = K.Old, &Target = K.Target, &New = K.Operand,
                             &Final = K.Final, &Initial = K.Initial;
  uint64_t Mask = K.Mask;
  // Per counter: what was seen (returned, or left at the end) and what was
  // there to be seen (the initial value, or written).
  std::vector<std::vector<uint64_t>> Seen(Final.size()), Put(Final.size());
  for (size_t C = 0; C < Final.size(); ++C) {
    Seen[C].push_back((uint64_t)Final[C] & Mask);
    Put[C].push_back((uint64_t)Initial[C] & Mask);
  }
  std::string Why;
  size_t Items = std::min({Old.size(), Target.size(), New.size()});
  for (auto [I, Counter] : callsOf(Target, Items, Final.size(), Why)) {
    Seen[Counter].push_back((uint64_t)Old[I] & Mask);
    Put[Counter].push_back((uint64_t)New[I] & Mask);
  }
  if (!Why.empty())
    return Why;
  for (size_t C = 0; C < Final.size(); ++C) {
    std::sort(Seen[C].begin(), Seen[C].end());
    std::sort(Put[C].begin(), Put[C].end());
    if (Seen[C] != Put[C])
      return "counter " + std::to_string(C) +
             ": the values its exchanges returned and its final value are "
             "not its initial value and the values written, each once";
  }
  return "";
}

/// The check of --check-sum, on one run.
std::string checkSums(const Options &O, const Run &R) {
  CounterCalls K(O, R, O.CheckSum);
  const std::vector<int64_t> &Target = K.Target, &Inc = K.Operand,
                             &Final = K.Final;
  std::vector<int64_t> Expect = K.Initial;
  uint64_t Mask = K.Mask;
  std::string Why;
  size_t Items = std::min(Target.size(), Inc.size());
  for (auto [I, Counter] : callsOf(Target, Items, Final.size(), Why))
    Expect[Counter] =
        (int64_t)(((uint64_t)Expect[Counter] + (uint64_t)Inc[I]) & Mask);
  if (!Why.empty())
    return Why;
  for (size_t C = 0; C < Final.size(); ++C)
    if (((uint64_t)Expect[C] & Mask) != ((uint64_t)Final[C] & Mask))
      return "counter " + std::to_string(C) + " ends at " +
             std::to_string(Final[C]) +
             " but its initial value and adds sum to " +
             std::to_string((uint64_t)Expect[C] & Mask);
  return "";
}

/// Builds the original as given, the rewritten one with the device's fast
/// paths too (saGetBuildOptions), as its warp program with --warp-program.
cl_program buildProgram(ClSession &S, const std::string &Path, const Options &O,
                        bool Rewritten) {
  std::string Error;
  std::string Options = O.BuildOptions;
  if (Rewritten && O.WarpProgram)
    Options += " -DSA_WARP_PROGRAM";
  cl_program P = S.build(
      Path, Rewritten ? S.rewrittenBuildOptions(Options) : Options, Error);
  if (!P) {
    std::fprintf(stderr, "sa-difftest: %s\n", Error.c_str());
    std::exit(1);
  }
  return P;
}

cl_kernel makeKernel(cl_program P, const std::string &Path,
                     const std::string &Name) {
  cl_int Err = CL_SUCCESS;
  cl_kernel K = clCreateKernel(P, Name.c_str(), &Err);
  if (Err != CL_SUCCESS)
    die(Err, "clCreateKernel " + Name + " in " + Path);
  return K;
}

/// The original kernel must reach the runtime as native, the other as
/// rewritten (as native with \p ExpectNative).
bool rewrittenAsExpected(cl_kernel Native, cl_kernel Soft, bool ExpectNative) {
  cl_bool NativeRewritten = CL_TRUE, SoftRewritten = ExpectNative;
  saIsKernelRewritten(Native, &NativeRewritten);
  saIsKernelRewritten(Soft, &SoftRewritten);
  if (NativeRewritten || (bool)SoftRewritten == ExpectNative) {
    std::fprintf(
        stderr,
        "sa-difftest: FAIL: the runtime sees the original as %s and the "
        "rewritten kernel as %s\n",
        NativeRewritten ? "rewritten" : "native",
        SoftRewritten ? "rewritten" : "native");
    return false;
  }
  return true;
}

/// Whether the rewritten file's manifest (its first line) says the
/// combining mode was compiled in.
/// Read once per file: --cases asks for every case.
bool combineCompiledIn(const std::string &Rewritten) {
  static std::map<std::string, bool> Known;
  auto [It, New] = Known.try_emplace(Rewritten, false);
  if (New) {
    std::ifstream File(Rewritten);
    std::string Manifest;
    std::getline(File, Manifest);
    It->second = Manifest.find("\"combine_mode\":true") != std::string::npos;
  }
  return It->second;
}

/// Whether the rewritten file's manifest names a target for the
/// privatized form.
bool privateTargetsIn(const std::string &Rewritten) {
  std::ifstream File(Rewritten);
  std::string Manifest;
  std::getline(File, Manifest);
  return Manifest.find("\"private_targets\"") != std::string::npos;
}

/// A mode of the host runtime, and its name (Way.h).
std::pair<cl_uint, const char *> modeOf(Way W) {
  return {apiModeOf(W), namesOf(W).Option};
}

/// The host runtime's modes a case runs the rewritten kernel in.
std::vector<std::pair<cl_uint, const char *>> modesOf(const Options &O) {
  // The warp program's kernels are native ones: one launch of each.
  if (O.WarpProgram)
    return {{SA_MODE_DIRECT, "warp program"}};
  std::string M = O.Mode;
  bool Combine = combineCompiledIn(O.Rewritten);
  if (M.empty()) // by default every mode the kernel has; with errors expected,
                 // the coordinator's
    M = O.ExpectError.empty() ? "all" : "coordinator";
  std::vector<std::pair<cl_uint, const char *>> Modes;
  if (M.find(',') != std::string::npos) {
    for (const std::string &Name : split(M, ','))
      if (std::optional<Way> W = wayNamed(Name))
        Modes.push_back(modeOf(*W));
    return Modes;
  }
  if (M == "coordinator" || M == "both" || M == "all")
    Modes.push_back(modeOf(Way::Coordinator));
  if (M == "combine" || M == "both" || (M == "all" && Combine))
    Modes.push_back(modeOf(Way::Combining));
  // The privatized form, where the rewrite found a target for it.
  if (M == "private" ||
      (M == "all" && Combine && privateTargetsIn(O.Rewritten)))
    Modes.push_back(modeOf(Way::Private));
  // The kernel as written, which every rewritten kernel has; and the
  // automatic choice between it and the combining mode. Over --repeat runs
  // auto alternates between the two, starting as written, so where it
  // runs, "all" leaves the kernel as written to it (a run of each mode
  // more would cost the suite half again as long).
  if (M == "direct" || (M == "all" && !Combine))
    Modes.push_back(modeOf(Way::AsWritten));
  if (M == "auto" || (M == "all" && Combine))
    Modes.push_back(modeOf(Way::Auto));
  if (M == "profile")
    Modes.push_back(modeOf(Way::Profile));
  return Modes;
}

/// What the automatic mode has chosen for the case's kernel and geometry.
struct AutoChoice {
  cl_uint Mode = SA_MODE_AUTO;
  cl_uint Launches = 0; ///< timed before its choice
  double Ms = 0;        ///< their device time
};
AutoChoice autoChoice(ClSession &S, cl_kernel Kernel, const Options &O) {
  AutoChoice C;
  LaunchGeometry G(O.Global, O.Local, O.Offset);
  saGetAutoChoice(S.Queue, Kernel, G.Dim, G.Global, G.local(), &C.Mode,
                  &C.Launches, &C.Ms);
  return C;
}

/// The automatic mode's part of the "kernel time" line: its median after
/// its choice, and its learning apart; or, before a choice, its learning.
std::string autoTime(const AutoChoice &C, std::vector<double> Chosen,
                     double NativeMs) {
  std::string Learning =
      format("learning %u launches, %.3f ms", C.Launches, C.Ms);
  if (Chosen.empty())
    return ", auto still " + Learning;
  std::sort(Chosen.begin(), Chosen.end());
  double Ms = Chosen[Chosen.size() / 2];
  return format(", auto %.3f ms (%.2fx; %s after %s)", Ms,
                NativeMs > 0 ? Ms / NativeMs : 0.0,
                C.Mode == SA_MODE_COORDINATOR ? "coordinator"
                : C.Mode == SA_MODE_COMBINE   ? "combine"
                : C.Mode == SA_MODE_PRIVATE   ? "privatized"
                                              : "as written",
                Learning.c_str());
}

/// Runs one case, --repeat times: the native kernel, then the rewritten one
/// in each mode; appends to Report the lines the single-case command line
/// prints after its first. True if it passed.
bool runCase(ClSession &S, cl_kernel Native, cl_kernel Soft, const Options &O,
             std::vector<std::string> &Report) {
  bool Pass = true;
  auto Modes = modesOf(O);
  std::vector<double> NativeMs;
  std::vector<std::vector<double>> SoftMs(Modes.size());
  // The automatic mode's launches after its choice: what it costs once it
  // has learnt (its learning is reported apart).
  std::vector<double> AutoChosenMs;
  Run FirstNative; // each repetition's, or with --native-once the first
  if (O.NoNative)  // no run: its buffers empty, which no check it allows reads
    FirstNative.Out.assign(O.Args.size(), Bytes());
  // The profile mode runs until its profile has every step.
  bool Profile = O.Mode == "profile";
  if (Profile)
    saSetProfileRounds((cl_uint)O.Repeat);
  LaunchGeometry G(O.Global, O.Local, O.Offset);
  auto stepsLeft = [&] {
    cl_uint Left = 0;
    saGetProfileStepsLeft(S.Queue, Soft, G.Dim, G.Global, G.local(), &Left);
    return Left;
  };
  for (int Rep = 0;
       Pass && (Rep < O.Repeat || (Profile && Rep < 10000 && stepsLeft() > 0));
       ++Rep) {
    bool RunNative = !O.NoNative && (Rep == 0 || !O.NativeOnce);
    if (RunNative)
      FirstNative = runOnce(S, Native, O);
    const Run &N = FirstNative;
    if (N.Status != CL_SUCCESS) {
      Report.push_back(format("  native run failed: %s", N.Message.c_str()));
      return false;
    }
    if (RunNative)
      NativeMs.push_back(N.Millis);
    for (size_t M = 0; M < Modes.size() && Pass; ++M) {
      const char *Mode = Modes[M].second;
      saSetMode(Modes[M].first);
      cl_uint Chosen = autoChoice(S, Soft, O).Mode;
      Run W = runOnce(S, Soft, O, O.WithOriginal ? Native : nullptr);
      if (!O.ExpectError.empty()) {
        bool Matches = W.Status != CL_SUCCESS &&
                       (O.ExpectError == "any" ||
                        O.ExpectError == saGetErrorString(W.Status));
        Report.push_back(format("  software run (%s mode) reported: %s", Mode,
                                W.Status ? W.Message.c_str() : "success"));
        Pass = Pass && Matches;
        continue;
      }
      if (W.Status != CL_SUCCESS && O.AllowError) {
        Report.push_back(
            format("  software run (%s mode) reported (allowed): %s", Mode,
                   W.Message.c_str()));
        continue;
      }
      if (W.Status != CL_SUCCESS) {
        Report.push_back(format("  software run (%s mode) failed: %s", Mode,
                                W.Message.c_str()));
        Pass = false;
        break;
      }
      SoftMs[M].push_back(W.Millis);
      if (Modes[M].first == SA_MODE_AUTO && Chosen != SA_MODE_AUTO)
        AutoChosenMs.push_back(W.Millis);
      for (size_t I = 0; I < O.Args.size(); ++I) {
        if (O.Args[I].K != ArgSpec::Buffer)
          continue;
        std::string Why = checkArg(O.Args[I], N.Out[I], W.Out[I]);
        if (Rep == 0 || !Why.empty())
          Report.push_back(format("  %s: arg %zu %s[%zu] %-10s %s", Mode, I,
                                  O.Args[I].Type.c_str(), O.Args[I].Count,
                                  O.Args[I].Check.c_str(),
                                  Why.empty() ? "ok" : Why.c_str()));
        Pass = Pass && Why.empty();
      }
      // A check that each run must pass on its own, native and software.
      auto checkEachRun = [&](const char *What, auto Check) {
        for (const Run *R : {&N, (const Run *)&W}) {
          if (R == &N && (M != 0 || O.NoNative))
            continue; // the native run is checked once, where it ran
          std::string Why = Check(O, *R);
          if (Rep == 0 || !Why.empty())
            Report.push_back(format("  %s %s: %s", R == &N ? "native" : Mode,
                                    What, Why.empty() ? "ok" : Why.c_str()));
          Pass = Pass && Why.empty();
        }
      };
      if (!O.CheckAdd.empty())
        checkEachRun("adds linearizable", checkAdds);
      if (!O.CheckSum.empty())
        checkEachRun("counters sum their adds", checkSums);
      if (!O.CheckExchange.empty())
        checkEachRun("exchanges form a chain", checkExchanges);
    }
  }
  saSetMode(SA_MODE_COORDINATOR);
  if (O.ExpectError.empty() && Pass) {
    auto median = [](std::vector<double> V) {
      std::sort(V.begin(), V.end());
      return V[V.size() / 2];
    };
    double Nm = NativeMs.empty() ? 0 : median(NativeMs);
    std::string Line =
        NativeMs.empty()
            ? format("  kernel time (median of %d): no native run", O.Repeat)
            : format("  kernel time (median of %zu): native %.3f ms",
                     NativeMs.size(), Nm);
    for (size_t M = 0; M < Modes.size(); ++M) {
      if (SoftMs[M].empty()) { // every run reported an error (--allow-error)
        Line += format(", %s: error reported", Modes[M].second);
        continue;
      }
      if (Modes[M].first == SA_MODE_AUTO) {
        Line += autoTime(autoChoice(S, Soft, O), AutoChosenMs, Nm);
        Line +=
            format(", auto's %zu launches %.3f ms in all", SoftMs[M].size(),
                   std::accumulate(SoftMs[M].begin(), SoftMs[M].end(), 0.0));
        continue;
      }
      double Sm = median(SoftMs[M]);
      Line += Nm > 0
                  ? format(", %s %.3f ms (%.2fx)", Modes[M].second, Sm, Sm / Nm)
                  : format(", %s %.3f ms", Modes[M].second, Sm);
    }
    Report.push_back(Line);
  }
  Report.push_back(Pass ? "PASS" : "FAIL");
  return Pass;
}

/// --cases: every line of the file on the two programs, built once.
int runCases(ClSession &S, const std::vector<std::string> &Common,
             const Options &First) {
  std::string Text;
  if (!readFile(First.Cases, Text)) {
    std::fprintf(stderr, "sa-difftest: cannot read %s\n", First.Cases.c_str());
    return 1;
  }
  // Every line is parsed before anything runs: a bad one is a usage error.
  std::vector<std::pair<size_t, Options>> Cases;
  std::vector<std::string> Lines = split(Text, '\n');
  for (size_t L = 0; L < Lines.size(); ++L) {
    std::vector<std::string> Argv = Common;
    size_t Before = Argv.size();
    std::string Word;
    for (char C : Lines[L] + " ") {
      if (C == ' ' || C == '\t' || C == '\r') {
        if (!Word.empty())
          Argv.push_back(Word);
        Word.clear();
      } else {
        Word += C;
      }
    }
    if (Argv.size() == Before || Argv[Before][0] == '#')
      continue;
    UsageWhere = First.Cases + ":" + std::to_string(L + 1) + ": ";
    for (size_t I = Before; I < Argv.size(); ++I)
      if (Argv[I] == "--cases" || Argv[I] == "--build-options" ||
          Argv[I] == "--platform" || Argv[I] == "--device")
        usage(Argv[I] + " belongs on the command line, not in a case");
    Cases.push_back({L + 1, parseOptions(Argv)});
    Cases.back().second.Cases.clear();
  }
  UsageWhere.clear();

  cl_program NativeProgram = buildProgram(S, First.Original, First, false);
  cl_program SoftProgram = buildProgram(S, First.Rewritten, First, true);
  std::map<std::string, std::pair<cl_kernel, cl_kernel>> Kernels; // by name
  std::printf("sa-difftest: %zu cases from %s on '%s' (%s)\n", Cases.size(),
              First.Cases.c_str(), S.DeviceName.c_str(),
              S.PlatformName.c_str());
  std::fflush(stdout);
  size_t Failed = 0;
  for (auto &[Line, O] : Cases) {
    auto It = Kernels.find(O.Kernel);
    if (It == Kernels.end()) {
      std::pair<cl_kernel, cl_kernel> K = {
          makeKernel(NativeProgram, O.Original, O.Kernel),
          makeKernel(SoftProgram, O.Rewritten, O.Kernel)};
      if (!rewrittenAsExpected(K.first, K.second,
                               O.ExpectNative || O.WarpProgram))
        return 1;
      It = Kernels.emplace(O.Kernel, K).first;
    }
    std::vector<std::string> Report;
    bool Pass = runCase(S, It->second.first, It->second.second, O, Report);
    std::string Time;
    for (const std::string &R : Report)
      if (R.rfind("  kernel time", 0) == 0)
        Time = ": " + R.substr(R.find("native"));
    std::printf(
        "case %zu: %s kernel '%s' global %s local %s%s\n", Line,
        Pass ? "PASS" : "FAIL", O.Kernel.c_str(), joinSizes(O.Global).c_str(),
        O.Local.empty() ? "-" : joinSizes(O.Local).c_str(), Time.c_str());
    if (!Pass) {
      ++Failed;
      for (const std::string &R : Report)
        std::printf("%s\n", R.c_str());
    }
    std::fflush(stdout);
  }
  std::printf("sa-difftest: %zu cases: %zu passed, %zu failed\n", Cases.size(),
              Cases.size() - Failed, Failed);
  for (auto &[Name, K] : Kernels) {
    clReleaseKernel(K.first);
    clReleaseKernel(K.second);
  }
  clReleaseProgram(NativeProgram);
  clReleaseProgram(SoftProgram);
  return Failed ? 1 : 0;
}

} // namespace

int main(int Argc, char **Argv) {
  std::vector<std::string> Args(Argv + 1, Argv + Argc);
  Options O = parseOptions(Args);
  ClSession S;
  std::string Error;
  if (!S.open(O.Platform, O.Device, Error)) {
    std::fprintf(stderr, "sa-difftest: %s\n", Error.c_str());
    return 1;
  }
  if (!O.Cases.empty()) {
    std::vector<std::string> Common; // the command line without --cases FILE
    for (size_t I = 0; I < Args.size(); ++I) {
      if (Args[I] == "--cases")
        ++I;
      else
        Common.push_back(Args[I]);
    }
    return runCases(S, Common, O);
  }
  cl_program NativeProgram = buildProgram(S, O.Original, O, false);
  cl_program SoftProgram = buildProgram(S, O.Rewritten, O, true);
  cl_kernel Native = makeKernel(NativeProgram, O.Original, O.Kernel);
  cl_kernel Soft = makeKernel(SoftProgram, O.Rewritten, O.Kernel);
  if (!rewrittenAsExpected(Native, Soft, O.ExpectNative || O.WarpProgram))
    return 1;

  std::printf("sa-difftest: kernel '%s' on '%s' (%s), global", O.Kernel.c_str(),
              S.DeviceName.c_str(), S.PlatformName.c_str());
  for (size_t G : O.Global)
    std::printf(" %zu", G);
  std::printf("\n");

  std::vector<std::string> Report;
  bool Pass = runCase(S, Native, Soft, O, Report);
  for (const std::string &R : Report)
    std::printf("%s\n", R.c_str());
  if (!O.Report.empty()) {
    std::string Json;
    cl_int Err = profileReport(SA_PROFILE_JSON, Json);
    std::ofstream Out(O.Report);
    Out << Json;
    if (Err != CL_SUCCESS || !Out) {
      std::printf("sa-difftest: no profile report in %s: %s\n",
                  O.Report.c_str(), saGetLastErrorMessage());
      Pass = false;
    }
  }
  clReleaseKernel(Native);
  clReleaseKernel(Soft);
  clReleaseProgram(NativeProgram);
  clReleaseProgram(SoftProgram);
  return Pass ? 0 : 1;
}
