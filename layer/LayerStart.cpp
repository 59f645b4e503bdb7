// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- LayerStart.cpp - The layer's start, at its first use ---------------===//

#include "LayerStart.h"
#include "LayerProfile.h"

namespace softatomic {
namespace layer {

const LayerConfig &startedConfig() {
  static const LayerConfig &Started = []() -> const LayerConfig & {
    const LayerConfig &Read = config();
    if (Read.Enabled && !Read.ProfilePath.empty())
      startProfile(Read.ProfilePath);
    return Read;
  }();
  return Started;
}

} // namespace layer
} // namespace softatomic
