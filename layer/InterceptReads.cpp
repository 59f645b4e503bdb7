// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- InterceptReads.cpp - Reads after a failed launch -------------------===//
//
// A software launch that failed on the device (a bounded wait ran out) has
// wrong results, and the application hears of it at clFinish or
// clWaitForEvents. One that reads the results first would take them for
// right. On a queue that ran software launches, a blocking read or map
// (of a buffer, a rectangle of one or an image) first waits for the
// commands before it and returns the failure (DeviceFailures.h). A
// non-blocking one is enqueued as asked, and its event, once complete,
// reports the failure: a wait for it returns
// CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST and its execution status is
// CL_OUT_OF_RESOURCES, as for a command that terminated abnormally.
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

/// failureBeforeRead for a map: true, with the failure in \p ErrcodeRet,
/// when the map is to return null.
bool failureBeforeMap(cl_command_queue Queue, cl_bool Blocking,
                      const char *Call, cl_int *ErrcodeRet) {
  cl_int Failure = failureBeforeRead(Queue, Blocking, Call);
  if (Failure && ErrcodeRet)
    *ErrcodeRet = Failure;
  return Failure != CL_SUCCESS;
}

/// \p Status of a non-blocking \p Call on \p Queue that gave \p Event,
/// whose event then reports an earlier launch's failure.
cl_int afterRead(cl_int Status, cl_command_queue Queue, cl_bool Blocking,
                 cl_event *Event, const char *Call) {
  if (Status == CL_SUCCESS && !Blocking && Event && layerActive())
    noteDependentRead(Queue, *Event, Call);
  return Status;
}

/// A mapped pointer \p Mapped, as afterRead.
void *afterMap(void *Mapped, cl_command_queue Queue, cl_bool Blocking,
               cl_event *Event, const char *Call) {
  afterRead(Mapped ? CL_SUCCESS : CL_INVALID_VALUE, Queue, Blocking, Event,
            Call);
  return Mapped;
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
    return afterRead(SA_REAL(clEnqueueReadBuffer)(Queue, Buffer, Blocking,
                                                  Offset, Size, Ptr, NumEvents,
                                                  WaitList, Event),
                     Queue, Blocking, Event, "clEnqueueReadBuffer");
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
    return afterRead(SA_REAL(clEnqueueReadBufferRect)(
                         Queue, Buffer, Blocking, BufferOrigin, HostOrigin,
                         Region, BufferRowPitch, BufferSlicePitch, HostRowPitch,
                         HostSlicePitch, Ptr, NumEvents, WaitList, Event),
                     Queue, Blocking, Event, "clEnqueueReadBufferRect");
  });
}

SA_LAYER_ENTRY CL_API_ENTRY void *CL_API_CALL clEnqueueMapBuffer(
    cl_command_queue Queue, cl_mem Buffer, cl_bool Blocking, cl_map_flags Flags,
    size_t Offset, size_t Size, cl_uint NumEvents, const cl_event *WaitList,
    cl_event *Event, cl_int *ErrcodeRet) {
  return guarded(__func__, ErrcodeRet, [&]() -> void * {
    // Checked before mapping: a failed map maps nothing.
    if (failureBeforeMap(Queue, Blocking, "clEnqueueMapBuffer", ErrcodeRet))
      return nullptr;
    return afterMap(SA_REAL(clEnqueueMapBuffer)(Queue, Buffer, Blocking, Flags,
                                                Offset, Size, NumEvents,
                                                WaitList, Event, ErrcodeRet),
                    Queue, Blocking, Event, "clEnqueueMapBuffer");
  });
}

SA_LAYER_ENTRY CL_API_ENTRY cl_int CL_API_CALL
clEnqueueReadImage(cl_command_queue Queue, cl_mem Image, cl_bool Blocking,
                   const size_t *Origin, const size_t *Region, size_t RowPitch,
                   size_t SlicePitch, void *Ptr, cl_uint NumEvents,
                   const cl_event *WaitList, cl_event *Event) {
  return guarded(__func__, [&]() -> cl_int {
    if (cl_int Failure =
            failureBeforeRead(Queue, Blocking, "clEnqueueReadImage"))
      return Failure;
    return afterRead(SA_REAL(clEnqueueReadImage)(
                         Queue, Image, Blocking, Origin, Region, RowPitch,
                         SlicePitch, Ptr, NumEvents, WaitList, Event),
                     Queue, Blocking, Event, "clEnqueueReadImage");
  });
}

SA_LAYER_ENTRY CL_API_ENTRY void *CL_API_CALL clEnqueueMapImage(
    cl_command_queue Queue, cl_mem Image, cl_bool Blocking, cl_map_flags Flags,
    const size_t *Origin, const size_t *Region, size_t *RowPitch,
    size_t *SlicePitch, cl_uint NumEvents, const cl_event *WaitList,
    cl_event *Event, cl_int *ErrcodeRet) {
  return guarded(__func__, ErrcodeRet, [&]() -> void * {
    // Checked before mapping: a failed map maps nothing.
    if (failureBeforeMap(Queue, Blocking, "clEnqueueMapImage", ErrcodeRet))
      return nullptr;
    return afterMap(SA_REAL(clEnqueueMapImage)(
                        Queue, Image, Blocking, Flags, Origin, Region, RowPitch,
                        SlicePitch, NumEvents, WaitList, Event, ErrcodeRet),
                    Queue, Blocking, Event, "clEnqueueMapImage");
  });
}

/// A dependent read's execution status, once complete, is the error its
/// wait reports too (an abnormally terminated command's status is
/// negative).
SA_LAYER_ENTRY CL_API_ENTRY cl_int CL_API_CALL
clGetEventInfo(cl_event Event, cl_event_info Param, size_t ParamSize,
               void *ParamValue, size_t *SizeRet) {
  return guarded(__func__, [&]() -> cl_int {
    cl_int Status =
        SA_REAL(clGetEventInfo)(Event, Param, ParamSize, ParamValue, SizeRet);
    if (Status != CL_SUCCESS || Param != CL_EVENT_COMMAND_EXECUTION_STATUS ||
        !ParamValue || ParamSize < sizeof(cl_int) || !layerActive())
      return Status;
    cl_int &Execution = *static_cast<cl_int *>(ParamValue);
    if (Execution == CL_COMPLETE)
      if (cl_int Failure =
              readFailure(Event, CL_OUT_OF_RESOURCES, "clGetEventInfo"))
        Execution = Failure;
    return Status;
  });
}
