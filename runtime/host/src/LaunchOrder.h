// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Two rewritten launches running at once on one device would each count on
// every co-resident slot and starve each other, so each launch waits for
// the previous one on the same device (queues of one context can share
// events). The previous launch's event is held only until a runtime call
// finds it complete: held longer, it would keep the application's queue and
// context alive after the application released them.
#ifndef SOFTATOMIC_HOST_LAUNCHORDER_H
#define SOFTATOMIC_HOST_LAUNCHORDER_H

#include "softatomic/softatomic.h"

#include <memory>

namespace softatomic {

/// A retained event, released with its last holder.
struct HeldEvent {
  cl_event Event;
  explicit HeldEvent(cl_event E) : Event(E) { clRetainEvent(E); }
  HeldEvent(const HeldEvent &) = delete;
  HeldEvent &operator=(const HeldEvent &) = delete;
  ~HeldEvent() { clReleaseEvent(Event); }
};

/// The last launch on (Context, Device) if it has not completed, else null.
std::shared_ptr<HeldEvent> unfinishedLaunch(cl_context Context,
                                            cl_device_id Device);

/// Records KernelDone (which the caller holds meanwhile) as the last launch
/// on (Context, Device) until forgetCompletedLaunches finds it complete.
void recordLaunch(cl_context Context, cl_device_id Device, cl_event KernelDone);

/// Lets go of the last launches that have completed.
void forgetCompletedLaunches();

} // namespace softatomic

#endif
