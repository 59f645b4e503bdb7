// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- QueueProfiling.h - Device times for the automatic mode ---*- C++ -*-===//
//
// The automatic mode (the runtime's default) chooses between the kernel as
// written and the combining mode from the device times of a kernel's first
// launches, which only a queue with CL_QUEUE_PROFILING_ENABLE gives; few
// applications ask for it. In that mode the layer creates the
// application's queues with profiling on, and clGetCommandQueueInfo
// answers with the properties the application asked for, so the
// application sees the queue it made. Profiling is a property every device
// must support (OpenCL 3.0, CL_DEVICE_QUEUE_PROPERTIES); where creating
// the queue with it fails anyway, the queue is created as asked.
//
//===----------------------------------------------------------------------===//

#ifndef SOFTATOMIC_LAYER_QUEUEPROFILING_H
#define SOFTATOMIC_LAYER_QUEUEPROFILING_H

#include <CL/cl.h>

namespace softatomic {
namespace layer {

/// \p Queue is going (the application's last reference): what the layer
/// kept of its properties goes too, as a later queue may get its handle.
void forgetQueueProperties(cl_command_queue Queue);

} // namespace layer
} // namespace softatomic

#endif
