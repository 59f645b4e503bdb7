// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- LayerReport.cpp - What the layer did and what it cost --------------===//

#include "LayerReport.h"
#include "ExitWork.h"
#include "LayerLog.h"
#include "RealOpenCL.h"
#include <cstdio>
#include <cstdlib>
#include <map>
#include <mutex>
#include <utility>
#include <vector>

namespace softatomic {
namespace layer {

namespace {

struct ProgramCost {
  double RewriteMs = 0, ShadowBuildMs = 0;
  unsigned Rewrites = 0, CacheAnswers = 0, ShadowBuilds = 0;
};

struct KernelLaunches {
  unsigned long Software = 0, NativeFallbacks = 0;
  /// Of the software launches: those timed, their device time in total;
  /// those on a queue without profiling; those whose time could not be read
  /// (the launch failed, or was still running when its queue went).
  unsigned long Timed = 0, Unprofiled = 0, Unread = 0;
  double DeviceMs = 0;
};

using KernelKey = std::pair<unsigned, std::string>;

/// A software launch whose event the report holds until it has completed.
struct PendingLaunch {
  KernelKey Kernel;
  cl_command_queue Queue;
  cl_event Event;
};

/// Past this many events held, each launch also reads those that have
/// completed: an application that never calls clFinish or clWaitForEvents
/// (it waits on blocking reads) holds no more than that.
constexpr size_t CollectAtLaunch = 64;

struct Report {
  std::mutex Mutex;
  std::map<unsigned, ProgramCost> Programs;
  std::map<KernelKey, KernelLaunches> Kernels;
  std::vector<PendingLaunch> Pending;
};

/// Milliseconds, as the log prints them.
std::string ms(double Milliseconds) {
  char Text[32];
  std::snprintf(Text, sizeof Text, "%.1f ms", Milliseconds);
  return Text;
}

/// Milliseconds of device time: kernels may take microseconds.
std::string deviceMs(double Milliseconds) {
  char Text[32];
  std::snprintf(Text, sizeof Text, "%.3f ms", Milliseconds);
  return Text;
}

/// "1 launch", "2 launches".
std::string count(unsigned long N, const char *One, const char *Many) {
  return std::to_string(N) + " " + (N == 1 ? One : Many);
}

void logReport();

/// What the kernel line says of the software launches' device time.
std::string kernelTime(const KernelLaunches &L) {
  if (!L.Software)
    return "";
  if (!L.Timed)
    return L.Unread ? "; kernel time: not measured (launch failed or "
                      "unfinished when read)"
                    : "; kernel time: not measured (queue without profiling)";
  std::string Text = "; kernel time " + deviceMs(L.DeviceMs) + " (" +
                     count(L.Timed, "launch", "launches") +
                     " timed by profiling events";
  if (L.Unprofiled)
    Text +=
        ", " + std::to_string(L.Unprofiled) + " on a queue without profiling";
  if (L.Unread)
    Text += ", " + std::to_string(L.Unread) + " not read";
  return Text + ")";
}

/// The process's report, its exit handler registered with the first note.
/// Never destroyed: the exit handler reads it.
Report &report() {
  static Report *The = [] {
    Report *R = new Report;
    std::atexit(atExitOfLoader<logReport>);
    return R;
  }();
  return *The;
}

void logReport() {
  // What has completed by now is read; nothing is waited for at exit.
  collectLaunchTimes(nullptr);
  Report &R = report();
  std::lock_guard<std::mutex> Lock(R.Mutex);
  for (const PendingLaunch &P : R.Pending) // still running: kept, unread
    ++R.Kernels[P.Kernel].Unread;
  R.Pending.clear();
  for (const auto &[Id, Cost] : R.Programs) {
    std::string Line = "program " + std::to_string(Id) + ": cost: ";
    if (Cost.Rewrites)
      Line += count(Cost.Rewrites, "rewrite", "rewrites") + " " +
              ms(Cost.RewriteMs);
    if (Cost.CacheAnswers)
      Line += std::string(Cost.Rewrites ? ", " : "") +
              count(Cost.CacheAnswers, "rewrite", "rewrites") +
              " from the cache";
    if (Cost.ShadowBuilds)
      Line += ", " + count(Cost.ShadowBuilds, "shadow build", "shadow builds") +
              " " + ms(Cost.ShadowBuildMs);
    logEvent(Line);
  }
  for (const auto &[Key, Launches] : R.Kernels)
    logEvent(
        "program " + std::to_string(Key.first) + ": kernel '" + Key.second +
        "': " + count(Launches.Software, "launch", "launches") +
        " through the software runtime, " +
        count(Launches.NativeFallbacks, "native fallback", "native fallbacks") +
        kernelTime(Launches));
}

/// The device time of a completed launch's \p Event in milliseconds, or a
/// negative number when it cannot be read.
double deviceMillis(cl_event Event) {
  cl_ulong Start = 0, End = 0;
  auto Profile = SA_REAL(clGetEventProfilingInfo);
  if (Profile(Event, CL_PROFILING_COMMAND_START, sizeof Start, &Start,
              nullptr) != CL_SUCCESS ||
      Profile(Event, CL_PROFILING_COMMAND_END, sizeof End, &End, nullptr) !=
          CL_SUCCESS ||
      End < Start)
    return -1;
  return (End - Start) / 1e6;
}

} // namespace

void noteRewrite(unsigned ProgramId, double Milliseconds, bool FromCache) {
  Report &R = report();
  std::lock_guard<std::mutex> Lock(R.Mutex);
  ProgramCost &Cost = R.Programs[ProgramId];
  if (FromCache) {
    ++Cost.CacheAnswers;
  } else {
    ++Cost.Rewrites;
    Cost.RewriteMs += Milliseconds;
  }
}

void noteShadowBuild(unsigned ProgramId, double Milliseconds) {
  Report &R = report();
  std::lock_guard<std::mutex> Lock(R.Mutex);
  ProgramCost &Cost = R.Programs[ProgramId];
  ++Cost.ShadowBuilds;
  Cost.ShadowBuildMs += Milliseconds;
}

void noteLaunch(unsigned ProgramId, const std::string &Name, bool Software) {
  Report &R = report();
  std::lock_guard<std::mutex> Lock(R.Mutex);
  KernelLaunches &Launches = R.Kernels[{ProgramId, Name}];
  ++(Software ? Launches.Software : Launches.NativeFallbacks);
}

bool queueProfiles(cl_command_queue Queue) {
  cl_command_queue_properties Properties = 0;
  return SA_REAL(clGetCommandQueueInfo)(Queue, CL_QUEUE_PROPERTIES,
                                        sizeof Properties, &Properties,
                                        nullptr) == CL_SUCCESS &&
         (Properties & CL_QUEUE_PROFILING_ENABLE);
}

void noteLaunchTime(unsigned ProgramId, const std::string &Name,
                    cl_command_queue Queue, cl_event Event) {
  Report &R = report();
  size_t Held;
  {
    std::lock_guard<std::mutex> Lock(R.Mutex);
    if (!Event) {
      ++R.Kernels[{ProgramId, Name}].Unprofiled;
      return;
    }
    R.Pending.push_back({{ProgramId, Name}, Queue, Event});
    Held = R.Pending.size();
  }
  if (Held > CollectAtLaunch)
    collectLaunchTimes(nullptr);
}

void collectLaunchTimes(cl_command_queue Queue, bool Released) {
  Report &R = report();
  // Taken out of the list, so that no lock is held while OpenCL runs;
  // what is still running goes back.
  std::vector<PendingLaunch> Taken, Running;
  {
    std::lock_guard<std::mutex> Lock(R.Mutex);
    auto Mine = [&](const PendingLaunch &P) {
      return !Queue || P.Queue == Queue;
    };
    for (PendingLaunch &P : R.Pending)
      (Mine(P) ? Taken : Running).push_back(P);
    if (Taken.empty())
      return;
    R.Pending.swap(Running);
    Running.clear();
  }
  std::vector<std::pair<KernelKey, double>> Read; // negative: not readable
  for (PendingLaunch &P : Taken) {
    cl_int Status = CL_QUEUED;
    if (SA_REAL(clGetEventInfo)(P.Event, CL_EVENT_COMMAND_EXECUTION_STATUS,
                                sizeof Status, &Status, nullptr) != CL_SUCCESS)
      Status = -1; // no status: nothing more will come of it
    if (Status > CL_COMPLETE && !Released) {
      Running.push_back(P);
      continue;
    }
    Read.emplace_back(P.Kernel,
                      Status == CL_COMPLETE ? deviceMillis(P.Event) : -1.0);
    SA_REAL(clReleaseEvent)(P.Event);
  }
  std::lock_guard<std::mutex> Lock(R.Mutex);
  for (const auto &[Key, Ms] : Read) {
    KernelLaunches &Launches = R.Kernels[Key];
    if (Ms < 0) {
      ++Launches.Unread;
    } else {
      ++Launches.Timed;
      Launches.DeviceMs += Ms;
    }
  }
  R.Pending.insert(R.Pending.end(), Running.begin(), Running.end());
}

} // namespace layer
} // namespace softatomic
