// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// saEnqueueNDRangeKernel: the launch of a rewritten kernel. The device code
// (runtime/device) runs the caller's NDRange on 1 + P physical work-groups:
// group 0 coordinates, groups 1..P run the caller's groups in turn.
// LaunchPlan.h works each launch out; this file checks that the kernel can
// run in the mode asked for and enqueues it, or hands it to the automatic
// mode or the profile (AutoMode.h, ProfileMode.h).
#include "AutoMode.h"
#include "ClQuery.h"
#include "Coresidency.h"
#include "DeviceStatus.h"
#include "Error.h"
#include "LaunchOrder.h"
#include "LaunchPlan.h"
#include "Manifest.h"
#include "Mode.h"
#include "Privatize.h"
#include "ProfileMode.h"
#include "Reproducible.h"
#include "softatomic/HostConfig.h"

#include <algorithm>
#include <cstdio>
#include <mutex>
#include <vector>

using namespace softatomic;

namespace {

/// clSetKernelArg + clEnqueueNDRangeKernel must not interleave between
/// threads that launch the same kernel object.
std::mutex &launchLock() {
  static std::mutex Lock;
  return Lock;
}

/// Whether the kernel's program has the path that runs it as written: not
/// where it was built with -DSA_NO_DIRECT.
bool directCompiled(cl_kernel Kernel, cl_device_id Device) {
  cl_program Program = nullptr;
  clGetKernelInfo(Kernel, CL_KERNEL_PROGRAM, sizeof Program, &Program, nullptr);
  std::string Options = infoString([&](size_t S, void *V, size_t *R) {
    return clGetProgramBuildInfo(Program, Device, CL_PROGRAM_BUILD_OPTIONS, S,
                                 V, R);
  });
  return Options.find("SA_NO_DIRECT") == std::string::npos;
}

/// One launch as the caller asked for it: clEnqueueNDRangeKernel's
/// arguments, and the kernel as the application wrote it and its warp
/// program's where the caller has them
/// (saEnqueueNDRangeKernelWithOriginals).
struct LaunchCall {
  cl_command_queue Queue = nullptr;
  cl_kernel Kernel = nullptr;
  cl_kernel Original = nullptr;
  cl_kernel WarpProgram = nullptr;
  cl_uint WorkDim = 1;
  const size_t *Offset = nullptr;
  const size_t *Global = nullptr;
  const size_t *Local = nullptr;
  cl_uint NumWait = 0;
  const cl_event *WaitList = nullptr;
  /// SA_MODE_PROFILE's steps (ProfileMode.h): the site a combining launch
  /// converts alone (1 + its id; 0: every site; NoSiteConverted: none), and
  /// the state buffer of a recording launch of the kernel as written.
  cl_uint OnlySite = 0;
  cl_mem Recording = nullptr;
};

/// An OnlySite that names no site: the device runtime runs each site's call
/// as the native atomic of the kernel as written (__sa_pf_enter).
constexpr cl_uint NoSiteConverted = ~0u;

/// Whether Original can stand in for Kernel: a kernel of the same name
/// whose arguments are Kernel's less the runtime's Extra (which come last).
cl_int checkOriginal(cl_kernel Kernel, cl_kernel Original,
                     const std::string &Name, cl_uint Extra) {
  cl_uint Args = 0, OriginalArgs = 0;
  cl_int Err = clGetKernelInfo(Original, CL_KERNEL_NUM_ARGS,
                               sizeof OriginalArgs, &OriginalArgs, nullptr);
  if (Err != CL_SUCCESS)
    return fail(Err,
                "the original given for kernel '" + Name + "' is not a kernel");
  clGetKernelInfo(Kernel, CL_KERNEL_NUM_ARGS, sizeof Args, &Args, nullptr);
  std::string OriginalName = kernelName(Original);
  if (OriginalName != Name || OriginalArgs + Extra != Args)
    return fail(CL_INVALID_KERNEL,
                "the original given for kernel '" + Name + "' is '" +
                    OriginalName + "' with " + std::to_string(OriginalArgs) +
                    " arguments: it must be the kernel of that name before "
                    "rewriting, with " +
                    std::to_string(Args >= Extra ? Args - Extra : 0));
  return CL_SUCCESS;
}

/// A launch of the kernel as written (SA_MODE_DIRECT): the caller's
/// NDRange as given. With the application's own kernel (Call.Original),
/// that kernel itself, at native cost; otherwise the rewritten kernel with
/// no state buffer, which the device runtime takes as the sign to make
/// each atomic one native atomic where it is called (__sa_begin_direct).
/// Nothing is read back: no request is made, so nothing can fail.
cl_int launchDirect(LaunchCall Call, const RewrittenKernel &Entry,
                    const std::string &Name, bool Int64Atomics,
                    cl_device_id Device, cl_event *Event) {
  // A recording launch (SA_MODE_PROFILE) is the rewritten kernel's, with
  // the recording as its state.
  if (Call.Recording)
    Call.Original = nullptr;
  cl_kernel Kernel = Call.Original ? Call.Original : Call.Kernel;
  // The original's arguments are the caller's alone: no lock, nothing set.
  std::unique_lock<std::mutex> Guard(launchLock(), std::defer_lock);
  if (!Call.Original) {
    if (!directCompiled(Kernel, Device))
      return fail(SA_MODE_NOT_COMPILED,
                  "kernel '" + Name +
                      "' was built with -DSA_NO_DIRECT: it has no path that "
                      "runs it as written (SA_MODE_DIRECT)");
    if (Int64Atomics && !hasExtension(Device, "cl_khr_int64_base_atomics"))
      return fail(SA_DEVICE_NOT_SUPPORTED,
                  "kernel '" + Name +
                      "' cannot run as written (SA_MODE_DIRECT) here: its "
                      "64-bit atomics need cl_khr_int64_base_atomics, which "
                      "the device lacks");
    // Held until the launch is enqueued, as in launchRewritten.
    Guard.lock();
    cl_mem State = Call.Recording;
    cl_int Err = clSetKernelArg(Kernel, Entry.ScratchIndex, 16, nullptr);
    if (Err == CL_SUCCESS)
      Err = clSetKernelArg(Kernel, Entry.StateIndex, sizeof(cl_mem), &State);
    if (Err != CL_SUCCESS)
      return fail(Err, "could not set the softatomic arguments of kernel '" +
                           Name + "'");
  }
  if (hostConfig().Verbose) {
    cl_program Program = nullptr;
    if (Call.Original)
      clGetKernelInfo(Call.Original, CL_KERNEL_PROGRAM, sizeof Program,
                      &Program, nullptr);
    std::fprintf(
        stderr, "softatomic: kernel '%s': as written (direct mode%s)\n",
        Name.c_str(),
        !Call.Original                ? ""
        : builtAsWarpProgram(Program) ? ", the kernel of its warp program"
                                      : ", the application's own kernel");
  }
  // No local size given: the kernel's required one if it has one, as the
  // software launch takes (chooseLocalSize), and as the specification
  // has it; PoCL 3.1 fails such a launch (CL_INVALID_WORK_GROUP_SIZE)
  // where it is left to choose.
  size_t Required[3];
  const size_t *Local = Call.Local;
  if (!Local && requiredLocalSize(Kernel, Device, Required))
    Local = Required;
  cl_int Err = clEnqueueNDRangeKernel(Call.Queue, Kernel, Call.WorkDim,
                                      Call.Offset, Call.Global, Local,
                                      Call.NumWait, Call.WaitList, Event);
  if (Err != CL_SUCCESS)
    return fail(Err, "clEnqueueNDRangeKernel of kernel '" + Name +
                         "' as written failed");
  return succeed();
}

/// Refuses a mode that the rewritten kernel cannot run in: it was rewritten
/// without what the mode needs, or the mode would break what it promises.
cl_int checkModeFits(const RewrittenKernel &Entry, const std::string &Name,
                     cl_uint Mode) {
  // The kernel as written sums floats in whatever order its atomics come.
  if (Mode == SA_MODE_DIRECT && Entry.Reproducible)
    return fail(
        SA_MODE_NOT_COMPILED,
        "kernel '" + Name +
            "' has reproducible float adds "
            "(--float-atomics=reproducible), which the kernel as written "
            "(SA_MODE_DIRECT) does not make; use the combining, "
            "coordinator or automatic mode");
  // The kernels kept native may update the same buffers with native
  // atomics, which a coordinator's updates are not atomic with; the
  // combining mode applies every update natively, so it may meet them.
  if (Mode == SA_MODE_COORDINATOR && Entry.PartialProgram)
    return fail(SA_PARTIAL_PROGRAM,
                "kernel '" + Name +
                    "' cannot run in the coordinator mode: its program was "
                    "rewritten in part (--keep-native-on-error), and the "
                    "coordinator's atomics are not atomic with the native "
                    "ones of the kernels kept as written; use the combining, "
                    "direct or automatic mode");
  return CL_SUCCESS;
}

/// Enqueues the planned launch of the rewritten kernel: its state buffer,
/// its arguments, after the device's previous launch (LaunchOrder.h), and
/// the read-back of its status (DeviceStatus.h). The caller holds
/// launchLock().
cl_int enqueuePlanned(const LaunchCall &Call, const RewrittenKernel &Entry,
                      const std::string &Name, const LaunchPlan &Plan,
                      cl_context Context, cl_device_id Device,
                      cl_event *Event) {
  cl_command_queue Queue = Call.Queue;
  cl_kernel Kernel = Call.Kernel;
  if (hostConfig().Verbose)
    std::fprintf(
        stderr,
        "softatomic: kernel '%s': %zu user groups of %zux%zux%zu on 1 "
        "coordinator + %zu worker groups (%zu bytes of scratch, %s mode)\n",
        Name.c_str(), Plan.UserGroups, Plan.Local[0], Plan.Local[1],
        Plan.Local[2], Plan.Workers, Plan.ScratchBytes,
        Plan.Mode == SA_MODE_COMBINE ? "combining" : "coordinator");
  std::vector<cl_uint> Words = initialState(Plan);
  ScopedBuffer Buffer;
  cl_int Err = createWordBuffer(Context, Words, Buffer);
  if (Err != CL_SUCCESS)
    return fail(Err, "could not create the runtime state buffer");
  cl_mem State = Buffer.Mem;

  Err = clSetKernelArg(Kernel, Entry.ScratchIndex, Plan.ScratchBytes, nullptr);
  if (Err == CL_SUCCESS)
    Err = clSetKernelArg(Kernel, Entry.StateIndex, sizeof(cl_mem), &State);
  if (Err != CL_SUCCESS)
    return fail(Err, "could not set the softatomic arguments of kernel '" +
                         Name + "'");

  size_t PhysicalGlobal[3] = {(Plan.Workers + 1) * Plan.Local[0], Plan.Local[1],
                              Plan.Local[2]};
  std::vector<cl_event> Wait(Call.WaitList, Call.WaitList + Call.NumWait);
  // After the previous launch on this device (LaunchOrder.h); launchLock()
  // keeps the look-up and the record below together.
  std::shared_ptr<HeldEvent> Previous = unfinishedLaunch(Context, Device);
  if (Previous)
    Wait.push_back(Previous->Event);
  ScopedBuffer Accumulators;
  cl_event Zeroed = nullptr;
  if (Entry.Reproducible &&
      (Err = bindAccumulators(
           Queue, Kernel, Entry, Plan.UserGroups * Plan.localItems(),
           Plan.ReproLocalEntries, Name, Accumulators, Zeroed)))
    return Err;
  if (Zeroed)
    Wait.push_back(Zeroed);
  cl_event KernelDone = nullptr;
  Err = clEnqueueNDRangeKernel(
      Queue, Kernel, Call.WorkDim, nullptr, PhysicalGlobal, Plan.Local,
      (cl_uint)Wait.size(), Wait.empty() ? nullptr : Wait.data(), &KernelDone);
  if (Zeroed)
    clReleaseEvent(Zeroed);
  if (Err != CL_SUCCESS)
    return fail(Err, "clEnqueueNDRangeKernel of rewritten kernel '" + Name +
                         "' failed");
  recordLaunch(Context, Device, KernelDone);
  // The kernel is enqueued: the launch has succeeded (a caller that falls
  // back to another launch on failure must not run it twice), even if the
  // read-back of its device-side status could not be enqueued.
  if (trackLaunch(Queue, State, KernelDone, Name) != CL_SUCCESS &&
      hostConfig().Verbose)
    std::fprintf(stderr,
                 "softatomic: kernel '%s': its device-side status will not be "
                 "checked: %s\n",
                 Name.c_str(), saGetLastErrorMessage());
  if (Event)
    *Event = KernelDone;
  else
    clReleaseEvent(KernelDone);
  return succeed();
}

/// A launch of the rewritten kernel in Mode, one of the ways a launch can
/// run (softatomic.h's SA_MODE_*, the automatic and profile modes' steps
/// aside).
cl_int launchRewritten(const LaunchCall &Call, const RewrittenKernel &Entry,
                       const std::string &Name, bool Int64Atomics, cl_uint Mode,
                       cl_event *Event) {
  cl_command_queue Queue = Call.Queue;
  cl_kernel Kernel = Call.Kernel;
  cl_device_id Device = nullptr;
  cl_context Context = nullptr;
  cl_int Err = clGetCommandQueueInfo(Queue, CL_QUEUE_DEVICE, sizeof(Device),
                                     &Device, nullptr);
  if (Err != CL_SUCCESS)
    return fail(Err, "invalid command queue");
  clGetCommandQueueInfo(Queue, CL_QUEUE_CONTEXT, sizeof(Context), &Context,
                        nullptr);

  // A malformed SOFTATOMIC_* variable refuses the launch rather than
  // running it with a value nobody asked for.
  if ((Err = checkHostConfig()))
    return Err;
  if ((Err = checkModeFits(Entry, Name, Mode)))
    return Err;
  if (Mode == SA_MODE_DIRECT)
    return launchDirect(Call, Entry, Name, Int64Atomics, Device, Event);
  std::lock_guard<std::mutex> Guard(launchLock());
  // A small scratch first, so the kernel's local memory size below counts
  // the user's own __local use and not this argument from a past launch.
  Err = clSetKernelArg(Kernel, Entry.ScratchIndex, 16, nullptr);
  if (Err == CL_SUCCESS) // a probe launch runs none of the user's code
    Err = bindNoAccumulators(Kernel, Entry);
  if (Err != CL_SUCCESS)
    return fail(Err, "kernel '" + Name +
                         "' has no softatomic scratch argument at index " +
                         std::to_string(Entry.ScratchIndex));
  // The privatized form is the combining mode with a copy, where the
  // launch allows one.
  bool Private = Mode == SA_MODE_PRIVATE;
  if (Private)
    Mode = SA_MODE_COMBINE;
  LaunchPlan Plan;
  if ((Err = planLaunch(Queue, Kernel, Entry, Device, Mode, Call.WorkDim,
                        Call.Offset, Call.Global, Call.Local, Plan)))
    return Err;
  Plan.OnlySite = Call.OnlySite;
  if (Plan.Mode == SA_MODE_COMBINE && !Entry.CombineMode)
    return fail(
        SA_MODE_NOT_COMPILED,
        "kernel '" + Name +
            "' was rewritten without the combining mode, which "
            "SOFTATOMIC_MODE or saSetMode asked for (softatomic-rewrite "
            "compiles it in unless given --combine-mode=false)");
  if (Private)
    Plan.Private = planPrivateCopy(Kernel, Entry, Device, Name,
                                   Plan.localItems(), Plan.ScratchBytes);
  return enqueuePlanned(Call, Entry, Name, Plan, Context, Device, Event);
}

/// The kernel's entry in its program's manifest, or null if not rewritten.
cl_int lookUp(cl_kernel Kernel, const RewrittenKernel *&Entry,
              std::string &Name, std::shared_ptr<const Manifest> &Keep) {
  Entry = nullptr;
  cl_program Program = nullptr;
  cl_int Err = clGetKernelInfo(Kernel, CL_KERNEL_PROGRAM, sizeof(Program),
                               &Program, nullptr);
  if (Err != CL_SUCCESS)
    return fail(Err, "invalid kernel");
  Keep = findManifest(Program, Err);
  if (Err != CL_SUCCESS || !Keep)
    return Err;
  Name = kernelName(Kernel);
  auto It = Keep->Kernels.find(Name);
  if (It != Keep->Kernels.end())
    Entry = &It->second;
  return CL_SUCCESS;
}

/// A launch in the profile or the automatic mode (ProfileMode.h,
/// AutoMode.h): each launch of the kernel is one of its ways, through
/// Launch. Application: whether Call.Original is the application's kernel
/// (not its warp program's).
cl_int launchProfileOrAuto(const LaunchCall &Call, const RewrittenKernel &Entry,
                           const std::string &Name,
                           const std::shared_ptr<const Manifest> &Keep,
                           cl_uint Mode, bool Application,
                           const WayLaunch &Launch, cl_event *Event) {
  if (cl_int Err = checkHostConfig())
    return Err;
  cl_device_id Device = nullptr;
  clGetCommandQueueInfo(Call.Queue, CL_QUEUE_DEVICE, sizeof Device, &Device,
                        nullptr);
  bool Direct = Call.Original || directCompiled(Call.Kernel, Device);
  // A kernel rewritten without --profile (or with no path as written to
  // record in) runs as the automatic mode runs it.
  if (Mode == SA_MODE_PROFILE && Entry.Profiled && Direct)
    return launchProfile(
        Call.Queue, Call.Kernel, Name, Keep, Entry, Call.WorkDim, Call.Global,
        Call.Local, Event, [&](const ProfileStep &Step, cl_event *Done) {
          // A recording passes its buffer; a site alone is 1 + its id,
          // none converted an id no site has.
          LaunchCall Launched = Call;
          Launched.Recording = Step.Buffer;
          bool Alone = Step.What == ProfileStep::OneSite ||
                       Step.What == ProfileStep::OneSitePrivate;
          Launched.OnlySite = Alone ? Step.Site + 1
                              : Step.What == ProfileStep::NoSite
                                  ? NoSiteConverted
                                  : 0;
          return launchRewritten(Launched, Entry, Name, Keep->Int64Atomics,
                                 apiModeOf(wayOf(Step)), Done);
        });
  AutoLaunch Given;
  Given.Name = Name;
  Given.DirectCompiled = Direct;
  Given.RewrittenDirectCompiled = directCompiled(Call.Kernel, Device);
  Given.WarpProgram = Call.WarpProgram != nullptr;
  Given.Original = Application;
  // Whether the privatized form is a way: the launch's arguments allow a
  // copy within the device's budget (each launch plans its own).
  Given.Private =
      Entry.CombineMode && !Entry.PrivateTargets.empty() &&
      planPrivate(Call.Kernel, Entry, privateBudget(Device, 0, 0)).Words;
  return launchAuto(Call.Queue, Call.Kernel, Entry, Given, Call.WorkDim,
                    Call.Global, Call.Local, Event, Launch);
}

/// Every entry point; Call.Original and Call.WarpProgram may be null.
cl_int enqueue(LaunchCall Call, cl_event *Event) {
  const RewrittenKernel *Entry = nullptr;
  std::string Name;
  std::shared_ptr<const Manifest> Keep;
  if (Call.Kernel) {
    if (cl_int Err = lookUp(Call.Kernel, Entry, Name, Keep))
      return Err;
  }
  if (!Entry) // not rewritten (or invalid: let OpenCL say so)
    return clEnqueueNDRangeKernel(Call.Queue, Call.Kernel, Call.WorkDim,
                                  Call.Offset, Call.Global, Call.Local,
                                  Call.NumWait, Call.WaitList, Event);
  for (cl_kernel Given : {Call.Original, Call.WarpProgram})
    if (Given)
      if (cl_int Err = checkOriginal(Call.Kernel, Given, Name,
                                     Entry->Reproducible ? 3 : 2))
        return Err;
  // The warp program alone is the kernel as written; the direct mode runs
  // it where the caller gave it (the caller asked for it, and it is the
  // kernel as written too); the auto mode times it beside the original.
  bool Application = Call.Original != nullptr;
  if (!Call.Original || (Call.WarpProgram && launchMode() == SA_MODE_DIRECT)) {
    Call.Original = Call.WarpProgram;
    Call.WarpProgram = nullptr;
  }
  auto Launch = [&](Way W, cl_event *Done) {
    if (W != Way::WarpProgram && W != Way::RewrittenDirect)
      return launchRewritten(Call, *Entry, Name, Keep->Int64Atomics,
                             apiModeOf(W), Done);
    // The kernel as written, through another kernel than the caller's
    // original: its warp program's, or the rewritten one's own path.
    LaunchCall AsWritten = Call;
    AsWritten.Original = W == Way::WarpProgram ? Call.WarpProgram : nullptr;
    return launchRewritten(AsWritten, *Entry, Name, Keep->Int64Atomics,
                           apiModeOf(W), Done);
  };
  cl_uint Mode = launchMode();
  // Reproducible float adds leave one way: the runtime's own, in which
  // they are summed exactly (the kernel as written and its warp program
  // add them in the order they come). The automatic mode and the profile
  // take the combining mode, where every other atomic is native too.
  if (Entry->Reproducible && (Mode == SA_MODE_PROFILE || Mode == SA_MODE_AUTO))
    return Launch(Entry->CombineMode ? Way::Combining : Way::Coordinator,
                  Event);
  if (Mode == SA_MODE_PROFILE || Mode == SA_MODE_AUTO)
    return launchProfileOrAuto(Call, *Entry, Name, Keep, Mode, Application,
                               Launch, Event);
  return launchRewritten(Call, *Entry, Name, Keep->Int64Atomics, launchMode(),
                         Event);
}

} // namespace

