// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// What the host runtime does differently per kind of device, in one place:
// a device is classified once (its type, vendor and platform), and each
// class has one rules record that the rest of the runtime asks. A new
// kind of device (an AMD or Intel GPU with rules of its own) is a new
// DeviceClass and its record in DeviceRules.cpp; no other file tests a
// vendor, a platform's name or a device type.
#ifndef SOFTATOMIC_HOST_DEVICERULES_H
#define SOFTATOMIC_HOST_DEVICERULES_H

#include "softatomic/softatomic.h"

#include <cstddef>
#include <string>

namespace softatomic {

enum class DeviceClass {
  PoclCpu,  ///< a CPU device of PoCL (Portable Computing Language)
  OtherCpu, ///< any other CPU device
  NvidiaGpu,
  OtherGpu, ///< a GPU of any other vendor
  Other,    ///< neither a CPU nor a GPU (an accelerator, a custom device)
};

/// What the rules are made from: the device's answers to the queries
/// below, as plain data (so that a test can describe a device it lacks).
struct DeviceDescription {
  cl_device_type Type = 0;
  cl_uint VendorId = 0;
  std::string PlatformName;
  /// cl_nv_device_attribute_query's answers (zero where not answered).
  bool NvAttributeQuery = false; ///< lists cl_nv_device_attribute_query
  cl_uint ComputeMajor = 0, ComputeMinor = 0, WarpSizeNV = 0;
  /// cl_amd_device_attribute_query's wavefront width (zero: none).
  cl_uint WavefrontWidthAMD = 0;
  bool FloatAtomics = false; ///< lists cl_ext_float_atomics
};

/// One field per device-dependent rule of the host runtime.
struct DeviceRules {
  DeviceClass Class = DeviceClass::Other;

  /// Co-residency (Coresidency.cpp): whether CL_DEVICE_MAX_COMPUTE_UNITS
  /// work-groups are known to run at once. PoCL's CPU devices run
  /// work-groups on a pool of worker threads, one group per thread at a
  /// time, and report the pool's size as their compute units
  /// (POCL_MAX_PTHREAD_COUNT / POCL_CPU_MAX_CU_COUNT); a launch hands each
  /// thread ceil(remaining groups / threads) groups, so a launch of at most
  /// 'threads' groups gives every thread exactly one: all of them run at
  /// once. NVIDIA reports its SMs as compute units; any work-group the
  /// kernel can be launched with fits on an SM, and the block scheduler
  /// starts a block on every SM with room, so one group per SM is always
  /// resident together (more fit in general, and SOFTATOMIC_PROBE=1
  /// measures how many; on the H200 more groups made the coordinator's
  /// rounds slower than they made the workers faster). The compute-unit
  /// count is not a safe bound everywhere: on Intel GPUs it was found
  /// above the groups actually co-resident.
  bool UnitsCoresident = false;

  /// Whether a probe launch measures co-residency when SOFTATOMIC_PROBE is
  /// unset (Probe.cpp): on GPUs without a known rule (NVIDIA's needs no
  /// launch).
  bool ProbeByDefault = false;

  /// Whether the device runs one work-group per compute unit (a CPU's
  /// hardware thread) at a time, and a group that ends frees its thread:
  /// the probe's upper bound is the units, and the combining mode takes
  /// one group per unit beside the idle group 0, which ends at once.
  bool GroupPerUnit = true;
  /// Elsewhere, the probe's upper bound per compute unit: CUDA's occupancy
  /// limits per SM, by compute capability, on NVIDIA; 2048 work-items and
  /// 32 groups on other GPUs.
  size_t ProbeItemsPerUnit = 2048, ProbeGroupsPerUnit = 32;
  /// Elsewhere, the work-items per compute unit that the combining mode's
  /// groups fill (Launch.cpp): 2048, NVIDIA's since Volta.
  size_t CombineItemsPerUnit = 2048;

  /// Scans of every worker's word by the probe's group 0 before it stops
  /// waiting for groups that have not started: a few milliseconds on
  /// either kind of device (a scan of a thousand words costs microseconds
  /// on a GPU, tens of nanoseconds per word on a CPU).
  cl_uint ProbeScans = 1u << 16;

  /// Whether each user group of a launch may get a worker of its own
  /// where the device might hold them all beside the coordinator
  /// (Launch.cpp): on a GPU; a CPU's rule is exact.
  bool MayHoldEveryGroup = false;

  /// The state header's default limits (Launch.cpp; SOFTATOMIC_SPIN_LIMIT,
  /// _IDLE_LIMIT and _STALL_LIMIT override them). Polls (of 64 spins)
  /// without coordinator progress, and coordinator rounds waiting for
  /// absent workers, before giving up. They only end launches that can
  /// never finish, so they are generous: a few seconds each. On a CPU a
  /// poll takes ~0.1 us and an idle round ~0.4 us (PoCL, 2 cores), and an
  /// overloaded machine may leave a runnable PoCL thread without a core
  /// for a good fraction of a second; on a GPU a poll takes ~40 us. (2^26
  /// idle rounds on a CPU, about half a minute: a stress case with four
  /// PoCL threads on two loaded cores once ran past 2^24.)
  cl_uint SpinLimit = 1u << 26, IdleLimit = 1u << 26;
  /// Coordinator rounds in a row that change nothing while every running
  /// worker waits (work-groups that wait for groups that cannot start): on
  /// PoCL (2 idle cores) 2^22 rounds took 0.3 s with groups of one
  /// work-item and 4 s with groups of 64. On the H100 a round with a
  /// thousand waiting work-items takes about 0.1 ms: 2^20 rounds ran past
  /// 90 s, 2^16 are seconds. A legitimate wait ends with some target
  /// changed, or has a worker busy with its own work for as many rounds
  /// (the device's silent window is never longer than this bound), which
  /// resets the count.
  cl_uint StallLimit = 1u << 22;

  /// The compute capability's major number of an NVIDIA GPU that reports
  /// it (cl_nv_device_attribute_query); 0 for any other device. The build
  /// options (BuildOptions.cpp) turn on -DSA_NV_F64_ADD from 6 (PTX's
  /// atom.global.add.f64; NVIDIA's OpenCL C names no double atomic and
  /// defines no macro that tells the device's generation) and
  /// -DSA_WARP_COMBINE=1 from 7 (match.any.sync and shfl.sync).
  cl_uint NvidiaComputeMajor = 0;

  /// Work-items that make one warp (or wavefront): NVIDIA's and AMD's own
  /// queries; 0 where the device answers neither (ProfileMode.cpp then
  /// takes the kernel's preferred multiple of the local size).
  cl_uint WarpWidth = 0;

  /// Whether the rewritten kernel applies a float add with an instruction
  /// (AutoMode.cpp): NVIDIA's (PTX), or cl_ext_float_atomics'.
  bool FloatAddInstruction = false;

  /// Whether the automatic mode may time the coordinator where
  /// SOFTATOMIC_AUTO_COORDINATOR is unset (AutoMode.cpp): not on a CPU.
  bool AutoCoordinator = true;
};

/// What Device answers to the queries the rules are made from.
DeviceDescription describeDevice(cl_device_id Device);

DeviceClass classifyDevice(const DeviceDescription &Description);

/// The rules of a device so described (the seam the tests use).
DeviceRules rulesFor(const DeviceDescription &Description);

/// Device's rules, made on first use and kept (thread-safe). A handle that
/// is not a device gets Other's rules, not kept.
const DeviceRules &deviceRules(cl_device_id Device);

} // namespace softatomic

#endif
