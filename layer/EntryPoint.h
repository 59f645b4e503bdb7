//===- EntryPoint.h - What the layer's OpenCL entry points share -*- C++ -*-===//
//
// Their export (SA_LAYER_ENTRY, RealOpenCL.h), and whether the layer is on.
// The host runtime linked into the layer is built for it (RuntimeOpenCL.h):
// its OpenCL calls go to the next implementation through the same table as
// the layer's own SA_REAL calls, never to the layer's definitions, so every
// call that reaches an entry point here is the application's (or the
// driver's callback on its behalf).
//
//===----------------------------------------------------------------------===//

#ifndef SOFTATOMIC_LAYER_ENTRYPOINT_H
#define SOFTATOMIC_LAYER_ENTRYPOINT_H

#include "LayerConfig.h"
#include "LayerState.h"
#include "RealOpenCL.h"

namespace softatomic {
namespace layer {

/// Whether the layer is on (SOFTATOMIC_LAYER=0 passes everything through).
inline bool layerActive() { return config().Enabled; }

/// The record of \p Kernel if it is a rewritten kernel and the layer is on.
inline std::optional<KernelRecord> rewrittenKernel(cl_kernel Kernel) {
  if (!layerActive())
    return std::nullopt;
  return state().Kernels.find(Kernel);
}

} // namespace layer
} // namespace softatomic

#endif
