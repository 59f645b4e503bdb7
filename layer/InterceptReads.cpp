//===- InterceptReads.cpp - Blocking reads after a failed launch ----------===//
//
// A software launch that failed on the device (a bounded wait ran out) has
// wrong results, and the application hears of it at clFinish or
// clWaitForEvents. One that reads the results with a blocking read or map
// first would take them for right: on a queue that ran software launches,
// these blocking calls first wait for the commands before them and return
// the failure (DeviceFailures.h). Non-blocking ones are passed through: the
// application waits for them with clFinish or clWaitForEvents, which report
// it.
//
//===----------------------------------------------------------------------===//

#include "DeviceFailures.h"
#include "EntryPoint.h"
#include "RealOpenCL.h"

using namespace softatomic::layer;

namespace {

/// The failure a blocking \p Call on \p Queue reports instead of reading,
/// or CL_SUCCESS.
cl_int failureBeforeRead(cl_command_queue Queue, cl_bool Blocking,
                         const char *Call) {
  if (!Blocking || !layerActive())
    return CL_SUCCESS;
  return checkEarlierLaunches(Queue, Call);
}

} // namespace

SA_LAYER_ENTRY CL_API_ENTRY cl_int CL_API_CALL
clEnqueueReadBuffer(cl_command_queue Queue, cl_mem Buffer, cl_bool Blocking,
                    size_t Offset, size_t Size, void *Ptr, cl_uint NumEvents,
                    const cl_event *WaitList, cl_event *Event) {
  return guarded(__func__, [&]() -> cl_int {
    if (cl_int Failure =
            failureBeforeRead(Queue, Blocking, "clEnqueueReadBuffer"))
      return Failure;
    return SA_REAL(clEnqueueReadBuffer)(Queue, Buffer, Blocking, Offset, Size,
                                        Ptr, NumEvents, WaitList, Event);
  });
}

SA_LAYER_ENTRY CL_API_ENTRY cl_int CL_API_CALL clEnqueueReadBufferRect(
    cl_command_queue Queue, cl_mem Buffer, cl_bool Blocking,
    const size_t *BufferOrigin, const size_t *HostOrigin, const size_t *Region,
    size_t BufferRowPitch, size_t BufferSlicePitch, size_t HostRowPitch,
    size_t HostSlicePitch, void *Ptr, cl_uint NumEvents,
    const cl_event *WaitList, cl_event *Event) {
  return guarded(__func__, [&]() -> cl_int {
    if (cl_int Failure =
            failureBeforeRead(Queue, Blocking, "clEnqueueReadBufferRect"))
      return Failure;
    return SA_REAL(clEnqueueReadBufferRect)(
        Queue, Buffer, Blocking, BufferOrigin, HostOrigin, Region,
        BufferRowPitch, BufferSlicePitch, HostRowPitch, HostSlicePitch, Ptr,
        NumEvents, WaitList, Event);
  });
}

SA_LAYER_ENTRY CL_API_ENTRY void *CL_API_CALL clEnqueueMapBuffer(
    cl_command_queue Queue, cl_mem Buffer, cl_bool Blocking, cl_map_flags Flags,
    size_t Offset, size_t Size, cl_uint NumEvents, const cl_event *WaitList,
    cl_event *Event, cl_int *ErrcodeRet) {
  return guarded(__func__, ErrcodeRet, [&]() -> void * {
    // Checked before mapping: a failed map maps nothing.
    if (cl_int Failure =
            failureBeforeRead(Queue, Blocking, "clEnqueueMapBuffer")) {
      if (ErrcodeRet)
        *ErrcodeRet = Failure;
      return nullptr;
    }
    return SA_REAL(clEnqueueMapBuffer)(Queue, Buffer, Blocking, Flags, Offset,
                                       Size, NumEvents, WaitList, Event,
                                       ErrcodeRet);
  });
}
