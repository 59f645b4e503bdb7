// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Running one Config: both kernel forms built from the kernel directory,
// warm-up and timed runs of each, every run verified.
#ifndef SOFTATOMIC_MICROBENCH_RUNNER_H
#define SOFTATOMIC_MICROBENCH_RUNNER_H

#include "Workload.h"

namespace softatomic {

struct FormResult {
  bool Ok = false;
  double Millis = 0, WallMillis = 0; // medians of the timed runs
  /// The fastest and slowest timed run's kernel time: how far one run
  /// strays from the median (a loaded machine's scheduler ticks show here).
  double MinMillis = 0, MaxMillis = 0;
  int Runs = 0; // timed runs the medians are of
  std::string Error;
};

/// What the device tells about one compiled kernel (clGetKernelWorkGroupInfo):
/// what the paper used to explain its results, where a device can tell.
struct KernelInfo {
  cl_ulong LocalMem = 0, PrivateMem = 0;
  size_t WorkGroupSize = 0, PreferredMultiple = 0;
};

/// The native and the rewritten form of one kernel.
struct KernelPair {
  cl_kernel Native = nullptr, Soft = nullptr;
  /// The warp program's kernel (--original warp), else null.
  cl_kernel Warp = nullptr;
  std::string Error; // why the pair cannot run, empty when it can
  KernelInfo NativeInfo, SoftInfo;
  KernelPair() = default;
  KernelPair(const KernelPair &) = delete;
  KernelPair &operator=(const KernelPair &) = delete;
  ~KernelPair();
};

/// Builds each kernel file once (NAME.cl and NAME.sa.cl) and its kernels.
class KernelCache {
public:
  KernelCache(ClSession &S, const Options &O) : S(S), O(O) {}
  KernelCache(const KernelCache &) = delete;
  KernelCache &operator=(const KernelCache &) = delete;
  ~KernelCache();
  /// The pair for C (its File and Kernel at its local size), loaded on first
  /// use; IsNew says whether this call loaded it.
  KernelPair &get(const Config &C, bool &IsNew);

private:
  struct Programs {
    cl_program Native = nullptr, Soft = nullptr, Warp = nullptr;
    std::string Error;
  };
  Programs &programs(const std::string &File);
  ClSession &S;
  const Options &O;
  std::vector<std::pair<std::string, Programs>> Built;
  std::vector<std::pair<std::string, std::unique_ptr<KernelPair>>> Pairs;
};

/// Warm-up runs of each form of K (O.Warmup native, SoftWarmup rewritten),
/// then timed runs that alternate between
/// them: at least O.Repeat each, and more, up to 20 times as many, until
/// each form's timed kernel time reaches O.MinTimeMillis. Every run is
/// verified. The rewritten form is handed the kernels as written as O
/// says (saEnqueueNDRangeKernelWithOriginals): the native kernel, and the
/// warp program's.
void runPair(ClSession &S, Workload &W, const KernelPair &K, size_t Local,
             const Options &O, int SoftWarmup, FormResult &Native,
             FormResult &Soft);

} // namespace softatomic

#endif
