// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "DeviceStatus.h"

#include "AutoMode.h"
#include "ProfileMode.h"

#include "Error.h"
#include "LaunchOrder.h"
#include "softatomic/HostConfig.h"
#include "softatomic_layout.h"

#include <algorithm>
#include <cstdio>
#include <list>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <vector>

namespace softatomic {

namespace {
/// The message of a device-side status code: the text before the count
/// the device wrote beside it, and the text after it (no count where After
/// is null).
struct StatusMessage {
  cl_uint Code;
  const char *Before;
  const char *After;
};

const StatusMessage StatusMessages[] = {
    {SA_DEV_NOT_CORESIDENT, "",
     " worker group(s) never started while the coordinator ran"},
    {SA_DEV_NO_PROGRESS,
     "its work-groups wait for each other (a global barrier, a flag a "
     "later group sets), and the device cannot run them all at once "
     "beside the coordinator: ",
     " worker group(s) waited on atomics that nothing changed "
     "(SOFTATOMIC_STALL_LIMIT rounds); the combining mode runs such "
     "kernels"},
    {SA_DEV_REPRO_RANGE,
     "a reproducible double add's operand, or its target's "
     "value, has a set bit outside 2^-288 .. 2^288: no target "
     "was written",
     nullptr},
    {SA_DEV_REPRO_OVERFLOW,
     "a reproducible sum's limb neared 2^63 (more than 2^30 "
     "adds to one target): no target was written",
     nullptr},
    {SA_DEV_REPRO_FULL,
     "its reproducible adds reached more targets than the "
     "launch's accumulators hold: no target was written; set "
     "SOFTATOMIC_REPRO_SLOTS above the targets' number",
     nullptr},
    {SA_DEV_NO_NATIVE,
     "the combining mode needs native 64-bit atomics "
     "(cl_khr_int64_base_atomics), which the device lacks",
     nullptr},
};

/// What the device's status \p Code and the \p Count beside it say; any
/// other code than StatusMessages' is a request not served, and the count
/// its user work-group.
std::string statusMessage(cl_uint Code, cl_uint Count) {
  for (const StatusMessage &M : StatusMessages)
    if (M.Code == Code)
      return M.After ? M.Before + std::to_string(Count) + M.After : M.Before;
  return "a software atomic of user work-group " + std::to_string(Count) +
         " was not served";
}

struct PendingLaunch {
  cl_command_queue Queue;
  /// The kernel's event (retained): saWaitForEvents finds a launch by it.
  cl_event KernelDone = nullptr;
  cl_event ReadDone = nullptr;
  /// The launch's state buffer (retained) until its read-back is settled:
  /// NVIDIA's clReleaseMemObject of a buffer that a running kernel uses
  /// waits for the kernel, which would make every launch synchronous.
  cl_mem State = nullptr;
  /// From SA_E_CODE: the error, its detail and the coordinator's profile.
  cl_uint Words[SA_P_WORDS] = {};
  std::string KernelName;

  PendingLaunch() = default;
  PendingLaunch(const PendingLaunch &) = delete;
  PendingLaunch &operator=(const PendingLaunch &) = delete;
  /// Lets go of what the launch holds (a failed launch's kernel event has
  /// moved to the book's Failed). Never run under the book's lock.
  ~PendingLaunch() {
    if (KernelDone)
      clReleaseEvent(KernelDone);
    if (ReadDone)
      clReleaseEvent(ReadDone);
    if (State)
      clReleaseMemObject(State);
  }
};
using LaunchRef = std::shared_ptr<PendingLaunch>;

/// The coordinator's counts and times per step, of a kernel built with
/// -DSA_COORDINATOR_TIMES.
void printCoordinatorTimes(const PendingLaunch &L) {
  auto Word = [&](unsigned Index) { return L.Words[Index - SA_E_CODE]; };
  if (Word(SA_P_ROUNDS) == 0)
    return;
  double Us[SA_P_PHASES];
  for (unsigned P = 0; P < SA_P_PHASES; ++P)
    Us[P] = (Word(SA_P_NS + 2 * P) |
             (unsigned long long)Word(SA_P_NS + 2 * P + 1) << 32) /
            1e3;
  std::fprintf(stderr,
               "softatomic: kernel '%s': coordinator %u rounds (%u served "
               "%u requests), %.1f us: ring call %.1f, gather %.1f, apply "
               "%.1f, release %.1f (work-item 0: gather %.1f, release %.1f)\n",
               L.KernelName.c_str(), Word(SA_P_ROUNDS), Word(SA_P_BUSY),
               Word(SA_P_REQUESTS), Us[4], Us[0], Us[1], Us[2], Us[3], Us[5],
               Us[6]);
}

struct QueueError {
  cl_int Code;
  std::string Message;
};

/// What the book lets go of once its lock is let go (declared before the
/// lock's guard, it is destroyed after it).
struct ReleaseLater {
  std::vector<LaunchRef> Launches;
  std::vector<cl_event> Events;
  ~ReleaseLater() {
    for (cl_event E : Events)
      clReleaseEvent(E);
  }
};

/// Launches whose status is still on its way, each queue's first error,
/// and the failed launches by kernel event (until their queue's saFinish).
/// No OpenCL call at all is made under Lock: a last release may free the
/// application's queue and context and run their destructor callbacks,
/// which may call the runtime. A launch is shared with whoever looks at it
/// without the lock, and its OpenCL objects go with its last owner, always
/// on a thread of the application inside a runtime call (DeviceStatus.h
/// says why).
struct StatusBook {
  std::mutex Lock;
  std::list<LaunchRef> Pending;
  std::map<cl_command_queue, QueueError> FirstError;
  struct FailedLaunch {
    cl_command_queue Queue;
    QueueError Error;
  };
  /// Events retained: a failed launch holds its queue until saFinish of it
  /// reports the failure, so that the queue's handle stays its own.
  std::map<cl_event, FailedLaunch> Failed;

