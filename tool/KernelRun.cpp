// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- KernelRun.cpp - softatomic-run's runs of one kernel ----------------===//

#include "KernelRun.h"
#include "ClSession.h"
#include "LoadedRewriter.h"
#include "softatomic/softatomic.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include <algorithm>
#include <cstdarg>
#include <cstdio>
#include <optional>

using namespace llvm;

namespace softatomic {

namespace {

/// The most launches the profile makes, whatever the runtime still asks;
/// and the most in a row after which the steps it asks for have not gone
/// down.
constexpr unsigned MaxProfileLaunches = 10000;
constexpr unsigned MaxProfileStall = 100;

/// The width of the first column of the report (the longest mode name, and
/// then some).
constexpr int NameWidth = 14;

/// printf to stdout, flushed: each line shows as soon as it is known.
__attribute__((format(printf, 1, 2))) void say(const char *Fmt, ...) {
  va_list Args;
  va_start(Args, Fmt);
  std::vfprintf(stdout, Fmt, Args);
  va_end(Args);
  std::fflush(stdout);
}

void error(const std::string &Message) {
  std::fflush(stdout);
  std::fprintf(stderr, "softatomic-run: error: %s\n", Message.c_str());
}

/// "CODE: message" for a failed softatomic or OpenCL call.
std::string failure(cl_int Err) {
  std::string Message = saGetLastErrorMessage();
  return std::string(saGetErrorString(Err)) +
         (Message.empty() ? "" : ": " + Message);
}

/// One launch: its status, its time, what it left in the buffers.
struct Launch {
  cl_int Status = CL_SUCCESS;
  std::string Message; ///< Why it failed.
  double Millis = 0;
  std::vector<Bytes> Out;
};

/// The kernel's two forms, built, and the launches of either.
class KernelRunner {
public:
  KernelRunner(const RunOptions &O, ClSession &S)
      : O(O), S(S), G(O.Global, O.Local, O.Offset) {}

  cl_kernel Native = nullptr, Soft = nullptr;

  /// The kernel as written, through OpenCL alone.
  Launch native() const { return launch(false); }
  /// The rewritten kernel in the runtime's current mode (saSetMode).
  Launch soft() const { return launch(true); }

  /// What SA_MODE_AUTO has chosen for the rewritten kernel (SA_MODE_AUTO
  /// while it learns), and the launches and time its learning took.
  cl_uint autoChoice(cl_uint &Launches, double &Ms) const {
    cl_uint Mode = SA_MODE_AUTO;
    saGetAutoChoice(S.Queue, Soft, G.Dim, G.Global, G.local(), &Mode, &Launches,
                    &Ms);
    return Mode;
  }

  /// The work left to SA_MODE_PROFILE for the rewritten kernel.
  cl_int stepsLeft(cl_uint &Steps) const {
    return saGetProfileStepsLeft(S.Queue, Soft, G.Dim, G.Global, G.local(),
                                 &Steps);
  }

private:
  const RunOptions &O;
  ClSession &S;
  LaunchGeometry G;

