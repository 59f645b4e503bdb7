//===- DeviceFailures.cpp - Device-side failures, as OpenCL errors --------===//

#include "DeviceFailures.h"
#include "LayerLog.h"
#include "NativeTwin.h"
#include "RealOpenCL.h"
#include "softatomic/softatomic.h"
#include <atomic>
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
  return reportDeviceFailure(
      Status, CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST, "clWaitForEvents");
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
    std::lock_guard<std::mutex> Lock(Software.Mutex);
    Software.Queues.erase(Queue);
  }
  return SA_REAL(clReleaseCommandQueue)(Queue);
}

} // namespace layer
} // namespace softatomic
