// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- DeviceFailures.h - Device-side failures, as OpenCL errors -*- C++
//-*-===//
//
// A software launch can fail on the device (SA_SPIN_TIMEOUT, ...: a bounded
// wait ran out, its results are wrong). The runtime reports that through
// saFinish and saWaitForEvents, which an unmodified application never
// calls, so the layer's clFinish and clWaitForEvents call them for queues
// that ran software launches, log the failure with the kernel's name, and
// return an error the application understands; a blocking read or map of
// such a queue does too, before it reads what a failed launch left (the
// layer's clEnqueueReadBuffer, clEnqueueReadBufferRect, clEnqueueMapBuffer,
// clEnqueueReadImage and clEnqueueMapImage, InterceptReads.cpp). A
// non-blocking one reports it once it has completed: at a wait for its
// event and in the event's execution status. Queues that never did cost
// one set lookup (none at all before the first software launch). The
// layer's clReleaseCommandQueue has the runtime let go of what it holds for
// the queue first (saReleaseQueue).
//
//===----------------------------------------------------------------------===//

#ifndef SOFTATOMIC_LAYER_DEVICEFAILURES_H
#define SOFTATOMIC_LAYER_DEVICEFAILURES_H

#include <CL/cl.h>

namespace softatomic {
namespace layer {

/// Remembers that \p Queue ran a software launch.
void noteSoftwareLaunch(cl_command_queue Queue);

/// clFinish(\p Queue); a device-side failure of one of its software
/// launches since the last clFinish gives CL_OUT_OF_RESOURCES.
cl_int finishQueue(cl_command_queue Queue);

/// clWaitForEvents; a device-side failure of a software launch whose event
/// is listed gives CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST.
cl_int waitForEvents(cl_uint NumEvents, const cl_event *Events);

/// Before a blocking read or map \p Call on \p Queue: waits for the
/// commands enqueued before it and, where a software launch among them
/// failed on the device, logs the failure and gives CL_OUT_OF_RESOURCES (as
/// clFinish would, which still reports it); else CL_SUCCESS.
cl_int checkEarlierLaunches(cl_command_queue Queue, const char *Call);

/// After a non-blocking read or map \p Call on \p Queue, enqueued with
/// \p Event: the event reads what the queue's earlier software launches
/// wrote, so once it has completed, a wait for it and its execution status
/// report their failure (readFailure). Nothing for a queue that ran no
/// software launch or without an event.
void noteDependentRead(cl_command_queue Queue, cl_event Event,
                       const char *Call);

/// Where \p Event is a dependent read (noteDependentRead) that has
/// completed and a software launch before it failed on the device: that
/// failure's code (logged once, as \p Call reports it, as \p Reported);
/// else CL_SUCCESS. What it finds is kept: later calls agree.
cl_int readFailure(cl_event Event, cl_int Reported, const char *Call);

/// clReleaseCommandQueue(\p Queue), after the runtime has let go of what it
/// held for the queue's software launches (waiting for their status), so
/// that the application's releases free the queue and its context.
cl_int releaseQueue(cl_command_queue Queue);

} // namespace layer
} // namespace softatomic

#endif
