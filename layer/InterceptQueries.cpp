// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- InterceptQueries.cpp - What the application sees of its kernels ----===//
//
// The entry points that keep the layer invisible to the application for a
// kernel created from a shadow program: argument indices and argument info
// are the application's (the runtime's two arguments do not exist for it),
// work-group queries answer for its kernel within what the software launch
// can run, a task is launched as the layer launches any NDRange, and
// clFinish / clWaitForEvents report device-side failures as OpenCL errors,
// and clReleaseCommandQueue first has the runtime let go of the queue; after
// each, the report reads the device times of the launches that completed
// (LayerReport.h).
// layer/README.md, "What the application sees", gives each answer and why.
//
//===----------------------------------------------------------------------===//

#include "ClQueries.h"
#include "DeviceFailures.h"
#include "EntryPoint.h"
#include "LayerReport.h"
#include "LayerState.h"
#include "QueueProfiling.h"
#include "RealOpenCL.h"
#include "softatomic/softatomic.h"
#include <algorithm>

using namespace softatomic::layer;

namespace {

/// Sets an argument (or execution property) through \p Set on the native
/// twin first, whose checks are the application's kernel's, then on the
/// warp program's twin and the rewritten kernel; the first failure is the
/// answer.
template <typename SetFn>
cl_int setOnAll(const KernelRecord &Record, cl_kernel Rewritten, SetFn Set) {
  for (cl_kernel Twin : {Record.Native, Record.Warp})
    if (Twin)
      if (cl_int Status = Set(Twin))
        return Status;
  return Set(Rewritten);
}

/// The answer to a call that names an argument index past the
/// application's (where the rewritten kernel has the runtime's two): the
/// native twin's, through \p Call, which has exactly the application's
/// arguments, so that the error is the driver's own (PoCL's is
/// CL_INVALID_ARG_INDEX, NVIDIA's clGetKernelArgInfo gives
/// CL_INVALID_VALUE); without a twin, CL_INVALID_ARG_INDEX.
template <typename CallFn>
cl_int pastTheArguments(const KernelRecord &Record, CallFn Call) {
  return Record.Native ? Call(Record.Native) : CL_INVALID_ARG_INDEX;
}

} // namespace

SA_LAYER_ENTRY CL_API_ENTRY cl_int CL_API_CALL clSetKernelArg(
    cl_kernel Kernel, cl_uint Index, size_t Size, const void *Value) {
  return guarded(__func__, [&]() -> cl_int {
    auto Real = SA_REAL(clSetKernelArg);
    std::optional<KernelRecord> Record = rewrittenKernel(Kernel);
    if (!Record)
      return Real(Kernel, Index, Size, Value);
    // The runtime's scratch and state are not the application's to set.
    if (Index >= Record->UserArgs)
      return pastTheArguments(*Record, [&](cl_kernel Native) {
        return Real(Native, Index, Size, Value);
      });
    cl_int Status = setOnAll(*Record, Kernel, [&](cl_kernel K) {
      return Real(K, Index, Size, Value);
    });
    // The runtime's privatized form needs the buffer each argument names.
    if (Status == CL_SUCCESS)
      saNoteKernelArg(Kernel, Index, Size, Value);
    return Status;
  });
}

SA_LAYER_ENTRY CL_API_ENTRY cl_int CL_API_CALL
clSetKernelArgSVMPointer(cl_kernel Kernel, cl_uint Index, const void *Pointer) {
  return guarded(__func__, [&]() -> cl_int {
    auto Real = SA_REAL(clSetKernelArgSVMPointer);
    if (!Real) // an OpenCL 1.2 ICD loader
      return CL_INVALID_OPERATION;
    std::optional<KernelRecord> Record = rewrittenKernel(Kernel);
    if (!Record)
      return Real(Kernel, Index, Pointer);
    if (Index >= Record->UserArgs)
      return pastTheArguments(*Record, [&](cl_kernel Native) {
        return Real(Native, Index, Pointer);
      });
    cl_int Status = setOnAll(
        *Record, Kernel, [&](cl_kernel K) { return Real(K, Index, Pointer); });
    // An SVM pointer names no buffer the runtime can ask about: unknown.
    if (Status == CL_SUCCESS)
      saNoteKernelArg(Kernel, Index, 0, nullptr);
    return Status;
  });
}

SA_LAYER_ENTRY CL_API_ENTRY cl_int CL_API_CALL
clSetKernelExecInfo(cl_kernel Kernel, cl_kernel_exec_info Param, size_t Size,
                    const void *Value) {
  return guarded(__func__, [&]() -> cl_int {
    auto Real = SA_REAL(clSetKernelExecInfo);
    if (!Real) // an OpenCL 1.2 ICD loader
      return CL_INVALID_OPERATION;
    std::optional<KernelRecord> Record = rewrittenKernel(Kernel);
    if (!Record)
      return Real(Kernel, Param, Size, Value);
    // The SVM the kernel may reach: the twin needs it for a native launch.
    return setOnAll(*Record, Kernel,
                    [&](cl_kernel K) { return Real(K, Param, Size, Value); });
  });
}

