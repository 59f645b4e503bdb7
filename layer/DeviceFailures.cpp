// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- DeviceFailures.cpp - Device-side failures, as OpenCL errors --------===//

#include "DeviceFailures.h"
#include "LayerLog.h"
#include "NativeTwin.h"
#include "RealOpenCL.h"
#include "softatomic/softatomic.h"
#include <atomic>
#include <map>
#include <mutex>
#include <set>

namespace softatomic {
namespace layer {

namespace {

struct SoftwareQueues {
  /// Set at the first software launch: until then no lookup at all.
  std::atomic<bool> Any{false};
  std::mutex Mutex;
  /// A queue leaves at the application's clReleaseCommandQueue (and comes
  /// back with its next software launch, if the application held it more
  /// than once).
  std::set<cl_command_queue> Queues;

  bool contains(cl_command_queue Queue) {
    if (!Any.load(std::memory_order_acquire))
      return false;
    std::lock_guard<std::mutex> Lock(Mutex);
    return Queues.count(Queue) != 0;
  }
};

/// A non-blocking read or map after software launches (noteDependentRead),
/// its event retained until its queue's clFinish or release.
struct DependentRead {
  cl_command_queue Queue;
  const char *Call;
  bool Settled = false; ///< Outcome is known.
  cl_int Outcome = CL_SUCCESS;
};

struct DependentReads {
  std::mutex Mutex;
  std::map<cl_event, DependentRead> Reads;