  /// Fresh buffers (every launch changes them), one launch, read back. The
  /// rewritten kernel is launched with the original beside it, its
  /// arguments set alike: where a mode runs the kernel as written, the
  /// runtime enqueues the original itself, at native cost.
  Launch launch(bool Rewritten) const {
    Launch L;
    LaunchBuffers Buffers;
    std::string What;
    cl_int Err = Buffers.create(S.Context, O.Args, O.Initial, What);
    if (Err == CL_SUCCESS)
      Err = Buffers.setArguments(Native, O.Initial, What);
    if (Err == CL_SUCCESS && Rewritten)
      Err = Buffers.setArguments(Soft, O.Initial, What);
    if (Err != CL_SUCCESS) {
      L.Status = Err;
      L.Message = What + ": " + saGetErrorString(Err);
      return L;
    }
    cl_event Done = nullptr;
    if (Rewritten)
      Err = saEnqueueNDRangeKernelWithOriginal(S.Queue, Soft, Native, G.Dim,
                                               G.offset(), G.Global, G.local(),
                                               0, nullptr, &Done);
    else
      Err = clEnqueueNDRangeKernel(S.Queue, Native, G.Dim, G.offset(), G.Global,
                                   G.local(), 0, nullptr, &Done);
    if (Err != CL_SUCCESS) {
      L.Status = Err;
      L.Message = Rewritten ? failure(Err)
                            : std::string("clEnqueueNDRangeKernel: ") +
                                  saGetErrorString(Err);
      return L;
    }
    Err = Rewritten ? saFinish(S.Queue) : clFinish(S.Queue);
    if (Err != CL_SUCCESS) {
      L.Status = Err;
      L.Message = Rewritten ? failure(Err) : saGetErrorString(Err);
    }
    L.Millis = eventMillis(Done);
    clReleaseEvent(Done);
    L.Out = Buffers.read(S.Queue);
    return L;
  }
};

/// Why Run's outputs disagree with Reference's per the checks, naming the
/// first argument that does; empty when they agree.
std::string disagreement(const RunOptions &O, const Launch &Reference,
                         const Launch &Run, const std::string &RefName,
                         const std::string &RunName) {
  for (size_t I = 0; I < O.Args.size(); ++I) {
    const ArgSpec &A = O.Args[I];
    if (A.K != ArgSpec::Buffer)
      continue;
    std::string Why =
        compareOutputs(A, Reference.Out[I], Run.Out[I], RefName, RunName);
    if (!Why.empty())
      return "arg " + std::to_string(I) + " (" + A.Type + "[" +
             std::to_string(A.Count) + "], " + A.Check + "): " + Why;
  }
  return "";
}

/// Median, fastest and slowest of some times.
struct Times {
  double Median = 0, Min = 0, Max = 0;
  explicit Times(std::vector<double> V) {
    if (V.empty())
      return;
    std::sort(V.begin(), V.end());
    Median = V[V.size() / 2];
    Min = V.front();
    Max = V.back();
  }
};

/// "NAME  0.123 ms  (0.120-0.130, 5 runs)".
std::string timeColumns(const std::string &Name,
                        const std::vector<double> &Millis) {
  Times T(Millis);
  char Line[160];
  std::snprintf(Line, sizeof(Line), "%-*s%.3f ms  (%.3f-%.3f, %zu run%s)",
                NameWidth, Name.c_str(), T.Median, T.Min, T.Max, Millis.size(),
                Millis.size() == 1 ? "" : "s");
  return Line;
}

/// The directory of the kernel file, for the builds' -I (a program built
/// from source has no directory of its own).
std::string includeOption(const std::string &File) {
  SmallString<256> Dir(File);
  sys::fs::make_absolute(Dir);
  sys::path::remove_filename(Dir);
  if (Dir.str().find_first_of(" \t\"'\\") != StringRef::npos)
    return ""; // no quoting the build options would understand everywhere
  return "-I" + Dir.str().str();
}

/// The build options, with the kernel file's directory to include from.
std::string buildOptions(const RunOptions &O) {
  std::string Include = includeOption(O.File);
  if (Include.empty())
    return O.BuildOptions;
  return O.BuildOptions.empty() ? Include : O.BuildOptions + " " + Include;
}

cl_kernel makeKernel(cl_program Program, const std::string &Name,
                     const std::string &What) {
  cl_int Err = CL_SUCCESS;
  cl_kernel K = clCreateKernel(Program, Name.c_str(), &Err);
  if (Err != CL_SUCCESS) {
    error("no kernel '" + Name + "' in " + What + " (" + saGetErrorString(Err) +
          ")");
    return nullptr;
  }
  return K;
}

/// The runs of one session: native, then each mode, then the profile.
class Session {
public:
  Session(const RunOptions &O, ClSession &S, KernelRunner &Runner)
      : O(O), S(S), Runner(Runner) {}

  bool Failed = false;

  /// The native runs; false when the kernel as written cannot run.
  bool runNative() {
    std::vector<double> Millis;
    for (unsigned Rep = 0; Rep < O.Repeat; ++Rep) {
      Launch L = Runner.native();
      if (L.Status != CL_SUCCESS) {
        say("%-*sfailed in run %u: %s\n", NameWidth, "native", Rep + 1,
            L.Message.c_str());
        Failed = true;
        return false;
      }
      Millis.push_back(L.Millis);
      sayIfLong("native", Rep + 1, L.Millis);
      if (Rep == 0) {
        Reference = std::move(L);
        continue;
      }
      // Checks that the native runs themselves fail (a check too strict for
      // the kernel, or a wrong one) compare nothing: say so once.
      std::string Why = disagreement(O, Reference, L, "native",
                                     "native run " + std::to_string(Rep + 1));
      if (!Why.empty() && NativeDiffers.empty())
        NativeDiffers = "native run " + std::to_string(Rep + 1) + ": " + Why;
    }
    say("%s\n", timeColumns("native", Millis).c_str());
    NativeMedian = Times(Millis).Median;
    if (!NativeDiffers.empty()) {
      say("  the native runs fail the checks: %s (choose --check modes that "
          "every native run passes)\n",
          NativeDiffers.c_str());
      Failed = true;
    }
    return true;
  }

