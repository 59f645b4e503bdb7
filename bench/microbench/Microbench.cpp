// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The paper's two microbenchmarks (Section VI.A) and a memory-bound copy.
//   fig8  Figure 8: atom_add(out, tid), nothing else
//   fig9  Figure 9 (its Figure 3 kernel): the atomic, then outArray[tid] = *out
//   copy  a copy of a large buffer with one atom_add per work-item
#include "Families.h"

#include <cstring>

namespace softatomic {
namespace {

/// sum of 0 .. N-1, the value atom_add(out, tid) leaves (modulo 2^32)
uint64_t sumOfIds(size_t N) { return (uint64_t)N * (N - 1) / 2; }

struct Fig8 : Workload {
  cl_mem Out = nullptr;
  using Workload::Workload;
  cl_int create() override {
    cl_int Err;
    Out = buffer(sizeof(cl_uint), Err);
    return Err;
  }
  cl_int reset() override { return writeWord(Out, 0); }
  cl_int setArgs(cl_kernel K) override { return setBuffers(K, {Out}); }
  std::string verify() override {
    cl_uint Got = 0;
    if (cl_int Err = readWord(Out, Got))
      return "reading *out failed: " + clError(Err);
    cl_uint Want = (cl_uint)sumOfIds(Items);
    if (Got != Want)
      return "*out = " + std::to_string(Got) + ", expected " +
             std::to_string(Want);
    return "";
  }
};

struct Fig9 : Workload {
  cl_mem Out = nullptr, Array = nullptr;
  std::vector<cl_uint> Host;
  using Workload::Workload;
  cl_int create() override {
    cl_int Err;
    Out = buffer(sizeof(cl_uint), Err);
    if (Err == CL_SUCCESS)
      Array = buffer(Items * sizeof(cl_uint), Err);
    Host.resize(Items);
    if (sumOfIds(Items) > 0xffffffffu)
      Note = "sum wraps at 2^32: outArray entries unchecked";
    return Err;
  }
  cl_int reset() override {
    cl_int Err = writeWord(Out, 0);
    if (Err ==
        CL_SUCCESS) // never a value [0, total] allows: unwritten entries show
      Err = fill(Array, 0xffffffffu, Items * sizeof(cl_uint));
    return Err;
  }
  cl_int setArgs(cl_kernel K) override { return setBuffers(K, {Out, Array}); }
  size_t bytes() const override { return Items * sizeof(cl_uint); }
  std::string verify() override {
    cl_uint Got = 0;
    if (cl_int Err = readWord(Out, Got))
      return "reading *out failed: " + clError(Err);
    uint64_t Total = sumOfIds(Items);
    if (Got != (cl_uint)Total)
      return "*out = " + std::to_string(Got) + ", expected " +
             std::to_string((cl_uint)Total);
    if (Total > 0xffffffffu)
      return ""; // every uint is some value of the wrapped counter
    if (cl_int Err = read(Array, Host.data(), Items * sizeof(cl_uint)))
      return "reading outArray failed: " + clError(Err);
    // Each entry is a value *out held after that work-item's own add (a
    // racy read, by the kernel's design): within [0, total].
    size_t Bad = 0, First = 0;
    for (size_t I = 0; I < Items; ++I)
      if (Host[I] > Total && Bad++ == 0)
        First = I;
    if (Bad)
      return std::to_string(Bad) + " outArray entries outside [0, " +
             std::to_string(Total) + "], first outArray[" +
             std::to_string(First) + "] = " + std::to_string(Host[First]);
    return "";
  }
};

struct Copy : Workload {
  size_t Words; // uints copied
  cl_mem Src = nullptr, Dst = nullptr, Count = nullptr;
  std::vector<cl_uint> Expected, Host;
  Copy(ClSession &S, size_t Items, size_t Words)
      : Workload(S, Items), Words(Words) {}
  cl_int create() override {
    cl_int Err;
    size_t Bytes = Words * sizeof(cl_uint);
    Expected.resize(Words);
    for (size_t I = 0; I < Words; ++I)
      Expected[I] =
          (cl_uint)(I + 1); // distinct and never the 0 of an unwritten word
    Host.resize(Words);
    Src = input(Expected.data(), Bytes, Err);
    if (Err == CL_SUCCESS)
      Dst = buffer(Bytes, Err);
    if (Err == CL_SUCCESS)
      Count = buffer(sizeof(cl_uint), Err);
    return Err;
  }
  cl_int reset() override {
    cl_int Err = writeWord(Count, 0);
    return Err ? Err : fill(Dst, 0, Words * sizeof(cl_uint));
  }
  cl_int setArgs(cl_kernel K) override {
    return setBuffers(K, {Src, Dst, Count});
  }
  size_t bytes() const override { return Words * sizeof(cl_uint); }
  std::string verify() override {
    cl_uint Got = 0;
    if (cl_int Err = readWord(Count, Got))
      return "reading the counter failed: " + clError(Err);
    if (Got != (cl_uint)Items)
      return "counter = " + std::to_string(Got) + ", expected " +
             std::to_string(Items);
    if (cl_int Err = read(Dst, Host.data(), Words * sizeof(cl_uint)))
      return "reading the destination failed: " + clError(Err);
    if (std::memcmp(Host.data(), Expected.data(), Words * sizeof(cl_uint)) == 0)
      return "";
    return firstDifference("destination", Host, Expected);
  }
};

/// fig8 or fig9 at every --groups size.
template <typename W>
std::vector<Config> groupSweep(const Options &O, const char *Name) {
  std::vector<Config> Sweep;
  for (size_t G : O.Groups) {
    Config C;
    C.Bench = C.File = C.Kernel = Name;
    C.Param = "groups";
    C.Value = C.Groups = G;
    C.Local = O.Local;
    bool Fig8 = C.Bench == "fig8";
    C.Target = Fig8 ? (G == 128 || G == 4096 ? 4.0 : 0) : 1.25;
    size_t Items = G * O.Local;
    C.Make = [Items](ClSession &S) {
      return std::unique_ptr<Workload>(new W(S, Items));
    };
    Sweep.push_back(C);
  }
  return Sweep;
}

} // namespace

std::vector<Config> fig8Sweep(const Options &O) {
  return groupSweep<Fig8>(O, "fig8");
}
std::vector<Config> fig9Sweep(const Options &O) {
  return groupSweep<Fig9>(O, "fig9");
}

/// The copy at the one size --copy-mb gives (whole groups).
std::vector<Config> copySweep(const Options &O) {
  size_t Words = O.CopyMB * 1048576 / sizeof(cl_uint);
  size_t Items = Words / O.CopyWidth / O.Local * O.Local;
  if (Items == 0)
    Items = O.Local;
  Config C;
  C.Bench = C.File = "copy";
  C.Kernel = O.CopyWidth == 4 ? "copy_uint4" : "copy_uint";
  C.Param = "MiB";
  C.Value = O.CopyMB;
  C.Groups = Items / O.Local;
  C.Local = O.Local;
  C.Target = 1.25;
  size_t CopyWords = Items * O.CopyWidth;
  C.Make = [Items, CopyWords](ClSession &S) {
    return std::unique_ptr<Workload>(new Copy(S, Items, CopyWords));
  };
  return {C};
}

} // namespace softatomic
