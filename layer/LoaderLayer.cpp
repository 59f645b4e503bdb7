// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- LoaderLayer.cpp - The layer as an OpenCL loader layer --------------===//
//
// Named in OPENCL_LAYERS (the cl_loader_layers extension), the ICD loader
// dlopen()s the layer and calls clGetLayerInfo, then clInitLayer with its
// target dispatch table. The layer answers with a full table: its own
// definitions of the entry points it intercepts (InterceptedEntryPoints.def)
// and the target's for all others; the target becomes the table the layer
// forwards to (NextDispatch.h).
//
// Preloaded as well, the application's calls reach the preloaded layer
// first, which forwards them to the loader, which hands them to the OpenCL
// layer: a copy of the library there would rewrite a second time (the
// rewritten program too). So the OpenCL layer steps aside (its table is the
// target's) and logs it, and the preloaded one does the work; the same
// file (one instance) does likewise, for one simple rule.
//
// Symbol binding: the layer links with -Bsymbolic-functions, so that its
// references to the entry points it defines (&clBuildProgram below,
// clEnqueueTask's call of clEnqueueNDRangeKernel) bind to its own
// definitions. Without it, in a layer that the loader loaded RTLD_LOCAL
// after itself, they would bind to the loader's exports, which call the
// first layer: the table below would send the loader back to itself for
// ever. clInitLayer checks that each table entry is the layer's own, and
// steps aside if one is not. The host runtime inside the layer calls no
// entry point by name: its calls go through the table forwardToTarget fills
// (RuntimeOpenCL.h), in this mode as preloaded.
//
//===----------------------------------------------------------------------===//

#include "RealOpenCL.h"

#if SOFTATOMIC_LAYER_LOADER_LAYERS

#include "ClQueries.h"
#include "EntryPoint.h"
#include "LayerConfig.h"
#include "LayerLog.h"
#include <CL/cl_layer.h>
#include <algorithm>
#include <cstring>
#include <dlfcn.h>
#include <string>

/// Marks the object as a softatomic layer, so that an instance loaded as an
/// OpenCL layer finds a preloaded one (itself or a copy) in the global scope.
SA_LAYER_ENTRY const char softatomicInterceptionLayer[] = "softatomic-layer";

using namespace softatomic::layer;

namespace {

/// The start of clInitLayer's log line (test/layer looks for it to tell
/// whether the ICD loader supports layers).
const std::string LoadedByLoader =
    "OpenCL layer: loaded by the ICD loader (OPENCL_LAYERS), ";

/// Whether a softatomic layer is in the process's global lookup scope (the
/// executable, LD_PRELOAD, their dependencies), where the application's
/// calls find it before the ICD loader. The loader dlopen()s its layers
/// RTLD_LOCAL, out of that scope.
bool preloadedLayerPresent() {
  void *Global = dlopen(nullptr, RTLD_LAZY);
  bool Present = Global && dlsym(Global, "softatomicInterceptionLayer");
  if (Global)
    dlclose(Global);
  return Present;
}

/// Whether \p Function is defined in this library (see "Symbol binding").
bool definedInLayer(void *Function) {
  Dl_info Layer, Definition;
  return dladdr(reinterpret_cast<void *>(&preloadedLayerPresent), &Layer) &&
         dladdr(Function, &Definition) &&
         Definition.dli_fbase == Layer.dli_fbase;
}

/// Puts the layer's own entry points into \p Dispatch; false (\p Dispatch
/// partly changed) when one of them does not bind to the layer.
bool interceptEntryPoints(cl_icd_dispatch &Dispatch) {
#define SA_INTERCEPTED(Name)                                                   \
  if (!definedInLayer(reinterpret_cast<void *>(&::Name))) {                    \
    logEvent(LoadedByLoader + "passing everything through: " #Name             \
                              " does not bind to the layer's own definition"); \
    return false;                                                              \
  }                                                                            \
  Dispatch.Name = &::Name;
#include "InterceptedEntryPoints.def"
  return true;
}

} // namespace

SA_LAYER_ENTRY CL_API_ENTRY cl_int CL_API_CALL clGetLayerInfo(
    cl_layer_info Param, size_t ParamSize, void *ParamValue, size_t *SizeRet) {
  return guarded(__func__, [&]() -> cl_int {
    const void *Value;
    size_t Size;
    static const cl_layer_api_version Version = CL_LAYER_API_VERSION_100;
    switch (Param) {
    case CL_LAYER_API_VERSION:
      Value = &Version;
      Size = sizeof Version;
      break;
#ifdef CL_LAYER_NAME
    case CL_LAYER_NAME: {
      static const char Name[] = "softatomic interception layer";
      Value = Name;
      Size = sizeof Name;
      break;
    }
#endif
    default:
      return CL_INVALID_VALUE;
    }
    return answerInfo(Value, Size, ParamSize, ParamValue, SizeRet);
  });
}

SA_LAYER_ENTRY CL_API_ENTRY cl_int CL_API_CALL
clInitLayer(cl_uint NumEntries, const cl_icd_dispatch *Target,
            cl_uint *NumEntriesRet, const cl_icd_dispatch **LayerDispatchRet) {
  return guarded(__func__, [&]() -> cl_int {
    if (!Target || !NumEntriesRet || !LayerDispatchRet)
      return CL_INVALID_VALUE;
    // The loader may keep the pointer: static storage. Entries past the
    // target's are none of its business.
    static cl_icd_dispatch Dispatch;
    size_t Entries = std::min<size_t>(NumEntries, NumDispatchEntries);
    std::memset(&Dispatch, 0, sizeof Dispatch);
    std::memcpy(&Dispatch, Target, Entries * sizeof(void *));
    *LayerDispatchRet = &Dispatch;
    *NumEntriesRet = static_cast<cl_uint>(Entries);
    if (!config().Enabled) // SOFTATOMIC_LAYER=0: pass-through, no log
      return CL_SUCCESS;
    if (preloadedLayerPresent()) {
      logEvent(LoadedByLoader + "passing everything through: the layer is "
                                "preloaded (LD_PRELOAD) as well, and rewrites "
                                "there");
      return CL_SUCCESS;
    }
    cl_icd_dispatch Intercepting = Dispatch;
    if (!interceptEntryPoints(Intercepting))
      return CL_SUCCESS;
    forwardToTarget(Target, Entries);
    std::memcpy(&Dispatch, &Intercepting, Entries * sizeof(void *));
    logEvent(LoadedByLoader + "intercepting");
    return CL_SUCCESS;
  });
}

#endif
