// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- Intercept.cpp - The OpenCL entry points the layer defines ----------===//
//
// Preloaded (LD_PRELOAD), this library's definitions of these entry points
// come before the ICD loader's; as an OpenCL layer, the loader calls them
// through the layer's dispatch table (LoaderLayer.cpp, which lists them in
// InterceptedEntryPoints.def). Programs from source get a shadow program
// (their rewritten source) at build time; kernels that the rewriter changed
// are created from the shadow and launched through saEnqueueNDRangeKernel.
// Anything that goes wrong inside the layer leaves the application native:
// its own program is always built as it asked. layer/README.md has the
// whole picture.
//
//===----------------------------------------------------------------------===//

#include "ClQueries.h"
#include "DeviceFailures.h"
#include "EntryPoint.h"
#include "LayerConfig.h"
#include "LayerLog.h"
#include "LayerReport.h"
#include "LayerState.h"
#include "NativeTwin.h"
#include "ProgramBuild.h"
#include "RealOpenCL.h"
#include "softatomic/softatomic.h"
#include <cstring>
#include <vector>

using namespace softatomic::layer;

namespace {

/// Creates kernel \p Name from \p Program's shadow when it is a rewritten
/// one; null otherwise (the caller creates it from the original).
cl_kernel createRewrittenKernel(cl_program Program, const std::string &Name) {
  std::optional<ProgramRecord> Record = state().Programs.find(Program);
  if (!Record || !Record->Shadow || !Record->RewrittenKernels.count(Name))
    return nullptr;
  cl_int Status = CL_SUCCESS;
  cl_kernel Kernel =
      SA_REAL(clCreateKernel)(Record->Shadow, Name.c_str(), &Status);
  if (!Kernel) {
    logProgramEvent(Record->Id,
                    "kernel '" + Name + "' left native: " +
                        "clCreateKernel on the rewritten program failed (" +
                        saGetErrorString(Status) + ")");
    return nullptr;
  }
  // A kernel holds its program: CL_KERNEL_PROGRAM answers the application's.
  SA_REAL(clRetainProgram)(Program);
  KernelRecord Created;
  Created.AppProgram = Program;
  Created.ProgramId = Record->Id;
  Created.Name = Name;
  Created.Native = createNativeTwin(Program, Record->Id, Name);
  if (Record->Warp)
    Created.Warp = createWarpTwin(Record->Warp, Record->Id, Name);
  Created.UserArgs = userArgCount(Kernel);
  state().Kernels.add(Kernel, std::move(Created));
  return Kernel;
}

/// What saEnqueueNDRangeKernel's failure \p Status was, in words (its
/// message names the code already).
std::string launchFailure(cl_int Status) {
  const char *Message = saGetLastErrorMessage();
  return Message && *Message ? Message : saGetErrorString(Status);
}

} // namespace

SA_LAYER_ENTRY CL_API_ENTRY cl_program CL_API_CALL clCreateProgramWithSource(
    cl_context Context, cl_uint Count, const char **Strings,
    const size_t *Lengths, cl_int *ErrcodeRet) {
  return guarded(__func__, ErrcodeRet, [&]() -> cl_program {
    cl_program Program = SA_REAL(clCreateProgramWithSource)(
        Context, Count, Strings, Lengths, ErrcodeRet);
    if (!Program || !layerActive())
      return Program;
    ProgramRecord Record;
    Record.Id = state().newProgramId();
    for (cl_uint I = 0; I < Count; ++I)
      Record.Source += (Lengths && Lengths[I])
                           ? std::string(Strings[I], Lengths[I])
                           : std::string(Strings[I]);
    state().Programs.add(Program, std::move(Record));
    return Program;
  });
}

