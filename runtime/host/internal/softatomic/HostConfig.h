// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// What the SOFTATOMIC_* environment variables ask of the host runtime. The
// runtime reads them once per process, at the first call that needs them,
// and nowhere else (through EnvironmentReader.h, which holds the only
// getenv). Each is parsed
// strictly: a number is the whole text, in its range; a name is one of its
// list; empty is unset. A malformed variable is not replaced by a default:
// every call that reads the configuration fails with
// SA_INVALID_ENVIRONMENT, naming the variable, its text and what it
// accepts (docs/HOST-RUNTIME.md, "Environment").
//
// Not installed: the host runtime's libraries and the interception layer,
// which links the static one, include it.
#ifndef SOFTATOMIC_HOST_HOSTCONFIG_H
#define SOFTATOMIC_HOST_HOSTCONFIG_H

#include "softatomic/softatomic.h"

#include <optional>
#include <string>

namespace softatomic {

struct HostConfig {
  /// SOFTATOMIC_MODE (coordinator, combine, direct, auto, profile, private:
  /// Way.h's names): SA_MODE_*, unless saSetMode chose. Auto by default: it
  /// never costs more than the kernel as written once it has chosen
  /// (docs/HOST-RUNTIME.md, "Modes").
  cl_uint Mode = SA_MODE_AUTO;
  /// SOFTATOMIC_PROFILE_ROUNDS: the profile mode's rounds of timed
  /// launches, unless saSetProfileRounds chose.
  cl_uint ProfileRounds = SA_PROFILE_ROUNDS;
  /// SOFTATOMIC_PROFILE_RECORDS: the calls each work-item of a recording
  /// launch records at most; unset: as many as fit the runtime's budget.
  std::optional<cl_uint> ProfileRecords;
  /// SOFTATOMIC_COMBINE_MIN: work-items per address a work-group call must
  /// average in the combining mode (0: always combine).
  cl_uint CombineMin = 16;
  /// SOFTATOMIC_MAX_GROUPS (at least 2): the work-groups the device runs at
  /// once, coordinator included; unset: the runtime's rule or probe.
  std::optional<cl_uint> MaxGroups;
  /// SOFTATOMIC_PROBE (0, 1): whether to measure co-residency with a probe
  /// launch; unset: the device's default.
  std::optional<bool> Probe;
  /// SOFTATOMIC_PROBE_BOUND (at least 2): the most groups a probe tries;
  /// unset: from the device's limits.
  std::optional<cl_uint> ProbeBound;
  /// SOFTATOMIC_OCCUPANCY (units, full): whether a launch takes every group
  /// the probe found rather than one per compute unit.
  bool FullOccupancy = false;
  /// SOFTATOMIC_SPIN_LIMIT, SOFTATOMIC_IDLE_LIMIT, SOFTATOMIC_STALL_LIMIT:
  /// the device-side waits' bounds; unset or 0: the device kind's default.
  std::optional<cl_uint> SpinLimit, IdleLimit, StallLimit;
  /// SOFTATOMIC_REPRO_SLOTS: the targets a launch with reproducible float
  /// adds may sum into, per type (a power of two, 64 or more); unset, twice
  /// the launch's work-items times its reproducible sites, from 1024 up to
  /// 2^21 (Reproducible.cpp).
  std::optional<cl_uint> ReproSlots;
  /// SOFTATOMIC_WARP_COMBINE (0, 1): whether saGetBuildOptions may turn on
  /// the warp fast path.
  bool WarpCombine = true;
  /// SOFTATOMIC_AUTO_COORDINATOR (0, 1): whether the automatic mode may
  /// choose the coordinator mode for a kernel whose work-items never wait
  /// on one another; unset: on GPUs, not on CPUs (a coordinator group
  /// spins on a thread the workers need).
  std::optional<bool> AutoCoordinator;
  /// SOFTATOMIC_PRIVATE_BYTES: the local memory a privatized copy may take
  /// per work-group (0: never privatize); unset: half the device's.
  std::optional<cl_uint> PrivateBytes;
  /// SOFTATOMIC_VERBOSE (0, 1): whether the runtime prints launch plans,
  /// profiles and device-side failures to stderr.
  bool Verbose = false;
  /// What is malformed, one "NAME='text': why" per variable, joined by
  /// "; "; empty when every variable is well formed.
  std::string Error;
};

/// The process's configuration, read from the environment at the first
/// call from any thread.
const HostConfig &hostConfig();

/// CL_SUCCESS if every variable is well formed; else SA_INVALID_ENVIRONMENT,
/// with hostConfig().Error as the calling thread's last error message.
cl_int checkHostConfig();

} // namespace softatomic

#endif
