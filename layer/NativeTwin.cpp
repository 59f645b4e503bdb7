// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- NativeTwin.cpp - The original kernel beside a rewritten one --------===//

#include "NativeTwin.h"
#include "LayerLog.h"
#include "LayerReport.h"
#include "RealOpenCL.h"
#include "softatomic/softatomic.h"

namespace softatomic {
namespace layer {

/// Kernel \p Name of \p Program, or null with \p Missing logged.
static cl_kernel createTwin(cl_program Program, unsigned ProgramId,
                            const std::string &Name, const char *What,
                            const char *Missing) {
  cl_int Status = CL_SUCCESS;
  cl_kernel Twin = SA_REAL(clCreateKernel)(Program, Name.c_str(), &Status);
  if (!Twin)
    logProgramEvent(ProgramId, "kernel '" + Name + "': " + What +
                                   " (clCreateKernel: " +
                                   saGetErrorString(Status) + "): " + Missing);
  return Twin;
}

cl_kernel createNativeTwin(cl_program AppProgram, unsigned ProgramId,
                           const std::string &Name) {
  return createTwin(AppProgram, ProgramId, Name, "no native twin",
                    "its queries answer for the rewritten kernel, and no "
                    "launch falls back to native");
}

cl_kernel createWarpTwin(cl_program Warp, unsigned ProgramId,
                         const std::string &Name) {
  return createTwin(Warp, ProgramId, Name, "not in the warp program",
                    "the native twin runs it as written");
}

cl_uint userArgCount(cl_kernel Rewritten) {
  cl_uint Args = 0;
  SA_REAL(clGetKernelInfo)
  (Rewritten, CL_KERNEL_NUM_ARGS, sizeof Args, &Args, nullptr);
  return Args >= 2 ? Args - 2 : 0;
}

cl_kernel cloneNativeTwin(cl_kernel Native) {
  auto Clone = SA_REAL(clCloneKernel);
  return Native && Clone ? Clone(Native, nullptr) : nullptr;
}

bool isSoftatomicCode(cl_int Status) {
  // SA_INVALID_MANIFEST .. SA_MODE_NOT_COMPILED, and any later one.
  return Status <= SA_INVALID_MANIFEST && Status > -10000;
}

cl_int launchNativeTwin(const KernelRecord &Record, cl_int Status,
                        const std::string &Why, cl_command_queue Queue,
                        cl_uint WorkDim, const size_t *GlobalOffset,
                        const size_t *GlobalSize, const size_t *LocalSize,
                        cl_uint NumEvents, const cl_event *WaitList,
                        cl_event *Event) {
  std::string Line = "kernel '" + Record.Name + "': launch failed: " + Why;
  if (!Record.Native) {
    if (isSoftatomicCode(Status))
      Status = CL_OUT_OF_RESOURCES;
    logProgramEvent(Record.ProgramId, Line + "; returned " +
                                          saGetErrorString(Status) +
                                          " (no native twin)");
    return Status;
  }
  cl_int Native = SA_REAL(clEnqueueNDRangeKernel)(
      Queue, Record.Native, WorkDim, GlobalOffset, GlobalSize, LocalSize,
      NumEvents, WaitList, Event);
  if (Native == CL_SUCCESS)
    noteLaunch(Record.ProgramId, Record.Name, false);
  logProgramEvent(Record.ProgramId,
                  Line +
                      (Native == CL_SUCCESS
                           ? std::string("; launched natively instead")
                           : std::string("; the native launch failed too: ") +
                                 saGetErrorString(Native)));
  return Native;
}

} // namespace layer
} // namespace softatomic