  /// Every mode --modes names, --repeat runs each.
  void runModes() {
    bool Coordinator = std::find(O.Modes.begin(), O.Modes.end(),
                                 "coordinator") != O.Modes.end();
    if (!Coordinator)
      say("%-*sskipped (not in --modes; --modes coordinator,combine,auto "
          "runs each mode)\n",
          NameWidth, "coordinator");
    else if (onCpu())
      say("%-*son a CPU device its coordinator group spins on a thread the "
          "other groups need: expect it far slower than on a GPU\n",
          NameWidth, "coordinator");
    for (Way W : RunModes) {
      const char *Name = namesOf(W).Option;
      if (std::find(O.Modes.begin(), O.Modes.end(), Name) != O.Modes.end())
        runMode(Name, apiModeOf(W));
    }
  }

  /// SA_MODE_PROFILE until the runtime has every step of the profile,
  /// each launch checked too; then its report.
  void runProfile() {
    cl_int Err = saSetMode(SA_MODE_PROFILE);
    if (Err == CL_SUCCESS)
      Err = saSetProfileRounds(O.Repeat);
    if (Err != CL_SUCCESS) {
      say("profile: failed: %s\n", failure(Err).c_str());
      Failed = true;
      return;
    }
    unsigned Launches = 0, Disagreed = 0, Stalled = 0;
    std::string FirstWhy;
    cl_uint Steps = 0, Fewest = ~0u;
    do {
      Launch L = Runner.soft();
      ++Launches;
      if (L.Status != CL_SUCCESS) {
        say("profile: failed in launch %u: %s\n", Launches, L.Message.c_str());
        Failed = true;
        return;
      }
      std::string Why = disagreement(O, Reference, L, "native", "profile");
      if (!Why.empty() && Disagreed++ == 0)
        FirstWhy = "launch " + std::to_string(Launches) + ": " + Why;
      Err = Runner.stepsLeft(Steps);
      Stalled = Steps < Fewest ? 0 : Stalled + 1;
      Fewest = std::min(Fewest, Steps);
    } while (Err == CL_SUCCESS && Steps > 0 && Launches < MaxProfileLaunches &&
             Stalled < MaxProfileStall);
    if (Err != CL_SUCCESS) {
      say("profile: failed: saGetProfileStepsLeft: %s\n", failure(Err).c_str());
      Failed = true;
      return;
    }
    say("profile: %u launch%s", Launches, Launches == 1 ? "" : "es");
    if (Disagreed) {
      say("  differs from native in %u of %u launches\n  %s\n", Disagreed,
          Launches, FirstWhy.c_str());
      Failed = true;
    } else {
      say("  agrees with native\n");
    }
    if (Steps > 0) {
      say("profile: failed: the runtime still asks for %u steps (no progress "
          "in %u launches, or %u launches in all)\n",
          Steps, MaxProfileStall, MaxProfileLaunches);
      Failed = true;
    }
    std::optional<std::string> Table = report(SA_PROFILE_TABLE);
    if (Table)
      say("%s%s", Table->c_str(),
          !Table->empty() && Table->back() != '\n' ? "\n" : "");
    if (O.ReportFile.empty())
      return;
    std::optional<std::string> Json = report(SA_PROFILE_JSON);
    if (!Json)
      return;
    std::error_code EC;
    raw_fd_ostream Out(O.ReportFile, EC);
    if (!EC) {
      Out << *Json;
      Out.close();
      EC = Out.error();
    }
    if (EC) {
      error("cannot write '" + O.ReportFile + "': " + EC.message());
      Failed = true;
      return;
    }
    say("profile: report written to %s\n", O.ReportFile.c_str());
  }

private:
  const RunOptions &O;
  ClSession &S;
  KernelRunner &Runner;
  Launch Reference; ///< The first native run: what every run is compared with.
  double NativeMedian = 0;
  std::string NativeDiffers;

  /// Whether the kernel runs on a CPU device.
  bool onCpu() const {
    cl_device_type Type = 0;
    clGetDeviceInfo(S.Device, CL_DEVICE_TYPE, sizeof Type, &Type, nullptr);
    return Type & CL_DEVICE_TYPE_CPU;
  }

