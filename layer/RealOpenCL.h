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

/// The real OpenCL function \p Name (null where the ICD loader lacks it).
#define SA_REAL(Name) (reinterpret_cast<decltype(&::Name)>(SA_NEXT_ENTRY(Name)))

#endif
