// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// saGetBuildOptions: the build options that turn on the device runtime's
// device-specific fast paths for one device, and tell it what the device
// lacks, from what it reports. The program is the application's to build,
// so the runtime cannot add them itself; the rewritten source stays
// portable without them (but for -cl-std=CL2.0 where the device lists no
// OpenCL C 2.0, below).
#include "ClQuery.h"
#include "DeviceRules.h"
#include "Error.h"
#include "softatomic/HostConfig.h"

#include <cstring>
#include <string>
#include <vector>

namespace softatomic {
namespace {

/// -DSA_NV_F64_ADD and -DSA_WARP_COMBINE=1 where the device runs their
/// instructions (DeviceRules.h, NvidiaComputeMajor).
std::string fastPathOptions(cl_device_id Device) {
  cl_uint Major = deviceRules(Device).NvidiaComputeMajor;
  std::string Options = Major >= 6 ? "-DSA_NV_F64_ADD" : "";
  if (Major >= 7 && hostConfig().WarpCombine)
    Options += " -DSA_WARP_COMBINE=1";
  return Options;
}

/// Whether the device lists OpenCL C 2.0 among the versions it compiles
/// (CL_DEVICE_OPENCL_C_ALL_VERSIONS, OpenCL 3.0), or, before 3.0, reports
/// 2.0 or later as its OpenCL C version.
bool listsOpenCLC20(cl_device_id Device) {
  constexpr cl_device_info AllVersions =
      0x1066; // CL_DEVICE_OPENCL_C_ALL_VERSIONS
  struct NameVersion {
    cl_uint Version;
    char Name[64];
  };
  size_t Size = 0;
  if (clGetDeviceInfo(Device, AllVersions, 0, nullptr, &Size) == CL_SUCCESS &&
      Size > 0) {
    std::vector<NameVersion> Versions(Size / sizeof(NameVersion));
    clGetDeviceInfo(Device, AllVersions, Versions.size() * sizeof(NameVersion),
                    Versions.data(), nullptr);
    for (const NameVersion &V : Versions)
      if (V.Version >> 22 == 2) // CL_VERSION_MAJOR
        return true;
    return false;
  }
  // "OpenCL C <major>.<minor> ..."
  std::string Version = deviceString(Device, CL_DEVICE_OPENCL_C_VERSION);
  return Version.size() > 9 && Version.compare(0, 9, "OpenCL C ") == 0 &&
         Version[9] >= '2';
}

/// -DSA_NO_OPENCL_C_20 where the device lists no OpenCL C 2.0: its
/// compiler may still accept -cl-std=CL2.0 (PoCL 3.1 does) without 2.0's
/// atomic builtins and generic address space, which the device runtime
/// then does without, so that a rewritten program builds wherever the
/// original does. It changes nothing under other -cl-std= values.
std::string absentFeatureOptions(cl_device_id Device) {
  return listsOpenCLC20(Device) ? "" : "-DSA_NO_OPENCL_C_20";
}

} // namespace
} // namespace softatomic

using namespace softatomic;

extern "C" cl_int saGetBuildOptions(cl_device_id Device, size_t Size,
                                    char *Options, size_t *SizeRet) {
  cl_device_type Type = 0;
  if (clGetDeviceInfo(Device, CL_DEVICE_TYPE, sizeof(Type), &Type, nullptr) !=
      CL_SUCCESS)
    return fail(CL_INVALID_DEVICE, "not a device");
  if (cl_int Err = checkHostConfig())
    return Err;
  std::string Text = fastPathOptions(Device);
  std::string Absent = absentFeatureOptions(Device);
  Text += (Text.empty() || Absent.empty() ? "" : " ") + Absent;
  if (SizeRet)
    *SizeRet = Text.size() + 1;
  if (Options) {
    if (Size < Text.size() + 1)
      return fail(CL_INVALID_VALUE, "the buffer holds " + std::to_string(Size) +
                                        " bytes; the options need " +
                                        std::to_string(Text.size() + 1));
    std::memcpy(Options, Text.c_str(), Text.size() + 1);
  }
  return succeed();
}
