// SA_MODE_AUTO. Only the kernel as written and the combining mode take
// part: in both, every write to an atomic's target is a native atomic, so
// one launch may run one way and the next the other. The coordinator mode
// makes software updates that a native atomic of another launch could
// interleave with, and is never chosen.
#include "AutoMode.h"

#include "Error.h"
#include "softatomic/HostConfig.h"

#include <algorithm>
#include <cstdio>
#include <deque>
#include <map>
#include <mutex>
#include <tuple>
#include <vector>

namespace softatomic {
namespace {

/// Launches each mode is timed for before the faster is kept.
constexpr size_t Samples = SA_AUTO_SAMPLES;
/// Once chosen, one launch in so many runs the other mode again, so that
/// a choice made on a cold cache or a busy device is checked.
constexpr unsigned long RecheckEvery = 64;
/// Events held per kernel and geometry at most: a kernel whose launches
/// never complete is not timed further.
constexpr size_t MaxPending = 8;

/// A kernel at a geometry on a device: what one choice is for.
struct Key {
  cl_program Program;
  std::string Name;
  cl_device_id Device;
  size_t Global[3];
  size_t Local[3];
  bool operator<(const Key &O) const {
    return std::tie(Program, Name, Device, Global[0], Global[1], Global[2],
                    Local[0], Local[1], Local[2]) <
           std::tie(O.Program, O.Name, O.Device, O.Global[0], O.Global[1],
                    O.Global[2], O.Local[0], O.Local[1], O.Local[2]);
  }
};

struct Timings {
  std::deque<double> Ms; ///< the last few launches' device times
  size_t Pending = 0;
  double median() const {
    std::vector<double> V(Ms.begin(), Ms.end());
    std::sort(V.begin(), V.end());
    return V[V.size() / 2];
  }
};

struct Choice {
  Timings Direct, Combine;
  std::vector<std::pair<cl_uint, cl_event>> Pending;
  unsigned long Launches = 0;
  cl_uint Chosen = SA_MODE_AUTO; ///< SA_MODE_AUTO: not yet
  bool Said = false;             ///< why it cannot measure, said once
  Timings &of(cl_uint Mode) {
    return Mode == SA_MODE_DIRECT ? Direct : Combine;
  }
};

struct AutoState {
  std::mutex Lock;
  std::map<Key, Choice> Choices;
};
AutoState &state() {
  static AutoState State;
  return State;
}

const char *modeName(cl_uint Mode) {
  return Mode == SA_MODE_DIRECT ? "as written" : "combining";
}

/// The device time of a completed launch, in ms; negative if the queue
/// gives no profiling information.
double deviceMs(cl_event Event) {
  cl_ulong Start = 0, End = 0;
  if (clGetEventProfilingInfo(Event, CL_PROFILING_COMMAND_START, sizeof Start,
                              &Start, nullptr) != CL_SUCCESS ||
      clGetEventProfilingInfo(Event, CL_PROFILING_COMMAND_END, sizeof End, &End,
                              nullptr) != CL_SUCCESS)
    return -1;
  return double(End - Start) * 1e-6;
}

/// Takes the times of the held launches that have completed; never waits.
void harvest(Choice &C) {
  for (size_t I = 0; I < C.Pending.size();) {
    auto [Mode, Event] = C.Pending[I];
    cl_int Status = CL_QUEUED;
    clGetEventInfo(Event, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof Status,
                   &Status, nullptr);
    if (Status != CL_COMPLETE && Status >= 0) {
      ++I;
      continue;
    }
    Timings &T = C.of(Mode);
    --T.Pending;
    if (double Ms = Status == CL_COMPLETE ? deviceMs(Event) : -1; Ms >= 0) {
      T.Ms.push_back(Ms);
      if (T.Ms.size() > Samples)
        T.Ms.pop_front();
    }
    clReleaseEvent(Event);
    C.Pending.erase(C.Pending.begin() + I);
  }
}

/// The mode of the next launch, and whether to time it.
cl_uint choose(Choice &C, const std::string &Name, bool &Measure) {
  Measure = C.Pending.size() < MaxPending;
  bool Known = C.Direct.Ms.size() >= Samples && C.Combine.Ms.size() >= Samples;
  if (Known) {
    // The kernel as written wins a tie: it is what the user wrote.
    cl_uint Faster = C.Combine.median() < C.Direct.median() ? SA_MODE_COMBINE
                                                            : SA_MODE_DIRECT;
    if (Faster != C.Chosen && hostConfig().Verbose)
      std::fprintf(stderr,
                   "softatomic: kernel '%s': auto mode runs it %s (median "
                   "%.4f ms as written, %.4f ms combining, over the last "
                   "%zu launches of each)\n",
                   Name.c_str(), modeName(Faster), C.Direct.median(),
                   C.Combine.median(), Samples);
    C.Chosen = Faster;
    if (C.Launches % RecheckEvery != 0)
      return C.Chosen;
    return C.Chosen == SA_MODE_DIRECT ? SA_MODE_COMBINE : SA_MODE_DIRECT;
  }
  // Still timing: the mode with fewer launches so far.
  size_t Direct = C.Direct.Ms.size() + C.Direct.Pending;
  size_t Combine = C.Combine.Ms.size() + C.Combine.Pending;
  return Combine < Direct ? SA_MODE_COMBINE : SA_MODE_DIRECT;
}

bool queueProfiles(cl_command_queue Queue) {
  cl_command_queue_properties Properties = 0;
  return clGetCommandQueueInfo(Queue, CL_QUEUE_PROPERTIES, sizeof Properties,
                               &Properties, nullptr) == CL_SUCCESS &&
         (Properties & CL_QUEUE_PROFILING_ENABLE);
}

} // namespace

cl_int launchAuto(cl_command_queue Queue, cl_kernel Kernel,
                  const std::string &Name, bool CombineCompiled,
                  bool DirectCompiled, cl_uint WorkDim, const size_t *Global,
                  const size_t *Local, cl_event *Event,
                  const ModeLaunch &Launch) {
  Key K{};
  clGetKernelInfo(Kernel, CL_KERNEL_PROGRAM, sizeof K.Program, &K.Program,
                  nullptr);
  clGetCommandQueueInfo(Queue, CL_QUEUE_DEVICE, sizeof K.Device, &K.Device,
                        nullptr);
  K.Name = Name;
  for (cl_uint D = 0; D < 3; ++D) {
    K.Global[D] = Global && D < WorkDim ? Global[D] : 1;
    K.Local[D] = Local && D < WorkDim ? Local[D] : 0;
  }
  AutoState &S = state();
  cl_uint Mode = SA_MODE_DIRECT;
  bool Measure = false;
  {
    std::lock_guard<std::mutex> Guard(S.Lock);
    Choice &C = S.Choices[K];
    // Without the combining mode compiled in, or without the device's
    // times, nothing can be compared: the kernel as written never loses
    // to the original.
    const char *Why = !CombineCompiled ? "rewritten without --combine-mode"
                      : !queueProfiles(Queue)
                          ? "its queue has no CL_QUEUE_PROFILING_ENABLE"
                          : nullptr;
    if (!DirectCompiled) {
      // Built without the kernel as written (-DSA_NO_DIRECT): the
      // combining mode alone, where it is compiled in (the launch as
      // written otherwise fails and says why).
      Mode = CombineCompiled ? SA_MODE_COMBINE : SA_MODE_DIRECT;
    } else if (Why) {
      if (!C.Said && hostConfig().Verbose)
        std::fprintf(stderr,
                     "softatomic: kernel '%s': auto mode runs it as written "
                     "(%s, so it cannot be timed against the combining "
                     "mode)\n",
                     Name.c_str(), Why);
      C.Said = true;
    } else {
      harvest(C);
      Mode = choose(C, Name, Measure);
    }
    ++C.Launches;
  }
  cl_event Done = nullptr;
  cl_int Err = Launch(Mode, Measure || Event ? &Done : nullptr);
  if (Err != CL_SUCCESS || !Done)
    return Err;
  if (Event) {
    *Event = Done;
    if (Measure)
      clRetainEvent(Done); // one reference the caller's, one ours
  }
  if (Measure) {
    std::lock_guard<std::mutex> Guard(S.Lock);
    Choice &C = S.Choices[K];
    C.Pending.push_back({Mode, Done});
    ++C.of(Mode).Pending;
  }
  return CL_SUCCESS;
}

} // namespace softatomic
