// The contention x padding sweep of McKee et al.: N = --cont-groups x
// --cont-local work-items, each adding 1 --cont-iters times to
// res[f(i) * padding], where f gives `contention` work-items each address:
//   contiguous  f(i) = i / contention (neighbours share an address)
//   cross-warp  f(i) = i % (N / contention) (sharers are far apart, in
//               different warps)
//   random      the contiguous assignment, shuffled
// with the atomic's return value unused, and used (summed per work-item).
#include "Families.h"

#include <algorithm>

namespace softatomic {
namespace {

/// indexes[i] = f(i) * padding for the pattern.
std::vector<cl_uint> addresses(const std::string &Pattern, size_t N,
                               size_t Contention, size_t Padding) {
  size_t Locations = (N + Contention - 1) / Contention;
  std::vector<cl_uint> F(N);
  for (size_t I = 0; I < N; ++I)
    F[I] = (cl_uint)(Pattern == "cross-warp" ? I % Locations : I / Contention);
  if (Pattern == "random") {
    Lcg R(Contention * 131 + Padding);
    for (size_t I = N - 1; I > 0; --I) // Fisher-Yates
      std::swap(F[I], F[R.below((uint32_t)(I + 1))]);
  }
  for (cl_uint &V : F)
    V *= (cl_uint)Padding;
  return F;
}

struct ContentionRun : Workload {
  std::vector<cl_uint> Indexes;
  cl_uint Iters;
  bool Used;
  size_t Words;                         // res[] in uints
  std::vector<cl_uint> WantRes, GotRes; // CPU reference of res[]
  std::vector<cl_uint> Sharers;         // work-items per address
  std::vector<cl_uint> Sums;
  cl_mem Res = nullptr, IndexBuf = nullptr, SumBuf = nullptr;
  ContentionRun(ClSession &S, size_t Items, std::vector<cl_uint> Idx,
                size_t Iters, bool Used)
      : Workload(S, Items), Indexes(std::move(Idx)), Iters((cl_uint)Iters),
        Used(Used) {
    Words = *std::max_element(Indexes.begin(), Indexes.end()) + 1;
    Sharers.assign(Words, 0);
    for (cl_uint I : Indexes)
      ++Sharers[I];
    WantRes.resize(Words);
    for (size_t A = 0; A < Words; ++A)
      WantRes[A] = Sharers[A] * this->Iters;
  }
  size_t atomics() const override { return Items * Iters; }
  cl_int create() override {
    cl_int Err;
    Res = buffer(Words * sizeof(cl_uint), Err);
    if (Err == CL_SUCCESS)
      IndexBuf = input(Indexes.data(), Indexes.size() * sizeof(cl_uint), Err);
    if (Err == CL_SUCCESS && Used)
      SumBuf = buffer(Items * sizeof(cl_uint), Err);
    return Err;
  }
  cl_int reset() override { return fill(Res, 0, Words * sizeof(cl_uint)); }
  cl_int setArgs(cl_kernel K) override {
    cl_int Err = setBuffers(K, {Res, IndexBuf});
    if (Err == CL_SUCCESS)
      Err = clSetKernelArg(K, 2, sizeof(Iters), &Iters);
    return Err || !Used ? Err : clSetKernelArg(K, 3, sizeof(cl_mem), &SumBuf);
  }
  size_t bytes() const override { return Words * sizeof(cl_uint); }
  std::string verify() override {
    GotRes.resize(Words);
    if (cl_int Err = read(Res, GotRes.data(), Words * sizeof(cl_uint)))
      return "reading res failed: " + clError(Err);
    std::string Wrong = firstDifference("res", GotRes, WantRes);
    if (!Wrong.empty() || !Used)
      return Wrong;
    // The values an address's atomics return are 0 .. adds-1, each once,
    // whatever the order: their sums over the address's sharers must match.
    Sums.resize(Items);
    if (cl_int Err = read(SumBuf, Sums.data(), Items * sizeof(cl_uint)))
      return "reading the sums failed: " + clError(Err);
    std::vector<cl_uint> Got(Words, 0), Want(Words, 0);
    for (size_t I = 0; I < Items; ++I)
      Got[Indexes[I]] += Sums[I];
    for (size_t A = 0; A < Words; ++A) {
      uint64_t Adds = WantRes[A];
      Want[A] = (cl_uint)(Adds * (Adds ? Adds - 1 : 0) / 2);
    }
    return firstDifference("sum of returned values per address", Got, Want);
  }
};

} // namespace

std::vector<Config> contentionSweep(const Options &O) {
  std::vector<Config> Sweep;
  size_t N = O.ContGroups * O.ContLocal;
  for (const std::string &Returns : O.Returns)
    for (const std::string &Pattern : O.Patterns)
      for (size_t Padding : O.Padding)
        for (size_t Contention : O.Contention) {
          if (Contention > N)
            continue;
          Config C;
          C.Bench = C.File = "contention";
          C.Kernel = "contention_" + Returns;
          C.Variant =
              Pattern + "/pad" + std::to_string(Padding) + "/" + Returns;
          C.Param = "contention";
          C.Value = Contention;
          C.Groups = O.ContGroups;
          C.Local = O.ContLocal;
          size_t Iters = O.ContIters;
          bool Used = Returns == "used";
          C.Make = [N, Pattern, Contention, Padding, Iters,
                    Used](ClSession &S) {
            return std::unique_ptr<Workload>(new ContentionRun(
                S, N, addresses(Pattern, N, Contention, Padding), Iters, Used));
          };
          Sweep.push_back(C);
        }
  return Sweep;
}

} // namespace softatomic
