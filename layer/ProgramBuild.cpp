// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- ProgramBuild.cpp - clBuildProgram of a program from source ---------===//

#include "ProgramBuild.h"
#include "BuildFlags.h"
#include "ClQueries.h"
#include "EntryPoint.h"
#include "ExitWork.h"
#include "LayerConfig.h"
#include "LayerLog.h"
#include "LayerProfile.h"
#include "LayerReport.h"
#include "ProgramRewrite.h"
#include "RealOpenCL.h"
#include "ShadowProgram.h"
#include "softatomic/HostConfig.h"
#include "softatomic/softatomic.h"
#include <atomic>
#include <chrono>
#include <cstdlib>
#include <exception>
#include <mutex>
#include <set>
#include <vector>

namespace softatomic {
namespace layer {

namespace {

/// A shadow built for one clBuildProgram, not yet the program's.
struct ShadowCandidate {
  /// Null when the program is to run natively after this build.
  cl_program Shadow = nullptr;
  /// Its warp program, where the devices have NVIDIA's warp path.
  cl_program Warp = nullptr;
  std::map<std::string, unsigned> Kernels;
  /// Why it runs natively, or what happens to each kernel (logged if the
  /// application's build succeeds).
  std::string NativeReason;
  std::vector<std::string> KernelEvents;
};

/// The names of SOFTATOMIC_LAYER_KERNELS that some rewritten program's
/// kernel had; the others are named once, at exit.
struct MatchedKernelNames {
  std::mutex Mutex;
  std::set<std::string> Names;
};
MatchedKernelNames &matchedKernelNames() {
  // Never destroyed: read by the exit handler.
  static MatchedKernelNames *Matched = new MatchedKernelNames;
  return *Matched;
}

/// At exit: each name of SOFTATOMIC_LAYER_KERNELS that no kernel of a
/// rewritten program had (a misspelt name otherwise selects nothing,
/// silently).
void logUnmatchedKernelNames() {
  MatchedKernelNames &Matched = matchedKernelNames();
  std::lock_guard<std::mutex> Lock(Matched.Mutex);
  for (const std::string &Name : config().SelectedKernels)
    if (!Matched.Names.count(Name))
      warnEvent("SOFTATOMIC_LAYER_KERNELS: no kernel named '" + Name +
                "' in the programs the layer rewrote");
}

/// The kernels of \p Candidate's shadow to create from it (selected by the
/// configuration), and what happens to each of the program's kernels.
void selectKernels(ShadowCandidate &Candidate, const ProgramRewrite &Rewrite,
                   const std::vector<std::string> &AllKernels) {
  for (const std::string &Name : AllKernels) {
    if (config().SelectedKernels.count(Name)) {
      MatchedKernelNames &Matched = matchedKernelNames();
      std::lock_guard<std::mutex> Lock(Matched.Mutex);
      Matched.Names.insert(Name);
    }
    auto Sites = Rewrite.AtomicSites.find(Name);
    auto Kept = Rewrite.NativeKernels.find(Name);
    std::string Event = "kernel '" + Name + "' ";
    if (Kept != Rewrite.NativeKernels.end()) {
      Event += "kept native beside the rewritten kernels: " + Kept->second;
    } else if (Sites == Rewrite.AtomicSites.end()) {
      Event += "left native: it reaches no global atomic";
    } else if (!config().selects(Name)) {
      Event += "left native: not in SOFTATOMIC_LAYER_KERNELS";
    } else {
      Candidate.Kernels.insert(*Sites);
      Event += "rewritten (" + std::to_string(Sites->second) + " atomic site" +
               (Sites->second == 1 ? "" : "s") + ")";
    }
    Candidate.KernelEvents.push_back(Event);
  }
}

/// Says at exit which kernel names selected nothing (what the variables
/// ask that the layer does not apply is said at its start: LayerStart).
void watchKernelNamesOnce() {
  static std::once_flag Once;
  std::call_once(Once, [] {
    if (!config().SelectedKernels.empty())
      std::atexit(atExitOfLoader<logUnmatchedKernelNames>);
  });
}

double millisecondsSince(std::chrono::steady_clock::time_point Start) {
  return std::chrono::duration<double, std::milli>(
             std::chrono::steady_clock::now() - Start)
      .count();
}

/// Rewrites and builds the shadow of \p Program for this build.
ShadowCandidate prepareShadow(cl_program Program, const ProgramRecord &Record,
                              cl_uint NumDevices, const cl_device_id *Devices,
                              const char *Options) {
  watchKernelNamesOnce();
  ShadowCandidate Candidate;
  auto Start = std::chrono::steady_clock::now();
  // The source parsed as the program's devices will compile it, but for
  // what SOFTATOMIC_LAYER_OPTIONS names (its problems are logged already).
  RewriteOptions RewriteAs = config().Options;
  RewriteAs.Device =
      commonDeviceProfile(buildDevices(Program, NumDevices, Devices));
  (void)applyRewriteOptions(RewriteAs, config().DeviceOptions);
  ProgramRewrite Rewrite = rewriteProgramSource(
      Record.Source, parseBuildFlags(Options), RewriteAs, Record.Id);
  noteRewrite(Record.Id, millisecondsSince(Start), Rewrite.FromCache);
  if (Rewrite.Changed && !config().ProfilePath.empty())
    keepProfiledSource(Record.Id, Record.Source);
  if (!Rewrite.Succeeded) {
    Candidate.NativeReason = Rewrite.Reason;
    // Said, as the same error in another mode keeps only its kernel native.
    if (!RewriteAs.KeepNativeOnError &&
        hostConfig().Mode == SA_MODE_COORDINATOR)
      Candidate.NativeReason +=
          " (SOFTATOMIC_MODE=coordinator rewrites a program whole or not at "
          "all: its atomics are not atomic with a native kernel's)";
    return Candidate;
  }
  if (!Rewrite.Changed) {
    Candidate.NativeReason = "no kernel reaches a global atomic";
    if (!Rewrite.NativeKernels.empty()) {
      const auto &[Name, Why] = *Rewrite.NativeKernels.begin();
      Candidate.NativeReason =
          "every kernel that reaches a global atomic is refused (kernel '" +
          Name + "': " + Why + ")";
    }
    return Candidate;
  }
  Start = std::chrono::steady_clock::now();
  Candidate.Shadow =
      buildShadowProgram(Program, Rewrite.Output, NumDevices, Devices, Options,
                         Candidate.NativeReason);
  noteShadowBuild(Record.Id, millisecondsSince(Start));
  if (!Candidate.Shadow)
    return Candidate;
  selectKernels(Candidate, Rewrite, kernelNames(Candidate.Shadow));
  if (Candidate.Kernels.empty()) {
    SA_REAL(clReleaseProgram)(Candidate.Shadow);
    Candidate.Shadow = nullptr;
    return Candidate;
  }
  Candidate.Warp = buildWarpProgram(Program, Rewrite.Output, NumDevices,
                                    Devices, Options, Candidate.KernelEvents);
  return Candidate;
}

/// One clBuildProgram: the candidate shadow, and what settles it.
struct PendingBuild {
  unsigned ProgramId = 0;
  ShadowCandidate Candidate;
  std::vector<cl_device_id> Devices;
  BuildNotify Notify = nullptr;
  void *UserData = nullptr;
  /// Set by the first of the application's notification and the return of
  /// a failed clBuildProgram, which settles the candidate.
  std::atomic<bool> Settled{false};
  /// The notification and clBuildProgram's caller; the last one deletes
  /// it. (A driver that never calls back after a failure leaks this.)
  std::atomic<int> Owners{2};
};

/// The program takes \p Build's candidate if \p Built (the application's
/// build succeeded); otherwise it keeps its shadow, and the candidate goes.
/// \p Failure says how the application's build failed.
void settle(cl_program Program, PendingBuild &Build, bool Built,
            const std::string &Failure) {
  if (Build.Settled.exchange(true))
    return;
  ShadowCandidate &Candidate = Build.Candidate;
  if (!Built) {
    logProgramEvent(Build.ProgramId,
                    "the application's own build failed (" + Failure +
                        "): the software path is not used for this build; "
                        "the program's kernels stay what its last "
                        "successful build made them");
    for (cl_program P : {Candidate.Shadow, Candidate.Warp})
      if (P)
        SA_REAL(clReleaseProgram)(P);
    return;
  }
  for (const std::string &Event : Candidate.KernelEvents)
    logProgramEvent(Build.ProgramId, Event);
  if (!Candidate.Shadow && !Candidate.NativeReason.empty())
    logProgramEvent(Build.ProgramId, "left native: " + Candidate.NativeReason);
  auto Old = state().setShadow(Program, Candidate.Shadow, Candidate.Warp,
                               std::move(Candidate.Kernels));
  for (cl_program P : {Old.first, Old.second})
    if (P)
      SA_REAL(clReleaseProgram)(P);
}

void release(PendingBuild *Build) {
  if (--Build->Owners == 0)
    delete Build;
}

/// \p Status (clBuildProgram's), in words, with the first line of the
/// build log where the compiler failed.
std::string buildFailure(cl_program Program, const PendingBuild &Build,
                         cl_int Status) {
  std::string Failure = saGetErrorString(Status);
  if (Status == CL_BUILD_PROGRAM_FAILURE && !Build.Devices.empty())
    Failure += ": " + buildLogLine(Program, Build.Devices.front());
  return Failure;
}

/// Whether \p Program is built for every device of \p Build.
bool builtForAll(cl_program Program, const PendingBuild &Build) {
  for (cl_device_id Device : Build.Devices) {
    cl_build_status Status = CL_BUILD_NONE;
    if (clGetProgramBuildInfo(Program, Device, CL_PROGRAM_BUILD_STATUS,
                              sizeof Status, &Status, nullptr) != CL_SUCCESS ||
        Status != CL_BUILD_SUCCESS)
      return false;
  }
  return !Build.Devices.empty();
}

/// The application's notification, wrapped: the build is over, settled
/// first, so that the application's callback finds the kernels it built.
/// The driver calls it, from C: guarded like an entry point, and the
/// application's notification comes whatever the layer's part did.
void CL_CALLBACK notifyAfterBuild(cl_program Program, void *Data) {
  auto *Build = static_cast<PendingBuild *>(Data);
  guarded("clBuildProgram's notification", [&] {
    bool Built = builtForAll(Program, *Build);
    settle(Program, *Build, Built,
           Built ? ""
                 : buildFailure(Program, *Build, CL_BUILD_PROGRAM_FAILURE));
  });
  Build->Notify(Program, Build->UserData);
  release(Build);
}

} // namespace

cl_int buildWithShadow(cl_program Program, const ProgramRecord &Record,
                       cl_uint NumDevices, const cl_device_id *Devices,
                       const char *Options, BuildNotify Notify,
                       void *UserData) {
  auto *Build = new PendingBuild;
  Build->ProgramId = Record.Id;
  Build->Devices = buildDevices(Program, NumDevices, Devices);
  Build->Notify = Notify;
  Build->UserData = UserData;
  try {
    Build->Candidate =
        prepareShadow(Program, Record, NumDevices, Devices, Options);
  } catch (const std::exception &Error) { // never into the application
    Build->Candidate.NativeReason = Error.what();
  }
  // The application's own program is built as it asked, so that its build
  // status, log and binaries are what they would be without the layer.
  cl_int Status = SA_REAL(clBuildProgram)(Program, NumDevices, Devices, Options,
                                          Notify ? notifyAfterBuild : nullptr,
                                          Notify ? Build : nullptr);
  // Without a notification the build is over. With one, a build that
  // returns CL_SUCCESS may still run; the notification settles it.
  if (!Notify || Status != CL_SUCCESS)
    settle(Program, *Build, Status == CL_SUCCESS,
           buildFailure(Program, *Build, Status));
  if (!Notify)
    delete Build;
  else
    release(Build);
  return Status;
}

} // namespace layer
} // namespace softatomic
