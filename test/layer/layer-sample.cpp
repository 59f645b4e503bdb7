// layer-sample: an ordinary OpenCL application (the plain API and the ICD
// loader, nothing of softatomic's) that the interception layer's test runs
// with and without LD_PRELOAD. It builds a histogram kernel (atom_add on
// __global bins and on a ticket counter; BINS comes from -DBINS=64, BIN_OF
// from a header in the -I directory) and a kernel without atomics, checks
// CL_KERNEL_NUM_ARGS and CL_KERNEL_PROGRAM, that an argument index past the
// kernel's own is CL_INVALID_ARG_INDEX, the argument info, runs both (the
// histogram through a clone, clCloneKernel, on a profiling queue, checking
// its event; --no-profiling: a queue without) and verifies every result on the
// host; runs the histogram again as a task (clEnqueueTask); then builds the
// program again from its binary and compares the work-group queries of its
// (native) histogram with the first one's.
//
//   layer-sample [--unsupported] [--include DIR] [--expect-device-failure]
//                [--separate] [--no-profiling]
//                [--repeat N [--max-growth-kb K] [--max-heap-growth-kb H]]
//
// --unsupported adds a kernel that calls a kernel using the geometry (which
// the rewriter refuses) to the same program; --include takes layer-sample.h
// from DIR instead of test/layer/Inputs (the cache's test changes it);
// --expect-device-failure expects the histogram's launch to fail on the
// device (the layer's test makes it): clWaitForEvents on its event returns
// CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST, clFinish CL_OUT_OF_RESOURCES,
// and its results are not checked; --separate compiles the program with
// clCompileProgram and links it with clLinkProgram instead of building it;
// --repeat runs the whole application N times in one process (a handle
// the driver reuses must not bring back what the layer knew of a released
// object), then checks that every context it created was freed and, with
// --max-growth-kb, that resident memory (after malloc_trim) grew at most
// K KiB from round 10 (or the last) to round N, and with
// --max-heap-growth-kb that malloc's bytes in use grew at most H KiB: what
// the process holds, without the heap's fragmentation. The driver's own
// grow too (PoCL holds about 1 KiB more per program it builds).
// SA_PLATFORM picks the platform by name
// (default "Portable", PoCL). Prints "layer-sample: OK" or fails.
#define CL_TARGET_OPENCL_VERSION 300      // clCloneKernel
#define CL_USE_DEPRECATED_OPENCL_1_2_APIS // clCreateCommandQueue, as 1.2 code
                                          // has it
#include <CL/cl.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <malloc.h>
#include <numeric>
#include <string>
#include <thread>
#include <unistd.h>
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
__kernel void stamp(__global float *f) { f[0] = (float)get_global_id(0); }
__kernel void stamped(__global uint *c, __global float *f) {
  atomic_inc(c);
  stamp(f);
}
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

/// Expects \p Status to be \p Expected.
static void expectStatus(cl_int Status, cl_int Expected,
                         const std::string &What) {
  if (Status != Expected)
    fail(What + " returned " + std::to_string(Status) + ", expected " +
         std::to_string(Expected));
}

