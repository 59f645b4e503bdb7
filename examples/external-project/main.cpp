// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// sa-sample: runs the two rewritten kernels through libsoftatomic on the
// first OpenCL device (SA_PLATFORM: a substring of the platform's name) and
// checks them against the CPU. Exit status 0 only when both agree.
#include "histogram.sa.h" // softatomic_histogram: embedded at build time
#include <softatomic/softatomic.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace {

constexpr size_t Items = 4096, Local = 64;
constexpr cl_uint Bins = 16; // the DEFINES BINS=16 of CMakeLists.txt

cl_device_id pickDevice() {
  cl_uint Count = 0;
  clGetPlatformIDs(0, nullptr, &Count);
  std::vector<cl_platform_id> Platforms(Count);
  clGetPlatformIDs(Count, Platforms.data(), nullptr);
  const char *Wanted = std::getenv("SA_PLATFORM");
  for (cl_platform_id P : Platforms) {
    char Name[256] = {};
    clGetPlatformInfo(P, CL_PLATFORM_NAME, sizeof(Name), Name, nullptr);
    cl_device_id Device = nullptr;
    if ((!Wanted || std::string(Name).find(Wanted) != std::string::npos) &&
        clGetDeviceIDs(P, CL_DEVICE_TYPE_ALL, 1, &Device, nullptr) ==
            CL_SUCCESS)
      return Device;
  }
  return nullptr;
}

cl_kernel build(cl_context Context, cl_device_id Device,
                const std::string &Source, const char *Options,
                const char *Name) {
  const char *Text = Source.c_str();
  cl_int Err = CL_SUCCESS;
  cl_program Program =
      clCreateProgramWithSource(Context, 1, &Text, nullptr, &Err);
  if (Err == CL_SUCCESS)
    Err = clBuildProgram(Program, 1, &Device, Options, nullptr, nullptr);
  cl_kernel Kernel =
      Err == CL_SUCCESS ? clCreateKernel(Program, Name, &Err) : nullptr;
  if (!Kernel)
    std::fprintf(stderr, "sa-sample: cannot build %s (%d)\n", Name, Err);
  return Kernel;
}

cl_mem buffer(cl_context Context, std::vector<cl_uint> &Data) {
  return clCreateBuffer(Context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR,
                        Data.size() * sizeof(cl_uint), Data.data(), nullptr);
}

/// Launches Kernel over Items through the software atomics, then reads each
/// buffer back into its vector.
bool launch(cl_command_queue Queue, cl_kernel Kernel,
            std::vector<cl_mem> Buffers,
            std::vector<std::vector<cl_uint> *> Data) {
  for (cl_uint I = 0; I < Buffers.size(); ++I)
    clSetKernelArg(Kernel, I, sizeof(cl_mem), &Buffers[I]);
  size_t Global = Items, Group = Local;
  cl_int Err = saEnqueueNDRangeKernel(Queue, Kernel, 1, nullptr, &Global,
                                      &Group, 0, nullptr, nullptr);
  if (Err == CL_SUCCESS)
    Err = saFinish(Queue);
  if (Err != CL_SUCCESS) {
    std::fprintf(stderr, "sa-sample: launch failed: %s\n",
                 saGetLastErrorMessage());
    return false;
  }
  for (size_t I = 0; I < Buffers.size(); ++I)
    clEnqueueReadBuffer(Queue, Buffers[I], CL_TRUE, 0,
                        Data[I]->size() * sizeof(cl_uint), Data[I]->data(), 0,
                        nullptr, nullptr);
  return true;
}

} // namespace

int main() {
  cl_device_id Device = pickDevice();
  if (!Device) {
    std::fprintf(stderr, "sa-sample: no OpenCL device\n");
    return 1;
  }
  cl_context Context =
      clCreateContext(nullptr, 1, &Device, nullptr, nullptr, nullptr);
  cl_command_queue Queue = clCreateCommandQueue(Context, Device, 0, nullptr);

  std::ifstream File(TICKETS_KERNEL);
  std::stringstream TicketsSource;
  TicketsSource << File.rdbuf();
  cl_kernel Histogram = build(Context, Device, softatomic_histogram,
                              SOFTATOMIC_HISTOGRAM_BUILD_OPTIONS, "histogram");
  cl_kernel Tickets =
      build(Context, Device, TicketsSource.str(), "", "tickets");
  if (!Histogram || !Tickets)
    return 1;

  std::vector<cl_uint> Values(Items), Counts(Bins, 0), Expected(Bins, 0);
  for (size_t I = 0; I < Items; ++I) {
    Values[I] = static_cast<cl_uint>(I * 2654435761u >> 7);
    ++Expected[Values[I] % Bins];
  }
  std::vector<cl_uint> Next(1, 0), Taken(Items, 0);
  if (!launch(Queue, Histogram,
              {buffer(Context, Values), buffer(Context, Counts)},
              {&Values, &Counts}) ||
      !launch(Queue, Tickets, {buffer(Context, Next), buffer(Context, Taken)},
              {&Next, &Taken}))
    return 1;

  bool HistogramOk = Counts == Expected;
  std::sort(Taken.begin(), Taken.end());
  bool TicketsOk = Next[0] == Items;
  for (size_t I = 0; I < Items; ++I)
    TicketsOk = TicketsOk && Taken[I] == I;
  std::printf("histogram (embedded): %s\ntickets (from %s): %s\n",
              HistogramOk ? "OK" : "MISMATCH", TICKETS_KERNEL,
              TicketsOk ? "OK" : "MISMATCH");
  return HistogramOk && TicketsOk ? 0 : 1;
}
