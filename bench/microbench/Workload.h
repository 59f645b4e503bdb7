// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The evaluation's shared vocabulary: a Workload (the buffers of one
// benchmark at one size, reset before and verified after every run; native
// and rewritten runs share them), a Config (one row of a sweep: which kernel,
// which variant, which size), and the Options the sweeps are made from.
#ifndef SOFTATOMIC_MICROBENCH_WORKLOAD_H
#define SOFTATOMIC_MICROBENCH_WORKLOAD_H

#include "ClSession.h"

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace softatomic {

struct Workload {
  ClSession &S;
  size_t Items;     // the global size
  std::string Note; // what the verification could not check
  Workload(ClSession &S, size_t Items) : S(S), Items(Items) {}
  Workload(const Workload &) = delete;
  Workload &operator=(const Workload &) = delete;
  virtual ~Workload() { release(); }
  virtual cl_int create() = 0;
  virtual cl_int reset() = 0;
  virtual cl_int setArgs(cl_kernel K) = 0;
  /// Empty when the results match the CPU reference, else what is wrong.
  virtual std::string verify() = 0;
  /// Bytes of the buffers besides the atomics' targets (the CSV's `bytes`;
  /// checked against the device's largest allocation).
  virtual size_t bytes() const { return 0; }
  /// Global atomic read-modify-writes per launch (the CSV's `atomics`, which
  /// the plots turn into throughput); 0 where the benchmark does not fix it.
  virtual size_t atomics() const { return 0; }
  void release();

protected:
  cl_mem buffer(size_t Bytes, cl_int &Err);
  /// A read-only buffer holding Bytes of Data.
  cl_mem input(const void *Data, size_t Bytes, cl_int &Err);
  cl_int writeWord(cl_mem M, cl_uint V);
  cl_int fill(cl_mem M, cl_uint V, size_t Bytes);
  cl_int readWord(cl_mem M, cl_uint &V);
  cl_int read(cl_mem M, void *Data, size_t Bytes);
  /// Sets arguments 0, 1, ... to the buffers, in order.
  cl_int setBuffers(cl_kernel K, std::initializer_list<cl_mem> Ms);
  std::vector<cl_mem> Mems;
};

/// The sizes and variants every sweep is made from (the program's options).
struct Options {
  std::string Platform, Device, Csv, KernelInfo;
  std::string SoftOptions; // build options of the rewritten kernels
  /// The native kernel is handed to the runtime as the original
  /// (saEnqueueNDRangeKernelWithOriginal), as the interception layer does.
  bool Original = true;
  /// ... and the rewritten file's warp program's kernel (-DSA_WARP_PROGRAM,
  /// docs/REWRITE.md) too, which the direct mode runs and the auto mode
  /// times as a third way (saEnqueueNDRangeKernelWithOriginals).
  bool WarpOriginal = false;
  std::string KernelDir;
  std::string Preset =
      "paper"; // the sizes the sweep options start from (Presets.h)
  std::vector<std::string> Benches = {"fig8", "fig9", "copy"};
  std::vector<size_t> Groups = {2,   4,   8,   16,   32,   64,
                                128, 256, 512, 1024, 2048, 4096};
  size_t Local = 256;
  int Repeat = 5, Warmup = 2;
  /// Timed runs go on past Repeat until a form's kernel times add up to
  /// this (at most 20 times Repeat).
  double MinTimeMillis = 2;
  size_t CopyMB = 256;
  int CopyWidth = 4;                                             // uint4
  std::vector<size_t> ScalarGroups = {2, 4, 8, 16, 32, 64, 128}; // Figure 12
  std::vector<size_t> Matrix = {8, 16, 32, 64, 128, 256};        // Figure 10
  std::vector<size_t> Points = {512, 1024, 2048, 4096, 8192};    // Figure 11
  size_t Wave =
      64; // the per-wavefront variants' wavefront (AMD's, the paper's)
  std::vector<size_t> HistKB = {256, 1024, 4096, 16384};
  size_t HistGroups = 64;
  size_t TextKB = 4096;                            // the paper's 4 MB
  std::vector<size_t> MatchGroups = {32, 64, 128}; // Figure 13
  // The McKee sweep, by default issue 7's configuration.
  std::vector<size_t> Contention = {1,  2,   4,   8,   16,  32,
                                    64, 128, 256, 512, 1024};
  std::vector<size_t> Padding = {1, 32};
  std::vector<std::string> Patterns = {"contiguous", "cross-warp", "random"};
  std::vector<std::string> Returns = {"unused", "used"};
  std::vector<std::string> ContTypes = {"uint", "ulong", "float"};
  size_t ContGroups = 264, ContLocal = 1024, ContIters = 64;
  // The host runtime's modes the rewritten kernels run in (saSetMode).
  std::vector<std::string> Modes = {"coordinator"};
};

/// One row of a sweep: a kernel at one size, native and rewritten.
struct Config {
  std::string Bench;  // the family, e.g. "matmul"
  std::string File;   // the kernel file's name, without .cl
  std::string Kernel; // the kernel function
  std::string
      Variant; // e.g. "per-thread", "Q2", "random/pad32/used"; may be empty
  std::string Param; // the swept parameter, e.g. "groups", "matrix"
  size_t Value = 0;  // its value
  size_t Groups = 0, Local = 0;
  double Target = 0; // the runtime's speed bound on software/native; 0: none
  std::string Mode = "coordinator"; // the host runtime's mode: coordinator,
                                    // combine, direct, auto
  std::function<std::unique_ptr<Workload>(ClSession &)> Make;
};

/// A benchmark family: its name (--bench) and the sweep its options give.
struct Family {
  const char *Name;
  const char *What;
  std::vector<Config> (*Sweep)(const Options &);
};

/// Every family, in the order the evaluation runs them.
const std::vector<Family> &families();

std::string clError(cl_int Err);
/// The code's name and the runtime's words for it, once.
std::string saError(cl_int Err);

/// A reproducible stream of pseudo-random numbers (the inputs must be the
/// same on every machine, so no std::random distributions).
struct Lcg {
  uint64_t State;
  explicit Lcg(uint64_t Seed)
      : State(Seed * 2862933555777941757ull + 3037000493ull) {}
  uint32_t next() {
    State = State * 6364136223846793005ull + 1442695040888963407ull;
    return (uint32_t)(State >> 33);
  }
  uint32_t below(uint32_t N) {
    return (uint32_t)(((uint64_t)next() * N) >> 31);
  }
};

/// Where the first of two equally long arrays differ, as a message; empty
/// when they are equal.
template <typename T>
std::string firstDifference(const char *What, const std::vector<T> &Got,
                            const std::vector<T> &Want) {
  size_t Bad = 0, First = 0;
  for (size_t I = 0; I < Want.size(); ++I)
    if (Got[I] != Want[I] && Bad++ == 0)
      First = I;
  if (!Bad)
    return "";
  return std::to_string(Bad) + " " + What +
         " entries differ from the CPU reference, first [" +
         std::to_string(First) + "] = " + std::to_string(Got[First]) +
         ", expected " + std::to_string(Want[First]);
}

} // namespace softatomic

#endif