  /// A launch of more than a second is said when it ends, so that a slow
  /// way does not look like a hang.
  void sayIfLong(const char *Name, unsigned Run, double Millis) {
    if (Millis > 1000)
      say("%-*srun %u took %.1f s\n", NameWidth, Name, Run, Millis / 1000);
  }

  /// SA_MODE_AUTO learns before it chooses: its runs go on until --repeat
  /// of them come after its choice (at most this many more), and only
  /// those are its time.
  static constexpr unsigned MaxLearningRuns = 16;

  void runMode(const char *Name, cl_uint Mode) {
    cl_int Err = saSetMode(Mode);
    if (Err != CL_SUCCESS) {
      say("%-*sfailed: %s\n", NameWidth, Name, failure(Err).c_str());
      Failed = true;
      return;
    }
    std::vector<double> Millis;
    unsigned Disagreed = 0, Runs = 0;
    std::string FirstWhy;
    cl_uint Learning = 0;
    double LearningMs = 0;
    bool Auto = Mode == SA_MODE_AUTO;
    while (Millis.size() < O.Repeat &&
           Runs < O.Repeat + (Auto ? MaxLearningRuns : 0)) {
      bool Chosen =
          !Auto || Runner.autoChoice(Learning, LearningMs) != SA_MODE_AUTO;
      Launch L = Runner.soft();
      ++Runs;
      if (L.Status != CL_SUCCESS) {
        say("%-*sfailed in run %u: %s\n", NameWidth, Name, Runs,
            L.Message.c_str());
        Failed = true;
        return;
      }
      sayIfLong(Name, Runs, L.Millis);
      if (Chosen)
        Millis.push_back(L.Millis);
      std::string Why = disagreement(O, Reference, L, "native", Name);
      if (!Why.empty() && Disagreed++ == 0)
        FirstWhy = "run " + std::to_string(Runs) + ": " + Why;
    }
    if (Auto)
      sayLearning(Learning, LearningMs, Millis.empty());
    if (Millis.empty()) {
      reportAgreement(Disagreed, Runs, FirstWhy);
      return;
    }
    double Median = Times(Millis).Median;
    say("%s  ", timeColumns(Name, Millis).c_str());
    if (NativeMedian > 0)
      say("%.2fx native  ", Median / NativeMedian);
    else
      say("-x native  ");
    reportAgreement(Disagreed, Runs, FirstWhy);
  }

  void reportAgreement(unsigned Disagreed, unsigned Runs,
                       const std::string &FirstWhy) {
    if (!Disagreed) {
      say("agrees with native\n");
      return;
    }
    say("differs from native in %u of %u runs\n  %s\n", Disagreed, Runs,
        FirstWhy.c_str());
    Failed = true;
  }

  /// The automatic mode's learning, apart from its time: what it chose,
  /// and what choosing cost.
  void sayLearning(cl_uint Launches, double Ms, bool StillLearning) {
    cl_uint Ignored = 0;
    double IgnoredMs = 0;
    cl_uint Chosen = Runner.autoChoice(Ignored, IgnoredMs);
    const char *Way = Chosen == SA_MODE_COORDINATOR ? "the coordinator mode"
                      : Chosen == SA_MODE_COMBINE   ? "the combining mode"
                                                    : "the kernel as written";
    if (StillLearning)
      say("%-*sstill learning after %u runs (%.3f ms); ", NameWidth, "auto",
          Launches, Ms);
    else
      say("%-*slearnt in %u runs (%.3f ms); chose %s; its time below is "
          "after its choice\n",
          NameWidth, "auto", Launches, Ms, Way);
  }

