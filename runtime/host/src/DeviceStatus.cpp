#include "DeviceStatus.h"

#include "Error.h"
#include "softatomic_layout.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <list>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <vector>

namespace softatomic {

namespace {
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
};

/// The coordinator's profile of a kernel built with -DSA_PROFILE.
void printProfile(const PendingLaunch &L) {
  auto Word = [&](unsigned Index) { return L.Words[Index - SA_E_CODE]; };
  if (Word(SA_P_ROUNDS) == 0)
    return;
  double Us[SA_P_PHASES];
  for (unsigned P = 0; P < SA_P_PHASES; ++P)
    Us[P] = (Word(SA_P_NS + 2 * P) | (unsigned long long)Word(SA_P_NS + 2 * P + 1) << 32) / 1e3;
  std::fprintf(stderr,
               "softatomic: kernel '%s': coordinator %u rounds (%u served "
               "%u requests), %.1f us: ring call %.1f, gather %.1f, apply "
               "%.1f, release %.1f (work-item 0: gather %.1f, release %.1f)\n",
               L.KernelName.c_str(), Word(SA_P_ROUNDS), Word(SA_P_BUSY),
               Word(SA_P_REQUESTS), Us[4], Us[0], Us[1], Us[2], Us[3], Us[5], Us[6]);
}

struct QueueError {
  cl_int Code;
  std::string Message;
};

/// Launches whose status is still on its way, each queue's first error,
/// and the failed launches by kernel event (until their queue's saFinish).
struct StatusBook {
  std::mutex Lock;
  std::list<std::unique_ptr<PendingLaunch>> Pending; // stable read targets
  std::map<cl_command_queue, QueueError> FirstError;
  struct FailedLaunch {
    cl_command_queue Queue;
    QueueError Error;
  };
  std::map<cl_event, FailedLaunch> Failed; // events retained

  /// Takes the status of the launches \p Selected picks whose read-back
  /// completed (all of them when Wait is set: it waits for each read-back,
  /// which flushes its queue). Needs Lock held.
  template <typename Pick> void harvest(Pick Selected, bool Wait) {
    for (auto It = Pending.begin(); It != Pending.end();) {
      PendingLaunch &L = **It;
      if (!Selected(L)) {
        ++It;
        continue;
      }
      cl_int Status = CL_QUEUED;
      if (Wait)
        clWaitForEvents(1, &L.ReadDone);
      clGetEventInfo(L.ReadDone, CL_EVENT_COMMAND_EXECUTION_STATUS,
                     sizeof(Status), &Status, nullptr);
      if (Status > CL_COMPLETE) {
        ++It;
        continue;
      }
      settle(It, Status);
      It = Pending.erase(It);
    }
  }

  /// Records the launch at \p It, whose read-back ended with \p Status,
  /// and lets go of its events (a failed one's kernel event stays, in
  /// Failed). The caller erases it.
  void settle(std::list<std::unique_ptr<PendingLaunch>>::iterator It,
              cl_int Status) {
    PendingLaunch &L = **It;
    if (std::optional<QueueError> Error = record(L, Status))
      Failed.emplace(L.KernelDone, FailedLaunch{L.Queue, *Error});
    else
      clReleaseEvent(L.KernelDone);
    clReleaseEvent(L.ReadDone);
    clReleaseMemObject(L.State);
  }

  /// Waits for the read-backs of the launches whose kernel events are in
  /// \p Events, then the first failure among those launches, if any.
  std::optional<QueueError> failureAmong(const std::vector<cl_event> &Events) {
    harvest(
        [&](const PendingLaunch &L) {
          return std::find(Events.begin(), Events.end(), L.KernelDone) !=
                 Events.end();
        },
        /*Wait=*/true);
    for (cl_event E : Events)
      if (auto It = Failed.find(E); It != Failed.end())
        return It->second.Error;
    return std::nullopt;
  }

  /// Forgets the failed launches of \p Queue (saFinish has reported them).
  void forgetFailures(cl_command_queue Queue) {
    for (auto It = Failed.begin(); It != Failed.end();) {
      if (It->second.Queue != Queue) {
        ++It;
        continue;
      }
      clReleaseEvent(It->first);
      It = Failed.erase(It);
    }
  }