  /// Forgets the reads of \p Queue, or (null) those the application let go.
  void forget(cl_command_queue Queue) {
    std::lock_guard<std::mutex> Lock(Mutex);
    for (auto It = Reads.begin(); It != Reads.end();) {
      cl_uint References = 0;
      bool Released =
          !Queue &&
          SA_REAL(clGetEventInfo)(It->first, CL_EVENT_REFERENCE_COUNT,
                                  sizeof References, &References,
                                  nullptr) == CL_SUCCESS &&
          References <= 1;
      if (It->second.Queue != Queue && !Released) {
        ++It;
        continue;
      }
      SA_REAL(clReleaseEvent)(It->first);
      It = Reads.erase(It);
    }
  }
};

DependentReads &dependentReads() {
  static DependentReads *Reads = new DependentReads; // see state()
  return *Reads;
}

SoftwareQueues &softwareQueues() {
  static SoftwareQueues *Queues = new SoftwareQueues; // see state()
  return *Queues;
}

/// \p Status from saFinish or saWaitForEvents, as the application's call
/// \p Call returns it: softatomic's device codes become \p Reported, and
/// the log says which kernel failed and how.
cl_int reportDeviceFailure(cl_int Status, cl_int Reported, const char *Call) {
  if (!isSoftatomicCode(Status))
    return Status;
  // The runtime's message names the code and the kernel.
  logEvent(std::string(Call) + ": " + saGetLastErrorMessage() + "; returned " +
           saGetErrorString(Reported));
  return Reported;
}

} // namespace

void noteSoftwareLaunch(cl_command_queue Queue) {
  SoftwareQueues &Software = softwareQueues();
  std::lock_guard<std::mutex> Lock(Software.Mutex);
  Software.Queues.insert(Queue);
  Software.Any.store(true, std::memory_order_release);
}

cl_int finishQueue(cl_command_queue Queue) {
  if (!softwareQueues().contains(Queue))
    return SA_REAL(clFinish)(Queue);
  cl_int Status = saFinish(Queue);
  // saFinish forgets the failure it reports; so do the queue's reads.
  dependentReads().forget(Queue);
  // clFinish's own errors are CL_INVALID_COMMAND_QUEUE and running out of
  // resources or host memory: a launch that could not complete correctly
  // is the second.
  return reportDeviceFailure(Status, CL_OUT_OF_RESOURCES, "clFinish");
}

cl_int waitForEvents(cl_uint NumEvents, const cl_event *Events) {
  if (!softwareQueues().Any.load(std::memory_order_acquire))
    return SA_REAL(clWaitForEvents)(NumEvents, Events);
  cl_int Status = saWaitForEvents(NumEvents, Events);
  // What clWaitForEvents returns when a listed command terminated
  // abnormally.
  const cl_int Abnormal = CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST;
  if (Status == CL_SUCCESS)
    for (cl_uint I = 0; I < NumEvents; ++I)
      if (readFailure(Events[I], Abnormal, "clWaitForEvents") != CL_SUCCESS)
        return Abnormal;
  return reportDeviceFailure(Status, Abnormal, "clWaitForEvents");
}

void noteDependentRead(cl_command_queue Queue, cl_event Event,
                       const char *Call) {
  if (!Event || !softwareQueues().contains(Queue))
    return;
  DependentReads &Reads = dependentReads();
  Reads.forget(nullptr); // what the application released since
  if (SA_REAL(clRetainEvent)(Event) != CL_SUCCESS)
    return;
  std::lock_guard<std::mutex> Lock(Reads.Mutex);
  auto [It, New] = Reads.Reads.insert({Event, {Queue, Call}});
  if (!New) // an event the application released, at the same address
    SA_REAL(clReleaseEvent)(Event);
  It->second = {Queue, Call};
}

cl_int readFailure(cl_event Event, cl_int Reported, const char *Call) {
  DependentReads &Reads = dependentReads();
  if (!softwareQueues().Any.load(std::memory_order_acquire))
    return CL_SUCCESS;
  std::lock_guard<std::mutex> Lock(Reads.Mutex);
  auto It = Reads.Reads.find(Event);
  if (It == Reads.Reads.end())
    return CL_SUCCESS;
  DependentRead &Read = It->second;
  if (!Read.Settled) {
    cl_int Execution = CL_QUEUED;
    if (SA_REAL(clGetEventInfo)(Event, CL_EVENT_COMMAND_EXECUTION_STATUS,
                                sizeof Execution, &Execution,
                                nullptr) != CL_SUCCESS ||
        Execution != CL_COMPLETE)
      return CL_SUCCESS;
    // Complete: so are the launches before it on its queue, and their
    // status read-backs (in order), or it waited for them (out of order).
    Read.Settled = true;
    Read.Outcome = saGetQueueStatus(Read.Queue);
    if (isSoftatomicCode(Read.Outcome))
      reportDeviceFailure(Read.Outcome, Reported,
                          (std::string(Call) + " (" + Read.Call + ")").c_str());
  }
  return isSoftatomicCode(Read.Outcome) ? Reported : CL_SUCCESS;
}

cl_int checkEarlierLaunches(cl_command_queue Queue, const char *Call) {
  if (!softwareQueues().contains(Queue))
    return CL_SUCCESS;
  // A marker without a wait list waits for every command enqueued before
  // it, in order or not: once it has completed, so have the queue's
  // launches and their status read-backs.
  cl_event Marker = nullptr;
  cl_int Status =
      SA_REAL(clEnqueueMarkerWithWaitList)(Queue, 0, nullptr, &Marker);
  if (Status != CL_SUCCESS)
    return Status;
  Status = SA_REAL(clWaitForEvents)(1, &Marker);
  SA_REAL(clReleaseEvent)(Marker);
  if (Status != CL_SUCCESS)
    return Status;
  // The failure is kept: clFinish still reports it, as it would have alone.
  return reportDeviceFailure(saGetQueueStatus(Queue), CL_OUT_OF_RESOURCES,
                             Call);
}

cl_int releaseQueue(cl_command_queue Queue) {
  SoftwareQueues &Software = softwareQueues();
  if (Software.contains(Queue)) {
    cl_int Status = saReleaseQueue(Queue);
    // The release itself succeeds; a failure nobody asked about yet is
    // still worth the log.
    reportDeviceFailure(Status, Status, "clReleaseCommandQueue");
    dependentReads().forget(Queue);
    std::lock_guard<std::mutex> Lock(Software.Mutex);
    Software.Queues.erase(Queue);
  }
  return SA_REAL(clReleaseCommandQueue)(Queue);
}

} // namespace layer
} // namespace softatomic
