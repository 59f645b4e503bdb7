// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- LayerReport.h - What the layer did and what it cost ------*- C++ -*-===//
//
// A run under the layer can take far longer than it does natively, and the
// log's events say what happened but not where the time went. The layer
// counts, per program, the time its rewrite took (or that the cache
// answered) and the time the shadow program's build took, and per kernel
// the launches it made through the software runtime and those that fell
// back to the native kernel; at exit it logs them (SOFTATOMIC_LAYER_LOG),
// one line per program and per kernel.
//
// Where the application's queue profiles (CL_QUEUE_PROFILING_ENABLE), the
// kernel line also gives the device time of the software launches, from
// their events' CL_PROFILING_COMMAND_START and _END. The application's
// synchronisation stays its own: the report keeps a reference on each
// launch's event (the application's, or one the layer asked for in its
// place) and reads it only once the event has completed, when the
// application waits (clFinish, clWaitForEvents), releases the queue, at a
// later launch, or at exit; it never waits itself.
//
//===----------------------------------------------------------------------===//

#ifndef SOFTATOMIC_LAYER_LAYERREPORT_H
#define SOFTATOMIC_LAYER_LAYERREPORT_H

#include <CL/cl.h>
#include <string>

namespace softatomic {
namespace layer {

/// Program \p ProgramId's source was rewritten in \p Milliseconds, by the
/// rewriter or (\p FromCache) from the rewrite cache.
void noteRewrite(unsigned ProgramId, double Milliseconds, bool FromCache);

/// Program \p ProgramId's shadow (the rewritten program) was built in
/// \p Milliseconds.
void noteShadowBuild(unsigned ProgramId, double Milliseconds);

/// A launch of kernel \p Name of program \p ProgramId: through the software
/// runtime, or (\p Software false) natively, after the software launch
/// failed.
void noteLaunch(unsigned ProgramId, const std::string &Name, bool Software);

/// Whether the device times of launches on \p Queue can be read
/// (CL_QUEUE_PROFILING_ENABLE).
bool queueProfiles(cl_command_queue Queue);

/// The device time of a software launch of kernel \p Name of program
/// \p ProgramId on \p Queue: \p Event is its event, whose reference the
/// report now holds (the caller retained it, or made it for the report), or
/// null when the queue does not profile.
void noteLaunchTime(unsigned ProgramId, const std::string &Name,
                    cl_command_queue Queue, cl_event Event);

/// Reads the times of the launches whose events have completed, on
/// \p Queue (null: on every queue), without waiting for any; with
/// \p Released, the queue is going: its launches still running are
/// counted as not measured, and every event the report held for it is
/// released.
void collectLaunchTimes(cl_command_queue Queue, bool Released = false);

} // namespace layer
} // namespace softatomic

#endif // SOFTATOMIC_LAYER_LAYERREPORT_H
