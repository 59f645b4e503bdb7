// layer-sample: an ordinary OpenCL application (the plain API and the ICD
// loader, nothing of softatomic's) that the interception layer's test runs
// with and without LD_PRELOAD. It builds a histogram kernel (atom_add on
// __global bins and on a ticket counter; BINS comes from -DBINS=64, BIN_OF
// from a header in the -I directory) and a kernel without atomics, checks
// CL_KERNEL_NUM_ARGS and CL_KERNEL_PROGRAM, runs both (the histogram through
// a clone, clCloneKernel) and verifies every result on the host; then
// builds the program again from its binary.
//
//   layer-sample [--unsupported] [--include DIR]
//
// --unsupported adds a kernel with an atomic on a float (which the rewriter
// refuses) to the same program; --include takes layer-sample.h from DIR
// instead of test/layer/Inputs (the cache's test changes it). SA_PLATFORM picks the platform by name
// (default "Portable", PoCL). Prints "layer-sample: OK" or fails.
#define CL_TARGET_OPENCL_VERSION 300      // clCloneKernel
#define CL_USE_DEPRECATED_OPENCL_1_2_APIS // clCreateCommandQueue, as 1.2 code
                                          // has it
#include <CL/cl.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <numeric>
#include <string>
#include <vector>

static const char *const HistogramSource = R"CL(
#include "layer-sample.h"
#ifndef BINS
#error "BINS must be defined (-DBINS=...)"
#endif
__kernel void histogram(__global const uint *data, __global uint *bins,
                        __global uint *counter, __global uint *tickets, uint n) {
  size_t i = get_global_id(0);
  if (i < n) {
    atom_add(&bins[BIN_OF(data[i])], 1);
    tickets[i] = atom_add(counter, 1);
  }
}
)CL";
static const char *const PlainSource = R"CL(
__kernel void scale(__global uint *out, __global const uint *in) {
  size_t i = get_global_id(0);
  out[i] = 3 * in[i];
}
)CL";
static const char *const UnsupportedSource = R"CL(
__kernel void swap_float(__global float *f) { atomic_xchg(f, 1.0f); }
)CL";

static void fail(const std::string &What) {
  std::fprintf(stderr, "layer-sample: FAILED: %s\n", What.c_str());
  std::exit(1);
}

static void check(cl_int Status, const char *What) {
  if (Status != CL_SUCCESS)
    fail(std::string(What) + " returned " + std::to_string(Status));
}

/// The first device of the first platform whose name contains Match.
static cl_device_id pickDevice(const std::string &Match) {
  cl_uint Count = 0;
  check(clGetPlatformIDs(0, nullptr, &Count), "clGetPlatformIDs");
  std::vector<cl_platform_id> Platforms(Count);
  check(clGetPlatformIDs(Count, Platforms.data(), nullptr), "clGetPlatformIDs");
  for (cl_platform_id Platform : Platforms) {
    char Name[256] = {0};
    clGetPlatformInfo(Platform, CL_PLATFORM_NAME, sizeof Name - 1, Name,
                      nullptr);
    cl_device_id Device;
    if (std::strstr(Name, Match.c_str()) &&
        clGetDeviceIDs(Platform, CL_DEVICE_TYPE_ALL, 1, &Device, nullptr) ==
            CL_SUCCESS)
      return Device;
  }
  fail("no OpenCL platform named like '" + Match + "'");
  return nullptr;
}

static cl_uint numArgs(cl_kernel Kernel) {
  cl_uint Args = 0;
  check(
      clGetKernelInfo(Kernel, CL_KERNEL_NUM_ARGS, sizeof Args, &Args, nullptr),
      "clGetKernelInfo(CL_KERNEL_NUM_ARGS)");
  return Args;
}

static void checkKernel(cl_kernel Kernel, cl_program Program, cl_uint UserArgs,
                        const char *Name) {
  if (numArgs(Kernel) != UserArgs)
    fail(std::string(Name) + ": CL_KERNEL_NUM_ARGS is " +
         std::to_string(numArgs(Kernel)) + ", expected " +
         std::to_string(UserArgs));
  cl_program Owner = nullptr;
  check(
      clGetKernelInfo(Kernel, CL_KERNEL_PROGRAM, sizeof Owner, &Owner, nullptr),
      "clGetKernelInfo(CL_KERNEL_PROGRAM)");
  if (Owner != Program)
    fail(std::string(Name) + ": CL_KERNEL_PROGRAM is not the program");
}

static cl_mem buffer(cl_context Context, size_t Bytes, void *Data) {
  cl_int Status;
  cl_mem Mem = clCreateBuffer(Context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR,
                              Bytes, Data, &Status);
  check(Status, "clCreateBuffer");
  return Mem;
}

