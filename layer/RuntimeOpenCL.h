// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- RuntimeOpenCL.h - The host runtime's OpenCL calls, in the layer ----===//
//
// Included before every source of the host runtime as the layer builds it
// (layer/CMakeLists.txt, softatomic-layer-runtime): each OpenCL function the
// runtime calls becomes a call through the layer's table of the next
// implementation (SA_REAL, NextDispatch.h), the ICD loader's or the target
// dispatch table, in either way of loading the layer. The runtime's calls
// therefore never reach the layer's own entry points: they need the real
// answers (the rewritten kernel's true argument count and indices, its
// launch on the shadow program), and intercepting them would launch a
// rewritten kernel through the runtime again. The same sources built into
// libsoftatomic call OpenCL by name, as any application does.
//
// One line per function: the build fails, naming the function, when the
// runtime calls one that is not here (CheckRuntimeOpenCLCalls.cmake).
//
//===----------------------------------------------------------------------===//

#ifndef SOFTATOMIC_LAYER_RUNTIMEOPENCL_H
#define SOFTATOMIC_LAYER_RUNTIMEOPENCL_H

// The runtime's own view of OpenCL (its CL_TARGET_OPENCL_VERSION) first:
// the declarations must be read before their names become macros.
#include "softatomic/softatomic.h"

#include "RealOpenCL.h"

#define clCreateBuffer(...) SA_REAL(clCreateBuffer)(__VA_ARGS__)
#define clEnqueueFillBuffer(...) SA_REAL(clEnqueueFillBuffer)(__VA_ARGS__)
#define clEnqueueNDRangeKernel(...) SA_REAL(clEnqueueNDRangeKernel)(__VA_ARGS__)
#define clEnqueueReadBuffer(...) SA_REAL(clEnqueueReadBuffer)(__VA_ARGS__)
#define clFinish(...) SA_REAL(clFinish)(__VA_ARGS__)
#define clGetCommandQueueInfo(...) SA_REAL(clGetCommandQueueInfo)(__VA_ARGS__)
#define clGetDeviceInfo(...) SA_REAL(clGetDeviceInfo)(__VA_ARGS__)
#define clGetEventInfo(...) SA_REAL(clGetEventInfo)(__VA_ARGS__)
#define clGetEventProfilingInfo(...)                                           \
  SA_REAL(clGetEventProfilingInfo)(__VA_ARGS__)
#define clGetKernelInfo(...) SA_REAL(clGetKernelInfo)(__VA_ARGS__)
#define clGetMemObjectInfo(...) SA_REAL(clGetMemObjectInfo)(__VA_ARGS__)
#define clGetKernelWorkGroupInfo(...)                                          \
  SA_REAL(clGetKernelWorkGroupInfo)(__VA_ARGS__)
#define clGetPlatformInfo(...) SA_REAL(clGetPlatformInfo)(__VA_ARGS__)
#define clGetProgramBuildInfo(...) SA_REAL(clGetProgramBuildInfo)(__VA_ARGS__)
#define clGetProgramInfo(...) SA_REAL(clGetProgramInfo)(__VA_ARGS__)
#define clReleaseEvent(...) SA_REAL(clReleaseEvent)(__VA_ARGS__)
#define clReleaseMemObject(...) SA_REAL(clReleaseMemObject)(__VA_ARGS__)
#define clRetainEvent(...) SA_REAL(clRetainEvent)(__VA_ARGS__)
#define clRetainMemObject(...) SA_REAL(clRetainMemObject)(__VA_ARGS__)
#define clSetKernelArg(...) SA_REAL(clSetKernelArg)(__VA_ARGS__)
#define clWaitForEvents(...) SA_REAL(clWaitForEvents)(__VA_ARGS__)

#endif
