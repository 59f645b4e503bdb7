#include "Coresidency.h"

#include "ClQuery.h"
#include "Error.h"
#include "softatomic/HostConfig.h"

namespace softatomic {

bool isGpu(cl_device_id Device) {
  return deviceInfo<cl_device_type>(Device, CL_DEVICE_TYPE) &
         CL_DEVICE_TYPE_GPU;
}

cl_int coresidentGroups(cl_device_id Device, size_t LocalItems,
                        size_t &Groups) {
  (void)LocalItems; // Both rules below hold for any launchable group size.
  // The user knows better (for example after measuring): trust them (at
  // least 2, HostConfig.cpp).
  if (std::optional<cl_uint> Asked = hostConfig().MaxGroups) {
    Groups = *Asked;
    return CL_SUCCESS;
  }
  cl_uint Units = deviceInfo<cl_uint>(Device, CL_DEVICE_MAX_COMPUTE_UNITS);
  cl_device_type Type = deviceInfo<cl_device_type>(Device, CL_DEVICE_TYPE);
  cl_platform_id Platform =
      deviceInfo<cl_platform_id>(Device, CL_DEVICE_PLATFORM);
  std::string PlatformName = platformString(Platform, CL_PLATFORM_NAME);

  if ((Type & CL_DEVICE_TYPE_CPU) &&
      PlatformName.find("Portable Computing Language") != std::string::npos) {
    // PoCL's CPU devices run work-groups on a pool of worker threads, one
    // group per thread at a time, and report the pool's size as their
    // compute units (POCL_MAX_PTHREAD_COUNT / POCL_CPU_MAX_CU_COUNT). A
    // launch hands each thread ceil(remaining groups / threads) groups, so
    // a launch of at most 'threads' groups gives every thread exactly one:
    // all of them run at once.
    Groups = Units;
  } else if ((Type & CL_DEVICE_TYPE_GPU) &&
             deviceInfo<cl_uint>(Device, CL_DEVICE_VENDOR_ID) ==
                 NvidiaVendorId) {
    // NVIDIA reports its SMs as compute units. Any work-group the kernel
    // can be launched with fits on an SM, and the block scheduler starts a
    // block on every SM with room, so one group per SM is always resident
    // together. (More fit in general, and SOFTATOMIC_PROBE=1 measures how
    // many, Probe.cpp; on the H200 more groups made the coordinator's
    // rounds slower than they made the workers faster.)
    Groups = Units;
  } else {
    // The compute-unit count is not a safe bound everywhere: on Intel GPUs
    // it was found above the groups actually co-resident. (Launches on GPUs
    // get here only when the probe is off or failed.)
    return fail(
        SA_DEVICE_NOT_SUPPORTED,
        "no co-residency bound is known for device '" +
            deviceString(Device, CL_DEVICE_NAME) + "' of platform '" +
            PlatformName +
            "'; set SOFTATOMIC_MAX_GROUPS to the work-groups it runs at once");
  }
  if (Groups < 2)
    return fail(
        SA_DEVICE_NOT_SUPPORTED,
        "device '" + deviceString(Device, CL_DEVICE_NAME) + "' runs " +
            std::to_string(Groups) +
            " work-group at a time; the coordinator needs a second one");
  return CL_SUCCESS;
}

} // namespace softatomic
