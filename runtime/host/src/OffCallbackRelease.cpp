// releaseOffCallback: one thread that lets go of what event callbacks hand
// over, in order.
#include "OffCallbackRelease.h"

#include <condition_variable>
#include <deque>
#include <mutex>
#include <thread>

namespace softatomic {
namespace {

struct Releaser {
  std::mutex Lock;
  std::condition_variable Ready;
  std::deque<std::function<void()>> Work;

  Releaser() { std::thread([this] { run(); }).detach(); }

  void run() {
    for (;;) {
      std::function<void()> Next;
      {
        std::unique_lock<std::mutex> Guard(Lock);
        Ready.wait(Guard, [this] { return !Work.empty(); });
        Next = std::move(Work.front());
        Work.pop_front();
      }
      Next(); // no lock held: the release may call back into the runtime
    }
  }
};

Releaser &releaser() {
  // Never destroyed: its thread may be releasing while the process exits.
  static Releaser *R = new Releaser;
  return *R;
}

} // namespace

void releaseOffCallback(std::function<void()> Release) {
  Releaser &R = releaser();
  {
    std::lock_guard<std::mutex> Guard(R.Lock);
    R.Work.push_back(std::move(Release));
  }
  R.Ready.notify_one();
}

} // namespace softatomic
