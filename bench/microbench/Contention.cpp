// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The contention x padding sweep of McKee et al.: N = --cont-groups x
// --cont-local work-items, each adding 1 --cont-iters times to
// res[f(i) * padding], where f gives `contention` work-items each address:
//   contiguous  f(i) = i / contention (neighbours share an address)
//   cross-warp  f(i) = i % (N / contention) (sharers are far apart, in
//               different warps)
//   random      the contiguous assignment, shuffled
// with the atomic's return value unused, and used (summed per work-item);
// per element type (--cont-type): uint, atom_add; ulong, atom_add of
// cl_khr_int64_base_atomics; float, a compare-exchange loop that adds 1.0f
// (contention.cl: one file, so that a run builds the runtime once).
#include "Families.h"

#include <algorithm>
#include <type_traits>

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

/// What the sweep's element types differ in: the increment (ulong's has a bit
/// in each half, so that a lost high word shows) and the type of the
/// per-work-item sums of the returned values.
template <typename T> struct Element;
template <> struct Element<cl_uint> {
  typedef cl_uint Sum;
  static constexpr cl_uint Increment = 1;
};
template <> struct Element<cl_ulong> {
  typedef cl_ulong Sum;
  static constexpr cl_ulong Increment = 0x100000001ull;
};
template <> struct Element<cl_float> {
  typedef cl_uint Sum; // the kernel sums the returned floats as uints
  static constexpr cl_float Increment = 1.0f;
};

/// Adds per address above which a float sum of 1.0f is no longer exact.
const uint64_t ExactFloatAdds = 1u << 24;

template <typename T> struct ContentionRun : Workload {
  typedef typename Element<T>::Sum Sum;
  std::vector<cl_uint> Indexes;
  cl_uint Iters;
  bool Used;
  size_t Words;                   // res[] in elements
  std::vector<T> WantRes, GotRes; // CPU reference of res[]
  std::vector<uint64_t> Adds;     // adds per address
  std::vector<Sum> Sums;
  cl_mem Res = nullptr, IndexBuf = nullptr, SumBuf = nullptr;
  ContentionRun(ClSession &S, size_t Items, std::vector<cl_uint> Idx,
                size_t Iters, bool Used)
      : Workload(S, Items), Indexes(std::move(Idx)), Iters((cl_uint)Iters),
        Used(Used) {
    Words = *std::max_element(Indexes.begin(), Indexes.end()) + 1;
    Adds.assign(Words, 0);
    for (cl_uint I : Indexes)
      Adds[I] += this->Iters;
    WantRes.resize(Words);
    for (size_t A = 0; A < Words; ++A)
      WantRes[A] = (T)(Adds[A] * Element<T>::Increment);
  }
  size_t atomics() const override { return Items * Iters; }
  cl_int create() override {
    cl_int Err;
    Res = buffer(Words * sizeof(T), Err);
    if (Err == CL_SUCCESS)
      IndexBuf = input(Indexes.data(), Indexes.size() * sizeof(cl_uint), Err);
    if (Err == CL_SUCCESS && Used)
      SumBuf = buffer(Items * sizeof(Sum), Err);
    return Err;
  }
  cl_int reset() override { return fill(Res, 0, Words * sizeof(T)); }
  cl_int setArgs(cl_kernel K) override {
    cl_int Err = setBuffers(K, {Res, IndexBuf});
    if (Err == CL_SUCCESS)
      Err = clSetKernelArg(K, 2, sizeof(Iters), &Iters);
    return Err || !Used ? Err : clSetKernelArg(K, 3, sizeof(cl_mem), &SumBuf);
  }
  size_t bytes() const override { return Words * sizeof(T); }
  std::string verify() override {
    if (std::is_floating_point<T>::value &&
        *std::max_element(Adds.begin(), Adds.end()) >= ExactFloatAdds)
      return "a float address takes 2^24 adds or more, whose sum is not "
             "exact: lower --cont-iters or --contention";
    GotRes.resize(Words);
    if (cl_int Err = read(Res, GotRes.data(), Words * sizeof(T)))
      return "reading res failed: " + clError(Err);
    std::string Wrong = firstDifference("res", GotRes, WantRes);
    if (!Wrong.empty() || !Used)
      return Wrong;
    return verifySums();
  }
  /// The values an address's atomics return are k * increment for k = 0 ..
  /// adds-1, each once, whatever the order: their sums over the address's
  /// sharers must match (modulo the sum's width).
  std::string verifySums() {
    Sums.resize(Items);
    if (cl_int Err = read(SumBuf, Sums.data(), Items * sizeof(Sum)))
      return "reading the sums failed: " + clError(Err);
    std::vector<Sum> Got(Words, 0), Want(Words, 0);
    for (size_t I = 0; I < Items; ++I)
      Got[Indexes[I]] += Sums[I];
    for (size_t A = 0; A < Words; ++A) {
      uint64_t N = Adds[A];
      Want[A] =
          (Sum)((N * (N ? N - 1 : 0) / 2) * (uint64_t)Element<T>::Increment);
    }
    return firstDifference("sum of returned values per address", Got, Want);
  }
};

/// The row's workload for the element type.
std::unique_ptr<Workload> contentionRun(ClSession &S, const std::string &Type,
                                        size_t N, std::vector<cl_uint> Idx,
                                        size_t Iters, bool Used) {
  if (Type == "ulong")
    return std::unique_ptr<Workload>(
        new ContentionRun<cl_ulong>(S, N, std::move(Idx), Iters, Used));
  if (Type == "float")
    return std::unique_ptr<Workload>(
        new ContentionRun<cl_float>(S, N, std::move(Idx), Iters, Used));
  return std::unique_ptr<Workload>(
      new ContentionRun<cl_uint>(S, N, std::move(Idx), Iters, Used));
}

} // namespace

std::vector<Config> contentionSweep(const Options &O) {
  std::vector<Config> Sweep;
  size_t N = O.ContGroups * O.ContLocal;
  for (const std::string &Type : O.ContTypes)
    for (const std::string &Returns : O.Returns)
      for (const std::string &Pattern : O.Patterns)
        for (size_t Padding : O.Padding)
          for (size_t Contention : O.Contention) {
            if (Contention > N)
              continue;
            // uint's names are the sweep's from before it had types.
            bool Uint = Type == "uint";
            Config C;
            C.Bench = C.File = "contention";
            C.Kernel = "contention_" + (Uint ? "" : Type + "_") + Returns;
            C.Variant = Pattern + "/pad" + std::to_string(Padding) + "/" +
                        Returns + (Uint ? "" : "/" + Type);
            C.Param = "contention";
            C.Value = Contention;
            C.Groups = O.ContGroups;
            C.Local = O.ContLocal;
            size_t Iters = O.ContIters;
            bool Used = Returns == "used";
            C.Make = [Type, N, Pattern, Contention, Padding, Iters,
                      Used](ClSession &S) {
              return contentionRun(S, Type, N,
                                   addresses(Pattern, N, Contention, Padding),
                                   Iters, Used);
            };
            Sweep.push_back(C);
          }
  return Sweep;
}

} // namespace softatomic
