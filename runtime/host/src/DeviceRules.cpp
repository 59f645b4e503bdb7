// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "DeviceRules.h"

#include "ClQuery.h"

#include <map>
#include <mutex>

namespace softatomic {
namespace {

/// CL_DEVICE_VENDOR_ID of NVIDIA's devices, and the queries of their
/// cl_nv_device_attribute_query.
constexpr cl_uint NvidiaVendorId = 0x10DE;
constexpr cl_device_info ComputeCapabilityMajorNV = 0x4000;
constexpr cl_device_info ComputeCapabilityMinorNV = 0x4001;
constexpr cl_device_info WarpSizeNV = 0x4003;
/// cl_amd_device_attribute_query's wavefront width.
constexpr cl_device_info WavefrontWidthAMD = 0x4043;

/// CUDA's occupancy limits per SM, by compute capability.
void nvidiaOccupancy(const DeviceDescription &D, DeviceRules &R) {
  unsigned CC = D.ComputeMajor * 10 + D.ComputeMinor;
  if (CC == 75) {
    R.ProbeItemsPerUnit = 1024;
    R.ProbeGroupsPerUnit = 16;
  } else if (CC == 86 || CC == 89 || CC >= 120) {
    R.ProbeItemsPerUnit = 1536;
    R.ProbeGroupsPerUnit = CC >= 120 ? 32 : 16;
  }
}

/// The rules every GPU shares (DeviceRules.h says why).
void gpuRules(DeviceRules &R) {
  R.GroupPerUnit = false;
  R.ProbeScans = 4096;
  R.MayHoldEveryGroup = true;
  R.SpinLimit = 1u << 16;
  R.IdleLimit = 1u << 18;
  R.StallLimit = 1u << 16;
}

} // namespace

DeviceDescription describeDevice(cl_device_id Device) {
  DeviceDescription D;
  D.Type = deviceInfo<cl_device_type>(Device, CL_DEVICE_TYPE);
  D.VendorId = deviceInfo<cl_uint>(Device, CL_DEVICE_VENDOR_ID);
  D.PlatformName = devicePlatformName(Device);
  D.NvAttributeQuery = hasExtension(Device, "cl_nv_device_attribute_query");
  if (D.VendorId == NvidiaVendorId) {
    D.ComputeMajor = deviceInfo<cl_uint>(Device, ComputeCapabilityMajorNV);
    D.ComputeMinor = deviceInfo<cl_uint>(Device, ComputeCapabilityMinorNV);
  }
  D.WarpSizeNV = deviceInfo<cl_uint>(Device, WarpSizeNV);
  D.WavefrontWidthAMD = deviceInfo<cl_uint>(Device, WavefrontWidthAMD);
  D.FloatAtomics = hasExtension(Device, "cl_ext_float_atomics");
  return D;
}

DeviceClass classifyDevice(const DeviceDescription &D) {
  if (D.Type & CL_DEVICE_TYPE_CPU)
    return D.PlatformName.find("Portable Computing Language") !=
                   std::string::npos
               ? DeviceClass::PoclCpu
               : DeviceClass::OtherCpu;
  if (D.Type & CL_DEVICE_TYPE_GPU)
    return D.VendorId == NvidiaVendorId ? DeviceClass::NvidiaGpu
                                        : DeviceClass::OtherGpu;
  return DeviceClass::Other;
}

DeviceRules rulesFor(const DeviceDescription &D) {
  DeviceRules R;
  R.Class = classifyDevice(D);
  R.WarpWidth = D.WarpSizeNV ? D.WarpSizeNV : D.WavefrontWidthAMD;
  R.FloatAddInstruction = D.FloatAtomics;
  switch (R.Class) {
  case DeviceClass::PoclCpu:
    R.UnitsCoresident = true;
    [[fallthrough]];
  case DeviceClass::OtherCpu:
    R.AutoCoordinator = false;
    break;
  case DeviceClass::NvidiaGpu:
    gpuRules(R);
    R.UnitsCoresident = true;
    nvidiaOccupancy(D, R);
    R.NvidiaComputeMajor = D.NvAttributeQuery ? D.ComputeMajor : 0;
    R.FloatAddInstruction = true;
    break;
  case DeviceClass::OtherGpu:
    gpuRules(R);
    R.ProbeByDefault = true;
    break;
  case DeviceClass::Other:
    break;
  }
  return R;
}

const DeviceRules &deviceRules(cl_device_id Device) {
  static std::mutex Lock;
  // Root devices live as long as their platform; a sub-device's handle,
  // once released, may come back for another sub-device of the same
  // device, which has the same rules.
  static std::map<cl_device_id, DeviceRules> Known;
  static const DeviceRules NotADevice;
  cl_device_type Type = 0;
  if (clGetDeviceInfo(Device, CL_DEVICE_TYPE, sizeof Type, &Type, nullptr) !=
      CL_SUCCESS)
    return NotADevice;
  std::lock_guard<std::mutex> Guard(Lock);
  auto It = Known.find(Device);
  if (It == Known.end())
    It = Known.emplace(Device, rulesFor(describeDevice(Device))).first;
  return It->second;
}

} // namespace softatomic