/// The argument info of the histogram kernel, as written in its source
/// (the program is built with -cl-kernel-arg-info), and none past it.
static void checkHistogramArgInfo(cl_kernel Kernel) {
  const char *Names[] = {"data", "bins", "counter", "tickets", "n"};
  for (cl_uint I = 0; I < 5; ++I) {
    char Name[64] = {0}, Type[64] = {0};
    cl_kernel_arg_address_qualifier Space = 0;
    cl_kernel_arg_type_qualifier Qualifier = 0;
    std::string Arg = "argument " + std::to_string(I);
    check(clGetKernelArgInfo(Kernel, I, CL_KERNEL_ARG_NAME, sizeof Name - 1,
                             Name, nullptr),
          "clGetKernelArgInfo(CL_KERNEL_ARG_NAME)");
    check(clGetKernelArgInfo(Kernel, I, CL_KERNEL_ARG_TYPE_NAME,
                             sizeof Type - 1, Type, nullptr),
          "clGetKernelArgInfo(CL_KERNEL_ARG_TYPE_NAME)");
    check(clGetKernelArgInfo(Kernel, I, CL_KERNEL_ARG_ADDRESS_QUALIFIER,
                             sizeof Space, &Space, nullptr),
          "clGetKernelArgInfo(CL_KERNEL_ARG_ADDRESS_QUALIFIER)");
    check(clGetKernelArgInfo(Kernel, I, CL_KERNEL_ARG_TYPE_QUALIFIER,
                             sizeof Qualifier, &Qualifier, nullptr),
          "clGetKernelArgInfo(CL_KERNEL_ARG_TYPE_QUALIFIER)");
    if (std::strcmp(Name, Names[I]) != 0)
      fail(Arg + " is named '" + Name + "', expected '" + Names[I] + "'");
    if (std::string(Type) != (I < 4 ? "uint*" : "uint"))
      fail(Arg + " has type '" + Type + "'");
    if (Space !=
        (I < 4 ? CL_KERNEL_ARG_ADDRESS_GLOBAL : CL_KERNEL_ARG_ADDRESS_PRIVATE))
      fail(Arg + " has address qualifier " + std::to_string(Space));
    if (Qualifier != (I == 0 ? CL_KERNEL_ARG_TYPE_CONST : 0))
      fail(Arg + " has type qualifiers " + std::to_string(Qualifier));
  }
  // No argument past the kernel's own: CL_INVALID_ARG_INDEX, or
  // CL_INVALID_VALUE, which NVIDIA's driver answers natively.
  char Name[64];
  cl_int Past = clGetKernelArgInfo(Kernel, 5, CL_KERNEL_ARG_NAME, sizeof Name,
                                   Name, nullptr);
  if (Past != CL_INVALID_VALUE)
    expectStatus(Past, CL_INVALID_ARG_INDEX, "clGetKernelArgInfo(5)");
}

/// The histogram's event: its kernel's, on Queue, with profiling times in
/// order where the queue profiles.
static void checkLaunchEvent(cl_event Event, cl_command_queue Queue,
                             bool Profiling) {
  cl_command_type Type = 0;
  cl_command_queue Owner = nullptr;
  check(
      clGetEventInfo(Event, CL_EVENT_COMMAND_TYPE, sizeof Type, &Type, nullptr),
      "clGetEventInfo(CL_EVENT_COMMAND_TYPE)");
  check(clGetEventInfo(Event, CL_EVENT_COMMAND_QUEUE, sizeof Owner, &Owner,
                       nullptr),
        "clGetEventInfo(CL_EVENT_COMMAND_QUEUE)");
  if (Type != CL_COMMAND_NDRANGE_KERNEL)
    fail("the launch's event has command type " + std::to_string(Type));
  if (Owner != Queue)
    fail("the launch's event is not on the application's queue");
  if (!Profiling)
    return;
  const cl_profiling_info Points[] = {
      CL_PROFILING_COMMAND_QUEUED, CL_PROFILING_COMMAND_SUBMIT,
      CL_PROFILING_COMMAND_START, CL_PROFILING_COMMAND_END};
  cl_ulong Times[4] = {0, 0, 0, 0};
  for (int I = 0; I < 4; ++I)
    check(clGetEventProfilingInfo(Event, Points[I], sizeof(cl_ulong), &Times[I],
                                  nullptr),
          "clGetEventProfilingInfo");
  if (Times[0] == 0 || !std::is_sorted(Times, Times + 4))
    fail("the launch's profiling times are missing or out of order");
}

/// One scalar work-group query of Kernel on Device.
template <typename T>
static T workGroupInfo(cl_kernel Kernel, cl_device_id Device,
                       cl_kernel_work_group_info Param, const char *What) {
  T Value{};
  check(clGetKernelWorkGroupInfo(Kernel, Device, Param, sizeof Value, &Value,
                                 nullptr),
        What);
  return Value;
}

/// The work-group queries of Kernel (rewritten under the layer, after a
/// launch) against those of Native (the same kernel, never rewritten).
static void checkWorkGroupInfo(cl_kernel Kernel, cl_kernel Native,
                               cl_device_id Device) {
  auto Size = [&](cl_kernel K) {
    return workGroupInfo<size_t>(K, Device, CL_KERNEL_WORK_GROUP_SIZE,
                                 "CL_KERNEL_WORK_GROUP_SIZE");
  };
  if (Size(Kernel) == 0 || Size(Kernel) > Size(Native))
    fail("CL_KERNEL_WORK_GROUP_SIZE is " + std::to_string(Size(Kernel)) +
         ", the native kernel's " + std::to_string(Size(Native)));
  // The application's own local memory: none, here (the runtime's scratch
  // is not the application's).
  auto Local = [&](cl_kernel K) {
    return workGroupInfo<cl_ulong>(K, Device, CL_KERNEL_LOCAL_MEM_SIZE,
                                   "CL_KERNEL_LOCAL_MEM_SIZE");
  };
  if (Local(Kernel) != Local(Native))
    fail("CL_KERNEL_LOCAL_MEM_SIZE is " + std::to_string(Local(Kernel)) +
         ", the native kernel's " + std::to_string(Local(Native)));
}

