// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The probe launch: how many work-groups of one rewritten kernel a device
// runs at once, measured by launching the kernel itself in probe mode
// (runtime/device: __sa_probe), so registers and local memory count as they
// will in the real launch. The answer is cached per kernel, device, local
// size and the kernel's own local memory. The probe runs on the caller's
// queue and the call waits for it (once per cache entry).
#ifndef SOFTATOMIC_HOST_PROBE_H
#define SOFTATOMIC_HOST_PROBE_H

#include "softatomic/softatomic.h"

#include <functional>

namespace softatomic {

/// Where a rewritten kernel takes the runtime's arguments.
struct ProbeTarget {
  cl_command_queue Queue;
  cl_kernel Kernel;
  cl_uint ScratchIndex;
  cl_uint StateIndex;
  cl_uint WorkDim;
  const size_t *Local; ///< 3 entries
  /// The scratch bytes a launch with this many worker groups needs.
  std::function<size_t(size_t Workers)> ScratchBytes;
};

/// Whether launches on Device measure their co-residency with a probe
/// (GPUs without a known rule by default; SOFTATOMIC_PROBE=1 or 0 decides
/// for any device).
bool wantsProbe(cl_device_id Device);

/// Sets Groups to the work-groups of T.Kernel that the device ran at once
/// in a probe launch of at most Bound groups (coordinator included), or
/// the cached answer of an earlier probe. Fails when the probe cannot be
/// trusted (a group gave up waiting) or cannot run.
cl_int probeCoresidentGroups(const ProbeTarget &T, size_t Bound,
                             size_t &Groups);

/// An upper bound on the work-groups of LocalItems work-items the device
/// can hold at once: compute units times the groups a unit can hold by
/// work-item and group count (the vendor's limits where the device says
/// which generation it is). SOFTATOMIC_PROBE_BOUND overrides it.
size_t coresidentUpperBound(cl_device_id Device, size_t LocalItems);

} // namespace softatomic

#endif
