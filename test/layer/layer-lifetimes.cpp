// layer-lifetimes: an ordinary OpenCL application (the plain API, nothing
// of softatomic's) that releases, rebuilds and recreates its objects the
// way long-running applications do; the layer's test runs each scenario
// natively and under the layer. Each checks what the application sees
// against what OpenCL promises, and prints "layer-lifetimes: OK" or fails.
//
//   layer-lifetimes SCENARIO
//
// kernel-handle-reuse   a rewritten kernel released while its launch runs,
//                       then other kernels (whose handles the driver may
//                       give the released one's): their argument count,
//                       program and argument indices are their own
// program-handle-reuse  a program from source released while its kernel
//                       lives, then programs from a binary of another
//                       source (the released one's handle, perhaps): they
//                       run their own code
// rebuild-after-release a kernel launched, finished and released, then its
//                       program built again: the build succeeds
// failed-build-keeps-kernels
//                       a rebuild that fails (a kernel is attached): the
//                       program's kernels stay what its last successful
//                       build made them
// cl20-runtime-builds   a program of OpenCL 1.2 atomics built with
//                       -cl-std=CL2.0 (which the device compiles), run
// cl20-own-build-fails  a program of OpenCL 2.0 atomics built with
//                       -cl-std=CL2.0; prints whether the application's own
//                       build failed (PoCL 3.1 lists no OpenCL C 2.0)
// device-profile        count, in a program that stops with #error
//                       unless it is compiled as the device compiles it:
//                       __OPENCL_VERSION__, each Khronos extension the
//                       device reports, and no vendor's that it lacks
// out-of-host-memory    clCreateKernel, clCreateKernelsInProgram and
//                       clCloneKernel of a rewritten kernel while every
//                       operator new of the process throws std::bad_alloc:
//                       no exception comes out; natively they succeed (the
//                       driver allocates with malloc), under the layer
//                       (whose work allocates) each returns
//                       CL_OUT_OF_HOST_MEMORY and says so once on stderr;
//                       then the kernels run as before
// groups-wait-in-order  a chained scan of 1,024 work-groups, each waiting
//                       for the one before it to publish its prefix
//                       (test/exec/chained_scan.cl's kernel),
//                       launched 6 times (the layer's default mode, auto,
//                       runs it as written and in the combining mode): the
//                       prefixes are right every time, and no launch hangs
// deep-macro-expansion  count, after a preprocessor condition of over a
//                       million tokens: past the rewriter's macro expansion
//                       limit, which the device's compiler evaluates at once
// clang16-crash         count, in a program that Clang 16's parser crashes
//                       on (a fuzzer's find) and the device's compiler
//                       (PoCL 3.1's Clang 15) builds
// read-after-failure    count over 65,536 work-items, then a blocking
//                       clEnqueueReadBuffer, clEnqueueReadBufferRect or
//                       clEnqueueMapBuffer of its counter, or
//                       clEnqueueReadImage or clEnqueueMapImage of an image
//                       it is copied into: each either succeeds with 65,536
//                       or returns CL_OUT_OF_RESOURCES (a launch that failed
//                       on the device, under limits the test sets), and
//                       clFinish then agrees; never success with a wrong
//                       count
// nonblocking-read-after-failure
//                       the same reads, non-blocking: each is enqueued, and
//                       a wait for its event either succeeds (count 65,536)
//                       or returns CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST
//                       with the event's status CL_OUT_OF_RESOURCES
// fork-child-exits      count run, then a forked child that exits at once
//                       (running the exit handlers it inherited): the
//                       profile (SOFTATOMIC_PROFILE, which the case sets)
//                       is not written until the parent itself exits
// float-sums            float adds written as the compare-exchange loop of
//                       OpenCL 1.x (16,384 of mixed signs and magnitudes into
//                       4 sums), launched 3 times at each of two work-group
//                       sizes; the sums are compared with the correctly
//                       rounded ones. Under the layer told to make float adds
//                       reproducible (SOFTATOMIC_LAYER_OPTIONS holding
//                       --float-atomics=reproducible) every launch must hold
//                       them; otherwise the count is only printed
//
// SA_PLATFORM picks the platform by name (default "Portable", PoCL).
#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iterator>
#include <new>
#include <string>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

namespace {
/// While set, every operator new of the process, the layer's included,
/// throws std::bad_alloc (out-of-host-memory; the executable's replacement
/// below is the process's).
std::atomic<bool> FailAllocations{false};
} // namespace

void *operator new(std::size_t Size) {
  if (FailAllocations.load(std::memory_order_relaxed))
    throw std::bad_alloc();
  if (void *Memory = std::malloc(Size ? Size : 1))
    return Memory;
  throw std::bad_alloc();
}
void operator delete(void *Memory) noexcept { std::free(Memory); }
void operator delete(void *Memory, std::size_t) noexcept { std::free(Memory); }

namespace {

/// count adds STEP to *c per work-item (rewritten under the layer); fill has
/// no atomic and more arguments (native).
const char *const StepSource = R"CL(
__kernel void count(__global uint *c, __global uint *old) {
  old[get_global_id(0)] = atom_add(c, (uint)STEP);
}
__kernel void fill(__global uint *out, uint v, uint w) {
  out[get_global_id(0)] = v + w;
}
)CL";
/// The same kernels with the step written in: a program built from its
/// binary must run this code, whatever the layer knew of another program.
const char *const ThreeSource = R"CL(
__kernel void count(__global uint *c, __global uint *old) {
  old[get_global_id(0)] = atom_add(c, 3u);
}
)CL";
const char *const Cl20Source = R"CL(
__kernel void count(__global atomic_uint *c, __global uint *old) {
  old[get_global_id(0)] = atomic_fetch_add(c, 1u);
}
)CL";

