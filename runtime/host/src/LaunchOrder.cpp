// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "LaunchOrder.h"

#include "ClQuery.h"

#include <algorithm>
#include <map>
#include <mutex>
#include <utility>
#include <vector>

namespace softatomic {

namespace {
/// No OpenCL call is made under Lock: a last release may free the
/// application's queue and context and run their destructor callbacks.
/// Events are let go of by their last holder, after the lock, on the
/// application's thread (DeviceStatus.h says why never in a callback).
struct LastLaunches {
  std::mutex Lock;
  std::map<std::pair<cl_context, cl_device_id>, std::shared_ptr<HeldEvent>>
      Events;
};

LastLaunches &lastLaunches() {
  // Never destroyed: another thread may launch while the process exits.
  static LastLaunches *Last = new LastLaunches;
  return *Last;
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
  return eventEnded(Previous->Event) ? nullptr
                                     : Previous; // done: no need to wait
}

void recordLaunch(cl_context Context, cl_device_id Device,
                  cl_event KernelDone) {
  LastLaunches &Last = lastLaunches();
  auto Held = std::make_shared<HeldEvent>(KernelDone);
  std::shared_ptr<HeldEvent> Replaced; // let go of after the lock
  std::lock_guard<std::mutex> Guard(Last.Lock);
  std::shared_ptr<HeldEvent> &Slot = Last.Events[{Context, Device}];
  Replaced = std::move(Slot);
  Slot = std::move(Held);
}

void forgetCompletedLaunches() {
  LastLaunches &Last = lastLaunches();
  std::vector<std::shared_ptr<HeldEvent>> Held;
  {
    std::lock_guard<std::mutex> Guard(Last.Lock);
    for (auto &Entry : Last.Events)
      Held.push_back(Entry.second);
  }
  std::vector<std::shared_ptr<HeldEvent>> Done; // let go of after the lock
  for (auto &H : Held)
    if (eventEnded(H->Event))
      Done.push_back(H);
  std::lock_guard<std::mutex> Guard(Last.Lock);
  for (auto It = Last.Events.begin(); It != Last.Events.end();) {
    // Only the very event found complete: a launch may have replaced it.
    if (std::find(Done.begin(), Done.end(), It->second) != Done.end())
      It = Last.Events.erase(It);
    else
      ++It;
  }
}

} // namespace softatomic
