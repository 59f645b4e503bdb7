// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The MapReduce applications (Figures 10 and 11): matrix multiplication at
// each of --matrix (n x n, one map task per element of the product) and the
// KMeans map phase at each of --points, with single-pass output through
// atomic add, per thread and per wavefront (--wave work-items per atomic).
#include "Families.h"

#include <algorithm>
#include <numeric>

namespace softatomic {
namespace {

/// The shared output: a counter the atomics advance and one (key, value)
/// record per map task, keys 0 .. Tasks-1 in any order of slots.
struct Records : Workload {
  size_t Tasks;
  size_t Wave =
      0; // 0: per thread; else the per-wavefront kernel's extra arguments
  size_t Local;
  std::vector<cl_uint> Want; // the CPU reference: the value of each key
  std::vector<cl_uint> Keys, Values;
  cl_mem Count = nullptr, KeyBuf = nullptr, ValueBuf = nullptr;
  Records(ClSession &S, size_t Tasks, size_t Wave, size_t Local)
      : Workload(S, Tasks), Tasks(Tasks), Wave(Wave), Local(Local), Want(Tasks),
        Keys(Tasks), Values(Tasks) {}
  cl_int createOutput() {
    cl_int Err;
    Count = buffer(sizeof(cl_uint), Err);
    if (Err == CL_SUCCESS)
      KeyBuf = buffer(Tasks * sizeof(cl_uint), Err);
    if (Err == CL_SUCCESS)
      ValueBuf = buffer(Tasks * sizeof(cl_uint), Err);
    return Err;
  }
  cl_int reset() override {
    cl_int Err = writeWord(Count, 0);
    // never a valid key: unwritten slots show
    return Err ? Err : fill(KeyBuf, 0xffffffffu, Tasks * sizeof(cl_uint));
  }
  /// The output arguments from First on, then the per-wavefront ones.
  cl_int setOutputArgs(cl_kernel K, cl_uint First) {
    cl_int Err = CL_SUCCESS;
    for (cl_mem M : {Count, KeyBuf, ValueBuf})
      if (Err == CL_SUCCESS)
        Err = clSetKernelArg(K, First++, sizeof(cl_mem), &M);
    if (Err || !Wave)
      return Err;
    cl_uint W = (cl_uint)Wave;
    Err = clSetKernelArg(K, First, sizeof(W), &W);
    if (Err ==
        CL_SUCCESS) // the work-items' record counts, and each wavefront's base
      Err = clSetKernelArg(K, First + 1, Local * sizeof(cl_uint), nullptr);
    return Err ? Err
               : clSetKernelArg(K, First + 2,
                                (Local + Wave - 1) / Wave * sizeof(cl_uint),
                                nullptr);
  }
  std::string verify() override {
    cl_uint Got = 0;
    if (cl_int Err = readWord(Count, Got))
      return "reading the counter failed: " + clError(Err);
    if (Got != Tasks)
      return "counter = " + std::to_string(Got) + ", expected " +
             std::to_string(Tasks);
    if (cl_int Err = read(KeyBuf, Keys.data(), Tasks * sizeof(cl_uint)))
      return "reading the keys failed: " + clError(Err);
    if (cl_int Err = read(ValueBuf, Values.data(), Tasks * sizeof(cl_uint)))
      return "reading the values failed: " + clError(Err);
    std::vector<cl_uint> ByKey(Tasks), Seen(Tasks, 0);
    for (size_t Slot = 0; Slot < Tasks; ++Slot) {
      cl_uint Key = Keys[Slot];
      if (Key >= Tasks || Seen[Key]++)
        return "slot " + std::to_string(Slot) + " holds key " +
               std::to_string(Key) +
               (Key >= Tasks ? " (no such task)" : " (a second time)");
      ByKey[Key] = Values[Slot];
    }
    return firstDifference("record", ByKey, Want);
  }
};

struct MatMul : Records {
  cl_uint N;
  std::vector<cl_uint> X, Y;
  cl_mem Xs = nullptr, Ys = nullptr;
  MatMul(ClSession &S, size_t N, size_t Wave, size_t Local)
      : Records(S, N * N, Wave, Local), N((cl_uint)N), X(N * N), Y(N * N) {
    Lcg R(56);
    for (size_t I = 0; I < N * N; ++I) {
      X[I] = R.below(100);
      Y[I] = R.below(100);
    }
    for (size_t I = 0; I < N; ++I)
      for (size_t J = 0; J < N; ++J) {
        cl_uint Z = 0;
        for (size_t K = 0; K < N; ++K)
          Z += X[I * N + K] * Y[K * N + J];
        Want[I * N + J] = Z;
      }
  }
  cl_int create() override {
    cl_int Err;
    Xs = input(X.data(), X.size() * sizeof(cl_uint), Err);
    if (Err == CL_SUCCESS)
      Ys = input(Y.data(), Y.size() * sizeof(cl_uint), Err);
    return Err ? Err : createOutput();
  }
  cl_int setArgs(cl_kernel K) override {
    cl_int Err = setBuffers(K, {Xs, Ys});
    if (Err == CL_SUCCESS)
      Err = clSetKernelArg(K, 2, sizeof(N), &N);
    return Err ? Err : setOutputArgs(K, 3);
  }
  size_t bytes() const override {
    return (X.size() + Y.size()) * sizeof(cl_uint);
  }
};

constexpr size_t Dim = 4, Clusters = 32; // DIM in mapreduce.cl

struct KMeans : Records {
  std::vector<cl_int> Points, Centroids;
  cl_mem PointBuf = nullptr, CentroidBuf = nullptr;
  KMeans(ClSession &S, size_t NumPoints, size_t Wave, size_t Local)
      : Records(S, NumPoints, Wave, Local), Points(NumPoints * Dim),
        Centroids(Clusters * Dim) {
    Lcg R(78);
    for (cl_int &V : Points)
      V = (cl_int)R.below(1000);
    for (cl_int &V : Centroids)
      V = (cl_int)R.below(1000);
    for (size_t P = 0; P < NumPoints; ++P) {
      cl_uint Best = 0, BestDistance = 0xffffffffu;
      for (size_t C = 0; C < Clusters; ++C) {
        cl_uint Distance = 0;
        for (size_t D = 0; D < Dim; ++D) {
          cl_int Delta = Points[P * Dim + D] - Centroids[C * Dim + D];
          Distance += (cl_uint)(Delta * Delta);
        }
        if (Distance < BestDistance) {
          BestDistance = Distance;
          Best = (cl_uint)C;
        }
      }
      Want[P] = Best;
    }
  }
  cl_int create() override {
    cl_int Err;
    PointBuf = input(Points.data(), Points.size() * sizeof(cl_int), Err);
    if (Err == CL_SUCCESS)
      CentroidBuf =
          input(Centroids.data(), Centroids.size() * sizeof(cl_int), Err);
    return Err ? Err : createOutput();
  }
  cl_int setArgs(cl_kernel K) override {
    cl_uint NumClusters = Clusters;
    cl_int Err = setBuffers(K, {PointBuf, CentroidBuf});
    if (Err == CL_SUCCESS)
      Err = clSetKernelArg(K, 2, sizeof(NumClusters), &NumClusters);
    return Err ? Err : setOutputArgs(K, 3);
  }
  size_t bytes() const override {
    return (Points.size() + Centroids.size()) * sizeof(cl_int);
  }
};

/// Both variants of one application at each size: Tasks(size) map tasks.
template <typename App>
std::vector<Config>
mapReduceSweep(const Options &O, const char *Bench, const char *Param,
               const std::vector<size_t> &Sizes, size_t (*Tasks)(size_t)) {
  std::vector<Config> Sweep;
  for (bool PerWave : {false, true})
    for (size_t Size : Sizes) {
      Config C;
      C.Bench = Bench;
      C.File = "mapreduce";
      C.Kernel = std::string(Bench) + (PerWave ? "_wave" : "_thread");
      C.Variant = PerWave ? "per-wavefront" : "per-thread";
      C.Param = Param;
      C.Value = Size;
      size_t Items = Tasks(Size);
      C.Local = std::gcd(O.Local, Items); // the map tasks fill whole groups
      C.Groups = Items / C.Local;
      size_t Wave = PerWave ? std::min(O.Wave, C.Local) : 0, Local = C.Local;
      C.Make = [Size, Wave, Local](ClSession &S) {
        return std::unique_ptr<Workload>(new App(S, Size, Wave, Local));
      };
      Sweep.push_back(C);
    }
  return Sweep;
}

size_t squared(size_t N) { return N * N; }
size_t same(size_t N) { return N; }

} // namespace

std::vector<Config> matmulSweep(const Options &O) {
  return mapReduceSweep<MatMul>(O, "matmul", "matrix", O.Matrix, squared);
}

std::vector<Config> kmeansSweep(const Options &O) {
  return mapReduceSweep<KMeans>(O, "kmeans", "points", O.Points, same);
}

} // namespace softatomic
