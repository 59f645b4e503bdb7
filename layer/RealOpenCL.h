//===- RealOpenCL.h - The entry points the layer forwards to ----*- C++ -*-===//
//
// The layer defines some of OpenCL's entry points; the real ones are the
// next definitions after it in the process's lookup order (the ICD
// loader's), found with dlsym(RTLD_NEXT).
//
//===----------------------------------------------------------------------===//

#ifndef SOFTATOMIC_LAYER_REALOPENCL_H
#define SOFTATOMIC_LAYER_REALOPENCL_H

#include <CL/cl.h>
#include <dlfcn.h>

/// The real OpenCL function \p Name (null where the ICD loader lacks it),
/// looked up once per use site.
#define SA_REAL(Name)                                                          \
  ([] {                                                                        \
    static const auto Function =                                               \
        reinterpret_cast<decltype(&::Name)>(dlsym(RTLD_NEXT, #Name));          \
    return Function;                                                           \
  }())

#endif