extern "C" cl_int saEnqueueNDRangeKernel(
    cl_command_queue Queue, cl_kernel Kernel, cl_uint WorkDim,
    const size_t *Offset, const size_t *Global, const size_t *Local,
    cl_uint NumWait, const cl_event *WaitList, cl_event *Event) {
  return enqueue({Queue, Kernel, nullptr, nullptr, WorkDim, Offset, Global,
                  Local, NumWait, WaitList},
                 Event);
}

extern "C" cl_int
saEnqueueNDRangeKernelWithOriginal(cl_command_queue Queue, cl_kernel Kernel,
                                   cl_kernel Original, cl_uint WorkDim,
                                   const size_t *Offset, const size_t *Global,
                                   const size_t *Local, cl_uint NumWait,
                                   const cl_event *WaitList, cl_event *Event) {
  return enqueue({Queue, Kernel, Original, nullptr, WorkDim, Offset, Global,
                  Local, NumWait, WaitList},
                 Event);
}

extern "C" cl_int saEnqueueNDRangeKernelWithOriginals(
    cl_command_queue Queue, cl_kernel Kernel, cl_kernel Original,
    cl_kernel WarpProgram, cl_uint WorkDim, const size_t *Offset,
    const size_t *Global, const size_t *Local, cl_uint NumWait,
    const cl_event *WaitList, cl_event *Event) {
  return enqueue({Queue, Kernel, Original, WarpProgram, WorkDim, Offset, Global,
                  Local, NumWait, WaitList},
                 Event);
}

extern "C" cl_int saIsKernelRewritten(cl_kernel Kernel, cl_bool *Rewritten) {
  const RewrittenKernel *Entry = nullptr;
  std::string Name;
  std::shared_ptr<const Manifest> Keep;
  if (!Rewritten)
    return fail(CL_INVALID_VALUE, "Rewritten is NULL");
  if (cl_int Err = lookUp(Kernel, Entry, Name, Keep))
    return Err;
  *Rewritten = Entry ? CL_TRUE : CL_FALSE;
  return succeed();
}

extern "C" cl_int saGetCoresidentGroups(cl_kernel Kernel, cl_device_id Device,
                                        size_t LocalItems, size_t *Groups) {
  (void)Kernel;
  if (!Groups)
    return fail(CL_INVALID_VALUE, "Groups is NULL");
  if (cl_int Err = checkHostConfig())
    return Err;
  if (launchMode() != SA_MODE_COORDINATOR)
    *Groups = combiningGroups(Device, std::max<size_t>(LocalItems, 1));
  else if (cl_int Err = coresidentGroups(Device, LocalItems, *Groups))
    return Err;
  return succeed();
}
