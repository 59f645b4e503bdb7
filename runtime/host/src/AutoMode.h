// SA_MODE_AUTO: per kernel and geometry, the fastest of the kernel as
// written (SA_MODE_DIRECT), its warp program's kernel where the caller has
// one, and the combining mode, measured on the application's own launches.
#ifndef SOFTATOMIC_HOST_AUTOMODE_H
#define SOFTATOMIC_HOST_AUTOMODE_H

#include "softatomic/softatomic.h"

#include <functional>
#include <string>

namespace softatomic {

/// Launches in one way (SA_MODE_DIRECT, AutoChoice::WarpProgram,
/// SA_MODE_COMBINE, or the coordinator's where the program has no other),
/// with the kernel's event in *Done.
using ModeLaunch = std::function<cl_int(cl_uint Mode, cl_event *Done)>;

/// One launch of a rewritten kernel in SA_MODE_AUTO: chooses the mode for
/// Kernel at this geometry, launches through Launch, and keeps the event
/// to time it (never waiting for it). Event is the caller's, as for
/// clEnqueueNDRangeKernel. WarpProgram: the caller gave the warp program's
/// kernel, a third way to time.
cl_int launchAuto(cl_command_queue Queue, cl_kernel Kernel,
                  const std::string &Name, bool CombineCompiled,
                  bool DirectCompiled, bool WarpProgram, cl_uint WorkDim,
                  const size_t *Global, const size_t *Local, cl_event *Event,
                  const ModeLaunch &Launch);

/// The queue is going (saReleaseQueue): the events held to time its
/// launches are let go (timed first, where they have completed), since
/// each holds the queue and its context.
void releaseAutoLaunches(cl_command_queue Queue);

} // namespace softatomic

#endif
