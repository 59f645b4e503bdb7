// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// A 256-bin histogram with global atomics (Kirk and Hwu), over generated
// bytes: "uniform" (every byte value equally likely) and "skewed" (80% of
// the bytes in 4 bins, the contention a text's common letters make), at each
// input size of --hist-kb on --hist-groups groups; and each privatized by
// hand (variants "uniform/by-hand", "skewed/by-hand"), the reference.
#include "Families.h"

namespace softatomic {
namespace {

constexpr size_t Bins = 256;

struct Histogram : Workload {
  std::vector<cl_uchar> Bytes;
  std::vector<cl_uint> Want, Got;
  cl_mem Input = nullptr, Histo = nullptr;
  Histogram(ClSession &S, size_t Items, size_t Size, bool Skewed)
      : Workload(S, Items), Bytes(Size), Want(Bins, 0), Got(Bins) {
    Lcg R(Skewed ? 34 : 33);
    for (cl_uchar &B : Bytes) {
      B = (cl_uchar)(Skewed && R.below(100) < 80 ? R.below(4) : R.below(Bins));
      ++Want[B];
    }
  }
  cl_int create() override {
    cl_int Err;
    Input = input(Bytes.data(), Bytes.size(), Err);
    if (Err == CL_SUCCESS)
      Histo = buffer(Bins * sizeof(cl_uint), Err);
    return Err;
  }
  cl_int reset() override { return fill(Histo, 0, Bins * sizeof(cl_uint)); }
  cl_int setArgs(cl_kernel K) override {
    cl_uint Size = (cl_uint)Bytes.size();
    cl_int Err = clSetKernelArg(K, 0, sizeof(cl_mem), &Input);
    if (Err == CL_SUCCESS)
      Err = clSetKernelArg(K, 1, sizeof(Size), &Size);
    return Err ? Err : clSetKernelArg(K, 2, sizeof(cl_mem), &Histo);
  }
  size_t bytes() const override { return Bytes.size(); }
  std::string verify() override {
    if (cl_int Err = read(Histo, Got.data(), Bins * sizeof(cl_uint)))
      return "reading the histogram failed: " + clError(Err);
    return firstDifference("bin", Got, Want);
  }
};

} // namespace

std::vector<Config> histogramSweep(const Options &O) {
  std::vector<Config> Sweep;
  // Each variant also by hand (histogram_byhand.cl: privatized in local
  // memory), the reference row: its native time is what privatization
  // reaches.
  for (const char *Variant : {"uniform", "skewed"})
    for (bool ByHand : {false, true})
      for (size_t KB : O.HistKB) {
        Config C;
        C.Bench = "histogram";
        C.File = C.Kernel = ByHand ? "histogram_byhand" : "histogram";
        C.Variant = std::string(Variant) + (ByHand ? "/by-hand" : "");
        C.Param = "KiB";
        C.Value = KB;
        C.Groups = O.HistGroups;
        C.Local = O.Local;
        size_t Items = C.Groups * C.Local;
        bool Skewed = std::string(Variant) == "skewed";
        C.Make = [Items, KB, Skewed](ClSession &S) {
          return std::unique_ptr<Workload>(
              new Histogram(S, Items, KB * 1024, Skewed));
        };
        Sweep.push_back(C);
      }
  return Sweep;
}

} // namespace softatomic