  /// The profile's report in Format, or nothing (said why).
  std::optional<std::string> report(cl_uint Format) {
    const char *What = Format == SA_PROFILE_JSON ? "JSON" : "table";
    std::string Text;
    if (cl_int Err = profileReport(Format, Text)) {
      say("profile: failed: saGetProfileReport (%s): %s\n", What,
          failure(Err).c_str());
      Failed = true;
      return std::nullopt;
    }
    return Text;
  }
};

/// The rewritten program built; nullptr with an error said.
cl_program buildRewritten(const RunOptions &O, ClSession &S,
                          const std::string &Source, const char *What,
                          std::string &Error) {
  return S.buildSource(O.File + " (" + What + ")", Source,
                       S.rewrittenBuildOptions(buildOptions(O)), Error);
}

/// The profile's runs, of the rewrite that names each site.
void runProfiledRewrite(const RunOptions &O, ClSession &S, KernelRunner &Runner,
                        Session &Runs) {
  std::string Error;
  // The profile needs the rewrite that names each site: one program
  // more, so that the modes above ran the rewrite a user gets.
  std::string Profiled, ProfileDiagnostics;
  cl_program ProfileProgram = nullptr;
  cl_kernel ProfileKernel = nullptr;
  if (!rewriteKernelFile(O, /*Profile=*/true, Profiled, ProfileDiagnostics)) {
    std::fputs(ProfileDiagnostics.c_str(), stderr);
    say("profile: failed: the rewrite with --profile failed\n");
    Runs.Failed = true;
  } else if (!(ProfileProgram = buildRewritten(
                   O, S, Profiled, "rewritten with --profile", Error))) {
    say("profile: failed: %s\n", Error.c_str());
    Runs.Failed = true;
  } else if ((ProfileKernel = makeKernel(ProfileProgram, O.Kernel,
                                         O.File + " (--profile)"))) {
    std::swap(Runner.Soft, ProfileKernel);
    Runs.runProfile();
    std::swap(Runner.Soft, ProfileKernel);
    clReleaseKernel(ProfileKernel);
  } else {
    Runs.Failed = true;
  }
  if (ProfileProgram)
    clReleaseProgram(ProfileProgram);
}

} // namespace

int runKernel(const RunOptions &O) {
  if (!sys::fs::exists(O.File) || sys::fs::is_directory(O.File)) {
    error("cannot read '" + O.File + "'");
    return 1;
  }
  // The rewrite first: a kernel file with errors needs no device.
  std::string Rewritten, Diagnostics;
  bool Ok = rewriteKernelFile(O, /*Profile=*/false, Rewritten, Diagnostics);
  std::fputs(Diagnostics.c_str(), stderr);
  if (!Ok) {
    error("cannot rewrite '" + O.File + "'");
    return 1;
  }

  ClSession S;
  std::string Error;
  if (!S.open(O.Platform, O.Device, Error)) {
    error(Error);
    return 1;
  }
  cl_program NativeProgram = S.build(O.File, buildOptions(O), Error);
  if (!NativeProgram) {
    error(Error);
    return 1;
  }
  cl_program SoftProgram = buildRewritten(O, S, Rewritten, "rewritten", Error);
  if (!SoftProgram) {
    error(Error);
    clReleaseProgram(NativeProgram);
    return 1;
  }

  KernelRunner Runner(O, S);
  int Status = 1;
  Runner.Native = makeKernel(NativeProgram, O.Kernel, O.File);
  if (Runner.Native)
    Runner.Soft = makeKernel(SoftProgram, O.Kernel, O.File + " (rewritten)");
  cl_uint NumArgs = 0;
  if (Runner.Soft)
    clGetKernelInfo(Runner.Native, CL_KERNEL_NUM_ARGS, sizeof(NumArgs),
                    &NumArgs, nullptr);
  if (Runner.Soft && NumArgs != O.Args.size()) {
    error("kernel '" + O.Kernel + "' takes " + std::to_string(NumArgs) +
          " argument" + (NumArgs == 1 ? "" : "s") + "; " +
          std::to_string(O.Args.size()) + " --arg given");
    Status = 2;
  } else if (Runner.Soft) {
    say("softatomic-run: kernel '%s' of %s on '%s' (%s), global %s, local "
        "%s\n",
        O.Kernel.c_str(), O.File.c_str(), S.DeviceName.c_str(),
        S.PlatformName.c_str(), joinSizes(O.Global).c_str(),
        O.Local.empty() ? "-" : joinSizes(O.Local).c_str());
    cl_bool IsRewritten = CL_FALSE;
    saIsKernelRewritten(Runner.Soft, &IsRewritten);
    if (!IsRewritten)
      say("note: the rewrite left kernel '%s' as written (it reaches no "
          "global atomic): every mode runs it natively\n",
          O.Kernel.c_str());
    Session Runs(O, S, Runner);
    if (Runs.runNative()) {
      Runs.runModes();
      if (O.Profile)
        runProfiledRewrite(O, S, Runner, Runs);
    }
    saSetMode(SA_MODE_AUTO);
    saFinish(S.Queue);
    saReleaseQueue(S.Queue);
    Status = Runs.Failed ? 1 : 0;
  }
  if (Runner.Soft)
    clReleaseKernel(Runner.Soft);
  if (Runner.Native)
    clReleaseKernel(Runner.Native);
  clReleaseProgram(NativeProgram);
  clReleaseProgram(SoftProgram);
  return Status;
}

} // namespace softatomic
