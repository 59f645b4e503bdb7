// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// SA_MODE_PROFILE (docs/PROFILE.md): per kernel, device and NDRange, the
// steps of its profile, one per launch of the application's: a recording
// launch, then rounds of timed launches (as written, every site
// converted, none converted, each site converted alone; a second
// recording, for its time, after the first); then the kernel as written. The
// report is built from what they left (ProfileRecords.h, ProfileReport.h).
#ifndef SOFTATOMIC_HOST_PROFILEMODE_H
#define SOFTATOMIC_HOST_PROFILEMODE_H

#include "Manifest.h"
#include "softatomic/Way.h"

#include <functional>
#include <memory>
#include <string>

namespace softatomic {

/// One launch of a profile.
struct ProfileStep {
  enum Kind {
    Record,         ///< the kernel as written, recording into Buffer
    TimedRecord,    ///< the same, timed, its recording not read
    AsWritten,      ///< the kernel as written
    AllSites,       ///< the combining mode
    NoSite,         ///< the combining mode, every site native: its fixed cost
    OneSite,        ///< the combining mode, Site alone converted
    OneSitePrivate, ///< the same in the privatized form
  };
  Kind What = AsWritten;
  unsigned Site = 0;
  cl_mem Buffer = nullptr; ///< (Timed)Record: the state buffer to pass
};

/// The way Step runs: a recording as written (the rewritten kernel's path,
/// the recording its state), a site or every site combining or privatized.
constexpr Way wayOf(const ProfileStep &Step) {
  switch (Step.What) {
  case ProfileStep::AllSites:
  case ProfileStep::NoSite:
  case ProfileStep::OneSite:
    return Way::Combining;
  case ProfileStep::OneSitePrivate:
    return Way::Private;
  default:
    return Way::AsWritten;
  }
}

/// Launches one step, with the kernel's event in *Done.
using StepLaunch =
    std::function<cl_int(const ProfileStep &Step, cl_event *Done)>;

/// One launch of a rewritten kernel in SA_MODE_PROFILE: its profile's next
/// step through Launch. Event is the caller's, as for
/// clEnqueueNDRangeKernel. The kernel must have its path as written (not
/// built with -DSA_NO_DIRECT).
cl_int launchProfile(cl_command_queue Queue, cl_kernel Kernel,
                     const std::string &Name,
                     std::shared_ptr<const Manifest> Program,
                     const RewrittenKernel &Entry, cl_uint WorkDim,
                     const size_t *Global, const size_t *Local, cl_event *Event,
                     const StepLaunch &Launch);

/// The queue is going (saReleaseQueue): its profile's launches are waited
/// for and timed, and their events let go.
void releaseProfileLaunches(cl_command_queue Queue);

} // namespace softatomic

#endif