/// 2^16 copies of eight "1 +" in an #if: over a million tokens of macro
/// expansion, summed by the preprocessor alone.
const char *const DeepMacroSource = R"CL(
#define A(x) x x
#define B(x) A(A(x))
#define C(x) B(B(x))
#define D(x) C(C(x))
#define E(x) D(D(x))
#if E(1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 +) 0 != 524288
#error "the expansion went wrong"
#endif
)CL";
/// The input of test/rewrite/robustness/fuzz-clang-typo-crash.cl (Sema's typo
/// correction dereferences null), seen by Clang 16 alone: the device's
/// compiler builds the program without it.
const char *const Clang16CrashSource = R"CL(
#if __clang_major__ == 16
ed( ){ }mp_wi(int *p){;mp_w(aed)
#endif
)CL";

const size_t Items = 256, Local = 64;

[[noreturn]] void fail(const std::string &What) {
  std::fprintf(stderr, "layer-lifetimes: FAILED: %s\n", What.c_str());
  std::exit(1);
}

void check(cl_int Status, const std::string &What) {
  if (Status != CL_SUCCESS)
    fail(What + " returned " + std::to_string(Status));
}

struct Session {
  cl_device_id Device = nullptr;
  cl_context Context = nullptr;
  cl_command_queue Queue = nullptr;
  cl_mem Counter = nullptr, Out = nullptr;

  Session() {
    const char *Match = std::getenv("SA_PLATFORM");
    std::string Name = Match && *Match ? Match : "Portable";
    cl_uint Count = 0;
    check(clGetPlatformIDs(0, nullptr, &Count), "clGetPlatformIDs");
    std::vector<cl_platform_id> Platforms(Count);
    check(clGetPlatformIDs(Count, Platforms.data(), nullptr),
          "clGetPlatformIDs");
    for (cl_platform_id Platform : Platforms) {
      char PlatformName[256] = {0};
      clGetPlatformInfo(Platform, CL_PLATFORM_NAME, sizeof PlatformName - 1,
                        PlatformName, nullptr);
      if (std::strstr(PlatformName, Name.c_str()) &&
          clGetDeviceIDs(Platform, CL_DEVICE_TYPE_ALL, 1, &Device, nullptr) ==
              CL_SUCCESS)
        break;
      Device = nullptr;
    }
    if (!Device)
      fail("no OpenCL platform named like '" + Name + "'");
    cl_int Status;
    Context = clCreateContext(nullptr, 1, &Device, nullptr, nullptr, &Status);
    check(Status, "clCreateContext");
    Queue =
        clCreateCommandQueueWithProperties(Context, Device, nullptr, &Status);
    check(Status, "clCreateCommandQueueWithProperties");
    Counter = clCreateBuffer(Context, CL_MEM_READ_WRITE, 4, nullptr, &Status);
    check(Status, "clCreateBuffer");
    Out =
        clCreateBuffer(Context, CL_MEM_READ_WRITE, Items * 4, nullptr, &Status);
    check(Status, "clCreateBuffer");
  }
  ~Session() {
    clReleaseMemObject(Counter);
    clReleaseMemObject(Out);
    clReleaseCommandQueue(Queue);
    clReleaseContext(Context);
  }

  cl_program source(const char *Text) {
    cl_int Status;
    cl_program Program =
        clCreateProgramWithSource(Context, 1, &Text, nullptr, &Status);
    check(Status, "clCreateProgramWithSource");
    return Program;
  }
  void build(cl_program Program, const char *Options) {
    cl_int Status =
        clBuildProgram(Program, 1, &Device, Options, nullptr, nullptr);
    if (Status == CL_SUCCESS)
      return;
    char Log[2048] = {0};
    clGetProgramBuildInfo(Program, Device, CL_PROGRAM_BUILD_LOG, sizeof Log - 1,
                          Log, nullptr);
    fail("clBuildProgram(" + std::string(Options) + ") returned " +
         std::to_string(Status) + ": " + Log);
  }
  cl_kernel kernel(cl_program Program, const char *Name) {
    cl_int Status;
    cl_kernel Kernel = clCreateKernel(Program, Name, &Status);
    check(Status, std::string("clCreateKernel(") + Name + ")");
    return Kernel;
  }

  /// Enqueues count over Items work-items with the counter at zero; the
  /// caller finishes.
  void launchCount(cl_kernel Count) {
    cl_uint Zero = 0;
    check(clEnqueueWriteBuffer(Queue, Counter, CL_TRUE, 0, 4, &Zero, 0, nullptr,
                               nullptr),
          "clEnqueueWriteBuffer");
    check(clSetKernelArg(Count, 0, sizeof Counter, &Counter),
          "clSetKernelArg(count, 0)");
    check(clSetKernelArg(Count, 1, sizeof Out, &Out),
          "clSetKernelArg(count, 1)");
    check(clEnqueueNDRangeKernel(Queue, Count, 1, nullptr, &Items, &Local, 0,
                                 nullptr, nullptr),
          "clEnqueueNDRangeKernel(count)");
  }
  /// The counter after a finished launch of count, which must be
  /// Items * Step.
  void expectCounted(cl_uint Step, const std::string &What) {
    cl_uint Total = 0;
    check(clEnqueueReadBuffer(Queue, Counter, CL_TRUE, 0, 4, &Total, 0, nullptr,
                              nullptr),
          "clEnqueueReadBuffer");
    if (Total != Items * Step)
      fail(What + ": count added " + std::to_string(Total) + ", expected " +
           std::to_string(Items * Step) + " (a step of " +
           std::to_string(Step) + ")");
  }
  void runCount(cl_kernel Count, cl_uint Step, const std::string &What) {
    launchCount(Count);
    check(clFinish(Queue), "clFinish");
    expectCounted(Step, What);
  }
};

