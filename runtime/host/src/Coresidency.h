// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// How many work-groups of a kernel a device runs at once. The coordinator
// design is only safe when every physical work-group of a launch runs at the
// same time, so this bound must never be above the truth.
#ifndef SOFTATOMIC_HOST_CORESIDENCY_H
#define SOFTATOMIC_HOST_CORESIDENCY_H

#include "softatomic/softatomic.h"

#include <string>

namespace softatomic {

/// Sets Groups to a number of work-groups of LocalItems work-items that
/// Device is known to run concurrently (coordinator included), or fails
/// with SA_DEVICE_NOT_SUPPORTED and says why. SOFTATOMIC_MAX_GROUPS, where
/// set, is that number.
cl_int coresidentGroups(cl_device_id Device, size_t LocalItems, size_t &Groups);

} // namespace softatomic

#endif
