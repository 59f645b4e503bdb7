// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// SA_MODE_PROFILE (ProfileMode.h). Every step runs the application's launch
// with its results: the recording launch is the kernel as written with
// counting on the side, and the timed ones are the kernel as written or
// the combining mode, in which every write to an atomic's target is a
// native atomic (so one site converted beside native ones is safe).
#include "ProfileMode.h"

#include "ClQuery.h"
#include "DeviceRules.h"
#include "Error.h"
#include "ProfileReport.h"
#include "softatomic/HostConfig.h"
#include "softatomic_layout.h"

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <map>
#include <mutex>
#include <tuple>
#include <vector>

namespace softatomic {
namespace {

/// A kernel at a geometry on a device: what one profile is of.
struct Key {
  const Manifest *Program;
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

/// A launch whose time is not yet read.
struct Pending {
  ProfileStep Step;
  cl_event Event = nullptr;
  cl_command_queue Queue = nullptr;
};

struct Profile {
  std::shared_ptr<const Manifest> Program; ///< keeps Sites alive
  KernelProfile Report;
  std::vector<unsigned> SiteIds; ///< the program's ids of Report.Sites
  std::vector<unsigned> PointerArgs;
  std::vector<ProfileStep> Steps;
  size_t Next = 0;
  std::vector<Pending> Timing;
  /// The recording launch's buffer and its read-back into Words.
  cl_mem Buffer = nullptr;
  cl_event Read = nullptr;
  cl_command_queue ReadQueue = nullptr;
  std::vector<cl_uint> Words;
  uint64_t Items = 0;
  cl_uint Records = 0;
  /// The recording launch was made: a second may be, for its time.
  bool Recordable = false;
};

struct ProfileState {
  std::mutex Lock;
  std::map<Key, Profile> Profiles;
  std::vector<Key> Order; ///< in the order of their first launch
};
/// Never destroyed: the interception layer's exit handler reads it.
ProfileState &state() {
  static ProfileState *State = new ProfileState;
  return *State;
}

/// saSetProfileRounds; ~0u: unset, the environment's.
std::atomic<cl_uint> ChosenRounds{~0u};

cl_uint profileRounds() {
  cl_uint Chosen = ChosenRounds.load(std::memory_order_relaxed);
  return Chosen != ~0u ? Chosen : hostConfig().ProfileRounds;
}

Key keyOf(const Manifest *Program, const std::string &Name, cl_device_id Device,
          cl_uint WorkDim, const size_t *Global, const size_t *Local) {
  // No local size: 0 in every dimension (the implementation's choice).
  Key K{Program, Name, Device, {1, 1, 1}, {0, 0, 0}};
  for (cl_uint D = 0; D < 3; ++D) {
    K.Global[D] = Global && D < WorkDim ? Global[D] : 1;
    K.Local[D] = !Local ? 0 : D < WorkDim ? Local[D] : 1;
  }
  return K;
}

/// The steps of a profile: the recording launch, then rounds of the kernel
/// as written, every site converted, none, and each site alone (where the
/// combining mode is compiled in and the queue times launches). The
/// recording comes first, so that a kernel launched once is recorded; its
/// cost is timed on a second recording after the first round: an
/// implementation may compile a kernel for its NDRange at its first launch
/// (PoCL does), which the first would be charged with.
std::vector<ProfileStep> planSteps(const RewrittenKernel &Entry,
                                   const Manifest &Program, bool Timed,
                                   std::string &Note) {
  std::vector<ProfileStep> Steps = {{ProfileStep::Record, 0, nullptr}};
  if (!Timed) {
    Note = "the queue has no CL_QUEUE_PROFILING_ENABLE: no launch was timed";
    return Steps;
  }
  if (!Entry.CombineMode)
    Note = "rewritten without the combining mode: no site was converted";
  for (cl_uint Round = 0; Round < profileRounds(); ++Round) {
    Steps.push_back({ProfileStep::AsWritten, 0, nullptr});
    if (Entry.CombineMode) {
      Steps.push_back({ProfileStep::AllSites, 0, nullptr});
      // The rewritten kernel with nothing converted: what it costs before
      // any site does (the report shows it apart from each site's gain).
      Steps.push_back({ProfileStep::NoSite, 0, nullptr});
      // One site: converting it alone is converting them all.
      if (Entry.ProfileSites.size() > 1)
        for (unsigned Id : Entry.ProfileSites)
          Steps.push_back({ProfileStep::OneSite, Id, nullptr});
      // A site the privatized form can serve: its what-if in that form too.
      for (unsigned Id : Entry.ProfileSites)
        if (Id < Program.Sites.size() && Program.Sites[Id].Private)
          Steps.push_back({ProfileStep::OneSitePrivate, Id, nullptr});
    }
    if (Round == 0)
      Steps.push_back({ProfileStep::TimedRecord, 0, nullptr});
  }
  return Steps;
}

/// Work-items that make one warp (or wavefront): the device's own answer
/// (DeviceRules.h), else the kernel's preferred multiple of the local size.
cl_uint warpSize(cl_device_id Device, cl_kernel Kernel) {
  if (cl_uint Width = deviceRules(Device).WarpWidth)
    return Width;
  size_t Multiple = 0;
  if (clGetKernelWorkGroupInfo(
          Kernel, Device, CL_KERNEL_PREFERRED_WORK_GROUP_SIZE_MULTIPLE,
          sizeof Multiple, &Multiple, nullptr) == CL_SUCCESS &&
      Multiple)
    return (cl_uint)Multiple;
  return 32;
}

/// The recording launch's buffer: the header, then zeros, sized for
/// records of up to 64 calls of each site per work-item within a budget of
/// a quarter of the device's largest allocation (at most 256 MiB), or
/// SOFTATOMIC_PROFILE_RECORDS. False when not even the totals fit.
bool sizeRecording(Profile &P, cl_device_id Device, cl_uint Sites) {
  cl_ulong MaxAlloc =
      deviceInfo<cl_ulong>(Device, CL_DEVICE_MAX_MEM_ALLOC_SIZE);
  uint64_t Budget =
      std::min<uint64_t>(MaxAlloc / 4, uint64_t(256) << 20) / sizeof(cl_uint);
  uint64_t Base = SA_PROFILE_RECORD_BASE(uint64_t(Sites), P.Items);
  if (Base * sizeof(cl_uint) > MaxAlloc)
    return false;
  uint64_t Fit = Budget > Base
                     ? (Budget - Base) /
                           (SA_PROFILE_FIELDS * std::max(Sites, 1u) * P.Items)
                     : 0;
  P.Records = hostConfig().ProfileRecords.value_or(
      (cl_uint)std::min<uint64_t>(Fit, 64));
  while (P.Records &&
         SA_PROFILE_WORDS(uint64_t(Sites), P.Items, uint64_t(P.Records)) *
                 sizeof(cl_uint) >
             MaxAlloc)
    P.Records /= 2;
  return true;
}

/// Reads the launch times the completed (or, with Wait, all) launches of
/// P left, and lets their events go; only those of Queue when it is given.
void harvest(Profile &P, bool Wait, cl_command_queue Queue = nullptr) {
  std::vector<Pending> Left;
  for (Pending &T : P.Timing) {
    if (Queue && T.Queue != Queue) {
      Left.push_back(T);
      continue;
    }
    cl_int Status = CL_QUEUED;
    if (Wait)
      clWaitForEvents(1, &T.Event);
    clGetEventInfo(T.Event, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof Status,
                   &Status, nullptr);
    if (Status > CL_COMPLETE) { // not yet
      Left.push_back(T);
      continue;
    }
    if (double Ms = Status == CL_COMPLETE ? deviceMs(T.Event) : -1; Ms >= 0) {
      switch (T.Step.What) {
      case ProfileStep::TimedRecord:
        P.Report.RecordingMs.push_back(Ms);
        break;
      case ProfileStep::AsWritten:
        P.Report.NativeMs.push_back(Ms);
        break;
      case ProfileStep::Record:
        break;
      case ProfileStep::AllSites:
        P.Report.AllSitesMs["combine"].push_back(Ms);
        // The kernel's one site converted alone is every site converted.
        if (P.SiteIds.size() == 1)
          P.Report.SiteMs[0]["combine"].push_back(Ms);
        break;
      case ProfileStep::NoSite:
        P.Report.NothingConvertedMs.push_back(Ms);
        break;
      case ProfileStep::OneSite:
      case ProfileStep::OneSitePrivate:
        for (size_t I = 0; I < P.SiteIds.size(); ++I)
          if (P.SiteIds[I] == T.Step.Site)
            P.Report
                .SiteMs[I][T.Step.What == ProfileStep::OneSite ? "combine"
                                                               : "private"]
                .push_back(Ms);
        break;
      }
    }
    clReleaseEvent(T.Event);
  }
  P.Timing = std::move(Left);
}

/// Waits for the recording's read-back and lets its buffer go.
void finishRead(Profile &P) {
  if (!P.Read)
    return;
  clWaitForEvents(1, &P.Read);
  cl_int Status = CL_COMPLETE;
  clGetEventInfo(P.Read, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof Status,
                 &Status, nullptr);
  clReleaseEvent(P.Read);
  clReleaseMemObject(P.Buffer);
  P.Read = nullptr;
  P.Buffer = nullptr;
  if (Status != CL_COMPLETE) {
    P.Words.clear();
    P.Report.Note += std::string(P.Report.Note.empty() ? "" : "; ") +
                     "the recording launch failed";
  }
}

/// What the recording launch left, per site of the kernel.
void analyse(Profile &P) {
  finishRead(P);
  if (P.Words.empty()) // none made, or analysed already
    return;
  ProfileRecording R;
  R.Items = P.Items;
  // Each site's records of a work-item are R of its slots
  // (softatomic_layout.h): the analysis reads them as sites * R.
  R.RecordsPerItem = P.Records * (uint32_t)P.Program->Sites.size();
  R.Sites = (uint32_t)P.Program->Sites.size();
  R.WarpSize = P.Report.WarpSize;
  uint64_t Totals = SA_PROFILE_TOTALS,
           Records = SA_PROFILE_RECORD_BASE(uint64_t(R.Sites), R.Items);
  R.Totals.assign(P.Words.begin() + Totals, P.Words.begin() + Records);
  for (unsigned Index : P.PointerArgs)
    if (Index < SA_PROFILE_MAX_ARGS)
      R.Arguments.push_back(
          {Index,
           P.Words[SA_PROFILE_ARGS + 2 * Index] |
               uint64_t(P.Words[SA_PROFILE_ARGS + 2 * Index + 1]) << 32,
           0});
  // The records are the words' tail: moved, not copied (they may be most
  // of the 256 MiB budget).
  P.Words.erase(P.Words.begin(), P.Words.begin() + Records);
  R.Records = std::move(P.Words);
  P.Words = {};
  std::vector<SiteProfile> All = analyseRecording(R, P.Program->Sites);
  for (unsigned Id : P.SiteIds)
    P.Report.Stats.push_back(All[Id]);
  P.Report.Recorded = true;
}

/// A recording's buffer, its header and zeros in Words (P.Records and
/// P.Items as sized).
cl_mem recordingBuffer(const Profile &P, cl_command_queue Queue,
                       std::vector<cl_uint> &Words, cl_int &Err) {
  cl_uint Sites = (cl_uint)P.Program->Sites.size();
  Words.assign(SA_PROFILE_WORDS(uint64_t(Sites), P.Items, uint64_t(P.Records)),
               0);
  Words[SA_H_MAGIC] = SA_STATE_MAGIC;
  Words[SA_H_MODE] = SA_M_PROFILE;
  Words[SA_H_PROFILE_ITEMS] = (cl_uint)P.Items;
  Words[SA_H_PROFILE_ITEMS + 1] = (cl_uint)(P.Items >> 32);
  Words[SA_H_PROFILE_RECORDS] = P.Records;
  Words[SA_H_PROFILE_SITES] = Sites;
  cl_context Context = nullptr;
  clGetCommandQueueInfo(Queue, CL_QUEUE_CONTEXT, sizeof Context, &Context,
                        nullptr);
  return clCreateBuffer(Context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR,
                        Words.size() * sizeof(cl_uint), Words.data(), &Err);
}

/// Enqueues the recording launch and its read-back.
cl_int record(Profile &P, cl_command_queue Queue, cl_device_id Device,
              cl_kernel Kernel, const StepLaunch &Launch, cl_event *Done) {
  if (!sizeRecording(P, Device, (cl_uint)P.Program->Sites.size())) {
    P.Report.Note = "too many work-items to record";
    return Launch({ProfileStep::AsWritten, 0, nullptr}, Done);
  }
  P.Report.WarpSize = warpSize(Device, Kernel);
  cl_int Err = CL_SUCCESS;
  P.Buffer = recordingBuffer(P, Queue, P.Words, Err);
  P.Recordable = Err == CL_SUCCESS;
  size_t Bytes = P.Words.size() * sizeof(cl_uint);
  if (Err != CL_SUCCESS) {
    P.Words.clear();
    P.Report.Note = "could not allocate the recording (" +
                    std::to_string(Bytes) + " bytes)";
    return Launch({ProfileStep::AsWritten, 0, nullptr}, Done);
  }
  if ((Err = Launch({ProfileStep::Record, 0, P.Buffer}, Done)) != CL_SUCCESS) {
    clReleaseMemObject(P.Buffer);
    P.Buffer = nullptr;
    P.Words.clear();
    return Err;
  }
  Err = clEnqueueReadBuffer(Queue, P.Buffer, CL_FALSE, 0, Bytes, P.Words.data(),
                            1, Done, &P.Read);
  if (Err != CL_SUCCESS) {
    clReleaseMemObject(P.Buffer);
    P.Buffer = nullptr;
    P.Read = nullptr;
    P.Words.clear();
    P.Report.Note = "could not read the recording back";
  }
  P.ReadQueue = Queue;
  return CL_SUCCESS;
}

/// A second recording launch, for its time alone: its buffer goes when the
/// launch completes, unread. False (and the kernel as written launched
/// instead) where the first could not record.
cl_int recordForTime(Profile &P, cl_command_queue Queue,
                     const StepLaunch &Launch, cl_event *Done, bool &Timed) {
  Timed = false;
  if (!P.Recordable)
    return Launch({ProfileStep::AsWritten, 0, nullptr}, Done);
  std::vector<cl_uint> Words;
  cl_int Err = CL_SUCCESS;
  cl_mem Buffer = recordingBuffer(P, Queue, Words, Err);
  if (Err != CL_SUCCESS)
    return Launch({ProfileStep::AsWritten, 0, nullptr}, Done);
  Err = Launch({ProfileStep::TimedRecord, 0, Buffer}, Done);
  // Released now, freed by OpenCL once the launch is done with it.
  clReleaseMemObject(Buffer);
  Timed = Err == CL_SUCCESS;
  return Err;
}

/// A new profile of the kernel's launches with key K: its sites, its
/// report's description of the launch, and the steps it will take.
void startProfile(Profile &P, const Key &K,
                  const std::shared_ptr<const Manifest> &Program,
                  const RewrittenKernel &Entry, const std::string &Name,
                  cl_device_id Device, cl_uint WorkDim,
                  cl_command_queue Queue) {
  P.Program = Program;
  P.SiteIds = Entry.ProfileSites;
  P.PointerArgs = Entry.GlobalPointerArgs;
  for (size_t I = 0; I < Entry.GlobalPointerNames.size() &&
                     I < Entry.GlobalPointerArgs.size();
       ++I)
    P.Report.ArgumentNames[int(Entry.GlobalPointerArgs[I])] =
        Entry.GlobalPointerNames[I];
  P.Report.Kernel = Name;
  P.Report.Device = deviceString(Device, CL_DEVICE_NAME);
  P.Report.WorkDim = WorkDim;
  P.Items = 1;
  for (int D = 0; D < 3; ++D) {
    P.Report.Global[D] = K.Global[D];
    P.Report.Local[D] = K.Local[D];
    P.Items *= K.Global[D];
  }
  for (unsigned Id : P.SiteIds)
    P.Report.Sites.push_back(Program->Sites[Id]);
  P.Report.SiteMs.resize(P.SiteIds.size());
  P.Steps = planSteps(Entry, *Program, queueProfiles(Queue), P.Report.Note);
}

} // namespace

cl_int launchProfile(cl_command_queue Queue, cl_kernel Kernel,
                     const std::string &Name,
                     std::shared_ptr<const Manifest> Program,
                     const RewrittenKernel &Entry, cl_uint WorkDim,
                     const size_t *Global, const size_t *Local, cl_event *Event,
                     const StepLaunch &Launch) {
  cl_device_id Device = nullptr;
  clGetCommandQueueInfo(Queue, CL_QUEUE_DEVICE, sizeof Device, &Device,
                        nullptr);
  if (!Global) // let OpenCL say what is wrong
    return Launch({ProfileStep::AsWritten, 0, nullptr}, Event);
  ProfileState &S = state();
  std::lock_guard<std::mutex> Guard(S.Lock);
  Key K = keyOf(Program.get(), Name, Device, WorkDim, Global, Local);
  auto [It, New] = S.Profiles.try_emplace(K);
  Profile &P = It->second;
  if (New) {
    S.Order.push_back(K);
    startProfile(P, K, Program, Entry, Name, Device, WorkDim, Queue);
  }
  ++P.Report.Launches;
  harvest(P, /*Wait=*/false);
  // Recordings read back by now are analysed and let go: an application
  // that builds program after program keeps a report each, not their
  // records.
  for (auto &[Other, Q] : S.Profiles)
    if (Q.Read && eventEnded(Q.Read))
      analyse(Q);
  cl_event Done = nullptr;
  cl_int Err;
  bool Planned = P.Next < P.Steps.size();
  ProfileStep Step = Planned ? P.Steps[P.Next++]
                             : ProfileStep{ProfileStep::AsWritten, 0, nullptr};
  // The first recording is not timed (planSteps says why).
  bool Timed =
      Planned && queueProfiles(Queue) && Step.What != ProfileStep::Record;
  if (Step.What == ProfileStep::Record) {
    Err = record(P, Queue, Device, Kernel, Launch, &Done);
  } else if (Step.What == ProfileStep::TimedRecord) {
    bool Recorded = false;
    Err = recordForTime(P, Queue, Launch, &Done, Recorded);
    Timed = Timed && Recorded;
  } else {
    Err = Launch(Step, &Done);
  }
  if (Err != CL_SUCCESS)
    return Err;
  // The recording's time is the profile's cost beside the kernel as
  // written; the launches after the rounds are not timed.
  if (Done && Timed) {
    clRetainEvent(Done);
    P.Timing.push_back({Step, Done, Queue});
  }
  if (Event)
    *Event = Done;
  else if (Done)
    clReleaseEvent(Done);
  if (hostConfig().Verbose)
    std::fprintf(stderr, "softatomic: kernel '%s': profile step %zu of %zu\n",
                 Name.c_str(), P.Next, P.Steps.size());
  return CL_SUCCESS;
}

void releaseProfileLaunches(cl_command_queue Queue) {
  ProfileState &S = state();
  std::lock_guard<std::mutex> Guard(S.Lock);
  for (auto &[K, P] : S.Profiles) {
    harvest(P, /*Wait=*/true, Queue);
    if (P.ReadQueue == Queue)
      finishRead(P);
  }
}

} // namespace softatomic

extern "C" cl_int saSetProfileRounds(cl_uint Rounds) {
  softatomic::ChosenRounds.store(Rounds, std::memory_order_relaxed);
  return softatomic::succeed();
}

extern "C" cl_int saGetProfileStepsLeft(cl_command_queue Queue,
                                        cl_kernel Kernel, cl_uint WorkDim,
                                        const size_t *Global,
                                        const size_t *Local, cl_uint *Steps) {
  using namespace softatomic;
  if (!Steps)
    return fail(CL_INVALID_VALUE, "steps is NULL");
  *Steps = 0;
  cl_program ProgramHandle = nullptr;
  cl_int Err = clGetKernelInfo(Kernel, CL_KERNEL_PROGRAM, sizeof ProgramHandle,
                               &ProgramHandle, nullptr);
  if (Err != CL_SUCCESS)
    return fail(Err, "invalid kernel");
  std::shared_ptr<const Manifest> Program = findManifest(ProgramHandle, Err);
  if (Err != CL_SUCCESS)
    return Err;
  std::string Name = kernelName(Kernel);
  if (!Program || !Program->Kernels.count(Name))
    return succeed();
  const RewrittenKernel &Entry = Program->Kernels.at(Name);
  if (!Entry.Profiled)
    return succeed();
  cl_device_id Device = nullptr;
  if ((Err = clGetCommandQueueInfo(Queue, CL_QUEUE_DEVICE, sizeof Device,
                                   &Device, nullptr)) != CL_SUCCESS)
    return fail(Err, "invalid command queue");
  ProfileState &S = state();
  std::lock_guard<std::mutex> Guard(S.Lock);
  auto It = S.Profiles.find(
      keyOf(Program.get(), Name, Device, WorkDim, Global, Local));
  if (It != S.Profiles.end()) {
    const Profile &P = It->second;
    *Steps = (cl_uint)(P.Steps.size() - std::min(P.Next, P.Steps.size()));
  } else {
    std::string Note;
    *Steps =
        (cl_uint)planSteps(Entry, *Program, queueProfiles(Queue), Note).size();
  }
  return succeed();
}

extern "C" cl_int saGetProfileReport(cl_uint Format, size_t Size, char *Text,
                                     size_t *SizeRet) {
  using namespace softatomic;
  if (Format != SA_PROFILE_JSON && Format != SA_PROFILE_TABLE)
    return fail(CL_INVALID_VALUE,
                "format " + std::to_string(Format) +
                    " is not SA_PROFILE_JSON or SA_PROFILE_TABLE");
  std::vector<KernelProfile> Kernels;
  {
    ProfileState &S = state();
    std::lock_guard<std::mutex> Guard(S.Lock);
    for (const Key &K : S.Order) {
      Profile &P = S.Profiles.at(K);
      harvest(P, /*Wait=*/true);
      analyse(P);
      Kernels.push_back(P.Report);
    }
  }
  std::string Report = Format == SA_PROFILE_JSON
                           ? profileJson(Kernels, SA_VERSION)
                           : profileTable(Kernels);
  if (SizeRet)
    *SizeRet = Report.size() + 1;
  if (Text) {
    if (Size < Report.size() + 1)
      return fail(CL_INVALID_VALUE,
                  "the report needs " + std::to_string(Report.size() + 1) +
                      " bytes, " + std::to_string(Size) + " given");
    std::copy(Report.begin(), Report.end(), Text);
    Text[Report.size()] = '\0';
  }
  return succeed();
}
