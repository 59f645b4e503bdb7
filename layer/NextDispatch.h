// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- NextDispatch.h - Where the layer forwards OpenCL calls to -*- C++
//-*-===//
//
// The OpenCL entry points after the layer, in one table indexed like the
// ICD loader's dispatch table (cl_icd_dispatch): as an OpenCL layer, the
// target dispatch table that the loader hands clInitLayer; preloaded (the
// default), the definitions after the layer in the process's lookup order,
// each found with dlsym(RTLD_NEXT) at its first use. RealOpenCL.h's SA_REAL
// reads it.
//
// The layers mechanism needs the loader's headers, <CL/cl_icd.h> and
// <CL/cl_layer.h>; with headers that lack them (NVIDIA's CUDA toolkit has
// neither), the layer works preloaded only, and each use site looks its
// function up with dlsym(RTLD_NEXT) itself.
//
//===----------------------------------------------------------------------===//

#ifndef SOFTATOMIC_LAYER_NEXTDISPATCH_H
#define SOFTATOMIC_LAYER_NEXTDISPATCH_H

#include <CL/cl.h>
#include <cstddef>

#if __has_include(<CL/cl_icd.h>) && __has_include(<CL/cl_layer.h>)
#define SOFTATOMIC_LAYER_LOADER_LAYERS 1
#include <CL/cl_icd.h>
#else
#define SOFTATOMIC_LAYER_LOADER_LAYERS 0
#endif

namespace softatomic {
namespace layer {

/// The function \p Name after the layer in the process's lookup order (the
/// ICD loader's), or null.
void *nextByLookup(const char *Name);

#if SOFTATOMIC_LAYER_LOADER_LAYERS
/// The entries of a dispatch table, as these headers know it.
constexpr size_t NumDispatchEntries = sizeof(cl_icd_dispatch) / sizeof(void *);

/// Entry \p Slot of the next table (the entry point \p Name): in preload
/// mode, looked up at its first use.
void *nextEntry(size_t Slot, const char *Name);

/// Layer mode: the next table is \p Target's first \p NumEntries entries
/// (the others are null: that loader has no such entry point).
void forwardToTarget(const cl_icd_dispatch *Target, size_t NumEntries);

#define SA_NEXT_ENTRY(Name)                                                    \
  ::softatomic::layer::nextEntry(                                              \
      offsetof(cl_icd_dispatch, Name) / sizeof(void *), #Name)
#else
#define SA_NEXT_ENTRY(Name)                                                    \
  ([] {                                                                        \
    static void *const Function = ::softatomic::layer::nextByLookup(#Name);    \
    return Function;                                                           \
  }())
#endif

} // namespace layer
} // namespace softatomic

#endif
