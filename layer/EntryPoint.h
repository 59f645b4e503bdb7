//===- EntryPoint.h - What the layer's OpenCL entry points share -*- C++ -*-===//
//
// Their export (SA_LAYER_ENTRY, RealOpenCL.h), and whether a call is the
// application's.
// The host runtime is linked into the layer: its own OpenCL calls resolve
// to the layer's definitions too, and must reach the real ones (the true
// argument count and indices, the shadow program, no second interception).
// A RuntimeCall marks the thread as inside the runtime for its lifetime.
//
//===----------------------------------------------------------------------===//

#ifndef SOFTATOMIC_LAYER_ENTRYPOINT_H
#define SOFTATOMIC_LAYER_ENTRYPOINT_H

#include "LayerConfig.h"
#include "LayerState.h"
#include "RealOpenCL.h"

namespace softatomic {
namespace layer {

/// Set while the host runtime runs on this thread.
inline thread_local bool InsideRuntime = false;

struct RuntimeCall {
  RuntimeCall() { InsideRuntime = true; }
  ~RuntimeCall() { InsideRuntime = false; }
  RuntimeCall(const RuntimeCall &) = delete;
  RuntimeCall &operator=(const RuntimeCall &) = delete;
};

/// Whether this call is the application's and the layer is on.
inline bool layerActive() { return config().Enabled && !InsideRuntime; }

/// The record of \p Kernel if it is a rewritten kernel and the call is the
/// application's.
inline std::optional<KernelRecord> rewrittenKernel(cl_kernel Kernel) {
  if (!layerActive())
    return std::nullopt;
  return state().Kernels.find(Kernel);
}

} // namespace layer
} // namespace softatomic

#endif
