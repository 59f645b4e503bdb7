// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "Runner.h"

#include <algorithm>
#include <chrono>
#include <numeric>

namespace softatomic {

KernelPair::~KernelPair() {
  if (Native)
    clReleaseKernel(Native);
  if (Soft)
    clReleaseKernel(Soft);
  if (Warp)
    clReleaseKernel(Warp);
}

KernelCache::~KernelCache() {
  Pairs.clear(); // kernels before their programs
  for (auto &B : Built) {
    if (B.second.Native)
      clReleaseProgram(B.second.Native);
    if (B.second.Soft)
      clReleaseProgram(B.second.Soft);
    if (B.second.Warp)
      clReleaseProgram(B.second.Warp);
  }
}

KernelCache::Programs &KernelCache::programs(const std::string &File) {
  for (auto &B : Built)
    if (B.first == File)
      return B.second;
  Built.emplace_back(File, Programs());
  Programs &P = Built.back().second;
  std::string Base = O.KernelDir + "/" + File;
  if (!(P.Native = S.build(Base + ".cl", "", P.Error)))
    return P;
  P.Soft =
      S.build(Base + ".sa.cl", S.rewrittenBuildOptions(O.SoftOptions), P.Error);
  if (P.Soft && O.WarpOriginal)
    P.Warp = S.build(
        Base + ".sa.cl",
        S.rewrittenBuildOptions(O.SoftOptions + " -DSA_WARP_PROGRAM"), P.Error);
  return P;
}

static KernelInfo kernelInfo(cl_kernel K, cl_device_id D) {
  KernelInfo I;
  clGetKernelWorkGroupInfo(K, D, CL_KERNEL_LOCAL_MEM_SIZE, sizeof(I.LocalMem),
                           &I.LocalMem, nullptr);
  clGetKernelWorkGroupInfo(K, D, CL_KERNEL_PRIVATE_MEM_SIZE,
                           sizeof(I.PrivateMem), &I.PrivateMem, nullptr);
  clGetKernelWorkGroupInfo(K, D, CL_KERNEL_WORK_GROUP_SIZE,
                           sizeof(I.WorkGroupSize), &I.WorkGroupSize, nullptr);
  clGetKernelWorkGroupInfo(K, D, CL_KERNEL_PREFERRED_WORK_GROUP_SIZE_MULTIPLE,
                           sizeof(I.PreferredMultiple), &I.PreferredMultiple,
                           nullptr);
  return I;
}

/// The pair's kernels, checked to be what they should be: the .cl one as
/// written, the .sa.cl one rewritten.
static std::string makePair(const ClSession &S, cl_program Native,
                            cl_program Soft, cl_program Warp,
                            const std::string &Base, const Config &C,
                            KernelPair &K) {
  cl_int Err = CL_SUCCESS;
  K.Native = clCreateKernel(Native, C.Kernel.c_str(), &Err);
  if (Err != CL_SUCCESS)
    return "no kernel '" + C.Kernel + "' in " + Base + ".cl: " + clError(Err);
  K.Soft = clCreateKernel(Soft, C.Kernel.c_str(), &Err);
  if (Err != CL_SUCCESS)
    return "no kernel '" + C.Kernel + "' in " + Base +
           ".sa.cl: " + clError(Err);
  cl_bool NativeRewritten = CL_FALSE, SoftRewritten = CL_FALSE;
  if ((Err = saIsKernelRewritten(K.Native, &NativeRewritten)) ||
      (Err = saIsKernelRewritten(K.Soft, &SoftRewritten)))
    return "saIsKernelRewritten failed: " + saError(Err);
  if (NativeRewritten)
    return Base +
           ".cl is a rewritten kernel: the native form must be the original";
  if (!SoftRewritten)
    return Base + ".sa.cl: kernel '" + C.Kernel +
           "' was not rewritten by softatomic-rewrite";
  if (Warp && !(K.Warp = clCreateKernel(Warp, C.Kernel.c_str(), &Err)))
    return "no kernel '" + C.Kernel + "' in the warp program of " + Base +
           ".sa.cl: " + clError(Err);
  size_t Coresident = 0; // a device with no known bound cannot run the pair
  if (saGetCoresidentGroups(K.Soft, S.Device, C.Local, &Coresident) !=
      CL_SUCCESS)
    return std::string("saGetCoresidentGroups failed: ") +
           saGetLastErrorMessage();
  K.NativeInfo = kernelInfo(K.Native, S.Device);
  K.SoftInfo = kernelInfo(K.Soft, S.Device);
  return "";
}

KernelPair &KernelCache::get(const Config &C, bool &IsNew) {
  std::string Key = C.File + "/" + C.Kernel + "@" + std::to_string(C.Local);
  IsNew = false;
  for (auto &P : Pairs)
    if (P.first == Key)
      return *P.second;
  IsNew = true;
  Pairs.emplace_back(Key, std::unique_ptr<KernelPair>(new KernelPair()));
  KernelPair &K = *Pairs.back().second;
  Programs &P = programs(C.File);
  K.Error = P.Error.empty() ? makePair(S, P.Native, P.Soft, P.Warp,
                                       O.KernelDir + "/" + C.File, C, K)
                            : P.Error;
  return K;
}

static double median(std::vector<double> V) {
  if (V.empty())
    return 0;
  std::sort(V.begin(), V.end());
  size_t N = V.size();
  return N % 2 ? V[N / 2] : (V[N / 2 - 1] + V[N / 2]) / 2;
}

namespace {

/// One kernel form's runs, one at a time, so that the two forms' timed runs
/// can alternate.
class FormRuns {
public:
  FormRuns(ClSession &S, Workload &W, cl_kernel K, bool Soft, size_t Local,
           cl_kernel Original, cl_kernel WarpProgram)
      : S(S), W(W), K(K), Soft(Soft), Local(Local), Original(Original),
        WarpProgram(WarpProgram) {}

