// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "Mode.h"

#include "Error.h"
#include "softatomic/HostConfig.h"
#include "softatomic/Way.h"

#include <atomic>
#include <string>

namespace softatomic {
namespace {
/// What saSetMode set, or Unset: the environment decides.
constexpr cl_uint Unset = ~0u;
std::atomic<cl_uint> ChosenMode{Unset};
} // namespace

cl_uint launchMode() {
  cl_uint Chosen = ChosenMode.load(std::memory_order_relaxed);
  return Chosen != Unset ? Chosen : hostConfig().Mode;
}

} // namespace softatomic

extern "C" cl_int saSetMode(cl_uint Mode) {
  using namespace softatomic;
  if (!wayOfMode(Mode))
    return fail(CL_INVALID_VALUE,
                "mode " + std::to_string(Mode) +
                    " is not SA_MODE_COORDINATOR, SA_MODE_COMBINE, "
                    "SA_MODE_DIRECT, SA_MODE_AUTO, SA_MODE_PROFILE or "
                    "SA_MODE_PRIVATE");
  ChosenMode.store(Mode, std::memory_order_relaxed);
  return succeed();
}

extern "C" cl_uint saGetMode(void) { return softatomic::launchMode(); }
