// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Small typed wrappers over the clGet*Info queries the runtime makes.
#ifndef SOFTATOMIC_HOST_CLQUERY_H
#define SOFTATOMIC_HOST_CLQUERY_H

#include "softatomic/softatomic.h"

#include <cstring>
#include <string>
#include <vector>

namespace softatomic {

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

/// The name of the platform Device belongs to.
inline std::string devicePlatformName(cl_device_id Device) {
  return platformString(deviceInfo<cl_platform_id>(Device, CL_DEVICE_PLATFORM),
                        CL_PLATFORM_NAME);
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

/// Whether Queue times its commands (CL_QUEUE_PROFILING_ENABLE).
inline bool queueProfiles(cl_command_queue Queue) {
  cl_command_queue_properties Properties = 0;
  return clGetCommandQueueInfo(Queue, CL_QUEUE_PROPERTIES, sizeof Properties,
                               &Properties, nullptr) == CL_SUCCESS &&
         (Properties & CL_QUEUE_PROFILING_ENABLE);
}

/// Whether Event's command has ended: complete, or ended in an error (or
/// no longer an event that can be asked).
inline bool eventEnded(cl_event Event) {
  cl_int Status = CL_COMPLETE;
  clGetEventInfo(Event, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof Status,
                 &Status, nullptr);
  return Status <= CL_COMPLETE;
}

/// The device time of a completed command, in ms; negative if its queue
/// gives no profiling information (or times that end before they start).
inline double deviceMs(cl_event Event) {
  cl_ulong Start = 0, End = 0;
  if (clGetEventProfilingInfo(Event, CL_PROFILING_COMMAND_START, sizeof Start,
                              &Start, nullptr) != CL_SUCCESS ||
      clGetEventProfilingInfo(Event, CL_PROFILING_COMMAND_END, sizeof End, &End,
                              nullptr) != CL_SUCCESS ||
      End < Start)
    return -1;
  return double(End - Start) * 1e-6;
}

} // namespace softatomic

#endif