cl_uint kernelArgs(cl_kernel Kernel) {
  cl_uint Args = 0;
  check(
      clGetKernelInfo(Kernel, CL_KERNEL_NUM_ARGS, sizeof Args, &Args, nullptr),
      "clGetKernelInfo(CL_KERNEL_NUM_ARGS)");
  return Args;
}

/// fill, freshly created from \p Program: its own queries, all three of its
/// arguments, and its launch.
void checkFill(Session &S, cl_program Program, cl_kernel Fill, int Round) {
  std::string What = "round " + std::to_string(Round) + ": fill";
  if (kernelArgs(Fill) != 3)
    fail(What + ": CL_KERNEL_NUM_ARGS is " + std::to_string(kernelArgs(Fill)) +
         ", not 3");
  cl_program Owner = nullptr;
  check(clGetKernelInfo(Fill, CL_KERNEL_PROGRAM, sizeof Owner, &Owner, nullptr),
        "clGetKernelInfo(CL_KERNEL_PROGRAM)");
  if (Owner != Program)
    fail(What + ": CL_KERNEL_PROGRAM is not its program");
  cl_uint V = 40, W = 2 + Round;
  check(clSetKernelArg(Fill, 0, sizeof S.Out, &S.Out), What + ": argument 0");
  check(clSetKernelArg(Fill, 1, sizeof V, &V), What + ": argument 1");
  check(clSetKernelArg(Fill, 2, sizeof W, &W), What + ": argument 2");
  check(clEnqueueNDRangeKernel(S.Queue, Fill, 1, nullptr, &Items, &Local, 0,
                               nullptr, nullptr),
        What + ": clEnqueueNDRangeKernel");
  std::vector<cl_uint> Out(Items);
  check(clEnqueueReadBuffer(S.Queue, S.Out, CL_TRUE, 0, Items * 4, Out.data(),
                            0, nullptr, nullptr),
        "clEnqueueReadBuffer");
  for (cl_uint Value : Out)
    if (Value != V + W)
      fail(What + ": wrote " + std::to_string(Value) + ", not " +
           std::to_string(V + W));
}

void kernelHandleReuse(Session &S) {
  cl_program Program = S.source(StepSource);
  S.build(Program, "-DSTEP=1");
  for (int Round = 0; Round < 40; ++Round) {
    // Released while its launch may run: the driver still holds it.
    cl_kernel Count = S.kernel(Program, "count");
    S.launchCount(Count);
    check(clReleaseKernel(Count), "clReleaseKernel(count)");
    check(clFinish(S.Queue), "clFinish");
    S.expectCounted(1, "round " + std::to_string(Round));
    // Retained and released by the application: its own count says when.
    cl_kernel Kept = S.kernel(Program, "count");
    check(clRetainKernel(Kept), "clRetainKernel");
    check(clReleaseKernel(Kept), "clReleaseKernel");
    S.runCount(Kept, 1, "round " + std::to_string(Round) + ", retained");
    check(clReleaseKernel(Kept), "clReleaseKernel");
    cl_kernel Fill = S.kernel(Program, "fill");
    checkFill(S, Program, Fill, Round);
    check(clReleaseKernel(Fill), "clReleaseKernel(fill)");
  }
  check(clReleaseProgram(Program), "clReleaseProgram");
}

/// The binary of \p Text built for \p S's device.
std::vector<unsigned char> programBinary(Session &S, const char *Text) {
  cl_program Program = S.source(Text);
  S.build(Program, "");
  size_t Size = 0;
  check(clGetProgramInfo(Program, CL_PROGRAM_BINARY_SIZES, sizeof Size, &Size,
                         nullptr),
        "clGetProgramInfo(CL_PROGRAM_BINARY_SIZES)");
  std::vector<unsigned char> Binary(Size);
  unsigned char *Data = Binary.data();
  check(clGetProgramInfo(Program, CL_PROGRAM_BINARIES, sizeof Data, &Data,
                         nullptr),
        "clGetProgramInfo(CL_PROGRAM_BINARIES)");
  check(clReleaseProgram(Program), "clReleaseProgram");
  return Binary;
}

void programHandleReuse(Session &S) {
  std::vector<unsigned char> Three = programBinary(S, ThreeSource);
  for (int Round = 0; Round < 20; ++Round) {
    // The application lets go of the program first; its kernel keeps it
    // until the kernel goes.
    cl_program Stepping = S.source(StepSource);
    S.build(Stepping, "-DSTEP=1");
    cl_kernel Fill = S.kernel(Stepping, "fill");
    cl_kernel Count = S.kernel(Stepping, "count");
    check(clRetainProgram(Stepping), "clRetainProgram");
    check(clReleaseProgram(Stepping), "clReleaseProgram");
    check(clReleaseProgram(Stepping), "clReleaseProgram");
    S.runCount(Count, 1, "round " + std::to_string(Round));
    check(clReleaseKernel(Count), "clReleaseKernel(count)");
    checkFill(S, Stepping, Fill, Round);
    check(clReleaseKernel(Fill), "clReleaseKernel(fill)");
    // Programs that are not from source: their own code, never a
    // rewrite of another program's source.
    const unsigned char *Binary = Three.data();
    size_t Size = Three.size();
    cl_int Status;
    cl_program FromBinary = clCreateProgramWithBinary(
        S.Context, 1, &S.Device, &Size, &Binary, nullptr, &Status);
    check(Status, "clCreateProgramWithBinary");
    S.build(FromBinary, "-DSTEP=1");
    cl_kernel Native = S.kernel(FromBinary, "count");
    S.runCount(Native, 3, "round " + std::to_string(Round) + ", from binary");
    check(clReleaseKernel(Native), "clReleaseKernel");
    check(clReleaseProgram(FromBinary), "clReleaseProgram");
  }
}

