// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- EntryPoint.h - What the layer's OpenCL entry points share -*- C++
//-*-===//
//
// Their export (SA_LAYER_ENTRY, RealOpenCL.h), whether the layer is on, and
// the guard that keeps C++ exceptions out of the C callers.
// The host runtime linked into the layer is built for it (RuntimeOpenCL.h):
// its OpenCL calls go to the next implementation through the same table as
// the layer's own SA_REAL calls, never to the layer's definitions, so every
// call that reaches an entry point here is the application's (or the
// driver's callback on its behalf).
//
//===----------------------------------------------------------------------===//

#ifndef SOFTATOMIC_LAYER_ENTRYPOINT_H
#define SOFTATOMIC_LAYER_ENTRYPOINT_H

#include "LayerStart.h"
#include "LayerState.h"
#include "RealOpenCL.h"
#include <cstdio>
#include <exception>
#include <type_traits>

namespace softatomic {
namespace layer {

/// Whether the layer is on (SOFTATOMIC_LAYER=0 passes everything through);
/// the first call starts what the configuration asks for (LayerStart.h).
inline bool layerActive() { return startedConfig().Enabled; }

/// The record of \p Kernel if it is a rewritten kernel and the layer is on.
inline std::optional<KernelRecord> rewrittenKernel(cl_kernel Kernel) {
  if (!layerActive())
    return std::nullopt;
  return state().Kernels.find(Kernel);
}

/// The line on stderr for an exception that \p EntryPoint stopped. No
/// allocation: the exception is most likely std::bad_alloc.
inline void reportStoppedException(const char *EntryPoint, const char *What,
                                   const char *Returned) noexcept {
  std::fprintf(stderr, "softatomic-layer: %s: %s; returned %s\n", EntryPoint,
               What, Returned);
}

/// Runs \p Body, the work of the entry point (or driver callback) named
/// \p EntryPoint, with no C++ exception reaching its C caller: one becomes
/// CL_OUT_OF_HOST_MEMORY (the error every entry point may return for a
/// failure of the host's resources) and a line on stderr. An entry point
/// that returns an object gives null instead and sets *\p ErrcodeRet.
template <typename BodyFn>
auto guarded(const char *EntryPoint, cl_int *ErrcodeRet, BodyFn &&Body) noexcept
    -> decltype(Body()) {
  using Result = decltype(Body());
  static_assert(std::is_void_v<Result> || std::is_pointer_v<Result> ||
                    std::is_same_v<Result, cl_int>,
                "an entry point returns cl_int, an object or nothing");
  const char *What = "an exception of unknown type";
  try {
    return Body();
  } catch (const std::exception &Error) {
    What = Error.what();
  } catch (...) {
  }
  if constexpr (std::is_void_v<Result>) {
    reportStoppedException(EntryPoint, What, "nothing");
  } else if constexpr (std::is_pointer_v<Result>) {
    reportStoppedException(EntryPoint, What, "null (CL_OUT_OF_HOST_MEMORY)");
    if (ErrcodeRet)
      *ErrcodeRet = CL_OUT_OF_HOST_MEMORY;
    return nullptr;
  } else {
    reportStoppedException(EntryPoint, What, "CL_OUT_OF_HOST_MEMORY");
    return CL_OUT_OF_HOST_MEMORY;
  }
}

/// The same, for an entry point with no error code argument.
template <typename BodyFn>
auto guarded(const char *EntryPoint, BodyFn &&Body) noexcept
    -> decltype(Body()) {
  return guarded(EntryPoint, nullptr, std::forward<BodyFn>(Body));
}

} // namespace layer
} // namespace softatomic

#endif
