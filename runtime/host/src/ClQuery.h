// Small typed wrappers over the clGet*Info queries the runtime makes.
#ifndef SOFTATOMIC_HOST_CLQUERY_H
#define SOFTATOMIC_HOST_CLQUERY_H

#include "softatomic/softatomic.h"

#include <cstring>
#include <string>
#include <vector>

namespace softatomic {

/// CL_DEVICE_VENDOR_ID of NVIDIA's devices, and two queries of their
/// cl_nv_device_attribute_query.
constexpr cl_uint NvidiaVendorId = 0x10DE;
constexpr cl_device_info ComputeCapabilityMajorNV = 0x4000;
constexpr cl_device_info ComputeCapabilityMinorNV = 0x4001;

/// A scalar device property; zero-initialised if the query fails.
template <typename T> T deviceInfo(cl_device_id Device, cl_device_info Param) {
  T Value{};
  clGetDeviceInfo(Device, Param, sizeof(T), &Value, nullptr);
  return Value;
}

/// A string property through Query(Param, Size, Value, SizeRet).
template <typename QueryFn> std::string infoString(QueryFn Query) {
  size_t Size = 0;
  if (Query(0, nullptr, &Size) != CL_SUCCESS || Size == 0)
    return {};
  std::vector<char> Text(Size);
  if (Query(Size, Text.data(), nullptr) != CL_SUCCESS)
    return {};
  return std::string(Text.data(), strnlen(Text.data(), Size));
}

inline std::string deviceString(cl_device_id Device, cl_device_info Param) {
  return infoString([&](size_t S, void *V, size_t *R) {
    return clGetDeviceInfo(Device, Param, S, V, R);
  });
}

/// Whether the device lists the extension Name (a whole word of
/// CL_DEVICE_EXTENSIONS).
inline bool hasExtension(cl_device_id Device, const std::string &Name) {
  std::string List = " " + deviceString(Device, CL_DEVICE_EXTENSIONS) + " ";
  return List.find(" " + Name + " ") != std::string::npos;
}

inline std::string platformString(cl_platform_id Platform,
                                  cl_platform_info Param) {
  return infoString([&](size_t S, void *V, size_t *R) {
    return clGetPlatformInfo(Platform, Param, S, V, R);
  });
}

inline std::string kernelName(cl_kernel Kernel) {
  return infoString([&](size_t S, void *V, size_t *R) {
    return clGetKernelInfo(Kernel, CL_KERNEL_FUNCTION_NAME, S, V, R);
  });
}

inline std::string programSource(cl_program Program) {
  return infoString([&](size_t S, void *V, size_t *R) {
    return clGetProgramInfo(Program, CL_PROGRAM_SOURCE, S, V, R);
  });
}

/// A buffer released when it goes out of scope; OpenCL keeps it alive until
/// the commands that use it complete.
struct ScopedBuffer {
  cl_mem Mem = nullptr;
  ScopedBuffer() = default;
  ScopedBuffer(const ScopedBuffer &) = delete;
  ScopedBuffer &operator=(const ScopedBuffer &) = delete;
  ~ScopedBuffer() {
    if (Mem)
      clReleaseMemObject(Mem);
  }
};

/// A read-write buffer that starts as a copy of Words.
inline cl_int createWordBuffer(cl_context Context,
                               const std::vector<cl_uint> &Words,
                               ScopedBuffer &Out) {
  cl_int Err = CL_SUCCESS;
  Out.Mem = clCreateBuffer(Context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR,
                           Words.size() * sizeof(cl_uint),
                           const_cast<cl_uint *>(Words.data()), &Err);
  return Err;
}

} // namespace softatomic

#endif
