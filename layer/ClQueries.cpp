// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- ClQueries.cpp - The OpenCL queries the layer makes -----------------===//

#include "ClQueries.h"
#include "RealOpenCL.h"
#include <algorithm>
#include <cstring>

namespace softatomic {
namespace layer {

cl_int answerInfo(const void *Value, size_t Size, size_t ParamSize,
                  void *ParamValue, size_t *SizeRet) {
  if (ParamValue) {
    if (ParamSize < Size)
      return CL_INVALID_VALUE;
    std::memcpy(ParamValue, Value, Size);
  }
  if (SizeRet)
    *SizeRet = Size;
  return CL_SUCCESS;
}

std::string kernelName(cl_kernel Kernel) {
  size_t Size = 0;
  SA_REAL(clGetKernelInfo)(Kernel, CL_KERNEL_FUNCTION_NAME, 0, nullptr, &Size);
  std::string Name(Size, '\0');
  if (Size)
    SA_REAL(clGetKernelInfo)
  (Kernel, CL_KERNEL_FUNCTION_NAME, Size, &Name[0], nullptr);
  Name.resize(Name.empty() ? 0 : std::strlen(Name.c_str()));
  return Name;
}

std::vector<std::string> kernelNames(cl_program Program) {
  size_t Size = 0;
  if (clGetProgramInfo(Program, CL_PROGRAM_KERNEL_NAMES, 0, nullptr, &Size) !=
      CL_SUCCESS)
    return {};
  std::string Names(Size, '\0');
  clGetProgramInfo(Program, CL_PROGRAM_KERNEL_NAMES, Size, &Names[0], nullptr);
  Names.resize(std::strlen(Names.c_str()));
  std::vector<std::string> List;
  for (size_t Start = 0; Start < Names.size();) {
    size_t End = std::min(Names.find(';', Start), Names.size());
    if (End > Start)
      List.push_back(Names.substr(Start, End - Start));
    Start = End + 1;
  }
  return List;
}

/// clGetDeviceInfo's string \p Param of \p Device; empty when it fails.
static std::string deviceString(cl_device_id Device, cl_device_info Param) {
  size_t Size = 0;
  if (SA_REAL(clGetDeviceInfo)(Device, Param, 0, nullptr, &Size) !=
          CL_SUCCESS ||
      !Size)
    return "";
  std::string Text(Size, '\0');
  if (SA_REAL(clGetDeviceInfo)(Device, Param, Size, &Text[0], nullptr) !=
      CL_SUCCESS)
    return "";
  Text.resize(std::strlen(Text.c_str()));
  return Text;
}

/// \p Device's profile, as its queries answer. A device before OpenCL 3.0
/// has no CL_DEVICE_OPENCL_C_FEATURES: its features stay unknown (and it
/// compiles no OpenCL C 3.0, where they count).
static DeviceProfile deviceProfile(cl_device_id Device) {
  DeviceProfile Profile;
  // A version it cannot read leaves 0: the language's version.
  (void)setDeviceOption(Profile, "device-version",
                        deviceString(Device, CL_DEVICE_VERSION));
  (void)setDeviceOption(Profile, "device-extensions",
                        deviceString(Device, CL_DEVICE_EXTENSIONS));
  size_t Size = 0;
  if (SA_REAL(clGetDeviceInfo)(Device, CL_DEVICE_OPENCL_C_FEATURES, 0, nullptr,
                               &Size) != CL_SUCCESS)
    return Profile;
  std::vector<cl_name_version> Features(Size / sizeof(cl_name_version));
  if (SA_REAL(clGetDeviceInfo)(Device, CL_DEVICE_OPENCL_C_FEATURES,
                               Features.size() * sizeof(cl_name_version),
                               Features.data(), nullptr) != CL_SUCCESS)
    return Profile;
  Profile.Features.emplace();
  for (const cl_name_version &Feature : Features)
    Profile.Features->emplace_back(
        Feature.name, strnlen(Feature.name, CL_NAME_VERSION_MAX_NAME_SIZE));
  return Profile;
}

/// The names of \p Names that \p Others has too, in \p Names' order.
static void keepCommon(std::vector<std::string> &Names,
                       const std::vector<std::string> &Others) {
  Names.erase(std::remove_if(Names.begin(), Names.end(),
                             [&](const std::string &Name) {
                               return std::find(Others.begin(), Others.end(),
                                                Name) == Others.end();
                             }),
              Names.end());
}

DeviceProfile commonDeviceProfile(const std::vector<cl_device_id> &Devices) {
  if (Devices.empty())
    return DeviceProfile();
  DeviceProfile Common = deviceProfile(Devices.front());
  for (size_t I = 1; I < Devices.size(); ++I) {
    DeviceProfile Next = deviceProfile(Devices[I]);
    if (Next.Version && (!Common.Version || Next.Version < Common.Version))
      Common.Version = Next.Version;
    keepCommon(Common.Extensions, Next.Extensions);
    if (!Common.Features)
      Common.Features = Next.Features;
    else if (Next.Features)
      keepCommon(*Common.Features, *Next.Features);
  }
  return Common;
}

} // namespace layer
} // namespace softatomic