void rebuildAfterRelease(Session &S) {
  cl_program Program = S.source(StepSource);
  S.build(Program, "-DSTEP=1");
  for (int Round = 0; Round < 30; ++Round) {
    cl_kernel Count = S.kernel(Program, "count");
    S.runCount(Count, 1, "round " + std::to_string(Round));
    check(clReleaseKernel(Count), "clReleaseKernel");
    // No kernel of the application's is left: a rebuild is allowed.
    cl_int Status =
        clBuildProgram(Program, 1, &S.Device, "-DSTEP=1", nullptr, nullptr);
    if (Status != CL_SUCCESS)
      fail("round " + std::to_string(Round) +
           ": clBuildProgram after the last kernel was released returned " +
           std::to_string(Status));
  }
  check(clReleaseProgram(Program), "clReleaseProgram");
}

void failedBuildKeepsKernels(Session &S) {
  cl_program Program = S.source(StepSource);
  S.build(Program, "-DSTEP=1");
  cl_kernel Attached = S.kernel(Program, "count");
  // A kernel is attached: the rebuild fails, and the program keeps its
  // build of STEP 1.
  cl_int Status =
      clBuildProgram(Program, 1, &S.Device, "-DSTEP=2", nullptr, nullptr);
  if (Status != CL_INVALID_OPERATION)
    fail("clBuildProgram with a kernel attached returned " +
         std::to_string(Status) + ", not CL_INVALID_OPERATION");
  cl_kernel After = S.kernel(Program, "count");
  S.runCount(After, 1, "a kernel created after the failed rebuild");
  S.runCount(Attached, 1, "the kernel created before it");
  check(clReleaseKernel(After), "clReleaseKernel");
  check(clReleaseKernel(Attached), "clReleaseKernel");
  // With no kernel left, the rebuild succeeds and new kernels run it.
  S.build(Program, "-DSTEP=2");
  cl_kernel Rebuilt = S.kernel(Program, "count");
  S.runCount(Rebuilt, 2, "a kernel of the successful rebuild");
  check(clReleaseKernel(Rebuilt), "clReleaseKernel");
  check(clReleaseProgram(Program), "clReleaseProgram");
}

void cl20RuntimeBuilds(Session &S) {
  cl_program Program = S.source(StepSource);
  S.build(Program, "-DSTEP=1 -cl-std=CL2.0");
  cl_kernel Count = S.kernel(Program, "count");
  S.runCount(Count, 1, "built with -cl-std=CL2.0");
  check(clReleaseKernel(Count), "clReleaseKernel");
  check(clReleaseProgram(Program), "clReleaseProgram");
}

void cl20OwnBuildFails(Session &S) {
  cl_program Program = S.source(Cl20Source);
  cl_int Status =
      clBuildProgram(Program, 1, &S.Device, "-cl-std=CL2.0", nullptr, nullptr);
  if (Status != CL_SUCCESS) {
    std::printf("layer-lifetimes: the application's build failed: %d\n",
                Status);
  } else {
    cl_kernel Count = S.kernel(Program, "count");
    S.runCount(Count, 1, "OpenCL 2.0 atomics");
    check(clReleaseKernel(Count), "clReleaseKernel");
  }
  check(clReleaseProgram(Program), "clReleaseProgram");
}

/// CL_DEVICE_EXTENSIONS of \p Device, one name each.
std::vector<std::string> deviceExtensions(cl_device_id Device) {
  size_t Size = 0;
  check(clGetDeviceInfo(Device, CL_DEVICE_EXTENSIONS, 0, nullptr, &Size),
        "clGetDeviceInfo(CL_DEVICE_EXTENSIONS)");
  std::string Text(Size, '\0');
  check(clGetDeviceInfo(Device, CL_DEVICE_EXTENSIONS, Size, &Text[0], nullptr),
        "clGetDeviceInfo(CL_DEVICE_EXTENSIONS)");
  std::vector<std::string> Names;
  std::string Name;
  for (char C : Text + " ") {
    if (C != ' ' && C != '\0') {
      Name += C;
    } else if (!Name.empty()) {
      Names.push_back(Name);
      Name.clear();
    }
  }
  return Names;
}

/// count of \p Prefix then StepSource, built with STEP 1 and run.
void runStepAfter(Session &S, const std::string &Prefix,
                  const std::string &What) {
  std::string Source = Prefix + StepSource;
  cl_program Program = S.source(Source.c_str());
  S.build(Program, "-DSTEP=1");
  cl_kernel Count = S.kernel(Program, "count");
  S.runCount(Count, 1, What);
  check(clReleaseKernel(Count), "clReleaseKernel");
  check(clReleaseProgram(Program), "clReleaseProgram");
}