SA_LAYER_ENTRY CL_API_ENTRY cl_program CL_API_CALL clCreateProgramWithBinary(
    cl_context Context, cl_uint NumDevices, const cl_device_id *DeviceList,
    const size_t *Lengths, const unsigned char **Binaries, cl_int *BinaryStatus,
    cl_int *ErrcodeRet) {
  return guarded(__func__, ErrcodeRet, [&]() -> cl_program {
    cl_program Program = SA_REAL(clCreateProgramWithBinary)(
        Context, NumDevices, DeviceList, Lengths, Binaries, BinaryStatus,
        ErrcodeRet);
    if (Program && layerActive())
      logProgramEvent(state().newProgramId(),
                      "built from binary: passed through");
    return Program;
  });
}

SA_LAYER_ENTRY CL_API_ENTRY cl_program CL_API_CALL clCreateProgramWithIL(
    cl_context Context, const void *IL, size_t Length, cl_int *ErrcodeRet) {
  return guarded(__func__, ErrcodeRet, [&]() -> cl_program {
    auto Real = SA_REAL(clCreateProgramWithIL);
    if (!Real) {
      if (ErrcodeRet)
        *ErrcodeRet = CL_INVALID_OPERATION;
      return nullptr;
    }
    cl_program Program = Real(Context, IL, Length, ErrcodeRet);
    if (Program && layerActive())
      logProgramEvent(state().newProgramId(), "built from IL: passed through");
    return Program;
  });
}

SA_LAYER_ENTRY CL_API_ENTRY cl_int CL_API_CALL
clBuildProgram(cl_program Program, cl_uint NumDevices,
               const cl_device_id *DeviceList, const char *Options,
               void(CL_CALLBACK *Notify)(cl_program, void *), void *UserData) {
  return guarded(__func__, [&]() -> cl_int {
    if (layerActive())
      if (std::optional<ProgramRecord> Record = state().Programs.find(Program))
        return buildWithShadow(Program, *Record, NumDevices, DeviceList,
                               Options, Notify, UserData);
    return SA_REAL(clBuildProgram)(Program, NumDevices, DeviceList, Options,
                                   Notify, UserData);
  });
}

SA_LAYER_ENTRY CL_API_ENTRY cl_int CL_API_CALL clCompileProgram(
    cl_program Program, cl_uint NumDevices, const cl_device_id *DeviceList,
    const char *Options, cl_uint NumHeaders, const cl_program *Headers,
    const char **HeaderNames, void(CL_CALLBACK *Notify)(cl_program, void *),
    void *UserData) {
  return guarded(__func__, [&]() -> cl_int {
    // Separate compilation is not rewritten (a kernel's callees may be in
    // another program until clLinkProgram): said once, so that the log
    // accounts for every program made from source.
    if (layerActive())
      if (std::optional<ProgramRecord> Record = state().Programs.find(Program))
        logProgramEvent(Record->Id,
                        "compiled apart (clCompileProgram): runs natively, as "
                        "does the program clLinkProgram makes of it");
    return SA_REAL(clCompileProgram)(Program, NumDevices, DeviceList, Options,
                                     NumHeaders, Headers, HeaderNames, Notify,
                                     UserData);
  });
}

SA_LAYER_ENTRY CL_API_ENTRY cl_int CL_API_CALL
clRetainProgram(cl_program Program) {
  return guarded(__func__, [&]() -> cl_int {
    if (layerActive())
      state().Programs.retain(Program);
    return SA_REAL(clRetainProgram)(Program);
  });
}

SA_LAYER_ENTRY CL_API_ENTRY cl_int CL_API_CALL
clReleaseProgram(cl_program Program) {
  return guarded(__func__, [&]() -> cl_int {
    // The record goes with the application's last reference (LayerState.h),
    // before the handle: the driver may then give the handle to another
    // program. The shadow goes too; kernels created from it hold it.
    std::optional<ProgramRecord> Last;
    if (layerActive() && state().Programs.release(Program, Last) && Last)
      for (cl_program P : {Last->Shadow, Last->Warp})
        if (P)
          SA_REAL(clReleaseProgram)(P);
    return SA_REAL(clReleaseProgram)(Program);
  });
}

