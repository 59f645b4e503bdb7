// The host runtime's C API on a real OpenCL device (SA_PLATFORM / SA_DEVICE
// choose it; PoCL by default): pass-through, manifest discovery and
// registration, local-size choice, errors, device-side failure reporting,
// many launches and concurrent launches, the combining mode, and that a
// launch keeps nothing of the application's alive.
#define CL_TARGET_OPENCL_VERSION 300      // clSetContextDestructorCallback
#define CL_USE_DEPRECATED_OPENCL_1_2_APIS // clCreateCommandQueue, as 1.2 code
                                          // has it
#include "ClSession.h"
#include "softatomic/softatomic.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <functional>
#include <map>
#include <string>
#include <thread>
#include <vector>

using namespace softatomic;

namespace {

class HostRuntime : public ::testing::Test {
protected:
  ClSession S;
  cl_program Original = nullptr, Rewritten = nullptr;
  cl_program Combining = nullptr; ///< built by combiningCount()

  void SetUp() override {
    // The tests here are of the software launch, in the paper's mode unless
    // they choose another (saSetMode, or SOFTATOMIC_MODE set first by
    // HostRuntimeWithEnvironment); HostRuntimeDefaults has the default.
    setenv("SOFTATOMIC_MODE", "coordinator", /*overwrite=*/0);
    std::string Error;
    ASSERT_TRUE(S.open("", "", Error)) << Error;
    Original = S.build(API_KERNELS, "", Error);
    ASSERT_NE(Original, nullptr) << Error;
    Rewritten = S.build(API_KERNELS_SA, "", Error);
    ASSERT_NE(Rewritten, nullptr) << Error;
  }
  void TearDown() override {
    if (Original)
      clReleaseProgram(Original);
    if (Rewritten)
      clReleaseProgram(Rewritten);
    if (Combining)
      clReleaseProgram(Combining);
  }

  /// count, rewritten with --combine-mode (both modes compiled in); null
  /// (and a failure) if its program does not build.
  cl_kernel combiningCount() {
    std::string Error;
    if (!Combining)
      Combining = S.build(API_KERNELS_COMBINE, "", Error);
    EXPECT_NE(Combining, nullptr) << Error;
    return Combining ? kernel(Combining, "count") : nullptr;
  }

