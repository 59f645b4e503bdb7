// Device-side failures of softatomic launches (a bounded wait that ran out)
// are written into the launch's state buffer. Each launch reads that word
// back without blocking, and the read-back's completion callback settles
// it (records a failure, lets go of the launch's events and buffer), so
// that nothing of a launch keeps the application's queue or context alive
// once it has run, saFinish or not; saFinish reports the first failure of
// a queue, saWaitForEvents the first of the launches whose events it waits
// for. A failed launch keeps its kernel event (so its queue and context)
// until saFinish of its queue has reported it.
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

/// clWaitForEvents, then the first device-side error of a launch whose
/// kernel event is among Events (until its queue's finishQueue).
cl_int waitForEvents(cl_uint NumEvents, const cl_event *Events);

} // namespace softatomic

#endif
