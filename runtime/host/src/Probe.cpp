// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "Probe.h"

#include "ClQuery.h"
#include "DeviceRules.h"
#include "Error.h"
#include "softatomic/HostConfig.h"
#include "softatomic_layout.h"

#include <algorithm>
#include <map>
#include <mutex>
#include <tuple>
#include <vector>

namespace softatomic {

namespace {

/// What decides how many groups fit: the kernel (its registers), the device,
/// the local size and the kernel's own local memory (its __local arguments
/// may change between launches).
struct CacheKey {
  cl_kernel Kernel;
  cl_device_id Device;
  size_t Local[3];
  cl_ulong KernelLocal;
  bool operator<(const CacheKey &O) const {
    return std::tie(Kernel, Device, Local[0], Local[1], Local[2], KernelLocal) <
           std::tie(O.Kernel, O.Device, O.Local[0], O.Local[1], O.Local[2],
                    O.KernelLocal);
  }
};

std::mutex &cacheLock() {
  static std::mutex Lock;
  return Lock;
}
std::map<CacheKey, size_t> &cache() {
  static std::map<CacheKey, size_t> Cache;
  return Cache;
}
} // namespace

bool wantsProbe(cl_device_id Device) {
  if (std::optional<bool> Asked = hostConfig().Probe)
    return *Asked;
  return deviceRules(Device).ProbeByDefault;
}

size_t coresidentUpperBound(cl_device_id Device, size_t LocalItems) {
  if (std::optional<cl_uint> Asked = hostConfig().ProbeBound)
    return *Asked;
  size_t Units = deviceInfo<cl_uint>(Device, CL_DEVICE_MAX_COMPUTE_UNITS);
  const DeviceRules &Rules = deviceRules(Device);
  if (Rules.GroupPerUnit)
    return Units;
  size_t PerUnit = std::max<size_t>(
      1, std::min(Rules.ProbeGroupsPerUnit,
                  Rules.ProbeItemsPerUnit / std::max<size_t>(LocalItems, 1)));
  return std::max<size_t>(Units * PerUnit, 2);
}

/// One probe launch of Groups groups; sets In to the groups that checked in
/// (coordinator included) and Trusted to whether no group gave up.
static cl_int runProbe(const ProbeTarget &T, size_t Groups, size_t &In,
                       bool &Trusted) {
  cl_context Context = nullptr;
  cl_device_id Device = nullptr;
  clGetCommandQueueInfo(T.Queue, CL_QUEUE_CONTEXT, sizeof(Context), &Context,
                        nullptr);
  clGetCommandQueueInfo(T.Queue, CL_QUEUE_DEVICE, sizeof(Device), &Device,
                        nullptr);
  cl_uint Workers = (cl_uint)(Groups - 1);
  std::vector<cl_uint> Words(SA_RING_BASE(Workers), 0);
  Words[SA_H_MAGIC] = SA_STATE_MAGIC;
  Words[SA_H_WORKERS] = Workers;
  Words[SA_H_PROBE] = deviceRules(Device).ProbeScans;
  ScopedBuffer Buffer;
  cl_int Err = createWordBuffer(Context, Words, Buffer);
  if (Err != CL_SUCCESS)
    return fail(Err, "could not create the probe's state buffer");
  cl_mem State = Buffer.Mem;
  Err = clSetKernelArg(T.Kernel, T.ScratchIndex, T.ScratchBytes(Workers),
                       nullptr);
  if (Err == CL_SUCCESS)
    Err = clSetKernelArg(T.Kernel, T.StateIndex, sizeof(cl_mem), &State);
  size_t Global[3] = {Groups * T.Local[0], T.Local[1], T.Local[2]};
  if (Err == CL_SUCCESS)
    Err = clEnqueueNDRangeKernel(T.Queue, T.Kernel, T.WorkDim, nullptr, Global,
                                 T.Local, 0, nullptr, nullptr);
  if (Err == CL_SUCCESS)
    Err = clEnqueueReadBuffer(T.Queue, State, CL_TRUE, 0,
                              Words.size() * sizeof(cl_uint), Words.data(), 0,
                              nullptr, nullptr);
  // Back to a small scratch: the kernel's local memory size, which the
  // next plan reads, must count the user's own __local use only.
  clSetKernelArg(T.Kernel, T.ScratchIndex, 16, nullptr);
  if (Err != CL_SUCCESS)
    return fail(Err, "the probe launch of " + std::to_string(Groups) +
                         " work-groups failed");
  In = 1 + Words[SA_C_PROBED];
  Trusted = Words[SA_C_STATUS] == SA_COORD_EXITED;
  for (cl_uint W = 0; W < Workers; ++W)
    Trusted = Trusted && Words[SA_W_STARTED(Workers, W)] != SA_PROBE_LEFT;
  return CL_SUCCESS;
}

cl_int probeCoresidentGroups(const ProbeTarget &T, size_t Bound,
                             size_t &Groups) {
  cl_device_id Device = nullptr;
  clGetCommandQueueInfo(T.Queue, CL_QUEUE_DEVICE, sizeof(Device), &Device,
                        nullptr);
  cl_ulong KernelLocal = 0; // the scratch argument is at its small size here
  clGetKernelWorkGroupInfo(T.Kernel, Device, CL_KERNEL_LOCAL_MEM_SIZE,
                           sizeof(KernelLocal), &KernelLocal, nullptr);
  CacheKey Key{
      T.Kernel, Device, {T.Local[0], T.Local[1], T.Local[2]}, KernelLocal};
  {
    std::lock_guard<std::mutex> Guard(cacheLock());
    auto It = cache().find(Key);
    if (It != cache().end()) {
      Groups = It->second;
      return CL_SUCCESS;
    }
  }
  // All groups that check in before the release were running together.
  // When fewer than launched did, confirm that count with a second probe:
  // the first one's stragglers may have shared a unit with a group that
  // had already given up.
  size_t In = 0;
  bool Trusted = false;
  if (cl_int Err = runProbe(T, Bound, In, Trusted))
    return Err;
  if (Trusted && In < Bound && In >= 2) {
    size_t Again = 0;
    if (cl_int Err = runProbe(T, In, Again, Trusted))
      return Err;
    Trusted = Trusted && Again == In;
  }
  if (!Trusted || In < 2)
    return fail(SA_DEVICE_NOT_SUPPORTED,
                "the co-residency probe of kernel '" + kernelName(T.Kernel) +
                    "' gave no trustworthy count (" + std::to_string(In) +
                    " of " + std::to_string(Bound) +
                    " work-groups checked in); set SOFTATOMIC_MAX_GROUPS");
  std::lock_guard<std::mutex> Guard(cacheLock());
  cache()[Key] = In;
  Groups = In;
  return CL_SUCCESS;
}

} // namespace softatomic
