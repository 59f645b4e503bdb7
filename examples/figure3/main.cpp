// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// figure3: runs the paper's Figure 3 kernel as written (native atom_add) and
// as rewritten by softatomic-rewrite (software atomic add) on one OpenCL
// device, both launched through saEnqueueNDRangeKernelWithOriginal (the
// native kernel as the rewritten one's original, as the interception layer
// passes it), and prints results and kernel times side by side.
//
//   figure3 [--platform NAME] [--device NAME] [--repeat N]
//           [--original FILE] [--rewritten FILE]
#include "ClSession.h"
#include "softatomic/softatomic.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

using namespace softatomic;

namespace {

struct Result {
  cl_uint Counter = 0;        // *out after the kernel
  std::vector<cl_uint> Array; // outArray
  double Millis = 0;          // median kernel time
  cl_int Status = CL_SUCCESS;
  std::string Message;
};

/// Launches Kernel untimed (a warm-up: PoCL compiles a kernel for each
/// local size at its first launch; in the automatic mode, until it has
/// chosen, at most MaxLearning launches) and then Repeat times, on fresh
/// buffers; the
/// last run's data and the median time of the timed runs. Original, if
/// any, is the kernel as written, which the runtime launches itself
/// wherever a launch runs as written.
Result run(ClSession &S, cl_kernel Kernel, cl_kernel Original, size_t Groups,
           size_t Local, int Repeat) {
  Result R;
  size_t Items = Groups * Local;
  std::vector<double> Times;
  constexpr int MaxLearning = 16;
  bool Auto = saGetMode() == SA_MODE_AUTO;
  int Warmup = 1;
  for (int I = 0; I < Warmup + Repeat; ++I) {
    cl_int Err = CL_SUCCESS;
    cl_uint Zero = 0;
    cl_mem Out =
        clCreateBuffer(S.Context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR,
                       sizeof(cl_uint), &Zero, &Err);
    cl_mem Array = clCreateBuffer(S.Context, CL_MEM_READ_WRITE,
                                  Items * sizeof(cl_uint), nullptr, &Err);
    for (cl_kernel K : {Kernel, Original}) {
      if (!K)
        continue;
      clSetKernelArg(K, 0, sizeof(cl_mem), &Out);
      clSetKernelArg(K, 1, sizeof(cl_mem), &Array);
    }
    cl_event Done = nullptr;
    Err = saEnqueueNDRangeKernelWithOriginal(S.Queue, Kernel, Original, 1,
                                             nullptr, &Items, &Local, 0,
                                             nullptr, &Done);
    if (Err == CL_SUCCESS)
      Err = saFinish(S.Queue);
    if (Err != CL_SUCCESS) {
      R.Status = Err;
      R.Message = saGetLastErrorMessage();
    } else {
      cl_uint Chosen = SA_MODE_AUTO;
      if (Auto)
        saGetAutoChoice(S.Queue, Kernel, 1, &Items, &Local, &Chosen, nullptr,
                        nullptr);
      if (I + 1 == Warmup && Auto && Chosen == SA_MODE_AUTO &&
          Warmup < MaxLearning)
        ++Warmup; // still learning: one launch more before the timed ones
      if (I >= Warmup)
        Times.push_back(eventMillis(Done));
      R.Array.resize(Items);
      clEnqueueReadBuffer(S.Queue, Out, CL_TRUE, 0, sizeof(cl_uint), &R.Counter,
                          0, nullptr, nullptr);
      clEnqueueReadBuffer(S.Queue, Array, CL_TRUE, 0, Items * sizeof(cl_uint),
                          R.Array.data(), 0, nullptr, nullptr);
    }
    if (Done)
      clReleaseEvent(Done);
    clReleaseMemObject(Out);
    clReleaseMemObject(Array);
    if (Err != CL_SUCCESS)
      break;
  }
  std::sort(Times.begin(), Times.end());
  R.Millis = Times.empty() ? 0 : Times[Times.size() / 2];
  return R;
}

/// Every outArray entry is a value *out held after that work-item's own add
/// (a racy read, by the kernel's design), so it lies in [0, total].
bool arrayPlausible(const Result &R, cl_uint Total) {
  return std::all_of(R.Array.begin(), R.Array.end(),
                     [&](cl_uint V) { return V <= Total; });
}

} // namespace

