// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Named sets of sweep sizes (--preset); explicit sweep options still win.
#ifndef SOFTATOMIC_MICROBENCH_PRESETS_H
#define SOFTATOMIC_MICROBENCH_PRESETS_H

#include "Workload.h"

namespace softatomic {

/// paper: the paper's sizes (the defaults); cpu: smaller ones a 2-core CPU
/// runs in minutes; quick: one small size of each, for the tests; auto: cpu
/// on a CPU device, else paper. False for an unknown name.
bool applyPreset(const std::string &Name, cl_device_type Type, Options &O);

} // namespace softatomic

#endif