static cl_mem buffer(cl_context Context, size_t Bytes, void *Data) {
  cl_int Status;
  cl_mem Mem = clCreateBuffer(Context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR,
                              Bytes, Data, &Status);
  check(Status, "clCreateBuffer");
  return Mem;
}

/// What the command line asks of each run.
struct SampleOptions {
  bool Unsupported = false, DeviceFailure = false, Separate = false;
  bool Profiling = true;
  std::string IncludeDir = LAYER_SAMPLE_INCLUDE_DIR;
};

/// The contexts the runs created and those OpenCL has freed since
/// (clSetContextDestructorCallback), for --repeat.
static std::atomic<int> ContextsCreated{0}, ContextsFreed{0};

static void CL_CALLBACK countFreedContext(cl_context, void *) {
  ++ContextsFreed;
}

/// The whole application, once: everything it creates, it releases.
static void runSample(const SampleOptions &Run, bool CountContexts) {
  const bool Unsupported = Run.Unsupported, DeviceFailure = Run.DeviceFailure,
             Separate = Run.Separate;
  const std::string &IncludeDir = Run.IncludeDir;
  const char *Match = std::getenv("SA_PLATFORM");
  cl_device_id Device = pickDevice(Match && *Match ? Match : "Portable");
  cl_int Status;
  cl_context Context =
      clCreateContext(nullptr, 1, &Device, nullptr, nullptr, &Status);
  check(Status, "clCreateContext");
  if (CountContexts) {
    check(clSetContextDestructorCallback(Context, countFreedContext, nullptr),
          "clSetContextDestructorCallback");
    ++ContextsCreated;
  }
  cl_command_queue Queue = clCreateCommandQueue(
      Context, Device, Run.Profiling ? CL_QUEUE_PROFILING_ENABLE : 0, &Status);
  check(Status, "clCreateCommandQueue");
  // The queue is as asked for, whatever the layer made of it.
  cl_command_queue_properties Properties = 0;
  check(clGetCommandQueueInfo(Queue, CL_QUEUE_PROPERTIES, sizeof Properties,
                              &Properties, nullptr),
        "clGetCommandQueueInfo(CL_QUEUE_PROPERTIES)");
  if (Properties != (Run.Profiling ? CL_QUEUE_PROFILING_ENABLE : 0))
    fail("the queue's properties are " + std::to_string(Properties) +
         ", not those asked for");

  // Three strings, the middle one with an explicit length.
  const char *Strings[] = {HistogramSource, PlainSource,
                           Unsupported ? UnsupportedSource : ""};
  size_t Lengths[] = {0, std::strlen(PlainSource), 0};
  cl_program Program =
      clCreateProgramWithSource(Context, 3, Strings, Lengths, &Status);
  check(Status, "clCreateProgramWithSource");
  // The options the layer must pass on to its rewrite: a define, an include
  // directory (its header defines BIN_OF), the standard; and the argument
  // info.
  std::string Options =
      "-DBINS=64 -I " + IncludeDir + " -cl-std=CL1.2 -cl-kernel-arg-info";
  if (Separate) {
    // Compiled, then linked into a program of its own, which the kernels
    // come from.
    cl_program Compiled = Program;
    check(clCompileProgram(Compiled, 1, &Device, Options.c_str(), 0, nullptr,
                           nullptr, nullptr, nullptr),
          "clCompileProgram");
    Program = clLinkProgram(Context, 1, &Device, "-cl-kernel-arg-info", 1,
                            &Compiled, nullptr, nullptr, &Status);
    check(Status, "clLinkProgram");
    check(clReleaseProgram(Compiled), "clReleaseProgram(compiled)");
  } else if (clBuildProgram(Program, 1, &Device, Options.c_str(), nullptr,
                            nullptr) != CL_SUCCESS) {
    char Log[4096] = {0};
    clGetProgramBuildInfo(Program, Device, CL_PROGRAM_BUILD_LOG, sizeof Log - 1,
                          Log, nullptr);
    fail(std::string("clBuildProgram: ") + Log);
  }

  cl_kernel Histogram = clCreateKernel(Program, "histogram", &Status);
  check(Status, "clCreateKernel(histogram)");
  checkKernel(Histogram, Program, 5, "histogram");
  checkHistogramArgInfo(Histogram);
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
  // No argument past the kernel's own (under the layer, the runtime's local
  // scratch and state would be there).
  expectStatus(clSetKernelArg(Histogram, 5, 16, nullptr), CL_INVALID_ARG_INDEX,
               "clSetKernelArg(histogram, 5)");
  expectStatus(clSetKernelArg(Histogram, 6, sizeof BinsBuf, &BinsBuf),
               CL_INVALID_ARG_INDEX, "clSetKernelArg(histogram, 6)");
  check(clSetKernelArg(Scale, 0, sizeof ScaledBuf, &ScaledBuf),
        "clSetKernelArg");
  check(clSetKernelArg(Scale, 1, sizeof DataBuf, &DataBuf), "clSetKernelArg");
  // A clone keeps the arguments set so far (OpenCL 2.1).
  cl_kernel Clone = clCloneKernel(Histogram, &Status);
  check(Status, "clCloneKernel");
  checkKernel(Clone, Program, 5, "clone of histogram");
  check(clReleaseKernel(Histogram), "clReleaseKernel");
  size_t Global = N, Local = 64;
  cl_event Launch = nullptr;
  check(clEnqueueNDRangeKernel(Queue, Clone, 1, nullptr, &Global, &Local, 0,
                               nullptr, &Launch),
        "clEnqueueNDRangeKernel(histogram)");
  // A device-side failure of the histogram is its event's error, then the
  // queue's.
  expectStatus(clWaitForEvents(1, &Launch),
               DeviceFailure ? CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST
                             : CL_SUCCESS,
               "clWaitForEvents(histogram)");
  checkLaunchEvent(Launch, Queue, Run.Profiling);
  clReleaseEvent(Launch);
  check(clEnqueueNDRangeKernel(Queue, Scale, 1, nullptr, &Global, &Local, 0,
                               nullptr, nullptr),
        "clEnqueueNDRangeKernel(scale)");
  expectStatus(clFinish(Queue),
               DeviceFailure ? CL_OUT_OF_RESOURCES : CL_SUCCESS, "clFinish");
  check(clFinish(Queue), "clFinish (again)"); // reported once
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

  if (!DeviceFailure && BinsOut != Expected)
    fail("histogram bins differ from the host's");
  if (!DeviceFailure && Counter != N)
    fail("counter is " + std::to_string(Counter) + ", expected " +
         std::to_string(N));
  // The values atom_add returned: each ticket exactly once.
  std::sort(Tickets.begin(), Tickets.end());
  for (cl_uint I = 0; I < N && !DeviceFailure; ++I)
    if (Tickets[I] != I)
      fail("the tickets are not a permutation of 0.." + std::to_string(N - 1));
  for (cl_uint I = 0; I < N; ++I)
    if (Scaled[I] != 3 * Data[I])
      fail("scale's output differs at " + std::to_string(I));

  // The histogram as a task: one work-item takes one more ticket (unless
  // the run's limits, set to make launches fail, end this one too: then
  // the blocking read says so instead of reading).
  cl_uint Before = Counter;
  check(clEnqueueTask(Queue, Clone, 0, nullptr, nullptr), "clEnqueueTask");
  cl_int Read = clEnqueueReadBuffer(Queue, CounterBuf, CL_TRUE, 0, 4, &Counter,
                                    0, nullptr, nullptr);
  if (!DeviceFailure || Read != CL_OUT_OF_RESOURCES)
    check(Read, "clEnqueueReadBuffer");
  if (!DeviceFailure && Counter != Before + 1)
    fail("the task took " + std::to_string(Counter - Before) + " tickets");

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
  checkWorkGroupInfo(Clone, NativeHistogram, Device);
  clReleaseKernel(NativeHistogram);
  check(clReleaseProgram(FromBinary), "clReleaseProgram(from binary)");

  for (cl_mem Mem : {DataBuf, BinsBuf, CounterBuf, TicketBuf, ScaledBuf})
    clReleaseMemObject(Mem);
  clReleaseKernel(Clone);
  clReleaseKernel(Scale);
  check(clReleaseProgram(Program), "clReleaseProgram");
  clReleaseCommandQueue(Queue);
  clReleaseContext(Context);
}

