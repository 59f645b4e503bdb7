#include "LaunchOrder.h"
#include "OffCallbackRelease.h"

#include <map>
#include <mutex>
#include <utility>

namespace softatomic {

namespace {
/// No OpenCL call is made under Lock: forgetLaunch, which takes it, runs
/// on a driver's thread (perhaps holding the driver's own locks) or on the
/// thread that completes a command; and a last release may free the
/// application's queue and context and run their destructor callbacks.
/// Events are let go of by their last holder, after the lock.
struct LastLaunches {
  std::mutex Lock;
  std::map<std::pair<cl_context, cl_device_id>, std::shared_ptr<HeldEvent>>
      Events;
};

LastLaunches &lastLaunches() {
  // Never destroyed: a driver thread may call forgetLaunch while the
  // process exits.
  static LastLaunches *Last = new LastLaunches;
  return *Last;
}

/// The launch \p KernelDone completed: a later launch need not wait for it.
void CL_CALLBACK forgetLaunch(cl_event KernelDone, cl_int, void *) {
  LastLaunches &Last = lastLaunches();
  std::shared_ptr<HeldEvent> Done; // let go of after the lock
  {
    std::lock_guard<std::mutex> Guard(Last.Lock);
    // KernelDone lives until this returns, so no other launch has its
    // handle; a later launch on its device may have replaced it already.
    for (auto It = Last.Events.begin(); It != Last.Events.end(); ++It)
      if (It->second->Event == KernelDone) {
        Done = std::move(It->second);
        Last.Events.erase(It);
        break;
      }
  }
  // Not on the driver's callback thread (OffCallbackRelease.h says why).
  if (Done)
    // Moved in, so that the releaser's copy is the last one whenever it runs.
    releaseOffCallback([D = std::move(Done)]() mutable { D.reset(); });
}
} // namespace

std::shared_ptr<HeldEvent> unfinishedLaunch(cl_context Context,
                                            cl_device_id Device) {
  LastLaunches &Last = lastLaunches();
  std::shared_ptr<HeldEvent> Previous;
  {
    std::lock_guard<std::mutex> Guard(Last.Lock);
    auto It = Last.Events.find({Context, Device});
    if (It == Last.Events.end())
      return nullptr;
    Previous = It->second;
  }
  cl_int Status = CL_COMPLETE;
  clGetEventInfo(Previous->Event, CL_EVENT_COMMAND_EXECUTION_STATUS,
                 sizeof(Status), &Status, nullptr);
  return Status > CL_COMPLETE ? Previous : nullptr; // done: no need to wait
}

void recordLaunch(cl_context Context, cl_device_id Device,
                  cl_event KernelDone) {
  LastLaunches &Last = lastLaunches();
  auto Held = std::make_shared<HeldEvent>(KernelDone);
  {
    std::shared_ptr<HeldEvent> Replaced; // let go of after the lock
    std::lock_guard<std::mutex> Guard(Last.Lock);
    std::shared_ptr<HeldEvent> &Slot = Last.Events[{Context, Device}];
    Replaced = std::move(Slot);
    Slot = std::move(Held);
  }
  // The driver may call back at once, on this thread, if it is done.
  clSetEventCallback(KernelDone, CL_COMPLETE, forgetLaunch, nullptr);
}

} // namespace softatomic