int main(int argc, char **argv) {
  bool Unsupported = false;
  std::string IncludeDir = LAYER_SAMPLE_INCLUDE_DIR;
  for (int I = 1; I < argc; ++I) {
    if (std::strcmp(argv[I], "--unsupported") == 0)
      Unsupported = true;
    else if (std::strcmp(argv[I], "--include") == 0 && I + 1 < argc)
      IncludeDir = argv[++I];
    else
      fail(std::string("unknown argument '") + argv[I] + "'");
  }
  const char *Match = std::getenv("SA_PLATFORM");
  cl_device_id Device = pickDevice(Match && *Match ? Match : "Portable");
  cl_int Status;
  cl_context Context =
      clCreateContext(nullptr, 1, &Device, nullptr, nullptr, &Status);
  check(Status, "clCreateContext");
  cl_command_queue Queue = clCreateCommandQueue(Context, Device, 0, &Status);
  check(Status, "clCreateCommandQueue");

  // Three strings, the middle one with an explicit length.
  const char *Strings[] = {HistogramSource, PlainSource,
                           Unsupported ? UnsupportedSource : ""};
  size_t Lengths[] = {0, std::strlen(PlainSource), 0};
  cl_program Program =
      clCreateProgramWithSource(Context, 3, Strings, Lengths, &Status);
  check(Status, "clCreateProgramWithSource");
  // The options the layer must pass on to its rewrite: a define, an include
  // directory (its header defines BIN_OF), the standard.
  std::string Options =
      "-DBINS=64 -I " + IncludeDir + " -cl-std=CL1.2";
  if (clBuildProgram(Program, 1, &Device, Options.c_str(), nullptr, nullptr) !=
      CL_SUCCESS) {
    char Log[4096] = {0};
    clGetProgramBuildInfo(Program, Device, CL_PROGRAM_BUILD_LOG, sizeof Log - 1,
                          Log, nullptr);
    fail(std::string("clBuildProgram: ") + Log);
  }

  cl_kernel Histogram = clCreateKernel(Program, "histogram", &Status);
  check(Status, "clCreateKernel(histogram)");
  checkKernel(Histogram, Program, 5, "histogram");
  cl_uint KernelCount = 0;
  check(clCreateKernelsInProgram(Program, 0, nullptr, &KernelCount),
        "clCreateKernelsInProgram");
  std::vector<cl_kernel> All(KernelCount);
  check(clCreateKernelsInProgram(Program, KernelCount, All.data(), nullptr),
        "clCreateKernelsInProgram");
  cl_kernel Scale = nullptr;
  for (cl_kernel Kernel : All) {
    char Name[64] = {0};
    check(clGetKernelInfo(Kernel, CL_KERNEL_FUNCTION_NAME, sizeof Name - 1,
                          Name, nullptr),
          "clGetKernelInfo(CL_KERNEL_FUNCTION_NAME)");
    if (std::strcmp(Name, "histogram") == 0)
      checkKernel(Kernel, Program, 5, Name);
    if (std::strcmp(Name, "scale") == 0) {
      checkKernel(Kernel, Program, 2, Name);
      Scale = Kernel;
    } else {
      check(clReleaseKernel(Kernel), "clReleaseKernel");
    }
  }
  if (!Scale)
    fail("clCreateKernelsInProgram gave no kernel 'scale'");

  const cl_uint N = 4096, Bins = 64;
  std::vector<cl_uint> Data(N), Expected(Bins, 0);
  for (cl_uint I = 0; I < N; ++I) {
    Data[I] = (I * 2654435761u) >> 7;
    ++Expected[Data[I] % Bins];
  }
  std::vector<cl_uint> BinsOut(Bins, 0), Tickets(N, ~0u), Scaled(N, 0);
  cl_uint Counter = 0;
  cl_mem DataBuf = buffer(Context, N * 4, Data.data());
  cl_mem BinsBuf = buffer(Context, Bins * 4, BinsOut.data());
  cl_mem CounterBuf = buffer(Context, 4, &Counter);
  cl_mem TicketBuf = buffer(Context, N * 4, Tickets.data());
  cl_mem ScaledBuf = buffer(Context, N * 4, Scaled.data());
  check(clSetKernelArg(Histogram, 0, sizeof DataBuf, &DataBuf),
        "clSetKernelArg");
  check(clSetKernelArg(Histogram, 1, sizeof BinsBuf, &BinsBuf),
        "clSetKernelArg");
  check(clSetKernelArg(Histogram, 2, sizeof CounterBuf, &CounterBuf),
        "clSetKernelArg");
  check(clSetKernelArg(Histogram, 3, sizeof TicketBuf, &TicketBuf),
        "clSetKernelArg");
  check(clSetKernelArg(Histogram, 4, sizeof N, &N), "clSetKernelArg");
  check(clSetKernelArg(Scale, 0, sizeof ScaledBuf, &ScaledBuf),
        "clSetKernelArg");
  check(clSetKernelArg(Scale, 1, sizeof DataBuf, &DataBuf), "clSetKernelArg");
  // A clone keeps the arguments set so far (OpenCL 2.1).
  cl_kernel Clone = clCloneKernel(Histogram, &Status);
  check(Status, "clCloneKernel");
  checkKernel(Clone, Program, 5, "clone of histogram");
  check(clReleaseKernel(Histogram), "clReleaseKernel");
  size_t Global = N, Local = 64;
  check(clEnqueueNDRangeKernel(Queue, Clone, 1, nullptr, &Global, &Local, 0,
                               nullptr, nullptr),
        "clEnqueueNDRangeKernel(histogram)");
  check(clEnqueueNDRangeKernel(Queue, Scale, 1, nullptr, &Global, &Local, 0,
                               nullptr, nullptr),
        "clEnqueueNDRangeKernel(scale)");
  check(clFinish(Queue), "clFinish");
  check(clEnqueueReadBuffer(Queue, BinsBuf, CL_TRUE, 0, Bins * 4,
                            BinsOut.data(), 0, nullptr, nullptr),
        "clEnqueueReadBuffer");
  check(clEnqueueReadBuffer(Queue, CounterBuf, CL_TRUE, 0, 4, &Counter, 0,
                            nullptr, nullptr),
        "clEnqueueReadBuffer");
  check(clEnqueueReadBuffer(Queue, TicketBuf, CL_TRUE, 0, N * 4, Tickets.data(),
                            0, nullptr, nullptr),
        "clEnqueueReadBuffer");
  check(clEnqueueReadBuffer(Queue, ScaledBuf, CL_TRUE, 0, N * 4, Scaled.data(),
                            0, nullptr, nullptr),
        "clEnqueueReadBuffer");

  if (BinsOut != Expected)
    fail("histogram bins differ from the host's");
  if (Counter != N)
    fail("counter is " + std::to_string(Counter) + ", expected " +
         std::to_string(N));
  // The values atom_add returned: each ticket exactly once.
  std::sort(Tickets.begin(), Tickets.end());
  for (cl_uint I = 0; I < N; ++I)
    if (Tickets[I] != I)
      fail("the tickets are not a permutation of 0.." + std::to_string(N - 1));
  for (cl_uint I = 0; I < N; ++I)
    if (Scaled[I] != 3 * Data[I])
      fail("scale's output differs at " + std::to_string(I));

  // The same program again, from its binary: the layer passes it through,
  // so its histogram kernel is the native one.
  size_t BinarySize = 0;
  check(clGetProgramInfo(Program, CL_PROGRAM_BINARY_SIZES, sizeof BinarySize,
                         &BinarySize, nullptr),
        "clGetProgramInfo(BINARY_SIZES)");
  std::vector<unsigned char> Binary(BinarySize);
  unsigned char *BinaryData = Binary.data();
  check(clGetProgramInfo(Program, CL_PROGRAM_BINARIES, sizeof BinaryData,
                         &BinaryData, nullptr),
        "clGetProgramInfo(BINARIES)");
  const unsigned char *Binaries[] = {BinaryData};
  cl_program FromBinary = clCreateProgramWithBinary(
      Context, 1, &Device, &BinarySize, Binaries, nullptr, &Status);
  check(Status, "clCreateProgramWithBinary");
  check(
      clBuildProgram(FromBinary, 1, &Device, Options.c_str(), nullptr, nullptr),
      "clBuildProgram(from binary)");
  cl_kernel NativeHistogram = clCreateKernel(FromBinary, "histogram", &Status);
  check(Status, "clCreateKernel(histogram from binary)");
  checkKernel(NativeHistogram, FromBinary, 5, "histogram from binary");
  clReleaseKernel(NativeHistogram);
  check(clReleaseProgram(FromBinary), "clReleaseProgram(from binary)");

  for (cl_mem Mem : {DataBuf, BinsBuf, CounterBuf, TicketBuf, ScaledBuf})
    clReleaseMemObject(Mem);
  clReleaseKernel(Clone);
  clReleaseKernel(Scale);
  check(clReleaseProgram(Program), "clReleaseProgram");
  clReleaseCommandQueue(Queue);
  clReleaseContext(Context);
  std::printf("layer-sample: OK\n");
  return 0;
}
