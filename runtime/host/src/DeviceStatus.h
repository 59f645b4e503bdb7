// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Device-side failures of softatomic launches (a bounded wait that ran out)
// are written into the launch's state buffer. Each launch reads that word
// back without blocking; a runtime call that finds the read-back complete
// settles the launch (records a failure, lets go of the launch's events and
// buffer): every later launch, saFinish and saWaitForEvents of it, and
// saReleaseQueue, which the interception layer calls before the
// application's clReleaseCommandQueue. saFinish reports the first failure
// of a queue, saWaitForEvents the first of the launches whose events it
// waits for, saGetQueueStatus the queue's first among the launches that
// have completed (keeping it for saFinish). A failed launch keeps its kernel
// event (so its queue and context) until saFinish or saReleaseQueue of its
// queue.
//
// Everything is let go of on the application's thread, inside one of its
// calls, never from an event callback or a thread of the runtime's own:
// with completion callbacks on its launches (settling them there, or
// handing the releases to a thread of the runtime's), an application that
// creates and releases its context, queue and programs round after round
// hung inside NVIDIA's OpenCL driver (580.159.04, H100) within 6 rounds;
// without callbacks it runs 100 (docs/BENCHMARKS-HISTORY.md, "The layer's
// repeated sample on the H100").
#ifndef SOFTATOMIC_HOST_DEVICESTATUS_H
#define SOFTATOMIC_HOST_DEVICESTATUS_H

#include "softatomic/softatomic.h"

#include <string>

namespace softatomic {

/// Enqueues, after KernelDone, the read-back of State's error words, and
/// holds State until that read-back has completed (so the caller's release
/// never waits for the kernel).
cl_int trackLaunch(cl_command_queue Queue, cl_mem State, cl_event KernelDone,
                   const std::string &KernelName);

/// clFinish(Queue), then the first device-side error since the last call.
cl_int finishQueue(cl_command_queue Queue);

/// Settles the launches of Queue (after their read-backs) and lets go of
/// everything the runtime holds for them; the queue's first device-side
/// error since the last finishQueue or releaseQueue.
cl_int releaseQueue(cl_command_queue Queue);

/// clWaitForEvents, then the first device-side error of a launch whose
/// kernel event is among Events (until its queue's finishQueue).
cl_int waitForEvents(cl_uint NumEvents, const cl_event *Events);

/// The first device-side error of Queue's completed launches since the
/// last finishQueue or releaseQueue, kept for those to report.
cl_int queueStatus(cl_command_queue Queue);

} // namespace softatomic

#endif