  /// The pending launches \p Selected picks.
  template <typename Pick> std::vector<LaunchRef> pick(Pick Selected) {
    std::vector<LaunchRef> Picked;
    for (const LaunchRef &L : Pending)
      if (Selected(*L))
        Picked.push_back(L);
    return Picked;
  }

  /// Records the launch \p L, whose read-back ended with \p Status, if it
  /// is still pending, and takes it out of the book into \p Later (a failed
  /// one's kernel event stays, in Failed).
  void settle(const PendingLaunch *L, cl_int Status, ReleaseLater &Later) {
    auto It = std::find_if(Pending.begin(), Pending.end(),
                           [&](const LaunchRef &P) { return P.get() == L; });
    if (It == Pending.end())
      return; // settled already
    PendingLaunch &Launch = **It;
    if (std::optional<QueueError> Error = record(Launch, Status)) {
      Failed.emplace(Launch.KernelDone, FailedLaunch{Launch.Queue, *Error});
      Launch.KernelDone = nullptr;
    }
    Later.Launches.push_back(std::move(*It));
    Pending.erase(It);
  }

  /// The first failure among the launches whose kernel events are in
  /// \p Events, if any (their read-backs settled).
  std::optional<QueueError> failureAmong(const std::vector<cl_event> &Events) {
    for (cl_event E : Events)
      if (auto It = Failed.find(E); It != Failed.end())
        return It->second.Error;
    return std::nullopt;
  }

  /// Forgets the failed launches of \p Queue (saFinish has reported them).
  void forgetFailures(cl_command_queue Queue, ReleaseLater &Later) {
    for (auto It = Failed.begin(); It != Failed.end();) {
      if (It->second.Queue != Queue) {
        ++It;
        continue;
      }
      Later.Events.push_back(It->first);
      It = Failed.erase(It);
    }
  }