/// The process's resident memory in KiB (/proc/self/statm), after malloc
/// has given back the free memory it can (malloc_trim): freed memory that
/// the heap keeps is no growth.
static long residentKiB() {
  malloc_trim(0);
  long Pages = 0, Resident = 0;
  if (FILE *Statm = std::fopen("/proc/self/statm", "r")) {
    if (std::fscanf(Statm, "%ld %ld", &Pages, &Resident) != 2)
      Resident = 0;
    std::fclose(Statm);
  }
  return Resident * (sysconf(_SC_PAGESIZE) / 1024);
}

/// The bytes malloc has handed out and not had back (glibc's mallinfo2):
/// what grows here is held, what grows only in resident memory is the
/// heap's fragmentation or memory outside malloc (a driver's own).
static long heapInUseKiB() {
  struct mallinfo2 Info = mallinfo2();
  return (long)((Info.uordblks + Info.hblkhd) / 1024);
}

/// Waits up to 20 s for OpenCL to free every context the runs created (a
/// driver may free one on its own thread a little after its last release).
static void expectContextsFreed() {
  for (int Waited = 0; ContextsFreed < ContextsCreated && Waited < 2000;
       ++Waited)
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  if (ContextsFreed != ContextsCreated)
    fail(std::to_string(ContextsCreated - ContextsFreed) + " of " +
         std::to_string(ContextsCreated.load()) + " contexts were never freed");
}

