// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "Coresidency.h"

#include "ClQuery.h"
#include "DeviceRules.h"
#include "Error.h"
#include "softatomic/HostConfig.h"

namespace softatomic {

cl_int coresidentGroups(cl_device_id Device, size_t LocalItems,
                        size_t &Groups) {
  (void)LocalItems; // The rules hold for any launchable group size.
  // The user knows better (for example after measuring): trust them (at
  // least 2, HostConfig.cpp).
  if (std::optional<cl_uint> Asked = hostConfig().MaxGroups) {
    Groups = *Asked;
    return CL_SUCCESS;
  }
  if (!deviceRules(Device).UnitsCoresident) {
    // (Launches on GPUs get here only when the probe is off or failed.)
    return fail(
        SA_DEVICE_NOT_SUPPORTED,
        "no co-residency bound is known for device '" +
            deviceString(Device, CL_DEVICE_NAME) + "' of platform '" +
            devicePlatformName(Device) +
            "'; set SOFTATOMIC_MAX_GROUPS to the work-groups it runs at once");
  }
  // One group per compute unit runs at once (DeviceRules.h says where).
  Groups = deviceInfo<cl_uint>(Device, CL_DEVICE_MAX_COMPUTE_UNITS);
  if (Groups < 2)
    return fail(
        SA_DEVICE_NOT_SUPPORTED,
        "device '" + deviceString(Device, CL_DEVICE_NAME) + "' runs " +
            std::to_string(Groups) +
            " work-group at a time; the coordinator needs a second one");
  return CL_SUCCESS;
}

} // namespace softatomic
