// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "LaunchPlan.h"

#include "ClQuery.h"
#include "Coresidency.h"
#include "DeviceRules.h"
#include "Error.h"
#include "Mode.h"
#include "Probe.h"
#include "Reproducible.h"
#include "softatomic/HostConfig.h"
#include "softatomic_layout.h"

#include <algorithm>

namespace softatomic {

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
static cl_int chooseLocalSize(cl_kernel Kernel, cl_device_id Device,
                              cl_uint WorkDim, const size_t *Global,
                              size_t *Local) {
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
static cl_int checkWorkerScratch(cl_ulong KernelLocal, cl_ulong DeviceLocal,
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
static cl_int planScratch(cl_kernel Kernel, cl_device_id Device,
                          size_t LocalItems, size_t Workers, cl_uint Mode,
                          size_t &Capacity, size_t &Bytes) {
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
static cl_int probeForLaunch(cl_command_queue Queue, cl_kernel Kernel,
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
static bool mayFitEveryGroup(cl_device_id Device, const LaunchPlan &Plan,
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
static cl_int coresidentForLaunch(cl_command_queue Queue, cl_kernel Kernel,
                                  const RewrittenKernel &Entry,
                                  cl_device_id Device, const LaunchPlan &Plan,
                                  size_t &Groups) {
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

} // namespace softatomic
