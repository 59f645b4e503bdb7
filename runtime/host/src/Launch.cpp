// saEnqueueNDRangeKernel: the launch of a rewritten kernel. The device code
// (runtime/device) runs the caller's NDRange on 1 + P physical work-groups:
// group 0 coordinates, groups 1..P run the caller's groups in turn.
#include "AutoChoice.h"
#include "AutoMode.h"
#include "ClQuery.h"
#include "Coresidency.h"
#include "DeviceRules.h"
#include "DeviceStatus.h"
#include "Error.h"
#include "LaunchOrder.h"
#include "Manifest.h"
#include "Mode.h"
#include "Privatize.h"
#include "Probe.h"
#include "ProfileMode.h"
#include "Reproducible.h"
#include "softatomic/HostConfig.h"
#include "softatomic_layout.h"

#include <algorithm>
#include <cstdio>
#include <mutex>
#include <vector>

using namespace softatomic;

namespace {

/// A launch of a rewritten kernel, worked out before anything is enqueued.
struct LaunchPlan {
  cl_uint WorkDim = 1;
  size_t Local[3] = {1, 1, 1};
  size_t NumGroups[3] = {1, 1, 1};
  size_t Offset[3] = {0, 0, 0};
  size_t UserGroups = 1;
  size_t Workers = 0;
  size_t ListCapacity = 0;
  size_t ScratchBytes = 0; ///< The coordinator's or a worker's, the larger.
  const DeviceRules *Rules = nullptr; ///< The device's.
  cl_uint Mode = SA_MODE_COORDINATOR;
  /// A what-if launch of a --profile rewrite: 1 + the site converted
  /// alone (SA_H_ONLY_SITE); 0: every site.
  cl_uint OnlySite = 0;
  /// The privatized form's copy (SA_MODE_PRIVATE), where it has one.
  PrivatePlan Private;
  /// A kernel with reproducible float adds: the float slots each worker
  /// keeps in its scratch (Reproducible.h).
  size_t ReproLocalEntries = 0;
  size_t localItems() const { return Local[0] * Local[1] * Local[2]; }
};

/// The physical groups (the idle coordinator's included) a launch in the
/// combining mode takes at most: as many as the device holds at once
/// (SOFTATOMIC_MAX_GROUPS, or a CPU's one per thread, or on a GPU 2048
/// work-items per compute unit, NVIDIA's since Volta: DeviceRules.h),
/// which keeps it busy.
/// Capping there spreads each physical group's start and end (setting up
/// the tables, sending the deferred one) over the user groups it runs:
/// 65536 groups of the copy benchmark were 4.6x slower than native
/// uncapped. The user groups are handed out in order (__sa_claim_group),
/// so a group that waits for a lower one never waits for a physical group
/// the device has not started, however many there are.
size_t combiningGroups(cl_device_id Device, size_t LocalItems) {
  if (std::optional<cl_uint> Asked = hostConfig().MaxGroups)
    return *Asked;
  size_t Units = std::max<cl_uint>(
      deviceInfo<cl_uint>(Device, CL_DEVICE_MAX_COMPUTE_UNITS), 1);
  const DeviceRules &Rules = deviceRules(Device);
  if (Rules.GroupPerUnit) // the idle group 0 ends at once and frees its thread
    return Units + 1;
  return Units * std::max<size_t>(1, Rules.CombineItemsPerUnit / LocalItems) +
         1;
}

/// Whether the kernel has a required work-group size
/// (reqd_work_group_size), and if so, in \p Local.
bool requiredLocalSize(cl_kernel Kernel, cl_device_id Device, size_t *Local) {
  size_t Required[3] = {0, 0, 0};
  if (clGetKernelWorkGroupInfo(
          Kernel, Device, CL_KERNEL_COMPILE_WORK_GROUP_SIZE, sizeof(Required),
          Required, nullptr) != CL_SUCCESS ||
      Required[0] == 0)
    return false;
  std::copy(Required, Required + 3, Local);
  return true;
}

/// The local size for a caller who passed none: the kernel's required size
/// if it has one, else the largest divisor of the global size in dimension 0
/// that the kernel and device allow, up to 256, preferring multiples of the
/// kernel's preferred multiple. Other dimensions get 1.
cl_int chooseLocalSize(cl_kernel Kernel, cl_device_id Device, cl_uint WorkDim,
                       const size_t *Global, size_t *Local) {
  if (requiredLocalSize(Kernel, Device, Local))
    return CL_SUCCESS;
  size_t KernelMax = 0, Multiple = 1;
  clGetKernelWorkGroupInfo(Kernel, Device, CL_KERNEL_WORK_GROUP_SIZE,
                           sizeof(KernelMax), &KernelMax, nullptr);
  clGetKernelWorkGroupInfo(Kernel, Device,
                           CL_KERNEL_PREFERRED_WORK_GROUP_SIZE_MULTIPLE,
                           sizeof(Multiple), &Multiple, nullptr);
  size_t ItemMax[3] = {KernelMax, 1, 1};
  clGetDeviceInfo(Device, CL_DEVICE_MAX_WORK_ITEM_SIZES, sizeof(ItemMax),
                  ItemMax, nullptr);
  size_t Limit =
      std::min({KernelMax ? KernelMax : 256, ItemMax[0], size_t(256)});
  Multiple = std::max<size_t>(Multiple, 1);
  size_t Best = 1;
  for (size_t L = Limit; L >= 1; --L) {
    if (Global[0] % L != 0)
      continue;
    if (L % Multiple == 0) {
      Best = L;
      break;
    }
    if (Best == 1)
      Best = L; // the largest divisor, if no multiple divides
  }
  Local[0] = Best;
  for (cl_uint D = 1; D < 3; ++D)
    Local[D] = 1;
  (void)WorkDim;
  return CL_SUCCESS;
}

/// Whether Bytes of scratch fit beside the kernel's own local memory.
cl_int checkWorkerScratch(cl_ulong KernelLocal, cl_ulong DeviceLocal,
                          size_t Bytes) {
  if (KernelLocal + Bytes <= DeviceLocal)
    return CL_SUCCESS;
  return fail(
      CL_OUT_OF_RESOURCES,
      "a work-group needs " + std::to_string(Bytes) +
          " bytes of local memory for the runtime's tables and " +
          std::to_string(DeviceLocal - std::min(DeviceLocal, KernelLocal)) +
          " are free");
}

/// The coordinator gathers up to Capacity requests a round in local memory:
/// give it what the kernel leaves free, up to one per work-item of every
/// worker (a round costs about the same with few requests as with many, so
/// a short list only adds rounds: on the H200, 128 entries made a kernel
/// whose every work-item asks at once 100x slower). Bytes is the scratch
/// argument's size: the coordinator's or a worker's need, the larger (in
/// the combining mode no coordinator runs: a worker's).
cl_int planScratch(cl_kernel Kernel, cl_device_id Device, size_t LocalItems,
                   size_t Workers, cl_uint Mode, size_t &Capacity,
                   size_t &Bytes) {
  cl_ulong DeviceLocal = deviceInfo<cl_ulong>(Device, CL_DEVICE_LOCAL_MEM_SIZE);
  cl_ulong KernelLocal = 0;
  clGetKernelWorkGroupInfo(Kernel, Device, CL_KERNEL_LOCAL_MEM_SIZE,
                           sizeof(KernelLocal), &KernelLocal, nullptr);
  Capacity = 0;
  Bytes = SA_WORKER_SCRATCH_BYTES(LocalItems);
  if (Mode == SA_MODE_COMBINE)
    return checkWorkerScratch(KernelLocal, DeviceLocal, Bytes);
  cl_ulong Fixed =
      SA_SCRATCH_BYTES(0u, (cl_ulong)LocalItems, (cl_ulong)Workers);
  cl_ulong Used = KernelLocal + Fixed + 256;
  size_t Fit =
      DeviceLocal > Used ? (DeviceLocal - Used) / (4 * SA_L_ENTRY_WORDS) : 0;
  Capacity = std::min(Fit, Workers * LocalItems);
  // The coordinator's fairness rests on one sweep of its work-group always
  // fitting in the list (see __sa_gather).
  if (Capacity < std::min(LocalItems, Workers * LocalItems))
    return fail(CL_OUT_OF_RESOURCES, "the coordinator's request list needs " +
                                         std::to_string(LocalItems) +
                                         " entries of local memory and only " +
                                         std::to_string(Fit) + " fit");
  Bytes =
      std::max<size_t>(SA_SCRATCH_BYTES(Capacity, LocalItems, Workers), Bytes);
  return checkWorkerScratch(KernelLocal, DeviceLocal, Bytes);
}

/// A probe launch of the planned launch's kernel (Probe.h): the groups the
/// device ran at once, up to its upper bound.
cl_int probeForLaunch(cl_command_queue Queue, cl_kernel Kernel,
                      const RewrittenKernel &Entry, cl_device_id Device,
                      const LaunchPlan &Plan, size_t &Groups) {
  size_t LocalItems = Plan.localItems();
  ProbeTarget Target{Queue,
                     Kernel,
                     Entry.ScratchIndex,
                     Entry.StateIndex,
                     Plan.WorkDim,
                     Plan.Local,
                     [&](size_t Workers) {
                       size_t Capacity = 0, Bytes = 0;
                       planScratch(Kernel, Device, LocalItems, Workers,
                                   SA_MODE_COORDINATOR, Capacity, Bytes);
                       return std::max<size_t>(Bytes, 16);
                     }};
  return probeCoresidentGroups(Target, coresidentUpperBound(Device, LocalItems),
                               Groups);
}

/// Whether the launch's user groups may each get a worker of their own:
/// where the device might hold them all beside the coordinator (on a GPU,
/// DeviceRules.h), unless SOFTATOMIC_MAX_GROUPS or SOFTATOMIC_PROBE=0 says
/// otherwise.
bool mayFitEveryGroup(cl_device_id Device, const LaunchPlan &Plan,
                      size_t Groups) {
  const HostConfig &Config = hostConfig();
  return !Config.MaxGroups && Config.Probe != false &&
         deviceRules(Device).MayHoldEveryGroup &&
         Plan.UserGroups + 1 > Groups &&
         Plan.UserGroups + 1 <= coresidentUpperBound(Device, Plan.localItems());
}

/// How many groups of the planned launch the device runs at once: measured
/// by a probe launch of the kernel where the device wants one
/// (runtime/host/src/Probe.h), else the device's rule (Coresidency.h).
/// SOFTATOMIC_MAX_GROUPS overrides both. Where the device holds every user
/// group beside the coordinator (a probe says so), that many: work-groups
/// that wait for each other (a global barrier, a flag that a later group
/// sets) then run as they do natively, where fewer workers, each running
/// several user groups in turn, would leave a waiting group's releaser
/// unstarted (SA_NO_PROGRESS).
cl_int coresidentForLaunch(cl_command_queue Queue, cl_kernel Kernel,
                           const RewrittenKernel &Entry, cl_device_id Device,
                           const LaunchPlan &Plan, size_t &Groups) {
  size_t LocalItems = Plan.localItems();
  size_t Held = 0; // what a probe found, if one ran
  if (hostConfig().MaxGroups || !wantsProbe(Device)) {
    if (cl_int Err = coresidentGroups(Device, LocalItems, Groups))
      return Err;
    // One probe (cached per kernel, device and local size), only for a
    // launch that could use it; the rule stands if it fails.
    if (mayFitEveryGroup(Device, Plan, Groups) &&
        probeForLaunch(Queue, Kernel, Entry, Device, Plan, Held) != CL_SUCCESS)
      Held = 0;
  } else {
    cl_int Err = probeForLaunch(Queue, Kernel, Entry, Device, Plan, Groups);
    // A probe that cannot be trusted leaves the device's own rule, if any.
    if (Err == SA_DEVICE_NOT_SUPPORTED &&
        coresidentGroups(Device, LocalItems, Groups) == CL_SUCCESS)
      return CL_SUCCESS;
    if (Err != CL_SUCCESS)
      return Err;
    Held = Groups;
    // More groups than compute units make every coordinator round longer
    // (it scans each worker) and, on the H200, made the microbenchmarks
    // slower, memory-bound copy included (docs/BENCHMARKS-HISTORY.md): one
    // group per unit unless asked for all the probe found.
    if (!hostConfig().FullOccupancy)
      Groups = std::min<size_t>(
          Groups,
          std::max<cl_uint>(
              deviceInfo<cl_uint>(Device, CL_DEVICE_MAX_COMPUTE_UNITS), 2));
  }
  if (mayFitEveryGroup(Device, Plan, Groups) && Plan.UserGroups + 1 <= Held)
    Groups = Plan.UserGroups + 1;
  return CL_SUCCESS;
}

/// Geometry, physical group count and scratch size for one launch.
cl_int planLaunch(cl_command_queue Queue, cl_kernel Kernel,
                  const RewrittenKernel &Entry, cl_device_id Device,
                  cl_uint Mode, cl_uint WorkDim, const size_t *Offset,
                  const size_t *Global, const size_t *Local, LaunchPlan &Plan) {
  if (WorkDim < 1 || WorkDim > 3)
    return fail(CL_INVALID_WORK_DIMENSION, "work_dim must be 1, 2 or 3");
  if (!Global)
    return fail(CL_INVALID_GLOBAL_WORK_SIZE, "global_work_size is NULL");
  Plan.WorkDim = WorkDim;
  size_t Global3[3] = {1, 1, 1};
  for (cl_uint D = 0; D < WorkDim; ++D) {
    if (Global[D] == 0)
      return fail(CL_INVALID_GLOBAL_WORK_SIZE, "a global work size is 0");
    Global3[D] = Global[D];
    Plan.Offset[D] = Offset ? Offset[D] : 0;
  }
  if (Local) {
    for (cl_uint D = 0; D < WorkDim; ++D)
      Plan.Local[D] = Local[D];
  } else if (cl_int Err = chooseLocalSize(Kernel, Device, WorkDim, Global3,
                                          Plan.Local)) {
    return Err;
  }
  for (cl_uint D = 0; D < 3; ++D) {
    if (Plan.Local[D] == 0 || Global3[D] % Plan.Local[D] != 0)
      return fail(CL_INVALID_WORK_GROUP_SIZE,
                  "the global size " + std::to_string(Global3[D]) +
                      " in dimension " + std::to_string(D) +
                      " is not a multiple of the local size " +
                      std::to_string(Plan.Local[D]) +
                      " (non-uniform work-groups are not supported)");
    Plan.NumGroups[D] = Global3[D] / Plan.Local[D];
  }
  Plan.UserGroups = Plan.NumGroups[0] * Plan.NumGroups[1] * Plan.NumGroups[2];
  if (Plan.UserGroups > 0xffffffffu)
    return fail(CL_INVALID_GLOBAL_WORK_SIZE, "more than 2^32 work-groups");

  Plan.Rules = &deviceRules(Device);
  Plan.Mode = Mode;
  if (Plan.Mode == SA_MODE_COMBINE) {
    Plan.Workers = std::min(Plan.UserGroups,
                            combiningGroups(Device, Plan.localItems()) - 1);
  } else {
    size_t Coresident = 0;
    if (cl_int Err =
            coresidentForLaunch(Queue, Kernel, Entry, Device, Plan, Coresident))
      return Err;
    Plan.Workers = std::min(Plan.UserGroups, Coresident - 1);
  }
  // Each worker claims one group past its last (__sa_claim_group).
  if (Plan.UserGroups + Plan.Workers > 0xffffffffu)
    return fail(CL_INVALID_GLOBAL_WORK_SIZE,
                "more than 2^32 work-groups and workers");
  cl_int Err = planScratch(Kernel, Device, Plan.localItems(), Plan.Workers,
                           Plan.Mode, Plan.ListCapacity, Plan.ScratchBytes);
  if (Err == CL_SUCCESS && Entry.Reproducible) {
    cl_ulong KernelLocal = 0;
    clGetKernelWorkGroupInfo(Kernel, Device, CL_KERNEL_LOCAL_MEM_SIZE,
                             sizeof(KernelLocal), &KernelLocal, nullptr);
    Plan.ReproLocalEntries = fitLocalAccumulators(
        deviceInfo<cl_ulong>(Device, CL_DEVICE_LOCAL_MEM_SIZE), KernelLocal,
        Plan.localItems(), Plan.ScratchBytes);
  }
  return Err;
}

/// The state buffer's initial contents: the header, then zeros.
std::vector<cl_uint> initialState(const LaunchPlan &Plan) {
  cl_uint Workers = (cl_uint)Plan.Workers;
  // The combining mode publishes no request: no slots, no ring bytes.
  cl_uint Slots =
      Plan.Mode == SA_MODE_COMBINE ? 0 : Workers * (cl_uint)Plan.localItems();
  std::vector<cl_uint> Words(SA_STATE_WORDS(Workers, Slots), 0);
  Words[SA_H_MAGIC] = SA_STATE_MAGIC;
  Words[SA_H_WORK_DIM] = Plan.WorkDim;
  Words[SA_H_USER_GROUPS] = (cl_uint)Plan.UserGroups;
  Words[SA_H_WORKERS] = Workers;
  for (int D = 0; D < 3; ++D) {
    Words[SA_H_NUM_GROUPS + D] = (cl_uint)Plan.NumGroups[D];
    Words[SA_H_OFFSET + 2 * D] = (cl_uint)(Plan.Offset[D] & 0xffffffffu);
    Words[SA_H_OFFSET + 2 * D + 1] =
        (cl_uint)((unsigned long long)Plan.Offset[D] >> 32);
  }
  // Limits of waits that can never end (DeviceRules.h says why these).
  const HostConfig &Config = hostConfig();
  Words[SA_H_SPIN_LIMIT] = Config.SpinLimit.value_or(Plan.Rules->SpinLimit);
  Words[SA_H_IDLE_LIMIT] = Config.IdleLimit.value_or(Plan.Rules->IdleLimit);
  Words[SA_H_STALL_LIMIT] = Config.StallLimit.value_or(Plan.Rules->StallLimit);
  Words[SA_H_SLOTS] = Slots;
  Words[SA_H_LIST_CAPACITY] = (cl_uint)Plan.ListCapacity;
  Words[SA_H_MODE] =
      Plan.Mode == SA_MODE_COMBINE ? SA_M_COMBINE : SA_M_COORDINATOR;
  // Below 16 work-items per address a group call cost more than per-item
  // native atomics on the H100 (docs/BENCHMARKS-HISTORY.md, "Combining mode").
  Words[SA_H_COMBINE_MIN] = Config.CombineMin;
  Words[SA_H_ONLY_SITE] = Plan.OnlySite;
  Words[SA_H_PRIVATE_ARG] = Plan.Private.ArgPlusOne;
  Words[SA_H_PRIVATE_WORDS] = Plan.Private.Words;
  Words[SA_H_PRIVATE_OP] = Plan.Private.Op | Plan.Private.HashLog
                                                 << SA_P_HASH_SHIFT;
  return Words;
}

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
  /// converts alone (1 + its id; 0: every site), and the state buffer of a
  /// recording launch of the kernel as written.
  cl_uint OnlySite = 0;
  cl_mem Recording = nullptr;
};

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
  // The kernel as written sums floats in whatever order its atomics come.
  if (Mode == SA_MODE_DIRECT && Entry.Reproducible)
    return fail(
        SA_MODE_NOT_COMPILED,
        "kernel '" + Name +
            "' has reproducible float adds "
            "(--float-atomics=reproducible), which the kernel as written "
            "(SA_MODE_DIRECT) does not make; use the combining, "
            "coordinator or automatic mode");
  if (Mode == SA_MODE_DIRECT)
    return launchDirect(Call, Entry, Name, Int64Atomics, Device, Event);
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
  Err = createWordBuffer(Context, Words, Buffer);
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
  auto Launch = [&](cl_uint Mode, cl_event *Done) {
    if (Mode != AutoChoice::WarpProgram && Mode != AutoChoice::RewrittenDirect)
      return launchRewritten(Call, *Entry, Name, Keep->Int64Atomics, Mode,
                             Done);
    // The kernel as written, through another kernel than the caller's
    // original: its warp program's, or the rewritten one's own path.
    LaunchCall AsWritten = Call;
    AsWritten.Original =
        Mode == AutoChoice::WarpProgram ? Call.WarpProgram : nullptr;
    return launchRewritten(AsWritten, *Entry, Name, Keep->Int64Atomics,
                           SA_MODE_DIRECT, Done);
  };
  cl_uint Mode = launchMode();
  // Reproducible float adds leave one way: the runtime's own, in which
  // they are summed exactly (the kernel as written and its warp program
  // add them in the order they come). The automatic mode and the profile
  // take the combining mode, where every other atomic is native too.
  if (Entry->Reproducible && (Mode == SA_MODE_PROFILE || Mode == SA_MODE_AUTO))
    return Launch(Entry->CombineMode ? SA_MODE_COMBINE : SA_MODE_COORDINATOR,
                  Event);
  if (Mode == SA_MODE_PROFILE || Mode == SA_MODE_AUTO) {
    if (cl_int Err = checkHostConfig())
      return Err;
    cl_device_id Device = nullptr;
    clGetCommandQueueInfo(Call.Queue, CL_QUEUE_DEVICE, sizeof Device, &Device,
                          nullptr);
    bool Direct = Call.Original || directCompiled(Call.Kernel, Device);
    // A kernel rewritten without --profile (or with no path as written to
    // record in) runs as the automatic mode runs it.
    if (Mode == SA_MODE_PROFILE && Entry->Profiled && Direct)
      return launchProfile(
          Call.Queue, Call.Kernel, Name, Keep, *Entry, Call.WorkDim,
          Call.Global, Call.Local, Event,
          [&](const ProfileStep &Step, cl_event *Done) {
            // A recording passes its buffer; a site alone is 1 + its id.
            LaunchCall Launched = Call;
            Launched.Recording = Step.Buffer;
            bool Private = Step.What == ProfileStep::OneSitePrivate;
            Launched.OnlySite = Step.What == ProfileStep::OneSite || Private
                                    ? Step.Site + 1
                                    : 0;
            bool Combine = Step.What == ProfileStep::AllSites ||
                           Step.What == ProfileStep::OneSite;
            return launchRewritten(Launched, *Entry, Name, Keep->Int64Atomics,
                                   Private   ? SA_MODE_PRIVATE
                                   : Combine ? SA_MODE_COMBINE
                                             : SA_MODE_DIRECT,
                                   Done);
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
        Entry->CombineMode && !Entry->PrivateTargets.empty() &&
        planPrivate(Call.Kernel, *Entry, privateBudget(Device, 0, 0)).Words;
    return launchAuto(Call.Queue, Call.Kernel, *Entry, Given, Call.WorkDim,
                      Call.Global, Call.Local, Event, Launch);
  }
  return Launch(launchMode(), Event);
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