  cl_kernel kernel(cl_program P, const char *Name) {
    cl_int Err = CL_SUCCESS;
    cl_kernel K = clCreateKernel(P, Name, &Err);
    EXPECT_EQ(Err, CL_SUCCESS) << Name;
    return K;
  }
  cl_mem buffer(size_t Words, cl_uint Fill = 0) {
    std::vector<cl_uint> Init(Words, Fill);
    cl_int Err = CL_SUCCESS;
    cl_mem M =
        clCreateBuffer(S.Context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR,
                       Words * sizeof(cl_uint), Init.data(), &Err);
    EXPECT_EQ(Err, CL_SUCCESS);
    return M;
  }
  std::vector<cl_uint> read(cl_mem M, size_t Words) {
    std::vector<cl_uint> V(Words);
    EXPECT_EQ(clEnqueueReadBuffer(S.Queue, M, CL_TRUE, 0,
                                  Words * sizeof(cl_uint), V.data(), 0, nullptr,
                                  nullptr),
              CL_SUCCESS);
    return V;
  }
  /// Sets K's two buffer arguments and launches it over N items with no
  /// local size, as the caller's choice is left to the runtime.
  cl_int launchWithoutLocalSize(cl_kernel K, size_t N, cl_mem A, cl_mem B) {
    clSetKernelArg(K, 0, sizeof(cl_mem), &A);
    clSetKernelArg(K, 1, sizeof(cl_mem), &B);
    return saEnqueueNDRangeKernel(S.Queue, K, 1, nullptr, &N, nullptr, 0,
                                  nullptr, nullptr);
  }
  /// Launches count over N items and checks the permutation of old values.
  void countAndCheck(cl_kernel K, size_t N, size_t Local, cl_command_queue Q) {
    cl_mem C = buffer(1), Old = buffer(N);
    clSetKernelArg(K, 0, sizeof(cl_mem), &C);
    clSetKernelArg(K, 1, sizeof(cl_mem), &Old);
    ASSERT_EQ(saEnqueueNDRangeKernel(Q, K, 1, nullptr, &N, &Local, 0, nullptr,
                                     nullptr),
              CL_SUCCESS)
        << saGetLastErrorMessage();
    ASSERT_EQ(saFinish(Q), CL_SUCCESS) << saGetLastErrorMessage();
    std::vector<cl_uint> V(N);
    clEnqueueReadBuffer(Q, Old, CL_TRUE, 0, N * sizeof(cl_uint), V.data(), 0,
                        nullptr, nullptr);
    std::sort(V.begin(), V.end());
    for (size_t I = 0; I < N; ++I)
      ASSERT_EQ(V[I], I);
    clReleaseMemObject(C);
    clReleaseMemObject(Old);
  }
};

/// A test with SOFTATOMIC_* variables of its own. The runtime reads them
/// once per process, at its first call that needs them (SetUp's builds ask
/// it for build options), so they are set before SetUp, and such a test
/// runs only in a process of its own, as ctest runs every test here.
class HostRuntimeWithEnvironment : public HostRuntime {
protected:
  void setUpWith(
      std::initializer_list<std::pair<const char *, const char *>> Variables) {
    if (::testing::UnitTest::GetInstance()->test_to_run_count() != 1)
      GTEST_SKIP()
          << "it sets SOFTATOMIC_* variables, which the runtime reads once per "
             "process: run it alone (--gtest_filter), as ctest does";
    for (const auto &[Name, Value] : Variables)
      setenv(Name, Value, 1);
    HostRuntime::SetUp();
  }
};

/// More co-resident groups than PoCL runs, and short device-side waits:
/// coordinator launches fail on the device (even of one user group, on a
/// loaded machine), and launches in the combining mode, where nothing
/// waits for a coordinator, run.
class HostRuntimeNotCoresident : public HostRuntimeWithEnvironment {
  void SetUp() override {
    setUpWith({{"SOFTATOMIC_MAX_GROUPS", "64"},
               {"SOFTATOMIC_IDLE_LIMIT", "20000"},
               {"SOFTATOMIC_SPIN_LIMIT", "20000"}});
  }
};

TEST(ErrorStrings, NameSoftatomicAndOpenCLCodes) {
  EXPECT_STREQ(saGetErrorString(SA_SPIN_TIMEOUT), "SA_SPIN_TIMEOUT");
  EXPECT_STREQ(saGetErrorString(SA_DEVICE_NOT_SUPPORTED),
               "SA_DEVICE_NOT_SUPPORTED");
  EXPECT_STREQ(saGetErrorString(SA_NO_NATIVE_ATOMICS), "SA_NO_NATIVE_ATOMICS");
  EXPECT_STREQ(saGetErrorString(SA_NO_PROGRESS), "SA_NO_PROGRESS");
  EXPECT_STREQ(saGetErrorString(SA_INVALID_ENVIRONMENT),
               "SA_INVALID_ENVIRONMENT");
  EXPECT_STREQ(saGetErrorString(CL_INVALID_WORK_GROUP_SIZE),
               "CL_INVALID_WORK_GROUP_SIZE");
  EXPECT_STREQ(saGetErrorString(12345), "unknown error code");
}

TEST_F(HostRuntime, FindsTheManifestThroughTheProgramSource) {
  cl_bool Flag = CL_FALSE;
  cl_kernel Count = kernel(Rewritten, "count");
  ASSERT_EQ(saIsKernelRewritten(Count, &Flag), CL_SUCCESS);
  EXPECT_TRUE(Flag);
  cl_kernel Plain = kernel(Rewritten, "plain"); // same program, no atomics
  ASSERT_EQ(saIsKernelRewritten(Plain, &Flag), CL_SUCCESS);
  EXPECT_FALSE(Flag);
  cl_kernel Native = kernel(Original, "count");
  ASSERT_EQ(saIsKernelRewritten(Native, &Flag), CL_SUCCESS);
  EXPECT_FALSE(Flag);
  clReleaseKernel(Count);
  clReleaseKernel(Plain);
  clReleaseKernel(Native);
}

TEST_F(HostRuntime, PassesKernelsThatWereNotRewrittenThrough) {
  cl_kernel Plain = kernel(Rewritten, "plain");
  size_t N = 1000; // no multiple of anything: a rewritten kernel would need one
  cl_mem Out = buffer(N);
  clSetKernelArg(Plain, 0, sizeof(cl_mem), &Out);
  cl_event Done = nullptr;
  ASSERT_EQ(saEnqueueNDRangeKernel(S.Queue, Plain, 1, nullptr, &N, nullptr, 0,
                                   nullptr, &Done),
            CL_SUCCESS);
  ASSERT_NE(Done, nullptr);
  ASSERT_EQ(saFinish(S.Queue), CL_SUCCESS);
  std::vector<cl_uint> V = read(Out, N);
  for (size_t I = 0; I < N; ++I)
    ASSERT_EQ(V[I], 2 * I);
  cl_uint Args = 0;
  clGetKernelInfo(Plain, CL_KERNEL_NUM_ARGS, sizeof(Args), &Args, nullptr);
  EXPECT_EQ(Args, 1u); // untouched kernels keep their signature
  clReleaseEvent(Done);
  clReleaseMemObject(Out);
  clReleaseKernel(Plain);
}

// A program rewritten with --keep-native-on-error keeps kernels native
// beside the rewritten ones: the coordinator's atomics are not atomic with
// theirs, so its kernels are refused that mode, and run in the others.
TEST_F(HostRuntime, RefusesTheCoordinatorModeToAPartialProgram) {
  std::string Json;
  ASSERT_TRUE(readFile(std::string(API_KERNELS_SA) + ".json", Json));
  Json.insert(Json.find('{') + 1,
              "\"partial\": true, \"native_kernels\": [\"plain\"], ");
  cl_kernel Count = kernel(Rewritten, "count");
  ASSERT_EQ(saRegisterProgramManifest(Rewritten, Json.c_str()), CL_SUCCESS)
      << saGetLastErrorMessage();
  size_t N = 64, Local = 64;
  cl_mem C = buffer(1), Old = buffer(N);
  clSetKernelArg(Count, 0, sizeof(cl_mem), &C);
  clSetKernelArg(Count, 1, sizeof(cl_mem), &Old);
  ASSERT_EQ(saSetMode(SA_MODE_COORDINATOR), CL_SUCCESS);
  EXPECT_EQ(saEnqueueNDRangeKernel(S.Queue, Count, 1, nullptr, &N, &Local, 0,
                                   nullptr, nullptr),
            SA_PARTIAL_PROGRAM);
  EXPECT_NE(std::strstr(saGetLastErrorMessage(), "rewritten in part"), nullptr)
      << saGetLastErrorMessage();
  EXPECT_STREQ(saGetErrorString(SA_PARTIAL_PROGRAM), "SA_PARTIAL_PROGRAM");
  ASSERT_EQ(saSetMode(SA_MODE_DIRECT), CL_SUCCESS);
  EXPECT_EQ(saEnqueueNDRangeKernel(S.Queue, Count, 1, nullptr, &N, &Local, 0,
                                   nullptr, nullptr),
            CL_SUCCESS)
      << saGetLastErrorMessage();
  EXPECT_EQ(saFinish(S.Queue), CL_SUCCESS) << saGetLastErrorMessage();
  EXPECT_EQ(read(C, 1)[0], N);
  EXPECT_EQ(saSetMode(SA_MODE_COORDINATOR), CL_SUCCESS);
  ASSERT_EQ(saRegisterProgramManifest(Rewritten, nullptr), CL_SUCCESS);
  clReleaseMemObject(C);
  clReleaseMemObject(Old);
  clReleaseKernel(Count);
}

TEST_F(HostRuntime, RunsMoreGroupsThanTheDeviceHoldsAtOnce) {
  cl_kernel Count = kernel(Rewritten, "count");
  size_t Coresident = 0;
  ASSERT_EQ(saGetCoresidentGroups(Count, S.Device, 64, &Coresident),
            CL_SUCCESS);
  EXPECT_GE(Coresident, 2u);
  countAndCheck(Count, 64 * 50 * Coresident, 64, S.Queue);
  clReleaseKernel(Count);
}

TEST_F(HostRuntime, ChoosesALocalSizeWhenGivenNone) {
  cl_kernel Shape = kernel(Rewritten, "shape");
  size_t N = 3 * 5 * 7 * 16;
  cl_mem C = buffer(1), Local = buffer(1);
  ASSERT_EQ(launchWithoutLocalSize(Shape, N, C, Local), CL_SUCCESS)
      << saGetLastErrorMessage();
  ASSERT_EQ(saFinish(S.Queue), CL_SUCCESS) << saGetLastErrorMessage();
  EXPECT_EQ(read(C, 1)[0], N);
  cl_uint Chosen = read(Local, 1)[0];
  EXPECT_GT(Chosen, 1u);
  EXPECT_LE(Chosen, 256u);
  EXPECT_EQ(N % Chosen, 0u);
  clReleaseMemObject(C);
  clReleaseMemObject(Local);
  clReleaseKernel(Shape);
}

// In the software launch and in the kernel as written (which PoCL 3.1
// refused, left to choose the local size itself).
TEST_F(HostRuntime, HonoursReqdWorkGroupSize) {
  for (cl_uint Mode : {SA_MODE_COORDINATOR, SA_MODE_DIRECT}) {
    ASSERT_EQ(saSetMode(Mode), CL_SUCCESS);
    cl_kernel Fixed = kernel(Rewritten, "fixed");
    size_t N = 32 * 40;
    cl_mem C = buffer(1), Local = buffer(1);
    ASSERT_EQ(launchWithoutLocalSize(Fixed, N, C, Local), CL_SUCCESS)
        << "mode " << Mode << ": " << saGetLastErrorMessage();
    ASSERT_EQ(saFinish(S.Queue), CL_SUCCESS);
    EXPECT_EQ(read(Local, 1)[0], 32u) << "mode " << Mode;
    EXPECT_EQ(read(C, 1)[0], N) << "mode " << Mode;
    clReleaseMemObject(C);
    clReleaseMemObject(Local);
    clReleaseKernel(Fixed);
  }
  // The fixture's mode for the tests after it in one process.
  EXPECT_EQ(saSetMode(SA_MODE_COORDINATOR), CL_SUCCESS);
}

// The software launch's own checks (the kernel as written gets the
// driver's).
TEST_F(HostRuntime, RejectsNonUniformWorkGroups) {
  cl_kernel Count = kernel(Rewritten, "count");
  cl_mem C = buffer(1), Old = buffer(100);
  clSetKernelArg(Count, 0, sizeof(cl_mem), &C);
  clSetKernelArg(Count, 1, sizeof(cl_mem), &Old);
  size_t N = 100, Local = 64;
  EXPECT_EQ(saEnqueueNDRangeKernel(S.Queue, Count, 1, nullptr, &N, &Local, 0,
                                   nullptr, nullptr),
            CL_INVALID_WORK_GROUP_SIZE);
  EXPECT_NE(std::string(saGetLastErrorMessage()).find("not a multiple"),
            std::string::npos)
      << saGetLastErrorMessage();
  size_t Zero = 0;
  EXPECT_EQ(saEnqueueNDRangeKernel(S.Queue, Count, 1, nullptr, &Zero, &Local, 0,
                                   nullptr, nullptr),
            CL_INVALID_GLOBAL_WORK_SIZE);
  EXPECT_EQ(saEnqueueNDRangeKernel(S.Queue, Count, 4, nullptr, &N, &Local, 0,
                                   nullptr, nullptr),
            CL_INVALID_WORK_DIMENSION);
  clReleaseMemObject(C);
  clReleaseMemObject(Old);
  clReleaseKernel(Count);
}

TEST_F(HostRuntime, RegisteredManifestsCoverProgramsWithoutSource) {
  std::string Json;
  ASSERT_TRUE(readFile(std::string(API_KERNELS_SA) + ".json", Json));
  // The rewritten source with its manifest line blanked stands in for a
  // program built from a binary: nothing in its source names the manifest.
  std::string Source;
  ASSERT_TRUE(readFile(API_KERNELS_SA, Source));
  Source.replace(0, Source.find('\n'), "");
  std::string Path = ::testing::TempDir() + "/no_manifest.sa.cl";
  std::ofstream(Path) << Source;
  std::string Error;
  cl_program P = S.build(Path, "", Error);
  ASSERT_NE(P, nullptr) << Error;
  cl_kernel Count = kernel(P, "count");
  cl_bool Flag = CL_TRUE;
  ASSERT_EQ(saIsKernelRewritten(Count, &Flag), CL_SUCCESS);
  EXPECT_FALSE(Flag);
  ASSERT_EQ(saRegisterProgramManifest(P, Json.c_str()), CL_SUCCESS)
      << saGetLastErrorMessage();
  ASSERT_EQ(saIsKernelRewritten(Count, &Flag), CL_SUCCESS);
  EXPECT_TRUE(Flag);
  countAndCheck(Count, 64 * 20, 64, S.Queue);
  ASSERT_EQ(saRegisterProgramManifest(P, nullptr), CL_SUCCESS);
  ASSERT_EQ(saIsKernelRewritten(Count, &Flag), CL_SUCCESS);
  EXPECT_FALSE(Flag);
  EXPECT_EQ(saRegisterProgramManifest(P, "{\"kernels\": 3}"),
            SA_INVALID_MANIFEST);
  EXPECT_EQ(saRegisterProgramManifest(P, "not json"), SA_INVALID_MANIFEST);
  std::string Old = Json;
  Old.replace(Old.find(SA_VERSION), std::strlen(SA_VERSION), "0.0.9");
  EXPECT_EQ(saRegisterProgramManifest(P, Old.c_str()), SA_VERSION_MISMATCH);
  clReleaseKernel(Count);
  clReleaseProgram(P);
}

TEST_F(HostRuntimeNotCoresident, ReportsDeviceSideFailuresInsteadOfHanging) {
  cl_kernel Count = kernel(Rewritten, "count");
  // Far more co-resident groups claimed than PoCL runs: workers that never
  // start make the coordinator give up, and saFinish says so.
  size_t N = 64 * 256, Local = 64;
  cl_mem C = buffer(1), Old = buffer(N);
  clSetKernelArg(Count, 0, sizeof(cl_mem), &C);
  clSetKernelArg(Count, 1, sizeof(cl_mem), &Old);
  // A library reports through its return codes and message: nothing on
  // stderr unless SOFTATOMIC_VERBOSE asks.
  testing::internal::CaptureStderr();
  cl_int Launch = saEnqueueNDRangeKernel(S.Queue, Count, 1, nullptr, &N, &Local,
                                         0, nullptr, nullptr);
  cl_int Finish = saFinish(S.Queue);
  std::string Printed = testing::internal::GetCapturedStderr();
  ASSERT_EQ(Launch, CL_SUCCESS) << saGetLastErrorMessage();
  if (S.DeviceName.find("pthread") != std::string::npos ||
      S.PlatformName.find("Portable") != std::string::npos) {
    EXPECT_LT(Finish, -9000) << "expected a softatomic device error, got "
                             << saGetErrorString(Finish);
    EXPECT_NE(std::string(saGetLastErrorMessage()).find("kernel 'count'"),
              std::string::npos);
  }
  if (!std::getenv("SOFTATOMIC_VERBOSE"))
    EXPECT_EQ(Printed, "") << "the runtime printed unasked";
  EXPECT_EQ(saFinish(S.Queue), CL_SUCCESS); // reported once
  // The runtime is usable again afterwards.
  cl_kernel Combined = combiningCount();
  ASSERT_NE(Combined, nullptr);
  ASSERT_EQ(saSetMode(SA_MODE_COMBINE), CL_SUCCESS);
  countAndCheck(Combined, 64 * 8, 64, S.Queue);
  clReleaseMemObject(C);
  clReleaseMemObject(Old);
  clReleaseKernel(Combined);
  clReleaseKernel(Count);
}

TEST_F(HostRuntimeNotCoresident, WaitForEventsReportsTheFailuresOfItsLaunches) {
  cl_kernel Count = kernel(Rewritten, "count"), Combined = combiningCount();
  ASSERT_NE(Combined, nullptr);
  size_t N = 64 * 256, Local = 64;
  cl_mem C = buffer(1), Old = buffer(N);
  for (cl_kernel K : {Count, Combined}) {
    clSetKernelArg(K, 0, sizeof(cl_mem), &C);
    clSetKernelArg(K, 1, sizeof(cl_mem), &Old);
  }
  // A good launch first (in the combining mode): its event waits without
  // error.
  cl_event Good = nullptr, Bad = nullptr;
  ASSERT_EQ(saSetMode(SA_MODE_COMBINE), CL_SUCCESS);
  ASSERT_EQ(saEnqueueNDRangeKernel(S.Queue, Combined, 1, nullptr, &N, &Local, 0,
                                   nullptr, &Good),
            CL_SUCCESS)
      << saGetLastErrorMessage();
  EXPECT_EQ(saWaitForEvents(1, &Good), CL_SUCCESS) << saGetLastErrorMessage();
  // As in ReportsDeviceSideFailuresInsteadOfHanging: a launch that fails on
  // the device, here found through its event.
  ASSERT_EQ(saSetMode(SA_MODE_COORDINATOR), CL_SUCCESS);
  cl_int Launch = saEnqueueNDRangeKernel(S.Queue, Count, 1, nullptr, &N, &Local,
                                         0, nullptr, &Bad);
  ASSERT_EQ(Launch, CL_SUCCESS) << saGetLastErrorMessage();
  cl_int Wait = saWaitForEvents(1, &Bad);
  if (S.PlatformName.find("Portable") != std::string::npos) {
    EXPECT_LT(Wait, -9000) << "expected a softatomic device error, got "
                           << saGetErrorString(Wait);
    EXPECT_NE(std::string(saGetLastErrorMessage()).find("kernel 'count'"),
              std::string::npos);
    EXPECT_EQ(saWaitForEvents(1, &Bad),
              Wait); // each wait for it, until saFinish
    EXPECT_EQ(saWaitForEvents(1, &Good),
              CL_SUCCESS);              // the other launch is fine
    EXPECT_EQ(saFinish(S.Queue), Wait); // saFinish reports it too ...
  }
  EXPECT_EQ(saFinish(S.Queue), CL_SUCCESS);        // ... once
  EXPECT_EQ(saWaitForEvents(1, &Bad), CL_SUCCESS); // and then it is forgotten
  clReleaseEvent(Good);
  clReleaseEvent(Bad);
  clReleaseMemObject(C);
  clReleaseMemObject(Old);
  clReleaseKernel(Combined);
  clReleaseKernel(Count);
}

TEST_F(HostRuntime, TheLaunchEventIsTheKernels) {
  // On a profiling queue: the event handed out is the kernel's (not the
  // status read-back's), on the caller's queue, and it waits for the
  // caller's wait list.
  cl_int Err = CL_SUCCESS;
  cl_command_queue Queue = clCreateCommandQueue(
      S.Context, S.Device, CL_QUEUE_PROFILING_ENABLE, &Err);
  ASSERT_EQ(Err, CL_SUCCESS);
  cl_kernel Count = kernel(Rewritten, "count");
  size_t N = 64 * 16, Local = 64;
  cl_mem C = buffer(1), Old = buffer(N);
  clSetKernelArg(Count, 0, sizeof(cl_mem), &C);
  clSetKernelArg(Count, 1, sizeof(cl_mem), &Old);
  cl_event Gate = clCreateUserEvent(S.Context, &Err);
  ASSERT_EQ(Err, CL_SUCCESS);
  cl_event Event = nullptr;
  ASSERT_EQ(saEnqueueNDRangeKernel(Queue, Count, 1, nullptr, &N, &Local, 1,
                                   &Gate, &Event),
            CL_SUCCESS)
      << saGetLastErrorMessage();
  clFlush(Queue);
  cl_int Status = CL_COMPLETE;
  clGetEventInfo(Event, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof Status,
                 &Status, nullptr);
  EXPECT_GT(Status, CL_COMPLETE) << "the kernel ran before its wait list";
  clSetUserEventStatus(Gate, CL_COMPLETE);
  ASSERT_EQ(saWaitForEvents(1, &Event), CL_SUCCESS) << saGetLastErrorMessage();
  cl_command_type Type = 0;
  cl_command_queue Owner = nullptr;
  clGetEventInfo(Event, CL_EVENT_COMMAND_TYPE, sizeof Type, &Type, nullptr);
  clGetEventInfo(Event, CL_EVENT_COMMAND_QUEUE, sizeof Owner, &Owner, nullptr);
  EXPECT_EQ(Type, (cl_command_type)CL_COMMAND_NDRANGE_KERNEL);
  EXPECT_EQ(Owner, Queue);
  cl_ulong Times[4] = {};
  const cl_profiling_info Points[4] = {
      CL_PROFILING_COMMAND_QUEUED, CL_PROFILING_COMMAND_SUBMIT,
      CL_PROFILING_COMMAND_START, CL_PROFILING_COMMAND_END};
  for (int I = 0; I < 4; ++I)
    ASSERT_EQ(clGetEventProfilingInfo(Event, Points[I], sizeof(cl_ulong),
                                      &Times[I], nullptr),
              CL_SUCCESS);
  EXPECT_GT(Times[0], 0u);
  EXPECT_TRUE(std::is_sorted(Times, Times + 4));
  EXPECT_EQ(read(C, 1)[0], N); // the kernel had run by its END
  clReleaseEvent(Event);
  clReleaseEvent(Gate);
  clReleaseMemObject(C);
  clReleaseMemObject(Old);
  clReleaseKernel(Count);
  clReleaseCommandQueue(Queue);
}

TEST_F(HostRuntime, ManyLaunchesWithoutFinishStayCorrect) {
  cl_kernel Count = kernel(Rewritten, "count");
  size_t N = 256, Local = 64;
  cl_mem C = buffer(1), Old = buffer(N);
  clSetKernelArg(Count, 0, sizeof(cl_mem), &C);
  clSetKernelArg(Count, 1, sizeof(cl_mem), &Old);
  for (int I = 0; I < 300; ++I)
    ASSERT_EQ(saEnqueueNDRangeKernel(S.Queue, Count, 1, nullptr, &N, &Local, 0,
                                     nullptr, nullptr),
              CL_SUCCESS)
        << saGetLastErrorMessage();
  ASSERT_EQ(saFinish(S.Queue), CL_SUCCESS) << saGetLastErrorMessage();
  EXPECT_EQ(read(C, 1)[0], 300u * N);
  clReleaseMemObject(C);
  clReleaseMemObject(Old);
  clReleaseKernel(Count);
}

TEST_F(HostRuntime, ConcurrentLaunchesFromSeveralThreads) {
  // Each thread its own kernel object and queue (OpenCL kernels are not
  // safe to set arguments on from several threads); the runtime's caches,
  // status book and launch ordering are shared.
  std::vector<cl_kernel> Kernels;
  std::vector<std::thread> Threads;
  std::vector<cl_command_queue> Queues;
  for (int T = 0; T < 3; ++T) {
    cl_int Err = CL_SUCCESS;
    Queues.push_back(clCreateCommandQueue(S.Context, S.Device, 0, &Err));
    ASSERT_EQ(Err, CL_SUCCESS);
    Kernels.push_back(kernel(Rewritten, "count"));
  }
  for (int T = 0; T < 3; ++T)
    Threads.emplace_back([&, T] {
      for (int I = 0; I < 10; ++I)
        countAndCheck(Kernels[T], 64 * 16, 64, Queues[T]);
    });
  for (std::thread &T : Threads)
    T.join();
  for (cl_command_queue Q : Queues)
    clReleaseCommandQueue(Q);
  for (cl_kernel K : Kernels)
    clReleaseKernel(K);
}

/// Counts the contexts OpenCL freed (clSetContextDestructorCallback).
void CL_CALLBACK countFreedContext(cl_context, void *Freed) {
  ++*static_cast<std::atomic<int> *>(Freed);
}

/// Waits up to 20 s for \p Freed to reach \p Expected: a driver may free
/// a context on one of its own threads a little after the last release.
int waitForFreedContexts(const std::atomic<int> &Freed, int Expected) {
  auto Deadline = std::chrono::steady_clock::now() + std::chrono::seconds(20);
  while (Freed.load() < Expected && std::chrono::steady_clock::now() < Deadline)
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  return Freed.load();
}

/// One application's life as most are written: its own context, queue,
/// program (the rewritten source) and buffers, one software launch of
/// count, then everything released, with no saFinish (clFinish, or nothing
/// when \p Finish is false: released while the launch may still run), and
/// saReleaseQueue before the queue's release if \p ReleaseQueue.
void launchInOwnContext(cl_device_id Device, const std::string &Source,
                        std::atomic<int> &Freed, bool Finish,
                        bool ReleaseQueue) {
  cl_int Err = CL_SUCCESS;
  cl_context Context =
      clCreateContext(nullptr, 1, &Device, nullptr, nullptr, &Err);
  ASSERT_EQ(Err, CL_SUCCESS);
  ASSERT_EQ(clSetContextDestructorCallback(Context, countFreedContext, &Freed),
            CL_SUCCESS);
  cl_command_queue Queue = clCreateCommandQueue(Context, Device, 0, &Err);
  ASSERT_EQ(Err, CL_SUCCESS);
  const char *Text = Source.c_str();
  cl_program Program =
      clCreateProgramWithSource(Context, 1, &Text, nullptr, &Err);
  ASSERT_EQ(Err, CL_SUCCESS);
  ASSERT_EQ(clBuildProgram(Program, 1, &Device, "", nullptr, nullptr),
            CL_SUCCESS);
  cl_kernel Count = clCreateKernel(Program, "count", &Err);
  ASSERT_EQ(Err, CL_SUCCESS);
  size_t N = 64 * 8, Local = 64;
  cl_uint Zero = 0;
  cl_mem C = clCreateBuffer(Context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR,
                            sizeof Zero, &Zero, &Err);
  cl_mem Old = clCreateBuffer(Context, CL_MEM_READ_WRITE, N * sizeof(cl_uint),
                              nullptr, &Err);
  clSetKernelArg(Count, 0, sizeof(cl_mem), &C);
  clSetKernelArg(Count, 1, sizeof(cl_mem), &Old);
  ASSERT_EQ(saEnqueueNDRangeKernel(Queue, Count, 1, nullptr, &N, &Local, 0,
                                   nullptr, nullptr),
            CL_SUCCESS)
      << saGetLastErrorMessage();
  if (Finish) {
    cl_uint Total = 0;
    ASSERT_EQ(clEnqueueReadBuffer(Queue, C, CL_TRUE, 0, sizeof Total, &Total, 0,
                                  nullptr, nullptr),
              CL_SUCCESS);
    EXPECT_EQ(Total, N);
    ASSERT_EQ(clFinish(Queue), CL_SUCCESS);
  }
  clReleaseMemObject(C);
  clReleaseMemObject(Old);
  clReleaseKernel(Count);
  clReleaseProgram(Program);
  if (ReleaseQueue)
    EXPECT_EQ(saReleaseQueue(Queue), CL_SUCCESS) << saGetLastErrorMessage();
  clReleaseCommandQueue(Queue);
  clReleaseContext(Context);
}

/// Runs \p Cycles of launchInOwnContext and expects each context freed
/// (after one more runtime call, \p Then, if given).
void expectCyclesFreeTheirContexts(cl_device_id Device, int Cycles, bool Finish,
                                   bool ReleaseQueue,
                                   const std::function<void()> &Then = {}) {
  std::string Source;
  ASSERT_TRUE(readFile(API_KERNELS_SA, Source));
  // Never deleted: a context freed after the test gave up still finds it.
  auto *Freed = new std::atomic<int>(0);
  for (int I = 0; I < Cycles; ++I)
    launchInOwnContext(Device, Source, *Freed, Finish, ReleaseQueue);
  if (Then)
    Then();
  EXPECT_EQ(waitForFreedContexts(*Freed, Cycles), Cycles);
}

// Ten create/launch/release cycles with saReleaseQueue before each queue's
// release free ten contexts, even where the launch may still run then.
TEST_F(HostRuntime, FreesTheContextsOfReleasedQueues) {
  expectCyclesFreeTheirContexts(S.Device, 10, /*Finish=*/false,
                                /*ReleaseQueue=*/true);
}

// Without saReleaseQueue (clFinish only), each runtime call lets go of the
// launches that have completed: each cycle's launch, the one before's; a
// saFinish on another queue, the last one's. Nothing is let go of from a
// callback or a thread of the runtime's (DeviceStatus.h says why).
TEST_F(HostRuntime, LetsGoOfCompletedLaunchesAtItsNextCall) {
  expectCyclesFreeTheirContexts(
      S.Device, 4, /*Finish=*/true, /*ReleaseQueue=*/false,
      [&] { EXPECT_EQ(saFinish(S.Queue), CL_SUCCESS); });
}

// A program rewritten under -cl-std=CL2.0 builds, with the options the
// runtime gives the device, wherever the original builds so, and runs:
// PoCL 3.1 compiles 2.0 sources but lacks 2.0's atomic builtins and generic
// address space (it lists no OpenCL C 2.0).
TEST_F(HostRuntime, BuildsUnderOpenCLC20WhereverTheOriginalDoes) {
  std::string Error;
  cl_program Original20 = S.build(API_KERNELS, "-cl-std=CL2.0", Error);
  if (!Original20)
    GTEST_SKIP()
        << "the device does not build the original with -cl-std=CL2.0: "
        << Error;
  clReleaseProgram(Original20);
  cl_program Rewritten20 = S.build(
      API_KERNELS_CL20, S.rewrittenBuildOptions("-cl-std=CL2.0"), Error);
  ASSERT_NE(Rewritten20, nullptr) << Error;
  cl_kernel Count = kernel(Rewritten20, "count");
  countAndCheck(Count, 64 * 16, 64, S.Queue);
  clReleaseKernel(Count);
  clReleaseProgram(Rewritten20);
}

/// The combining mode from SOFTATOMIC_MODE, and a claim of more co-resident
/// groups than PoCL runs (which ends a coordinator launch with
/// SA_NOT_CORESIDENT above).
class HostRuntimeCombiningFromTheEnvironment
    : public HostRuntimeWithEnvironment {
  void SetUp() override {
    setUpWith(
        {{"SOFTATOMIC_MODE", "combine"}, {"SOFTATOMIC_MAX_GROUPS", "64"}});
  }
};

TEST_F(HostRuntimeCombiningFromTheEnvironment, RunsInTheModeItNames) {
  cl_kernel Count = combiningCount();
  ASSERT_NE(Count, nullptr);
  // Nothing waits for a coordinator in the combining mode, so the claim
  // does not matter, nor does any cap.
  EXPECT_EQ(saGetMode(), (cl_uint)SA_MODE_COMBINE);
  size_t Physical = 0; // what the launch takes at most, here as told
  EXPECT_EQ(saGetCoresidentGroups(Count, S.Device, 64, &Physical), CL_SUCCESS);
  EXPECT_EQ(Physical, 64u);
  countAndCheck(Count, 64 * 256, 64, S.Queue);

  // A kernel rewritten without --combine-mode cannot run in it.
  cl_kernel Paper = kernel(Rewritten, "count");
  size_t N = 64, Local = 64;
  cl_mem C = buffer(1), Old = buffer(N);
  clSetKernelArg(Paper, 0, sizeof(cl_mem), &C);
  clSetKernelArg(Paper, 1, sizeof(cl_mem), &Old);
  EXPECT_EQ(saEnqueueNDRangeKernel(S.Queue, Paper, 1, nullptr, &N, &Local, 0,
                                   nullptr, nullptr),
            SA_MODE_NOT_COMPILED);
  EXPECT_NE(std::string(saGetLastErrorMessage()).find("--combine-mode"),
            std::string::npos)
      << saGetLastErrorMessage();
  clReleaseMemObject(C);
  clReleaseMemObject(Old);
  clReleaseKernel(Paper);
  clReleaseKernel(Count);
}

/// No SOFTATOMIC_MODE (empty is unset): the automatic mode, and a kernel
/// rewritten with the rewriter's defaults runs in it both ways (the first
/// launch as written, the second combining) with right results.
class HostRuntimeDefaults : public HostRuntimeWithEnvironment {
  void SetUp() override { setUpWith({{"SOFTATOMIC_MODE", ""}}); }
};

TEST_F(HostRuntimeDefaults, RunsInTheAutomaticMode) {
  EXPECT_EQ(saGetMode(), (cl_uint)SA_MODE_AUTO);
  cl_kernel Count = combiningCount();
  ASSERT_NE(Count, nullptr);
  // Profiling: the mode's timing needs it.
  cl_int Err = CL_SUCCESS;
  cl_command_queue Queue = clCreateCommandQueue(
      S.Context, S.Device, CL_QUEUE_PROFILING_ENABLE, &Err);
  ASSERT_EQ(Err, CL_SUCCESS);
  for (int Launch = 0; Launch < 2 * SA_AUTO_SAMPLES + 1; ++Launch)
    countAndCheck(Count, 64 * 16, 64, Queue);
  clReleaseKernel(Count);
  saReleaseQueue(Queue);
  clReleaseCommandQueue(Queue);
}

/// A malformed name and a malformed number.
class HostRuntimeMalformedEnvironment : public HostRuntimeWithEnvironment {
  void SetUp() override {
    setUpWith({{"SOFTATOMIC_MODE", "fast"}, {"SOFTATOMIC_MAX_GROUPS", "abc"}});
  }
};

TEST_F(HostRuntimeMalformedEnvironment, RefusesEveryCallThatReadsIt) {
  cl_kernel Count = kernel(Rewritten, "count");
  size_t N = 64, Local = 64;
  cl_mem C = buffer(1), Old = buffer(N);
  clSetKernelArg(Count, 0, sizeof(cl_mem), &C);
  clSetKernelArg(Count, 1, sizeof(cl_mem), &Old);
  auto ExpectRefused = [](cl_int Err) {
    EXPECT_EQ(Err, SA_INVALID_ENVIRONMENT) << saGetErrorString(Err);
    std::string Message = saGetLastErrorMessage();
    EXPECT_NE(
        Message.find("SOFTATOMIC_MODE='fast': not one of coordinator, combine"),
        std::string::npos)
        << Message;
    EXPECT_NE(Message.find("SOFTATOMIC_MAX_GROUPS='abc': not a whole number "
                           "(accepted: 2 to 4294967295)"),
              std::string::npos)
        << Message;
  };
  ExpectRefused(saEnqueueNDRangeKernel(S.Queue, Count, 1, nullptr, &N, &Local,
                                       0, nullptr, nullptr));
  size_t Groups = 0, Size = 0;
  ExpectRefused(saGetCoresidentGroups(Count, S.Device, 64, &Groups));
  ExpectRefused(saGetBuildOptions(S.Device, 0, nullptr, &Size));
  // The API's mode does not make the environment well formed.
  EXPECT_EQ(saGetMode(), (cl_uint)SA_MODE_AUTO); // the default
  EXPECT_EQ(saSetMode(SA_MODE_COORDINATOR), CL_SUCCESS);
  ExpectRefused(saEnqueueNDRangeKernel(S.Queue, Count, 1, nullptr, &N, &Local,
                                       0, nullptr, nullptr));
  EXPECT_EQ(read(C, 1)[0], 0u); // nothing ran
  // A kernel that was not rewritten still passes through.
  cl_kernel Native = kernel(Original, "count");
  clSetKernelArg(Native, 0, sizeof(cl_mem), &C);
  clSetKernelArg(Native, 1, sizeof(cl_mem), &Old);
  EXPECT_EQ(saEnqueueNDRangeKernel(S.Queue, Native, 1, nullptr, &N, &Local, 0,
                                   nullptr, nullptr),
            CL_SUCCESS);
  EXPECT_EQ(read(C, 1)[0], (cl_uint)N);
  clReleaseMemObject(C);
  clReleaseMemObject(Old);
  clReleaseKernel(Native);
  clReleaseKernel(Count);
}

// saEnqueueNDRangeKernelWithOriginal: where the launch runs the kernel as
// written, the caller's original kernel itself is enqueued (here one whose
// stores tell it apart from the rewritten kernel); in the other modes it
// is not used; a kernel of another name or argument count is refused.
TEST_F(HostRuntime, LaunchesTheOriginalWhereTheKernelRunsAsWritten) {
  const char *Marker = "__kernel void count(__global uint *c, __global uint "
                       "*old) { old[get_global_id(0)] = 1000u + "
                       "(uint)get_global_id(0); }";
  cl_int Err = CL_SUCCESS;
  cl_program MarkerProgram =
      clCreateProgramWithSource(S.Context, 1, &Marker, nullptr, &Err);
  ASSERT_EQ(Err, CL_SUCCESS);
  ASSERT_EQ(clBuildProgram(MarkerProgram, 1, &S.Device, "", nullptr, nullptr),
            CL_SUCCESS);
  cl_kernel Count = combiningCount(), Orig = kernel(MarkerProgram, "count");
  ASSERT_NE(Count, nullptr);
  size_t N = 256, Local = 64;
  auto Launch = [&](cl_kernel Original) {
    cl_mem C = buffer(1), Old = buffer(N);
    for (cl_kernel K : {Count, Orig}) {
      clSetKernelArg(K, 0, sizeof(cl_mem), &C);
      clSetKernelArg(K, 1, sizeof(cl_mem), &Old);
    }
    cl_int Status = saEnqueueNDRangeKernelWithOriginal(
        S.Queue, Count, Original, 1, nullptr, &N, &Local, 0, nullptr, nullptr);
    EXPECT_EQ(saFinish(S.Queue), CL_SUCCESS) << saGetLastErrorMessage();
    std::vector<cl_uint> V = read(Old, N);
    V.push_back(read(C, 1)[0]);
    clReleaseMemObject(C);
    clReleaseMemObject(Old);
    return std::make_pair(Status, V);
  };
  ASSERT_EQ(saSetMode(SA_MODE_DIRECT), CL_SUCCESS);
  auto [Status, V] = Launch(Orig);
  ASSERT_EQ(Status, CL_SUCCESS) << saGetLastErrorMessage();
  for (size_t I = 0; I < N; ++I)
    ASSERT_EQ(V[I], 1000u + I) << "the original did not run";
  EXPECT_EQ(V[N], 0u);

  ASSERT_EQ(saSetMode(SA_MODE_COMBINE), CL_SUCCESS);
  std::tie(Status, V) = Launch(Orig);
  ASSERT_EQ(Status, CL_SUCCESS) << saGetLastErrorMessage();
  EXPECT_EQ(V[N], N) << "the combining mode runs the rewritten kernel";

  cl_kernel Other = kernel(Original, "shape");
  ASSERT_EQ(saSetMode(SA_MODE_DIRECT), CL_SUCCESS);
  EXPECT_EQ(saEnqueueNDRangeKernelWithOriginal(S.Queue, Count, Other, 1,
                                               nullptr, &N, &Local, 0, nullptr,
                                               nullptr),
            CL_INVALID_KERNEL);
  EXPECT_NE(std::string(saGetLastErrorMessage()).find("'shape'"),
            std::string::npos)
      << saGetLastErrorMessage();
  EXPECT_EQ(saSetMode(SA_MODE_COORDINATOR), CL_SUCCESS);
  clReleaseKernel(Other);
  clReleaseKernel(Orig);
  clReleaseKernel(Count);
  clReleaseProgram(MarkerProgram);
}

// saEnqueueNDRangeKernelWithOriginals: the auto mode times the warp
// program's kernel as a third way. Two marker kernels stand for the
// application's kernel and the warp program's (each stores its own mark),
// so every launch says which way it ran: the learning launches try each
// way in turn, and every launch is right. The direct mode runs the warp
// program's kernel where it is given.
TEST_F(HostRuntime, AutoTimesTheWarpProgramAsAThirdWay) {
  auto Marker = [&](unsigned Mark) {
    std::string Source = "__kernel void count(__global uint *c, __global uint "
                         "*old) { old[get_global_id(0)] = " +
                         std::to_string(Mark) + "u; }";
    const char *Text = Source.c_str();
    cl_int Err = CL_SUCCESS;
    cl_program P =
        clCreateProgramWithSource(S.Context, 1, &Text, nullptr, &Err);
    EXPECT_EQ(clBuildProgram(P, 1, &S.Device, "", nullptr, nullptr),
              CL_SUCCESS);
    cl_kernel K = kernel(P, "count");
    clReleaseProgram(P); // the kernel keeps it
    return K;
  };
  cl_kernel Count = combiningCount(), Orig = Marker(1000), Warp = Marker(2000);
  ASSERT_NE(Count, nullptr);
  cl_int Err = CL_SUCCESS;
  cl_command_queue Queue = clCreateCommandQueue(
      S.Context, S.Device, CL_QUEUE_PROFILING_ENABLE, &Err);
  ASSERT_EQ(Err, CL_SUCCESS);
  size_t N = 256, Local = 64;
  // The way one launch ran: 1000 (the original), 2000 (the warp program)
  // or the count's old values (combining).
  auto Launch = [&](cl_kernel Original, cl_kernel WarpProgram) {
    cl_mem C = buffer(1), Old = buffer(N);
    for (cl_kernel K : {Count, Orig, Warp}) {
      clSetKernelArg(K, 0, sizeof(cl_mem), &C);
      clSetKernelArg(K, 1, sizeof(cl_mem), &Old);
    }
    EXPECT_EQ(saEnqueueNDRangeKernelWithOriginals(Queue, Count, Original,
                                                  WarpProgram, 1, nullptr, &N,
                                                  &Local, 0, nullptr, nullptr),
              CL_SUCCESS)
        << saGetLastErrorMessage();
    EXPECT_EQ(saFinish(Queue), CL_SUCCESS) << saGetLastErrorMessage();
    std::vector<cl_uint> V = read(Old, N);
    cl_uint Counted = read(C, 1)[0];
    clReleaseMemObject(C);
    clReleaseMemObject(Old);
    if (V[0] == 1000u || V[0] == 2000u) {
      EXPECT_EQ(Counted, 0u);
      return V[0];
    }
    EXPECT_EQ(Counted, (cl_uint)N) << "the combining mode lost an update";
    return 0u;
  };
  ASSERT_EQ(saSetMode(SA_MODE_AUTO), CL_SUCCESS);
  std::map<cl_uint, int> Ran;
  // The first three launches try each way once, in the order as written,
  // warp program, combining; a way far behind after one is not timed
  // again, the others up to SA_AUTO_SAMPLES launches each.
  EXPECT_EQ(Launch(Orig, Warp), 1000u);
  EXPECT_EQ(Launch(Orig, Warp), 2000u) << "the warp program was not timed";
  EXPECT_EQ(Launch(Orig, Warp), 0u);
  for (int I = 3; I < 3 * SA_AUTO_SAMPLES; ++I)
    Ran[Launch(Orig, Warp)]++;
  for (cl_uint Way : {1000u, 2000u, 0u})
    EXPECT_LE(Ran[Way], 3 * SA_AUTO_SAMPLES - 3);
  // The direct mode runs the warp program's kernel where it is given.
  ASSERT_EQ(saSetMode(SA_MODE_DIRECT), CL_SUCCESS);
  EXPECT_EQ(Launch(Orig, Warp), 2000u);
  EXPECT_EQ(Launch(nullptr, Warp), 2000u);
  EXPECT_EQ(Launch(Orig, nullptr), 1000u);
  // A warp program of another name is refused, as an original is.
  cl_kernel Other = kernel(Original, "shape");
  EXPECT_EQ(saEnqueueNDRangeKernelWithOriginals(Queue, Count, Orig, Other, 1,
                                                nullptr, &N, &Local, 0, nullptr,
                                                nullptr),
            CL_INVALID_KERNEL);
  EXPECT_EQ(saSetMode(SA_MODE_COORDINATOR), CL_SUCCESS);
  clReleaseKernel(Other);
  clReleaseKernel(Warp);
  clReleaseKernel(Orig);
  clReleaseKernel(Count);
  saReleaseQueue(Queue);
  clReleaseCommandQueue(Queue);
}

// Last: saSetMode holds for the rest of the process.
TEST_F(HostRuntime, CombiningModeFromTheApi) {
  cl_kernel Count = combiningCount();
  ASSERT_NE(Count, nullptr);
  EXPECT_EQ(saGetMode(), (cl_uint)SA_MODE_COORDINATOR);
  countAndCheck(Count, 64 * 16, 64, S.Queue); // both modes compiled in
  EXPECT_EQ(saSetMode(7), CL_INVALID_VALUE);
  EXPECT_EQ(saSetMode(SA_MODE_COMBINE), CL_SUCCESS);
  EXPECT_EQ(saGetMode(), (cl_uint)SA_MODE_COMBINE);
  countAndCheck(Count, 64 * 64, 64, S.Queue);
  EXPECT_EQ(saSetMode(SA_MODE_COORDINATOR), CL_SUCCESS);
  EXPECT_EQ(saGetMode(), (cl_uint)SA_MODE_COORDINATOR);
  countAndCheck(Count, 64 * 64, 64, S.Queue);
  clReleaseKernel(Count);
}

} // namespace

