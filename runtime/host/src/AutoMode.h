// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// SA_MODE_AUTO: per kernel and geometry, the fastest of the kernel as
// written (SA_MODE_DIRECT), its warp program's kernel where the caller has
// one, and the combining mode, measured on the application's own launches.
#ifndef SOFTATOMIC_HOST_AUTOMODE_H
#define SOFTATOMIC_HOST_AUTOMODE_H

#include "Manifest.h"
#include "softatomic/Way.h"

#include <functional>
#include <string>

namespace softatomic {

/// Launches in one way (Way.h: any but Way::Auto and Way::Profile), with
/// the kernel's event in *Done.
using WayLaunch = std::function<cl_int(Way W, cl_event *Done)>;

/// What the caller of an automatic launch has of the kernel.
struct AutoLaunch {
  std::string Name;
  /// The program has the rewritten kernel's path as written (not built
  /// with -DSA_NO_DIRECT), or the caller gave the application's kernel.
  bool DirectCompiled = true;
  /// The program has the rewritten kernel's path as written.
  bool RewrittenDirectCompiled = true;
  bool WarpProgram = false; ///< the caller gave the warp program's kernel
  bool Original = false;    ///< the caller gave the application's kernel
  /// A launch may keep a private copy of a target (Privatize.h).
  bool Private = false;
};

/// One launch of a rewritten kernel in SA_MODE_AUTO: chooses the way for
/// Kernel at this geometry (AutoChoice.h), launches through Launch, and
/// keeps the event to time it (never waiting for it). Event is the
/// caller's, as for clEnqueueNDRangeKernel.
cl_int launchAuto(cl_command_queue Queue, cl_kernel Kernel,
                  const RewrittenKernel &Entry, const AutoLaunch &Given,
                  cl_uint WorkDim, const size_t *Global, const size_t *Local,
                  cl_event *Event, const WayLaunch &Launch);

/// The way SA_MODE_AUTO has chosen for Kernel at this geometry on Queue's
/// device (SA_MODE_AUTO while it is still timing, or before any launch),
/// and what its timing cost so far (saGetAutoChoice).
struct AutoStatus {
  cl_uint Chosen = SA_MODE_AUTO;
  cl_uint LearningLaunches = 0;
  double LearningMs = 0;
};
AutoStatus autoStatus(cl_command_queue Queue, cl_kernel Kernel, cl_uint WorkDim,
                      const size_t *Global, const size_t *Local);

/// The queue is going (saReleaseQueue): the events held to time its
/// launches are let go (timed first, where they have completed), since
/// each holds the queue and its context.
void releaseAutoLaunches(cl_command_queue Queue);

} // namespace softatomic

#endif
