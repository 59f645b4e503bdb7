// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- LayerStart.h - The layer's start, at its first use -------*- C++ -*-===//
//
// The first intercepted call reads the configuration (LayerConfig.h) and
// starts what it asks for: the profile (LayerProfile.h), which sets the
// host runtime's mode before any launch. Here, above both, so that the
// configuration depends on no service that it configures.
//
//===----------------------------------------------------------------------===//

#ifndef SOFTATOMIC_LAYER_LAYERSTART_H
#define SOFTATOMIC_LAYER_LAYERSTART_H

#include "LayerConfig.h"

namespace softatomic {
namespace layer {

/// The configuration, once what it asks for has started.
const LayerConfig &startedConfig();

} // namespace layer
} // namespace softatomic

#endif
