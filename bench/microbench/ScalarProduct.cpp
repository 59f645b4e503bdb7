// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Scalar product (Figure 12): one atom_add of x[i] * y[i] per work-item into
// one global sum, at each of --scalar-groups.
#include "Families.h"

namespace softatomic {
namespace {

struct ScalarProduct : Workload {
  std::vector<cl_uint> X, Y;
  cl_uint Want = 0; // the CPU reference, modulo 2^32
  cl_mem Xs = nullptr, Ys = nullptr, Sum = nullptr;
  ScalarProduct(ClSession &S, size_t Items)
      : Workload(S, Items), X(Items), Y(Items) {
    Lcg R(12);
    for (size_t I = 0; I < Items; ++I) {
      X[I] = R.below(1000);
      Y[I] = R.below(1000);
      Want += X[I] * Y[I];
    }
  }
  cl_int create() override {
    cl_int Err;
    Xs = input(X.data(), Items * sizeof(cl_uint), Err);
    if (Err == CL_SUCCESS)
      Ys = input(Y.data(), Items * sizeof(cl_uint), Err);
    if (Err == CL_SUCCESS)
      Sum = buffer(sizeof(cl_uint), Err);
    return Err;
  }
  cl_int reset() override { return writeWord(Sum, 0); }
  cl_int setArgs(cl_kernel K) override { return setBuffers(K, {Xs, Ys, Sum}); }
  size_t bytes() const override { return 2 * Items * sizeof(cl_uint); }
  std::string verify() override {
    cl_uint Got = 0;
    if (cl_int Err = readWord(Sum, Got))
      return "reading the sum failed: " + clError(Err);
    if (Got != Want)
      return "sum = " + std::to_string(Got) + ", expected " +
             std::to_string(Want);
    return "";
  }
};

} // namespace

std::vector<Config> scalarSweep(const Options &O) {
  std::vector<Config> Sweep;
  for (size_t G : O.ScalarGroups) {
    Config C;
    C.Bench = C.File = C.Kernel = "scalar";
    C.Param = "groups";
    C.Value = C.Groups = G;
    C.Local = O.Local;
    size_t Items = G * O.Local;
    C.Make = [Items](ClSession &S) {
      return std::unique_ptr<Workload>(new ScalarProduct(S, Items));
    };
    Sweep.push_back(C);
  }
  return Sweep;
}

} // namespace softatomic
