// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- ExitWork.cpp - The layer's work at exit, in its own process --------===//

#include "ExitWork.h"
#include <unistd.h>

namespace softatomic {
namespace layer {

namespace {
/// Set as the layer is loaded (a static initializer runs at load, before
/// the application can fork); a child inherits the value, not the pid.
const pid_t LoadingProcess = getpid();
} // namespace

bool inLoadingProcess() { return getpid() == LoadingProcess; }

} // namespace layer
} // namespace softatomic