SA_LAYER_ENTRY CL_API_ENTRY cl_kernel CL_API_CALL
clCreateKernel(cl_program Program, const char *Name, cl_int *ErrcodeRet) {
  return guarded(__func__, ErrcodeRet, [&]() -> cl_kernel {
    if (layerActive() && Name)
      if (cl_kernel Kernel = createRewrittenKernel(Program, Name)) {
        if (ErrcodeRet)
          *ErrcodeRet = CL_SUCCESS;
        return Kernel;
      }
    return SA_REAL(clCreateKernel)(Program, Name, ErrcodeRet);
  });
}

SA_LAYER_ENTRY CL_API_ENTRY cl_int CL_API_CALL
clCreateKernelsInProgram(cl_program Program, cl_uint NumKernels,
                         cl_kernel *Kernels, cl_uint *NumKernelsRet) {
  return guarded(__func__, [&]() -> cl_int {
    cl_uint Created = 0;
    cl_int Status = SA_REAL(clCreateKernelsInProgram)(Program, NumKernels,
                                                      Kernels, &Created);
    if (NumKernelsRet)
      *NumKernelsRet = Created;
    if (Status != CL_SUCCESS || !Kernels || !layerActive())
      return Status;
    // Each kernel the shadow has takes the place of the original one.
    for (cl_uint I = 0; I < Created && I < NumKernels; ++I)
      if (cl_kernel Rewritten =
              createRewrittenKernel(Program, kernelName(Kernels[I]))) {
        SA_REAL(clReleaseKernel)(Kernels[I]);
        Kernels[I] = Rewritten;
      }
    return Status;
  });
}

SA_LAYER_ENTRY CL_API_ENTRY cl_kernel CL_API_CALL
clCloneKernel(cl_kernel Source, cl_int *ErrcodeRet) {
  return guarded(__func__, ErrcodeRet, [&]() -> cl_kernel {
    auto Real = SA_REAL(clCloneKernel);
    if (!Real) {
      if (ErrcodeRet)
        *ErrcodeRet = CL_INVALID_OPERATION;
      return nullptr;
    }
    cl_kernel Clone = Real(Source, ErrcodeRet);
    // A clone of a rewritten kernel is one too (its own reference on the
    // application's program, its own first launch).
    std::optional<KernelRecord> Record;
    if (Clone)
      Record = rewrittenKernel(Source);
    if (Record) {
      SA_REAL(clRetainProgram)(Record->AppProgram);
      Record->AppRefs = 1;
      Record->Launched = false;
      Record->Native = cloneNativeTwin(Record->Native);
      Record->Warp = cloneNativeTwin(Record->Warp);
      state().Kernels.add(Clone, *Record);
      // The runtime's privatized form: the clone names its source's buffers.
      saNoteKernelClone(Source, Clone);
    }
    return Clone;
  });
}

SA_LAYER_ENTRY CL_API_ENTRY cl_int CL_API_CALL
clRetainKernel(cl_kernel Kernel) {
  return guarded(__func__, [&]() -> cl_int {
    if (layerActive())
      state().Kernels.retain(Kernel);
    return SA_REAL(clRetainKernel)(Kernel);
  });
}

SA_LAYER_ENTRY CL_API_ENTRY cl_int CL_API_CALL
clReleaseKernel(cl_kernel Kernel) {
  return guarded(__func__, [&]() -> cl_int {
    // The record goes with the application's last reference, whatever the
    // driver still holds (a launch in flight): see clReleaseProgram.
    std::optional<KernelRecord> Last;
    if (!layerActive() || !state().Kernels.release(Kernel, Last))
      return SA_REAL(clReleaseKernel)(Kernel);
    cl_int Status = SA_REAL(clReleaseKernel)(Kernel);
    if (Last) {
      // The layer's own: the twin (which holds the application's program, so
      // that a rebuild would fail while it lives) and its reference on the
      // program.
      for (cl_kernel Twin : {Last->Native, Last->Warp})
        if (Twin)
          SA_REAL(clReleaseKernel)(Twin);
      SA_REAL(clReleaseProgram)(Last->AppProgram);
      // What the runtime was told of its arguments (a kernel created later
      // may come at its address).
      saForgetKernelArgs(Kernel);
    }
    return Status;
  });
}

