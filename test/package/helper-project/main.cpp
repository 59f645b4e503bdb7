// sa-helper: builds the two embedded kernels from their strings with their
// build options alone (no -I: their headers are in the strings), runs them
// through libsoftatomic on the first OpenCL device and checks the results.
#include "count.sa.h"
#include "spin.sa.h"
#include <softatomic/softatomic.h>

#include <cstdio>
#include <vector>

namespace {

constexpr size_t Items = 1024, Local = 64;
constexpr cl_uint Bins = 8; // include/bins.h

cl_context Context;
cl_device_id Device;
cl_command_queue Queue;

cl_kernel kernel(const char *Source, const char *Options, const char *Name) {
  cl_int Err = CL_SUCCESS;
  cl_program Program = clCreateProgramWithSource(Context, 1, &Source, nullptr, &Err);
  if (Err == CL_SUCCESS &&
      clBuildProgram(Program, 1, &Device, Options, nullptr, nullptr) != CL_SUCCESS) {
    char Log[4096] = {};
    clGetProgramBuildInfo(Program, Device, CL_PROGRAM_BUILD_LOG, sizeof(Log) - 1, Log,
                          nullptr);
    std::fprintf(stderr, "sa-helper: %s does not build with '%s':\n%s\n", Name,
                 Options, Log);
    return nullptr;
  }
  return clCreateKernel(Program, Name, nullptr);
}

/// Runs Kernel over Items with Data as its buffers, read back afterwards.
bool run(cl_kernel Kernel, std::vector<std::vector<cl_uint> *> Data) {
  std::vector<cl_mem> Buffers;
  for (std::vector<cl_uint> *D : Data) {
    Buffers.push_back(clCreateBuffer(Context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR,
                                     D->size() * sizeof(cl_uint), D->data(), nullptr));
    clSetKernelArg(Kernel, Buffers.size() - 1, sizeof(cl_mem), &Buffers.back());
  }
  size_t Global = Items, Group = Local;
  if (saEnqueueNDRangeKernel(Queue, Kernel, 1, nullptr, &Global, &Group, 0, nullptr,
                             nullptr) != CL_SUCCESS ||
      saFinish(Queue) != CL_SUCCESS) {
    std::fprintf(stderr, "sa-helper: %s\n", saGetLastErrorMessage());
    return false;
  }
  for (size_t I = 0; I < Data.size(); ++I)
    clEnqueueReadBuffer(Queue, Buffers[I], CL_TRUE, 0, Data[I]->size() * sizeof(cl_uint),
                        Data[I]->data(), 0, nullptr, nullptr);
  return true;
}

} // namespace

int main() {
  cl_platform_id Platform;
  if (clGetPlatformIDs(1, &Platform, nullptr) != CL_SUCCESS ||
      clGetDeviceIDs(Platform, CL_DEVICE_TYPE_ALL, 1, &Device, nullptr) != CL_SUCCESS) {
    std::fprintf(stderr, "sa-helper: no OpenCL device\n");
    return 1;
  }
  Context = clCreateContext(nullptr, 1, &Device, nullptr, nullptr, nullptr);
  Queue = clCreateCommandQueue(Context, Device, 0, nullptr);
  cl_kernel Count = kernel(softatomic_count, SOFTATOMIC_COUNT_BUILD_OPTIONS, "count");
  cl_kernel Spin = kernel(softatomic_spin, SOFTATOMIC_SPIN_BUILD_OPTIONS, "spin");
  if (!Count || !Spin)
    return 1;

  std::vector<cl_uint> Values(Items), Counts(Bins, 0), Expected(Bins, 0);
  for (size_t I = 0; I < Items; ++I)
    ++Expected[(Values[I] = static_cast<cl_uint>(I * 7 + I / 3)) % Bins];
  std::vector<cl_uint> Next(1, 0), Taken(Items, 0), Seen(Items, 0);
  if (!run(Count, {&Values, &Counts}) || !run(Spin, {&Next, &Taken}))
    return 1;
  bool SpinOk = Next[0] == Items;
  for (cl_uint T : Taken)
    SpinOk = SpinOk && T < Items && !Seen[T]++;
  std::printf("count: %s\nspin: %s\n", Counts == Expected ? "OK" : "MISMATCH",
              SpinOk ? "OK" : "MISMATCH");
  return Counts == Expected && SpinOk ? 0 : 1;
}