int main(int Argc, char **Argv) {
  std::string Platform, Device, Original = FIGURE3_ORIGINAL,
                                Rewritten = FIGURE3_REWRITTEN;
  int Repeat = 5;
  for (int I = 1; I < Argc; ++I) {
    std::string A = Argv[I];
    if (I + 1 < Argc && A == "--platform")
      Platform = Argv[++I];
    else if (I + 1 < Argc && A == "--device")
      Device = Argv[++I];
    else if (I + 1 < Argc && A == "--repeat")
      Repeat = std::max(1, std::atoi(Argv[++I]));
    else if (I + 1 < Argc && A == "--original")
      Original = Argv[++I];
    else if (I + 1 < Argc && A == "--rewritten")
      Rewritten = Argv[++I];
    else {
      std::fprintf(
          stderr,
          "usage: figure3 [--platform NAME] [--device NAME] [--repeat N] "
          "[--original FILE] [--rewritten FILE]\n");
      return 2;
    }
  }
  ClSession S;
  std::string Error;
  if (!S.open(Platform, Device, Error)) {
    std::fprintf(stderr, "figure3: %s\n", Error.c_str());
    return 1;
  }
  cl_program NativeP = S.build(Original, "", Error);
  cl_program SoftP =
      NativeP ? S.build(Rewritten, S.rewrittenBuildOptions(""), Error)
              : nullptr;
  if (!NativeP || !SoftP) {
    std::fprintf(stderr, "figure3: %s\n", Error.c_str());
    return 1;
  }
  cl_int Err = CL_SUCCESS;
  cl_kernel Native = clCreateKernel(NativeP, "Benchmark", &Err);
  cl_kernel Soft = clCreateKernel(SoftP, "Benchmark", &Err);

  std::printf("Figure 3 kernel: atom_add(out, tid); outArray[tid] = *out;\n");
  std::printf("device: %s (%s)\n", S.DeviceName.c_str(),
              S.PlatformName.c_str());
  std::printf("original: %s\nrewritten: %s\n", Original.c_str(),
              Rewritten.c_str());
  // The runtime's mode (SOFTATOMIC_MODE; docs/HOST-RUNTIME.md, "Modes"): auto
  // unless asked otherwise, which times its first launches both ways.
  const cl_uint Mode = saGetMode();
  std::printf("mode: %s\n", Mode == SA_MODE_COORDINATOR ? "coordinator"
                            : Mode == SA_MODE_COMBINE   ? "combine"
                            : Mode == SA_MODE_DIRECT    ? "direct"
                                                        : "auto");
  std::printf("median kernel time of %d runs after a warm-up (auto: after "
              "its choice); *out must equal the sum of all tids\n\n",
              Repeat);
  std::printf("%8s %6s | %12s %12s %12s | %10s %10s %8s | %s\n", "groups",
              "items", "*out native", "*out soft", "expected", "native ms",
              "soft ms", "soft/nat", "agree");
  bool All = true;
  for (size_t Local : {64, 256}) {
    for (size_t Groups : {2, 8, 32, 128}) {
      size_t Items = Groups * Local;
      cl_uint Total = (cl_uint)(Items * (Items - 1) / 2);
      Result N = run(S, Native, nullptr, Groups, Local, Repeat);
      Result W = run(S, Soft, Native, Groups, Local, Repeat);
      if (N.Status != CL_SUCCESS || W.Status != CL_SUCCESS) {
        std::printf("%8zu %6zu | failed: %s\n", Groups, Local,
                    (N.Status ? N.Message : W.Message).c_str());
        All = false;
        continue;
      }
      bool Agree = N.Counter == Total && W.Counter == Total &&
                   arrayPlausible(N, Total) && arrayPlausible(W, Total);
      All = All && Agree;
      std::printf("%8zu %6zu | %12u %12u %12u | %10.3f %10.3f %7.2fx | %s\n",
                  Groups, Local, N.Counter, W.Counter, Total, N.Millis,
                  W.Millis, N.Millis > 0 ? W.Millis / N.Millis : 0.0,
                  Agree ? "yes" : "NO");
    }
  }
  std::printf("\n%s: native and software atomics %s.\n",
              All ? "OK" : "MISMATCH",
              All ? "agree on every launch" : "disagree");
  clReleaseKernel(Native);
  clReleaseKernel(Soft);
  clReleaseProgram(NativeP);
  clReleaseProgram(SoftP);
  return All ? 0 : 1;
}