  /// The launch's failure, if it failed (also the queue's first error).
  std::optional<QueueError> record(const PendingLaunch &L, cl_int Status) {
    if (Status == CL_COMPLETE && hostConfig().Verbose)
      printCoordinatorTimes(L);
    cl_int Code = Status < 0 ? Status : deviceErrorCode(L.Words[0]);
    if (Code == CL_SUCCESS)
      return std::nullopt;
    std::string Message = "kernel '" + L.KernelName + "': ";
    if (Status < 0)
      Message += "the launch failed on the device";
    else
      Message += statusMessage(L.Words[0], L.Words[1]);
    // The caller hears of it from saFinish, saWaitForEvents or
    // saReleaseQueue; printed as it is found only when asked.
    if (hostConfig().Verbose)
      std::fprintf(stderr, "softatomic: %s: %s\n", saGetErrorString(Code),
                   Message.c_str());
    FirstError.emplace(L.Queue, QueueError{Code, Message});
    return QueueError{Code, Message};
  }
};

StatusBook &book() {
  // Never destroyed: another thread of the application may be inside the
  // runtime while the process exits.
  static StatusBook *Book = new StatusBook;
  return *Book;
}

/// Settles the launches \p Selected picks whose read-back has completed,
/// after waiting for their read-backs if \p Wait (which flushes their
/// queues).
template <typename Pick> void settleLaunches(Pick Selected, bool Wait) {
  StatusBook &B = book();
  std::vector<LaunchRef> Picked;
  {
    std::lock_guard<std::mutex> Guard(B.Lock);
    Picked = B.pick(Selected);
  }
  std::vector<cl_event> ReadBacks;
  for (const LaunchRef &L : Picked)
    ReadBacks.push_back(L->ReadDone);
  if (Wait && !ReadBacks.empty())
    clWaitForEvents((cl_uint)ReadBacks.size(), ReadBacks.data());
  std::vector<cl_int> Statuses(Picked.size(), CL_QUEUED);
  for (size_t I = 0; I < Picked.size(); ++I)
    clGetEventInfo(ReadBacks[I], CL_EVENT_COMMAND_EXECUTION_STATUS,
                   sizeof(cl_int), &Statuses[I], nullptr);
  ReleaseLater Later; // and Picked: let go of after the lock
  std::lock_guard<std::mutex> Guard(B.Lock);
  for (size_t I = 0; I < Picked.size(); ++I)
    if (Statuses[I] <= CL_COMPLETE)
      B.settle(Picked[I].get(), Statuses[I], Later);
}
} // namespace

cl_int trackLaunch(cl_command_queue Queue, cl_mem State, cl_event KernelDone,
                   const std::string &KernelName) {
  // Lets go of the launches that have run since the last runtime call.
  settleLaunches([](const PendingLaunch &) { return true; }, /*Wait=*/false);
  forgetCompletedLaunches();
  auto L = std::make_shared<PendingLaunch>();
  L->Queue = Queue;
  L->KernelName = KernelName;
  cl_int Err = clEnqueueReadBuffer(Queue, State, CL_FALSE, SA_E_CODE * 4,
                                   sizeof(L->Words), L->Words, 1, &KernelDone,
                                   &L->ReadDone);
  if (Err != CL_SUCCESS)
    return fail(Err, "could not enqueue the read-back of the runtime status");
  clRetainEvent(KernelDone);
  L->KernelDone = KernelDone;
  clRetainMemObject(State);
  L->State = State;
  StatusBook &B = book();
  std::lock_guard<std::mutex> Guard(B.Lock);
  B.Pending.push_back(L);
  return CL_SUCCESS;
}

/// Settles every launch of \p Queue (after its read-back), lets go of all
/// the runtime holds for them, and returns the queue's first device-side
/// error since the last call.
static cl_int settleQueue(cl_command_queue Queue) {
  settleLaunches([](const PendingLaunch &) { return true; }, /*Wait=*/false);
  settleLaunches([&](const PendingLaunch &L) { return L.Queue == Queue; },
                 /*Wait=*/true);
  forgetCompletedLaunches();
  StatusBook &B = book();
  ReleaseLater Later; // let go of after the lock
  std::optional<QueueError> First;
  {
    std::lock_guard<std::mutex> Guard(B.Lock);
    B.forgetFailures(Queue, Later);
    if (auto It = B.FirstError.find(Queue); It != B.FirstError.end()) {
      First = std::move(It->second);
      B.FirstError.erase(It);
    }
  }
  return First ? fail(First->Code, First->Message) : succeed();
}

cl_int finishQueue(cl_command_queue Queue) {
  cl_int Err = clFinish(Queue);
  if (Err != CL_SUCCESS)
    return fail(Err, "clFinish failed");
  return settleQueue(Queue);
}

cl_int releaseQueue(cl_command_queue Queue) {
  releaseAutoLaunches(Queue);
  releaseProfileLaunches(Queue);
  return settleQueue(Queue);
}

cl_int waitForEvents(cl_uint NumEvents, const cl_event *Events) {
  cl_int Err = clWaitForEvents(NumEvents, Events);
  if (Err != CL_SUCCESS)
    return fail(Err, "clWaitForEvents failed");
  std::vector<cl_event> Listed(Events, Events + NumEvents);
  settleLaunches(
      [&](const PendingLaunch &L) {
        return std::find(Listed.begin(), Listed.end(), L.KernelDone) !=
               Listed.end();
      },
      /*Wait=*/true);
  StatusBook &B = book();
  std::lock_guard<std::mutex> Guard(B.Lock);
  std::optional<QueueError> Failure = B.failureAmong(Listed);
  return Failure ? fail(Failure->Code, Failure->Message) : succeed();
}

cl_int queueStatus(cl_command_queue Queue) {
  settleLaunches([&](const PendingLaunch &L) { return L.Queue == Queue; },
                 /*Wait=*/false);
  StatusBook &B = book();
  std::lock_guard<std::mutex> Guard(B.Lock);
  auto It = B.FirstError.find(Queue);
  return It == B.FirstError.end() ? succeed()
                                  : fail(It->second.Code, It->second.Message);
}

} // namespace softatomic

extern "C" cl_int saGetQueueStatus(cl_command_queue Queue) {
  return softatomic::queueStatus(Queue);
}

extern "C" cl_int saWaitForEvents(cl_uint NumEvents, const cl_event *Events) {
  return softatomic::waitForEvents(NumEvents, Events);
}

extern "C" cl_int saFinish(cl_command_queue Queue) {
  return softatomic::finishQueue(Queue);
}

extern "C" cl_int saReleaseQueue(cl_command_queue Queue) {
  return softatomic::releaseQueue(Queue);
}
