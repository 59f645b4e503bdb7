// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// SA_MODE_AUTO. The kernel as written (the application's, its warp
// program's, the rewritten kernel's) and the combining mode take part: in
// each, every write to an atomic's target is a native atomic. So does the
// coordinator mode, for a kernel whose work-items never wait on one
// another: a launch that completes has applied all its updates, and the
// rewritten launches of a device run one after another (LaunchOrder.h), so
// its software updates meet no native atomic of another launch.
#include "AutoMode.h"

#include "AutoChoice.h"
#include "ClQuery.h"
#include "Coresidency.h"
#include "DeviceRules.h"

#include "Error.h"
#include "softatomic/HostConfig.h"

#include <cstdio>
#include <map>
#include <mutex>
#include <tuple>
#include <vector>

namespace softatomic {
namespace {

/// Events held per kernel and geometry at most: a kernel whose launches
/// never complete is not timed further.
constexpr size_t MaxPending = 8;

/// A kernel at a geometry on a device, with or without its warp program:
/// what one choice is for.
struct Key {
  cl_program Program;
  std::string Name;
  cl_device_id Device;
  size_t Global[3];
  size_t Local[3];
  bool WarpProgram;
  bool Original;
  bool operator<(const Key &O) const {
    return std::tie(Program, Name, Device, Global[0], Global[1], Global[2],
                    Local[0], Local[1], Local[2], WarpProgram, Original) <
           std::tie(O.Program, O.Name, O.Device, O.Global[0], O.Global[1],
                    O.Global[2], O.Local[0], O.Local[1], O.Local[2],
                    O.WarpProgram, O.Original);
  }
};

struct Choice {
  explicit Choice(const AutoWays &Ways) : Decide(Ways) {}
  AutoChoice Decide;
  std::vector<std::pair<Way, cl_event>> Pending; ///< launches to time
  bool Said = false; ///< why it cannot measure, said once
};

struct AutoState {
  std::mutex Lock;
  std::map<Key, Choice> Choices;
};
AutoState &state() {
  static AutoState State;
  return State;
}

Key keyOf(cl_command_queue Queue, cl_kernel Kernel, const AutoLaunch &Given,
          cl_uint WorkDim, const size_t *Global, const size_t *Local) {
  Key K{};
  K.WarpProgram = Given.WarpProgram;
  K.Original = Given.Original;
  clGetKernelInfo(Kernel, CL_KERNEL_PROGRAM, sizeof K.Program, &K.Program,
                  nullptr);
  clGetCommandQueueInfo(Queue, CL_QUEUE_DEVICE, sizeof K.Device, &K.Device,
                        nullptr);
  K.Name = Given.Name;
  for (cl_uint D = 0; D < 3; ++D) {
    K.Global[D] = Global && D < WorkDim ? Global[D] : 1;
    K.Local[D] = Local && D < WorkDim ? Local[D] : 0;
  }
  return K;
}

/// Whether the coordinator mode may take part for Entry on Device: the
/// kernel's work-items never wait on one another, its program has no
/// kernel kept native, the device has a co-residency rule, and its rules
/// let the automatic mode use the coordinator (not on a CPU;
/// SOFTATOMIC_AUTO_COORDINATOR decides otherwise).
bool coordinatorWay(const RewrittenKernel &Entry, cl_device_id Device,
                    const size_t *Local, cl_uint WorkDim) {
  if (Entry.ItemsWait || Entry.PartialProgram)
    return false;
  if (!hostConfig().AutoCoordinator.value_or(
          deviceRules(Device).AutoCoordinator))
    return false;
  size_t Items = 1, Groups = 0;
  for (cl_uint D = 0; Local && D < WorkDim; ++D)
    Items *= Local[D];
  return coresidentGroups(Device, Items, Groups) == CL_SUCCESS;
}

/// The least device time a launch through the coordinator takes per user
/// group: each group makes one request at least, which the coordinator
/// serves in turn. On the H200 a float add on one address (one combined
/// request per group) took 0.123 ms over 1,024 groups; the same kernel on
/// 64 addresses, 0.023 ms combining, took 0.449 ms through the coordinator,
/// a launch the floor now spares.
constexpr double CoordinatorMsPerGroup = 1e-4;

/// The user's work-groups at this geometry (a local size not given counts
/// as one work-item: the floor only shrinks).
double userGroups(cl_uint WorkDim, const size_t *Global, const size_t *Local) {
  double Groups = 1;
  for (cl_uint D = 0; Global && D < WorkDim; ++D)
    Groups *= (double)Global[D] / (Local && Local[D] ? Local[D] : 1);
  return Groups;
}

/// The ways SA_MODE_AUTO times for Entry on Device.
AutoWays waysOf(const RewrittenKernel &Entry, const AutoLaunch &Given,
                cl_device_id Device, cl_uint WorkDim, const size_t *Global,
                const size_t *Local) {
  AutoWays Ways;
  Ways.WarpProgram = Given.WarpProgram;
  bool FloatLoops = Entry.FloatAddLoops > 0;
  Ways.RewrittenDirect =
      Given.Original && FloatLoops && Given.RewrittenDirectCompiled;
  Ways.AsWrittenLast = FloatLoops && (Given.Original ||
                                      !deviceRules(Device).FloatAddInstruction);
  Ways.Coordinator = coordinatorWay(Entry, Device, Local, WorkDim);
  Ways.Private = Given.Private;
  Ways.CoordinatorFloorMs =
      CoordinatorMsPerGroup * userGroups(WorkDim, Global, Local);
  return Ways;
}

/// Takes the times of the held launches that have completed; never waits.
void harvest(Choice &C) {
  for (size_t I = 0; I < C.Pending.size();) {
    auto [Ran, Event] = C.Pending[I];
    cl_int Status = CL_QUEUED;
    clGetEventInfo(Event, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof Status,
                   &Status, nullptr);
    if (Status != CL_COMPLETE && Status >= 0) {
      ++I;
      continue;
    }
    if (double Ms = Status == CL_COMPLETE ? deviceMs(Event) : -1; Ms >= 0)
      C.Decide.record(Ran, Ms);
    else
      C.Decide.forget(Ran);
    clReleaseEvent(Event);
    C.Pending.erase(C.Pending.begin() + I);
  }
}

/// Says what changed in C's choice, if anything, under SOFTATOMIC_VERBOSE.
void tell(Choice &C, const std::string &Name) {
  std::string News = C.Decide.takeNews();
  if (!News.empty() && hostConfig().Verbose)
    std::fprintf(stderr, "softatomic: kernel '%s': %s\n", Name.c_str(),
                 News.c_str());
}

} // namespace

cl_int launchAuto(cl_command_queue Queue, cl_kernel Kernel,
                  const RewrittenKernel &Entry, const AutoLaunch &Given,
                  cl_uint WorkDim, const size_t *Global, const size_t *Local,
                  cl_event *Event, const WayLaunch &Launch) {
  const std::string &Name = Given.Name;
  bool CombineCompiled = Entry.CombineMode;
  bool DirectCompiled = Given.DirectCompiled;
  Key K = keyOf(Queue, Kernel, Given, WorkDim, Global, Local);
  AutoState &S = state();
  Way Runs = Way::AsWritten;
  bool Measure = false;
  {
    std::lock_guard<std::mutex> Guard(S.Lock);
    auto [At, New] = S.Choices.try_emplace(
        K, waysOf(Entry, Given, K.Device, WorkDim, Global, Local));
    Choice &C = At->second;
    // Without the combining mode compiled in, or without the device's
    // times, nothing can be compared: the kernel as written never loses
    // to the original.
    const char *Why = !CombineCompiled ? "rewritten with --combine-mode=false"
                      : !queueProfiles(Queue)
                          ? "its queue has no CL_QUEUE_PROFILING_ENABLE"
                          : nullptr;
    if (!DirectCompiled) {
      // Built without the kernel as written (-DSA_NO_DIRECT): the
      // combining mode alone, where it is compiled in, else the
      // coordinator's, the program's only mode (every launch then runs in
      // it, so no native atomic meets a software one).
      Runs = CombineCompiled ? Way::Combining : Way::Coordinator;
    } else if (Why) {
      if (!C.Said && hostConfig().Verbose)
        std::fprintf(stderr,
                     "softatomic: kernel '%s': auto mode runs it as written "
                     "(%s, so it cannot be timed against the combining "
                     "mode)\n",
                     Name.c_str(), Why);
      C.Said = true;
    } else {
      if (New && hostConfig().Verbose)
        std::fprintf(stderr, "softatomic: kernel '%s': %s\n", Name.c_str(),
                     C.Decide.plan().c_str());
      harvest(C);
      tell(C, Name); // what the harvested times decided
      Runs = C.Decide.next();
      Measure = C.Pending.size() < MaxPending;
    }
  }
  cl_event Done = nullptr;
  cl_int Err = Launch(Runs, Measure || Event ? &Done : nullptr);
  if (Err != CL_SUCCESS || !Done)
    return Err;
  if (Event) {
    *Event = Done;
    if (Measure)
      clRetainEvent(Done); // one reference the caller's, one ours
  }
  if (Measure) {
    std::lock_guard<std::mutex> Guard(S.Lock);
    Choice &C = S.Choices.find(K)->second;
    C.Pending.push_back({Runs, Done});
    C.Decide.launched(Runs);
  }
  return CL_SUCCESS;
}

AutoStatus autoStatus(cl_command_queue Queue, cl_kernel Kernel, cl_uint WorkDim,
                      const size_t *Global, const size_t *Local) {
  AutoLaunch Given;
  Given.Name = kernelName(Kernel);
  Key K = keyOf(Queue, Kernel, Given, WorkDim, Global, Local);
  AutoStatus Status;
  AutoState &S = state();
  std::lock_guard<std::mutex> Guard(S.Lock);
  // Any of the kernel's choices at this geometry: with or without the
  // application's kernel or its warp program.
  for (auto &[Of, C] : S.Choices) {
    K.WarpProgram = Of.WarpProgram;
    K.Original = Of.Original;
    if (Of < K || K < Of)
      continue;
    harvest(C);
    // The kernel as written through another kernel is SA_MODE_DIRECT to
    // the caller.
    Status.Chosen = apiModeOf(C.Decide.chosen());
    Status.LearningLaunches = C.Decide.learningLaunches();
    Status.LearningMs = C.Decide.learningMs();
  }
  return Status;
}

void releaseAutoLaunches(cl_command_queue Queue) {
  AutoState &S = state();
  std::lock_guard<std::mutex> Guard(S.Lock);
  for (auto &Entry : S.Choices) {
    Choice &C = Entry.second;
    harvest(C); // what has completed is still a time
    for (size_t I = 0; I < C.Pending.size();) {
      auto [Ran, Event] = C.Pending[I];
      cl_command_queue Owner = nullptr;
      clGetEventInfo(Event, CL_EVENT_COMMAND_QUEUE, sizeof Owner, &Owner,
                     nullptr);
      if (Owner != Queue) {
        ++I;
        continue;
      }
      C.Decide.forget(Ran);
      clReleaseEvent(Event);
      C.Pending.erase(C.Pending.begin() + I);
    }
  }
}

} // namespace softatomic

extern "C" cl_int saGetAutoChoice(cl_command_queue Queue, cl_kernel Kernel,
                                  cl_uint WorkDim, const size_t *Global,
                                  const size_t *Local, cl_uint *Mode,
                                  cl_uint *Launches, double *Ms) {
  using namespace softatomic;
  if (!Mode)
    return fail(CL_INVALID_VALUE, "mode is NULL");
  AutoStatus Status = autoStatus(Queue, Kernel, WorkDim, Global, Local);
  *Mode = Status.Chosen;
  if (Launches)
    *Launches = Status.LearningLaunches;
  if (Ms)
    *Ms = Status.LearningMs;
  return succeed();
}