SA_LAYER_ENTRY CL_API_ENTRY cl_int CL_API_CALL
clGetKernelInfo(cl_kernel Kernel, cl_kernel_info Param, size_t ParamSize,
                void *ParamValue, size_t *SizeRet) {
  return guarded(__func__, [&]() -> cl_int {
    auto Real = SA_REAL(clGetKernelInfo);
    std::optional<KernelRecord> Record;
    if (layerActive() &&
        (Param == CL_KERNEL_NUM_ARGS || Param == CL_KERNEL_PROGRAM))
      Record = state().Kernels.find(Kernel);
    if (!Record)
      return Real(Kernel, Param, ParamSize, ParamValue, SizeRet);
    if (Param == CL_KERNEL_PROGRAM)
      return answerInfo(&Record->AppProgram, sizeof(cl_program), ParamSize,
                        ParamValue, SizeRet);
    return answerInfo(&Record->UserArgs, sizeof(cl_uint), ParamSize, ParamValue,
                      SizeRet);
  });
}

SA_LAYER_ENTRY CL_API_ENTRY cl_int CL_API_CALL clEnqueueNDRangeKernel(
    cl_command_queue Queue, cl_kernel Kernel, cl_uint WorkDim,
    const size_t *GlobalOffset, const size_t *GlobalSize,
    const size_t *LocalSize, cl_uint NumEvents, const cl_event *WaitList,
    cl_event *Event) {
  return guarded(__func__, [&]() -> cl_int {
    std::optional<KernelRecord> Record = rewrittenKernel(Kernel);
    if (!Record)
      return SA_REAL(clEnqueueNDRangeKernel)(
          Queue, Kernel, WorkDim, GlobalOffset, GlobalSize, LocalSize,
          NumEvents, WaitList, Event);
    // On a profiling queue the report reads the launch's device time from
    // its event: the application's, or one asked for in its place (asking
    // for an event changes nothing of the launch).
    const bool Profiles = queueProfiles(Queue);
    cl_event Timed = nullptr;
    // The twins have every argument the application set: where the mode
    // runs the kernel as written, the runtime launches a twin itself, at
    // native cost: the warp program's where there is one in the direct
    // mode, the native one in auto's, which times the warp program's as
    // a third way.
    cl_int Status = saEnqueueNDRangeKernelWithOriginals(
        Queue, Kernel, Record->Native, Record->Warp, WorkDim, GlobalOffset,
        GlobalSize, LocalSize, NumEvents, WaitList,
        Event      ? Event
        : Profiles ? &Timed
                   : nullptr);
    // Nothing was enqueued: the application gets what the native launch gives.
    if (Status != CL_SUCCESS)
      return launchNativeTwin(*Record, Status, launchFailure(Status), Queue,
                              WorkDim, GlobalOffset, GlobalSize, LocalSize,
                              NumEvents, WaitList, Event);
    noteSoftwareLaunch(Queue);
    noteLaunch(Record->ProgramId, Record->Name, true);
    if (Profiles && Event && *Event) {
      Timed = *Event; // the application's, which it may release at any time
      SA_REAL(clRetainEvent)(Timed);
    }
    noteLaunchTime(Record->ProgramId, Record->Name, Queue, Timed);
    if (state().firstLaunch(Kernel))
      logProgramEvent(Record->ProgramId,
                      "kernel '" + Record->Name +
                          "' launched through the software runtime");
    return Status;
  });
}