void deviceProfile(Session &S) {
  // The layer's rewrite must see what the device's compiler defines, or it
  // stops at an #error too (and the program runs natively).
  std::string Source = "#ifndef __OPENCL_VERSION__\n#error \"no "
                       "__OPENCL_VERSION__\"\n#endif\n";
  std::vector<std::string> Extensions = deviceExtensions(S.Device);
  for (const std::string &Name : Extensions)
    if (Name.rfind("cl_khr_", 0) == 0)
      Source += "#ifndef " + Name + "\n#error \"no " + Name + "\"\n#endif\n";
  for (const char *Vendor : {"cl_amd_media_ops", "cl_intel_subgroups"})
    if (std::find(Extensions.begin(), Extensions.end(), Vendor) ==
        Extensions.end())
      Source += std::string("#ifdef ") + Vendor + "\n#error \"" + Vendor +
                "\"\n#endif\n";
  runStepAfter(S, Source, "a program that needs the device's profile");
}

void deepMacroExpansion(Session &S) {
  runStepAfter(S, DeepMacroSource, "a program of a deep macro expansion");
}

void clang16Crash(Session &S) {
  runStepAfter(S, Clang16CrashSource, "a program that crashes Clang 16");
}

/// Whether the layer is loaded, preloaded or as an OpenCL layer.
bool underLayer() {
  for (const char *Variable : {"LD_PRELOAD", "OPENCL_LAYERS"})
    if (const char *Value = std::getenv(Variable))
      if (std::strstr(Value, "softatomic-layer"))
        return true;
  return false;
}

/// Runs \p Call (an OpenCL call to \p EntryPoint, giving its status) while
/// every operator new fails, with stderr in a file. No exception may come
/// out of it; natively it succeeds; under the layer it returns
/// CL_OUT_OF_HOST_MEMORY and stderr has the layer's one line for it.
template <typename CallFn>
void expectOutOfHostMemory(const char *EntryPoint, CallFn Call) {
  std::fflush(stderr);
  std::FILE *Captured = std::tmpfile();
  if (!Captured)
    fail("tmpfile");
  int Saved = dup(2);
  dup2(fileno(Captured), 2);
  cl_int Status = CL_SUCCESS;
  bool Threw = false;
  FailAllocations = true;
  try {
    Status = Call();
  } catch (...) {
    Threw = true;
  }
  FailAllocations = false;
  std::fflush(stderr);
  dup2(Saved, 2);
  close(Saved);
  std::string Said;
  std::rewind(Captured);
  char Buffer[512];
  for (size_t N; (N = std::fread(Buffer, 1, sizeof Buffer, Captured)) > 0;)
    Said.append(Buffer, N);
  std::fclose(Captured);

  std::string What = std::string(EntryPoint) + " without memory";
  if (Threw)
    fail(What + ": a C++ exception came out of the OpenCL call");
  bool Layer = underLayer();
  cl_int Expected = Layer ? CL_OUT_OF_HOST_MEMORY : CL_SUCCESS;
  if (Status != Expected)
    fail(What + " returned " + std::to_string(Status) + ", expected " +
         std::to_string(Expected));
  std::string Line = std::string("softatomic-layer: ") + EntryPoint +
                     ": std::bad_alloc; returned ";
  size_t First = Said.find(Line);
  bool Once = First != std::string::npos &&
              Said.find(Line, First + 1) == std::string::npos;
  if (Layer != Once)
    fail(What + ": stderr has " + (Layer ? "not exactly one" : "a") +
         " line '" + Line + "...': '" + Said + "'");
}

void outOfHostMemory(Session &S) {
  cl_program Program = S.source(StepSource);
  S.build(Program, "-DSTEP=1");
  cl_kernel Count = S.kernel(Program, "count");
  expectOutOfHostMemory("clCreateKernel", [&] {
    cl_int Status = CL_SUCCESS;
    cl_kernel Created = clCreateKernel(Program, "count", &Status);
    if (Created)
      clReleaseKernel(Created);
    else if (Status == CL_SUCCESS)
      Status = CL_INVALID_VALUE; // null without an error: wrong either way
    return Status;
  });
  expectOutOfHostMemory("clCreateKernelsInProgram", [&] {
    cl_kernel Kernels[2] = {nullptr, nullptr};
    cl_uint Created = 0;
    cl_int Status = clCreateKernelsInProgram(Program, 2, Kernels, &Created);
    for (cl_uint I = 0; Status == CL_SUCCESS && I < Created; ++I)
      clReleaseKernel(Kernels[I]);
    return Status;
  });
  expectOutOfHostMemory("clCloneKernel", [&] {
    cl_int Status = CL_SUCCESS;
    cl_kernel Clone = clCloneKernel(Count, &Status);
    if (Clone)
      clReleaseKernel(Clone);
    else if (Status == CL_SUCCESS)
      Status = CL_INVALID_VALUE;
    return Status;
  });
  // The layer goes on: the kernel from before, and one created now.
  S.runCount(Count, 1, "the kernel created before");
  cl_kernel After = S.kernel(Program, "count");
  S.runCount(After, 1, "a kernel created after the calls without memory");
  check(clReleaseKernel(After), "clReleaseKernel");
  check(clReleaseKernel(Count), "clReleaseKernel");
  check(clReleaseProgram(Program), "clReleaseProgram");
}

} // namespace

/// A buffer of \p Words words, holding \p Init if given, else zeros.
cl_mem wordBuffer(Session &S, size_t Words, const cl_uint *Init = nullptr) {
  std::vector<cl_uint> Zeros;
  if (!Init) {
    Zeros.assign(Words, 0);
    Init = Zeros.data();
  }
  cl_int Status;
  cl_mem Buffer =
      clCreateBuffer(S.Context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR,
                     Words * 4, const_cast<cl_uint *>(Init), &Status);
  check(Status, "clCreateBuffer");
  return Buffer;
}

