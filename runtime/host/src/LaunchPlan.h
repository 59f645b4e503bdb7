// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The plan of one launch of a rewritten kernel, worked out before anything
// is enqueued: its geometry, how many physical work-groups run the
// caller's (Coresidency.h, Probe.h), their scratch in local memory, and the
// state buffer's header that tells the device runtime all of it
// (runtime/common/softatomic_layout.h). Launch.cpp enqueues what it plans.
#ifndef SOFTATOMIC_HOST_LAUNCHPLAN_H
#define SOFTATOMIC_HOST_LAUNCHPLAN_H

#include "Manifest.h"
#include "Privatize.h"
#include "softatomic/softatomic.h"

#include <vector>

namespace softatomic {

struct DeviceRules;

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
size_t combiningGroups(cl_device_id Device, size_t LocalItems);

/// Whether the kernel has a required work-group size
/// (reqd_work_group_size), and if so, in \p Local.
bool requiredLocalSize(cl_kernel Kernel, cl_device_id Device, size_t *Local);

/// Geometry, physical group count and scratch size for one launch.
cl_int planLaunch(cl_command_queue Queue, cl_kernel Kernel,
                  const RewrittenKernel &Entry, cl_device_id Device,
                  cl_uint Mode, cl_uint WorkDim, const size_t *Offset,
                  const size_t *Global, const size_t *Local, LaunchPlan &Plan);

/// The state buffer's initial contents: the header, then zeros.
std::vector<cl_uint> initialState(const LaunchPlan &Plan);

} // namespace softatomic

#endif