// saGetBuildOptions follows clGetDeviceInfo's size protocol, and on a CPU
// device (no warp fast path) the options say at most that it lists no
// OpenCL C 2.0. An NVIDIA GPU of compute capability 6.0 and up gets the
// double add instruction (-DSA_NV_F64_ADD).
TEST_F(HostRuntime, GivesBuildOptionsForTheDevice) {
  size_t Size = 0;
  ASSERT_EQ(saGetBuildOptions(S.Device, 0, nullptr, &Size), CL_SUCCESS);
  ASSERT_GE(Size, 1u);
  std::string Options(Size, 'x');
  ASSERT_EQ(saGetBuildOptions(S.Device, Size, Options.data(), nullptr),
            CL_SUCCESS);
  EXPECT_EQ(Options.back(), '\0');
  cl_device_type Type = 0;
  clGetDeviceInfo(S.Device, CL_DEVICE_TYPE, sizeof(Type), &Type, nullptr);
  if (Type & CL_DEVICE_TYPE_CPU)
    EXPECT_TRUE(Options.c_str() == std::string() ||
                Options.c_str() == std::string("-DSA_NO_OPENCL_C_20"))
        << Options;
  cl_uint Vendor = 0, Major = 0; // CL_DEVICE_COMPUTE_CAPABILITY_MAJOR_NV
  clGetDeviceInfo(S.Device, CL_DEVICE_VENDOR_ID, sizeof(Vendor), &Vendor,
                  nullptr);
  if (Vendor == 0x10DE &&
      clGetDeviceInfo(S.Device, 0x4000, sizeof(Major), &Major, nullptr) ==
          CL_SUCCESS &&
      Major >= 6)
    EXPECT_NE(std::string(Options.c_str()).find("-DSA_NV_F64_ADD"),
              std::string::npos)
        << Options;
  if (Size > 1) {
    char Small[1];
    EXPECT_EQ(saGetBuildOptions(S.Device, sizeof(Small), Small, nullptr),
              CL_INVALID_VALUE);
    EXPECT_NE(std::string(saGetLastErrorMessage()).find("the options need"),
              std::string::npos);
  }
  EXPECT_EQ(saGetBuildOptions(nullptr, 0, nullptr, &Size), CL_INVALID_DEVICE);
}
