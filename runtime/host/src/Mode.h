// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The launch mode (SA_MODE_COORDINATOR or SA_MODE_COMBINE): set by
// saSetMode, else SOFTATOMIC_MODE (HostConfig.h).
#ifndef SOFTATOMIC_HOST_MODE_H
#define SOFTATOMIC_HOST_MODE_H

#include "softatomic/softatomic.h"

namespace softatomic {

/// The mode of the next launch (SOFTATOMIC_MODE's default where it is
/// malformed: launches are refused then, checkHostConfig).
cl_uint launchMode();

} // namespace softatomic

#endif