  /// One verified run; false (and the reason in the result) on a failure.
  bool run(bool Timed);
  /// The timed runs' kernel time so far.
  double timedMillis() const {
    return std::accumulate(Times.begin(), Times.end(), 0.0);
  }
  FormResult result();

private:
  ClSession &S;
  Workload &W;
  cl_kernel K;
  bool Soft;
  size_t Local;
  cl_kernel Original, WarpProgram;
  int Runs = 0;
  std::vector<double> Times, Walls;
  FormResult R;
};

bool FormRuns::run(bool Timed) {
  size_t Global = W.Items;
  std::string Where = "run " + std::to_string(++Runs) + ": ";
  cl_int Err = W.reset();
  if (Err == CL_SUCCESS)
    Err = clFinish(S.Queue);
  if (Err == CL_SUCCESS)
    Err = W.setArgs(K);
  if (Err == CL_SUCCESS && Original)
    Err = W.setArgs(Original);
  if (Err == CL_SUCCESS && WarpProgram)
    Err = W.setArgs(WarpProgram);
  if (Err != CL_SUCCESS) {
    R.Error = Where + "setting up the buffers failed: " + clError(Err);
    return false;
  }
  cl_event Done = nullptr;
  auto T0 = std::chrono::steady_clock::now();
  Err = Soft ? saEnqueueNDRangeKernelWithOriginals(
                   S.Queue, K, Original, WarpProgram, 1, nullptr, &Global,
                   &Local, 0, nullptr, &Done)
             : clEnqueueNDRangeKernel(S.Queue, K, 1, nullptr, &Global, &Local,
                                      0, nullptr, &Done);
  if (Err != CL_SUCCESS) {
    R.Error = Where + "launch failed: " + (Soft ? saError(Err) : clError(Err));
    if (Soft)
      saFinish(S.Queue); // drain, and clear any device-side error
    else
      clFinish(S.Queue);
    return false;
  }
  Err = Soft ? saFinish(S.Queue) : clFinish(S.Queue);
  auto T1 = std::chrono::steady_clock::now();
  cl_int Status = CL_COMPLETE;
  clGetEventInfo(Done, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof(Status),
                 &Status, nullptr);
  double Ms = eventMillis(Done);
  clReleaseEvent(Done);
  if (Err != CL_SUCCESS || Status < 0) {
    cl_int Code = Err != CL_SUCCESS ? Err : Status;
    R.Error = Where + "kernel failed: " +
              (Soft && Err != CL_SUCCESS ? saError(Code) : clError(Code));
    return false;
  }
  std::string Wrong = W.verify();
  if (!Wrong.empty()) {
    R.Error = Where + "wrong result: " + Wrong;
    return false;
  }
  if (Timed) {
    Times.push_back(Ms);
    Walls.push_back(std::chrono::duration<double, std::milli>(T1 - T0).count());
  }
  return true;
}

FormResult FormRuns::result() {
  if (R.Error.empty() && Times.empty())
    R.Error = "not timed: the other form failed";
  if (!R.Error.empty())
    return R;
  R.Ok = true;
  R.Millis = median(Times);
  if (!Times.empty()) {
    R.MinMillis = *std::min_element(Times.begin(), Times.end());
    R.MaxMillis = *std::max_element(Times.begin(), Times.end());
  }
  R.WallMillis = median(Walls);
  R.Runs = (int)Times.size();
  return R;
}

} // namespace

void runPair(ClSession &S, Workload &W, const KernelPair &K, size_t Local,
             const Options &O, int SoftWarmup, FormResult &Native,
             FormResult &Soft) {
  // --original warp: the warp program's kernel too, which the direct mode
  // runs and the auto mode times beside the native kernel.
  cl_kernel Original = O.Original ? K.Native : nullptr;
  cl_kernel WarpProgram = O.Original && O.WarpOriginal ? K.Warp : nullptr;
  FormRuns N(S, W, K.Native, false, Local, nullptr, nullptr);
  FormRuns Sw(S, W, K.Soft, true, Local, Original, WarpProgram);
  bool Ok = true;
  for (int I = 0; Ok && I < O.Warmup; ++I)
    Ok = N.run(false);
  for (int I = 0; Ok && I < SoftWarmup; ++I)
    Ok = Sw.run(false);
  // Timed runs alternate between the forms, so that a clock or a load that
  // drifts moves both alike. Short kernels run more often than --repeat
  // (until each form's timed runs add up to --min-time), since one launch
  // of a few microseconds strays by a quarter of itself.
  const int Most = O.Repeat * 20;
  for (int I = 0; Ok && I < Most; ++I) {
    Ok = N.run(true) && Sw.run(true);
    if (I + 1 >= O.Repeat &&
        std::min(N.timedMillis(), Sw.timedMillis()) >= O.MinTimeMillis)
      break;
  }
  Native = N.result();
  Soft = Sw.result();
}

} // namespace softatomic