  /// The launch's failure, if it failed (also the queue's first error).
  std::optional<QueueError> record(const PendingLaunch &L, cl_int Status) {
    if (Status == CL_COMPLETE && std::getenv("SOFTATOMIC_VERBOSE"))
      printProfile(L);
    cl_int Code = Status < 0 ? Status : deviceErrorCode(L.Words[0]);
    if (Code == CL_SUCCESS)
      return std::nullopt;
    std::string Message = "kernel '" + L.KernelName + "': ";
    if (Status < 0)
      Message += "the launch failed on the device";
    else if (L.Words[0] == SA_DEV_NOT_CORESIDENT)
      Message += std::to_string(L.Words[1]) +
                 " worker group(s) never started while the coordinator ran";
    else if (L.Words[0] == SA_DEV_NO_PROGRESS)
      Message += "its work-groups wait for each other (a global barrier, a flag a "
                 "later group sets), and the device cannot run them all at once "
                 "beside the coordinator: " +
                 std::to_string(L.Words[1]) +
                 " worker group(s) waited on atomics that nothing changed "
                 "(SOFTATOMIC_STALL_LIMIT rounds); the combining mode runs such kernels";
    else if (L.Words[0] == SA_DEV_NO_NATIVE)
      Message += "the combining mode needs native 64-bit atomics "
                 "(cl_khr_int64_base_atomics), which the device lacks";
    else
      Message += "a software atomic of user work-group " +
                 std::to_string(L.Words[1]) + " was not served";
    // Results of such a launch are wrong: say so even to callers that never
    // call saFinish.
    std::fprintf(stderr, "softatomic: %s: %s\n", saGetErrorString(Code),
                 Message.c_str());
    FirstError.emplace(L.Queue, QueueError{Code, Message});
    return QueueError{Code, Message};
  }
};

StatusBook &book() {
  static StatusBook Book;
  return Book;
}
} // namespace

cl_int trackLaunch(cl_command_queue Queue, cl_mem State, cl_event KernelDone,
                   const std::string &KernelName) {
  StatusBook &B = book();
  std::lock_guard<std::mutex> Guard(B.Lock);
  // Keeps the list short without saFinish.
  B.harvest([](const PendingLaunch &) { return true; }, /*Wait=*/false);
  auto L = std::make_unique<PendingLaunch>();
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
  B.Pending.push_back(std::move(L));
  return CL_SUCCESS;
}

cl_int finishQueue(cl_command_queue Queue) {
  cl_int Err = clFinish(Queue);
  if (Err != CL_SUCCESS)
    return fail(Err, "clFinish failed");
  StatusBook &B = book();
  std::lock_guard<std::mutex> Guard(B.Lock);
  B.harvest([&](const PendingLaunch &L) { return L.Queue == Queue; },
            /*Wait=*/true);
  B.forgetFailures(Queue);
  auto It = B.FirstError.find(Queue);
  if (It == B.FirstError.end())
    return succeed();
  QueueError E = It->second;
  B.FirstError.erase(It);
  return fail(E.Code, E.Message);
}

cl_int waitForEvents(cl_uint NumEvents, const cl_event *Events) {
  cl_int Err = clWaitForEvents(NumEvents, Events);
  if (Err != CL_SUCCESS)
    return fail(Err, "clWaitForEvents failed");
  StatusBook &B = book();
  std::lock_guard<std::mutex> Guard(B.Lock);
  std::optional<QueueError> Failure =
      B.failureAmong(std::vector<cl_event>(Events, Events + NumEvents));
  return Failure ? fail(Failure->Code, Failure->Message) : succeed();
}

} // namespace softatomic

extern "C" cl_int saWaitForEvents(cl_uint NumEvents, const cl_event *Events) {
  return softatomic::waitForEvents(NumEvents, Events);
}

extern "C" cl_int saFinish(cl_command_queue Queue) {
  return softatomic::finishQueue(Queue);
}