void groupsWaitInOrder(Session &S) {
  const size_t Groups = 1024, GroupItems = 64, All = Groups * GroupItems;
  std::vector<cl_uint> In(All), Expected(All);
  for (size_t I = 0; I < All; ++I)
    In[I] = (cl_uint)((I * 2654435761u) >> 24) % 100u;
  for (size_t G = 0, Before = 0; G < Groups; ++G) {
    for (size_t I = 0; I < GroupItems; ++I)
      Expected[G * GroupItems + I] = (cl_uint)Before;
    for (size_t I = 0; I < GroupItems; ++I)
      Before += In[G * GroupItems + I];
  }
  // The execution test's kernel (its comments and RUN lines are comments).
  std::ifstream File(CHAINED_SCAN_SOURCE);
  std::string Source((std::istreambuf_iterator<char>(File)),
                     std::istreambuf_iterator<char>());
  if (Source.empty())
    fail("cannot read " + std::string(CHAINED_SCAN_SOURCE));
  cl_program Program = S.source(Source.c_str());
  S.build(Program, "");
  cl_kernel Scan = S.kernel(Program, "chained_scan");
  cl_mem Input = wordBuffer(S, All, In.data());
  for (int Launch = 0; Launch < 6; ++Launch) {
    std::string What = "chained_scan, launch " + std::to_string(Launch);
    cl_mem Flags = wordBuffer(S, Groups), Prefix = wordBuffer(S, Groups),
           Out = wordBuffer(S, All), Count = wordBuffer(S, 1);
    cl_mem Args[] = {Input, Flags, Prefix, Out, Count};
    for (cl_uint A = 0; A < 5; ++A)
      check(clSetKernelArg(Scan, A, sizeof(cl_mem), &Args[A]),
            What + ": clSetKernelArg");
    check(clEnqueueNDRangeKernel(S.Queue, Scan, 1, nullptr, &All, &GroupItems,
                                 0, nullptr, nullptr),
          What + ": clEnqueueNDRangeKernel");
    std::vector<cl_uint> Got(All);
    check(clEnqueueReadBuffer(S.Queue, Out, CL_TRUE, 0, All * 4, Got.data(), 0,
                              nullptr, nullptr),
          What + ": clEnqueueReadBuffer");
    for (size_t I = 0; I < All; ++I)
      if (Got[I] != Expected[I])
        fail(What + ": out[" + std::to_string(I) + "] is " +
             std::to_string(Got[I]) + ", expected " +
             std::to_string(Expected[I]));
    for (cl_mem Buffer : {Flags, Prefix, Out, Count})
      clReleaseMemObject(Buffer);
  }
  clReleaseMemObject(Input);
  clReleaseKernel(Scan);
  clReleaseProgram(Program);
}

/// How the counter is read back in readAfterFailure: from the buffer, a
/// rectangle of it, a map of it, or an image the counter is copied into
/// (read or mapped).
enum class ReadBack { Read, ReadRect, Map, ReadImage, MapImage };
const char *const ReadBackNames[] = {
    "clEnqueueReadBuffer", "clEnqueueReadBufferRect", "clEnqueueMapBuffer",
    "clEnqueueReadImage", "clEnqueueMapImage"};

/// A 1x1 image of one uint that holds a copy of \p Buffer's first word,
/// enqueued after what is on the queue.
cl_mem imageOfWord(Session &S, cl_mem Buffer) {
  cl_image_format Format = {CL_R, CL_UNSIGNED_INT32};
  cl_image_desc Desc = {};
  Desc.image_type = CL_MEM_OBJECT_IMAGE2D;
  Desc.image_width = Desc.image_height = 1;
  cl_int Status;
  cl_mem Image = clCreateImage(S.Context, CL_MEM_READ_WRITE, &Format, &Desc,
                               nullptr, &Status);
  check(Status, "clCreateImage");
  const size_t Origin[3] = {0, 0, 0}, Region[3] = {1, 1, 1};
  check(clEnqueueCopyBufferToImage(S.Queue, Buffer, Image, 0, Origin, Region, 0,
                                   nullptr, nullptr),
        "clEnqueueCopyBufferToImage");
  return Image;
}

/// \p How's read of the one-word \p Buffer (or \p Image) into \p Value,
/// blocking or, with \p Event, not: the caller waits for the event, and
/// calls \p Unmap after, for a map.
cl_int readCounter(Session &S, cl_mem Buffer, cl_mem Image, ReadBack How,
                   cl_uint &Value, cl_event *Event, void *&Mapped) {
  cl_bool Blocking = Event ? CL_FALSE : CL_TRUE;
  const size_t Origin[3] = {0, 0, 0}, Region[3] = {4, 1, 1},
               Pixel[3] = {1, 1, 1};
  cl_int Status = CL_SUCCESS;
  switch (How) {
  case ReadBack::Read:
    return clEnqueueReadBuffer(S.Queue, Buffer, Blocking, 0, 4, &Value, 0,
                               nullptr, Event);
  case ReadBack::ReadRect:
    return clEnqueueReadBufferRect(S.Queue, Buffer, Blocking, Origin, Origin,
                                   Region, 0, 0, 0, 0, &Value, 0, nullptr,
                                   Event);
  case ReadBack::ReadImage:
    return clEnqueueReadImage(S.Queue, Image, Blocking, Origin, Pixel, 0, 0,
                              &Value, 0, nullptr, Event);
  case ReadBack::Map:
    Mapped = clEnqueueMapBuffer(S.Queue, Buffer, Blocking, CL_MAP_READ, 0, 4, 0,
                                nullptr, Event, &Status);
    break;
  case ReadBack::MapImage: {
    size_t RowPitch = 0;
    Mapped =
        clEnqueueMapImage(S.Queue, Image, Blocking, CL_MAP_READ, Origin, Pixel,
                          &RowPitch, nullptr, 0, nullptr, Event, &Status);
    break;
  }
  }
  if (!Mapped)
    return Status == CL_SUCCESS ? CL_INVALID_VALUE : Status;
  return Status;
}

