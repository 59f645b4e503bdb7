// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- RealOpenCL.h - The entry points the layer forwards to ----*- C++ -*-===//
//
// The layer defines some of OpenCL's entry points; the real ones are the
// next ones after it: the ICD loader's definitions when it is preloaded, the
// target dispatch table when the loader loaded it as an OpenCL layer
// (NextDispatch.h).
//
//===----------------------------------------------------------------------===//

#ifndef SOFTATOMIC_LAYER_REALOPENCL_H
#define SOFTATOMIC_LAYER_REALOPENCL_H

#include "NextDispatch.h"
#include <CL/cl.h>

/// Marks a definition of an OpenCL entry point: exported, so that it
/// interposes on the ICD loader's when the layer is preloaded.
#define SA_LAYER_ENTRY extern "C" __attribute__((visibility("default")))

/// The real OpenCL function \p Name (null where the ICD loader lacks it).
#define SA_REAL(Name) (reinterpret_cast<decltype(&::Name)>(SA_NEXT_ENTRY(Name)))

#endif
