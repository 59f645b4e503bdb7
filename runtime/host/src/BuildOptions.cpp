// saGetBuildOptions: the build options that turn on the device runtime's
// device-specific fast paths for one device, from what it reports. The
// program is the application's to build, so the runtime cannot add them
// itself; the rewritten source stays portable without them.
#include "ClQuery.h"
#include "Error.h"

#include <cstdlib>
#include <cstring>
#include <string>

namespace softatomic {
namespace {

/// -DSA_WARP_COMBINE=1 where the device runs match.any.sync and
/// shfl.sync (compute capability 7.0): NVIDIA GPUs of 7.0 and up.
std::string fastPathOptions(cl_device_id Device) {
  if (const char *Env = std::getenv("SOFTATOMIC_WARP_COMBINE"); Env && !std::strcmp(Env, "0"))
    return "";
  if (deviceInfo<cl_uint>(Device, CL_DEVICE_VENDOR_ID) != NvidiaVendorId ||
      deviceString(Device, CL_DEVICE_EXTENSIONS).find("cl_nv_device_attribute_query") ==
          std::string::npos)
    return "";
  return deviceInfo<cl_uint>(Device, ComputeCapabilityMajorNV) >= 7 ? "-DSA_WARP_COMBINE=1" : "";
}

} // namespace
} // namespace softatomic

using namespace softatomic;

extern "C" cl_int saGetBuildOptions(cl_device_id Device, size_t Size, char *Options,
                                    size_t *SizeRet) {
  cl_device_type Type = 0;
  if (clGetDeviceInfo(Device, CL_DEVICE_TYPE, sizeof(Type), &Type, nullptr) != CL_SUCCESS)
    return fail(CL_INVALID_DEVICE, "not a device");
  std::string Text = fastPathOptions(Device);
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