/// Takes the word a map of \p Memory gave and unmaps it.
void unmapCounter(Session &S, cl_mem Memory, void *Mapped, cl_uint &Value) {
  std::memcpy(&Value, Mapped, 4);
  check(clEnqueueUnmapMemObject(S.Queue, Memory, Mapped, 0, nullptr, nullptr),
        "clEnqueueUnmapMemObject");
}

/// A read after a launch that failed on the device reports the failure:
/// its data are not the launch's results. A blocking read or map returns
/// it; a non-blocking one (\p Blocking false) succeeds, and then a wait
/// for its event returns CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST and
/// the event's status is CL_OUT_OF_RESOURCES.
void readsAfterFailure(Session &S, bool Blocking) {
  const size_t All = 65536;
  cl_program Program = S.source(StepSource);
  S.build(Program, "-DSTEP=1");
  cl_kernel Count = S.kernel(Program, "count");
  for (ReadBack How : {ReadBack::Read, ReadBack::ReadRect, ReadBack::Map,
                       ReadBack::ReadImage, ReadBack::MapImage}) {
    std::string What = ReadBackNames[(int)How];
    if (!Blocking)
      What += " (non-blocking)";
    cl_mem Counter = wordBuffer(S, 1), Old = wordBuffer(S, All);
    check(clSetKernelArg(Count, 0, sizeof Counter, &Counter), "clSetKernelArg");
    check(clSetKernelArg(Count, 1, sizeof Old, &Old), "clSetKernelArg");
    check(clEnqueueNDRangeKernel(S.Queue, Count, 1, nullptr, &All, &Local, 0,
                                 nullptr, nullptr),
          What + ": clEnqueueNDRangeKernel");
    bool OfImage = How == ReadBack::ReadImage || How == ReadBack::MapImage;
    cl_mem Image = OfImage ? imageOfWord(S, Counter) : nullptr;
    cl_uint Value = 0;
    void *Mapped = nullptr;
    cl_event Event = nullptr;
    cl_int Status = readCounter(S, Counter, Image, How, Value,
                                Blocking ? nullptr : &Event, Mapped);
    if (!Blocking) {
      check(Status, What);
      cl_int Waited = clWaitForEvents(1, &Event);
      cl_int Execution = CL_QUEUED;
      check(clGetEventInfo(Event, CL_EVENT_COMMAND_EXECUTION_STATUS,
                           sizeof Execution, &Execution, nullptr),
            What + ": clGetEventInfo");
      clReleaseEvent(Event);
      if (Waited == CL_SUCCESS && Execution != CL_COMPLETE)
        fail(What + ": the wait succeeded, the event's status is " +
             std::to_string(Execution));
      if (Waited == CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST &&
          Execution != CL_OUT_OF_RESOURCES)
        fail(What + ": the wait failed, the event's status is " +
             std::to_string(Execution));
      Status = Waited == CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST
                   ? CL_OUT_OF_RESOURCES
                   : Waited;
    }
    if (Mapped)
      unmapCounter(S, OfImage ? Image : Counter, Mapped, Value);
    if (Status == CL_SUCCESS && Value != All)
      fail(What + " succeeded with count " + std::to_string(Value) +
           ", expected " + std::to_string(All));
    if (Status != CL_SUCCESS && Status != CL_OUT_OF_RESOURCES)
      fail(What + " returned " + std::to_string(Status));
    cl_int Finished = clFinish(S.Queue);
    if (Finished != Status)
      fail("clFinish after " + What + " returned " + std::to_string(Finished) +
           ", " + What + " " + std::to_string(Status));
    if (Image)
      clReleaseMemObject(Image);
    clReleaseMemObject(Counter);
    clReleaseMemObject(Old);
  }
  clReleaseKernel(Count);
  clReleaseProgram(Program);
}

void readAfterFailure(Session &S) { readsAfterFailure(S, /*Blocking=*/true); }
void nonBlockingReadAfterFailure(Session &S) {
  readsAfterFailure(S, /*Blocking=*/false);
}

/// A forked child's exit leaves the profile to its parent: the file does
/// not exist (removed first) after the child has exited.
const char *const FloatSumsSource = R"CL(
void add_float(volatile __global float *p, float v) {
  volatile __global uint *bits = (volatile __global uint *)p;
  uint old, next;
  do {
    old = *bits;
    next = as_uint(as_float(old) + v);
  } while (atomic_cmpxchg(bits, old, next) != old);
}
__kernel void scatter_add(__global const float *vals,
                          __global const uint *idx, __global float *sums) {
  uint i = (uint)get_global_id(0);
  add_float(&sums[idx[i]], vals[i]);
}
)CL";

/// The float sums' operands: k * 2^e, |k| < 2^12, e in [-20, 10], each a
/// whole number of 2^-20 (Units), so that their sums are exact in 64-bit
/// integers; a float sum of them in any order rounds on the way.
struct FloatSums {
  static constexpr size_t Adds = 16384, Sums = 4;
  std::vector<float> Vals;
  std::vector<cl_uint> Idx;
  std::vector<long long> Units = std::vector<long long>(Sums, 0);

