// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- LayerStart.cpp - The layer's start, at its first use ---------------===//

#include "LayerStart.h"
#include "LayerLog.h"
#include "LayerProfile.h"
#include "softatomic/HostConfig.h"

namespace softatomic {
namespace layer {

/// Mistakes in the environment, said once at the start, on stderr too: a
/// variable of the layer's that it ignores, or one of the host runtime's
/// that fails every software launch (which then runs natively).
static void warnAboutEnvironment(const LayerConfig &Config) {
  for (const std::string &Problem : Config.Problems)
    warnEvent("ignoring " + Problem);
  if (!hostConfig().Error.empty())
    warnEvent(hostConfig().Error +
              ": every kernel runs natively until it is corrected");
}

const LayerConfig &startedConfig() {
  static const LayerConfig &Started = []() -> const LayerConfig & {
    const LayerConfig &Read = config();
    if (Read.Enabled)
      warnAboutEnvironment(Read);
    if (Read.Enabled && !Read.ProfilePath.empty())
      startProfile(Read.ProfilePath);
    return Read;
  }();
  return Started;
}

} // namespace layer
} // namespace softatomic