SA_LAYER_ENTRY CL_API_ENTRY cl_int CL_API_CALL
clGetKernelArgInfo(cl_kernel Kernel, cl_uint Index, cl_kernel_arg_info Param,
                   size_t ParamSize, void *ParamValue, size_t *SizeRet) {
  return guarded(__func__, [&]() -> cl_int {
    auto Real = SA_REAL(clGetKernelArgInfo);
    std::optional<KernelRecord> Record = rewrittenKernel(Kernel);
    if (!Record)
      return Real(Kernel, Index, Param, ParamSize, ParamValue, SizeRet);
    if (Index >= Record->UserArgs)
      return pastTheArguments(*Record, [&](cl_kernel Native) {
        return Real(Native, Index, Param, ParamSize, ParamValue, SizeRet);
      });
    // The application's kernel: its names, types and qualifiers as written.
    return Real(Record->Native ? Record->Native : Kernel, Index, Param,
                ParamSize, ParamValue, SizeRet);
  });
}

SA_LAYER_ENTRY CL_API_ENTRY cl_int CL_API_CALL clGetKernelWorkGroupInfo(
    cl_kernel Kernel, cl_device_id Device, cl_kernel_work_group_info Param,
    size_t ParamSize, void *ParamValue, size_t *SizeRet) {
  return guarded(__func__, [&]() -> cl_int {
    auto Real = SA_REAL(clGetKernelWorkGroupInfo);
    std::optional<KernelRecord> Record = rewrittenKernel(Kernel);
    if (!Record || !Record->Native)
      return Real(Kernel, Device, Param, ParamSize, ParamValue, SizeRet);
    if (Param != CL_KERNEL_WORK_GROUP_SIZE)
      return Real(Record->Native, Device, Param, ParamSize, ParamValue,
                  SizeRet);
    // A size both launches can run: the software one, and the native one it
    // may fall back to.
    size_t Sizes[2] = {0, 0};
    for (int I = 0; I < 2; ++I)
      if (cl_int Status = Real(I ? Record->Native : Kernel, Device, Param,
                               sizeof(size_t), &Sizes[I], nullptr))
        return Status;
    size_t Size = std::min(Sizes[0], Sizes[1]);
    return answerInfo(&Size, sizeof Size, ParamSize, ParamValue, SizeRet);
  });
}

SA_LAYER_ENTRY CL_API_ENTRY cl_int CL_API_CALL
clFinish(cl_command_queue Queue) {
  return guarded(__func__, [&]() -> cl_int {
    if (!layerActive())
      return SA_REAL(clFinish)(Queue);
    cl_int Status = finishQueue(Queue);
    collectLaunchTimes(Queue); // all complete now: their times can be read
    return Status;
  });
}

SA_LAYER_ENTRY CL_API_ENTRY cl_int CL_API_CALL
clReleaseCommandQueue(cl_command_queue Queue) {
  return guarded(__func__, [&]() -> cl_int {
    if (!layerActive())
      return SA_REAL(clReleaseCommandQueue)(Queue);
    cl_uint References = 0;
    if (SA_REAL(clGetCommandQueueInfo)(Queue, CL_QUEUE_REFERENCE_COUNT,
                                       sizeof References, &References,
                                       nullptr) == CL_SUCCESS &&
        References <= 1)
      forgetQueueProperties(Queue);
    // The runtime has waited for the queue's software launches: their
    // events go, read, so that they hold the queue and its context no more.
    cl_int Status = releaseQueue(Queue);
    collectLaunchTimes(Queue, /*Released=*/true);
    return Status;
  });
}

SA_LAYER_ENTRY CL_API_ENTRY cl_int CL_API_CALL
clWaitForEvents(cl_uint NumEvents, const cl_event *Events) {
  return guarded(__func__, [&]() -> cl_int {
    if (!layerActive())
      return SA_REAL(clWaitForEvents)(NumEvents, Events);
    cl_int Status = waitForEvents(NumEvents, Events);
    collectLaunchTimes(nullptr); // those it waited for, and any done before
    return Status;
  });
}

SA_LAYER_ENTRY CL_API_ENTRY cl_int CL_API_CALL
clEnqueueTask(cl_command_queue Queue, cl_kernel Kernel, cl_uint NumEvents,
              const cl_event *WaitList, cl_event *Event) {
  return guarded(__func__, [&]() -> cl_int {
    if (!rewrittenKernel(Kernel))
      return SA_REAL(clEnqueueTask)(Queue, Kernel, NumEvents, WaitList, Event);
    // A task is an NDRange of one work-item in a group of one (OpenCL 2.0):
    // the layer's own clEnqueueNDRangeKernel launches it through the runtime
    // (the real clEnqueueTask would run the rewritten kernel without it).
    const size_t One = 1;
    return clEnqueueNDRangeKernel(Queue, Kernel, 1, nullptr, &One, &One,
                                  NumEvents, WaitList, Event);
  });
}
