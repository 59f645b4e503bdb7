// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- ShadowProgram.cpp - Build the rewritten twin of a program ----------===//

#include "ShadowProgram.h"
#include "LayerConfig.h"
#include "RealOpenCL.h"
#include "softatomic/softatomic.h"
#include <map>
#include <vector>

namespace softatomic {
namespace layer {

std::vector<cl_device_id> buildDevices(cl_program Program, cl_uint NumDevices,
                                       const cl_device_id *Devices) {
  if (Devices && NumDevices)
    return std::vector<cl_device_id>(Devices, Devices + NumDevices);
  cl_uint Count = 0;
  if (clGetProgramInfo(Program, CL_PROGRAM_NUM_DEVICES, sizeof Count, &Count,
                       nullptr) != CL_SUCCESS)
    return {};
  std::vector<cl_device_id> All(Count);
  if (Count && clGetProgramInfo(Program, CL_PROGRAM_DEVICES,
                                Count * sizeof(cl_device_id), All.data(),
                                nullptr) != CL_SUCCESS)
    return {};
  return All;
}

/// saGetBuildOptions(Device) as a string ("" when it has none).
static std::string runtimeBuildOptions(cl_device_id Device) {
  size_t Size = 0;
  if (saGetBuildOptions(Device, 0, nullptr, &Size) != CL_SUCCESS || Size == 0)
    return "";
  std::string Text(Size, '\0');
  if (saGetBuildOptions(Device, Size, &Text[0], nullptr) != CL_SUCCESS)
    return "";
  Text.resize(Size - 1);
  return Text;
}

std::string buildLogLine(cl_program Program, cl_device_id Device) {
  size_t Size = 0;
  clGetProgramBuildInfo(Program, Device, CL_PROGRAM_BUILD_LOG, 0, nullptr,
                        &Size);
  std::string Log(Size, '\0');
  if (Size)
    clGetProgramBuildInfo(Program, Device, CL_PROGRAM_BUILD_LOG, Size, &Log[0],
                          nullptr);
  std::string Line = Log.substr(0, Log.find_first_of("\n\0", 0, 2));
  return Line.empty() ? "(no build log)" : Line;
}

cl_program buildShadowProgram(cl_program AppProgram, const std::string &Source,
                              cl_uint NumDevices, const cl_device_id *Devices,
                              const char *Options, std::string &Error) {
  cl_context Context = nullptr;
  if (clGetProgramInfo(AppProgram, CL_PROGRAM_CONTEXT, sizeof Context, &Context,
                       nullptr) != CL_SUCCESS) {
    Error = "cannot query the program's context";
    return nullptr;
  }
  const char *Text = Source.c_str();
  size_t Length = Source.size();
  cl_int Status = CL_SUCCESS;
  // The real entry point: the layer's own would record the shadow as an
  // application program.
  cl_program Shadow =
      SA_REAL(clCreateProgramWithSource)(Context, 1, &Text, &Length, &Status);
  if (!Shadow) {
    Error = "clCreateProgramWithSource failed (" +
            std::string(saGetErrorString(Status)) + ")";
    return nullptr;
  }
  // One build per distinct set of options (devices may differ in their
  // fast paths).
  std::map<std::string, std::vector<cl_device_id>> DevicesByOptions;
  for (cl_device_id Device : buildDevices(AppProgram, NumDevices, Devices))
    DevicesByOptions[std::string(Options ? Options : "") + " " +
                     runtimeBuildOptions(Device)]
        .push_back(Device);
  if (DevicesByOptions.empty())
    Error = "the program has no devices";
  for (const auto &[BuildOptions, Group] : DevicesByOptions) {
    Status = SA_REAL(clBuildProgram)(Shadow, Group.size(), Group.data(),
                                     BuildOptions.c_str(), nullptr, nullptr);
    if (Status != CL_SUCCESS) {
      Error = "the rewritten program did not build (" +
              std::string(saGetErrorString(Status)) +
              "): " + buildLogLine(Shadow, Group.front());
      break;
    }
  }
  if (!Error.empty()) {
    SA_REAL(clReleaseProgram)(Shadow);
    return nullptr;
  }
  return Shadow;
}

/// ShadowProgram.h. Elsewhere than NVIDIA's warp path, the warp program
/// only folds deferred adds: the application's kernels, which the layer
/// has, are the kernels as written there unless the user asks.
cl_program buildWarpProgram(cl_program Program, const std::string &Source,
                            cl_uint NumDevices, const cl_device_id *Devices,
                            const char *Options,
                            std::vector<std::string> &Events) {
  using Use = LayerConfig::WarpProgramUse;
  if (config().WarpProgram == Use::Off)
    return nullptr;
  if (config().WarpProgram == Use::Auto)
    for (cl_device_id Device : buildDevices(Program, NumDevices, Devices))
      if (runtimeBuildOptions(Device).find("SA_WARP_COMBINE") ==
          std::string::npos)
        return nullptr;
  std::string WarpOptions =
      std::string(Options ? Options : "") + " -DSA_WARP_PROGRAM";
  std::string Error;
  cl_program Warp = buildShadowProgram(Program, Source, NumDevices, Devices,
                                       WarpOptions.c_str(), Error);
  Events.push_back(Warp ? "built its warp program: the kernels as written "
                          "run from it"
                        : "no warp program (" + Error +
                              "): the kernels as written are the "
                              "application's");
  return Warp;
}

} // namespace layer
} // namespace softatomic