  FloatSums() {
    unsigned long long Seed = 12345;
    for (size_t I = 0; I < Adds; ++I) {
      Seed = Seed * 6364136223846793005ull + 1442695040888963407ull;
      long long K = (long long)(Seed >> 40) % 4095 - 2047;
      int E = (int)((Seed >> 20) % 31) - 20;
      Vals.push_back(std::ldexp((float)K, E));
      Idx.push_back((cl_uint)((Seed >> 8) % Sums));
      Units[Idx.back()] += K * (1ll << (E + 20));
    }
  }
  /// The correctly rounded sum: one rounding, the conversion.
  float exact(size_t Sum) const { return std::ldexp((float)Units[Sum], -20); }
};

/// Whether one launch at \p Local left every sum correctly rounded.
bool floatSumsExact(Session &S, cl_kernel Kernel, const FloatSums &F,
                    size_t Local) {
  cl_int Status;
  auto buffer = [&](size_t Bytes, const void *Host) {
    cl_mem M =
        clCreateBuffer(S.Context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR,
                       Bytes, const_cast<void *>(Host), &Status);
    check(Status, "clCreateBuffer");
    return M;
  };
  std::vector<float> Sums(FloatSums::Sums, 0.0f);
  cl_mem Mems[] = {buffer(F.Adds * 4, F.Vals.data()),
                   buffer(F.Adds * 4, F.Idx.data()),
                   buffer(Sums.size() * 4, Sums.data())};
  for (cl_uint A = 0; A < 3; ++A)
    check(clSetKernelArg(Kernel, A, sizeof(cl_mem), &Mems[A]),
          "clSetKernelArg(scatter_add)");
  check(clEnqueueNDRangeKernel(S.Queue, Kernel, 1, nullptr, &F.Adds, &Local, 0,
                               nullptr, nullptr),
        "clEnqueueNDRangeKernel(scatter_add)");
  check(clEnqueueReadBuffer(S.Queue, Mems[2], CL_TRUE, 0, Sums.size() * 4,
                            Sums.data(), 0, nullptr, nullptr),
        "clEnqueueReadBuffer(sums)");
  for (cl_mem M : Mems)
    clReleaseMemObject(M);
  bool Exact = true;
  for (size_t I = 0; I < Sums.size(); ++I) {
    float Want = F.exact(I);
    Exact = Exact && std::memcmp(&Sums[I], &Want, sizeof Want) == 0;
  }
  return Exact;
}

void floatSums(Session &S) {
  cl_program Program = S.source(FloatSumsSource);
  S.build(Program, "");
  cl_kernel Kernel = S.kernel(Program, "scatter_add");
  FloatSums F;
  int Exact = 0, Runs = 0;
  for (size_t Local : {64, 128})
    for (int Round = 0; Round < 3; ++Round, ++Runs)
      Exact += floatSumsExact(S, Kernel, F, Local);
  clReleaseKernel(Kernel);
  clReleaseProgram(Program);
  std::printf("layer-lifetimes: float sums: %d of %d launches correctly "
              "rounded\n",
              Exact, Runs);
  const char *Options = std::getenv("SOFTATOMIC_LAYER_OPTIONS");
  if (underLayer() && Options && std::strstr(Options, "reproducible") &&
      Exact != Runs)
    fail("reproducible float adds: " + std::to_string(Runs - Exact) + " of " +
         std::to_string(Runs) + " launches left other sums");
}

void forkChildExits(Session &S) {
  const char *Profile = std::getenv("SOFTATOMIC_PROFILE");
  if (Profile)
    std::remove(Profile);
  cl_program Program = S.source(StepSource);
  S.build(Program, "-DSTEP=1");
  cl_kernel Count = S.kernel(Program, "count");
  S.runCount(Count, 1, "count before the fork");
  std::fflush(nullptr); // the child's exit flushes nothing twice
  pid_t Child = fork();
  if (Child < 0)
    fail("fork failed");
  if (Child == 0)
    std::exit(0);
  int ChildStatus = 0;
  if (waitpid(Child, &ChildStatus, 0) != Child || !WIFEXITED(ChildStatus) ||
      WEXITSTATUS(ChildStatus) != 0)
    fail("the forked child did not exit with 0");
  if (Profile && access(Profile, F_OK) == 0)
    fail(std::string("the forked child's exit wrote the profile ") + Profile);
  clReleaseKernel(Count);
  clReleaseProgram(Program);
}

int main(int argc, char **argv) {
  struct Scenario {
    const char *Name;
    void (*Run)(Session &);
  } const Scenarios[] = {
      {"kernel-handle-reuse", kernelHandleReuse},
      {"program-handle-reuse", programHandleReuse},
      {"rebuild-after-release", rebuildAfterRelease},
      {"failed-build-keeps-kernels", failedBuildKeepsKernels},
      {"cl20-runtime-builds", cl20RuntimeBuilds},
      {"cl20-own-build-fails", cl20OwnBuildFails},
      {"device-profile", deviceProfile},
      {"out-of-host-memory", outOfHostMemory},
      {"groups-wait-in-order", groupsWaitInOrder},
      {"deep-macro-expansion", deepMacroExpansion},
      {"clang16-crash", clang16Crash},
      {"read-after-failure", readAfterFailure},
      {"nonblocking-read-after-failure", nonBlockingReadAfterFailure},
      {"fork-child-exits", forkChildExits},
      {"float-sums", floatSums},
  };
  if (argc != 2)
    fail("usage: layer-lifetimes SCENARIO");
  for (const Scenario &Each : Scenarios)
    if (std::strcmp(argv[1], Each.Name) == 0) {
      {
        Session S;
        Each.Run(S);
      }
      std::printf("layer-lifetimes: OK\n");
      return 0;
    }
  fail(std::string("no scenario '") + argv[1] + "'");
}