int main(int argc, char **argv) {
  SampleOptions Run;
  int Repeat = 1;
  long MaxGrowthKiB = -1, MaxHeapGrowthKiB = -1;
  for (int I = 1; I < argc; ++I) {
    if (std::strcmp(argv[I], "--unsupported") == 0)
      Run.Unsupported = true;
    else if (std::strcmp(argv[I], "--expect-device-failure") == 0)
      Run.DeviceFailure = true;
    else if (std::strcmp(argv[I], "--separate") == 0)
      Run.Separate = true;
    else if (std::strcmp(argv[I], "--no-profiling") == 0)
      Run.Profiling = false;
    else if (std::strcmp(argv[I], "--include") == 0 && I + 1 < argc)
      Run.IncludeDir = argv[++I];
    else if (std::strcmp(argv[I], "--repeat") == 0 && I + 1 < argc)
      Repeat = std::max(1, std::atoi(argv[++I]));
    else if (std::strcmp(argv[I], "--max-growth-kb") == 0 && I + 1 < argc)
      MaxGrowthKiB = std::atol(argv[++I]);
    else if (std::strcmp(argv[I], "--max-heap-growth-kb") == 0 && I + 1 < argc)
      MaxHeapGrowthKiB = std::atol(argv[++I]);
    else
      fail(std::string("unknown argument '") + argv[I] + "'");
  }
  // Memory is measured from round 10 on: the first rounds fill caches
  // (the driver's, the loader's, the layer's rewriter) that later ones
  // reuse.
  const int Settled = std::min(10, Repeat);
  long SettledKiB = 0, SettledHeapKiB = 0;
  for (int Round = 1; Round <= Repeat; ++Round) {
    runSample(Run, /*CountContexts=*/Repeat > 1);
    if (Round == Settled) {
      SettledKiB = residentKiB();
      SettledHeapKiB = heapInUseKiB();
    }
  }
  if (Repeat > 1) {
    expectContextsFreed();
    long Growth = residentKiB() - SettledKiB;
    long HeapGrowth = heapInUseKiB() - SettledHeapKiB;
    std::printf("layer-sample: %d rounds; resident memory grew %ld KiB from "
                "round %d to round %d (malloc's bytes in use: %ld KiB)\n",
                Repeat, Growth, Settled, Repeat, HeapGrowth);
    if (MaxHeapGrowthKiB >= 0 && HeapGrowth > MaxHeapGrowthKiB)
      fail("malloc's bytes in use grew " + std::to_string(HeapGrowth) +
           " KiB from round " + std::to_string(Settled) + " to round " +
           std::to_string(Repeat) + " (at most " +
           std::to_string(MaxHeapGrowthKiB) + " allowed)");
    if (MaxGrowthKiB >= 0 && Growth > MaxGrowthKiB)
      fail("resident memory grew " + std::to_string(Growth) +
           " KiB from round " + std::to_string(Settled) + " to round " +
           std::to_string(Repeat) + " (at most " +
           std::to_string(MaxGrowthKiB) + " allowed)");
  }
  std::printf("layer-sample: OK\n");
  return 0;
}
