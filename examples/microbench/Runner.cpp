#include "Runner.h"

#include <algorithm>
#include <chrono>

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

FormResult runForm(ClSession &S, Workload &W, cl_kernel K, bool Soft,
                   size_t Local, const Options &O, cl_kernel Original) {
  FormResult R;
  std::vector<double> Times, Walls;
  size_t Global = W.Items;
  for (int Run = 0; Run < O.Warmup + O.Repeat; ++Run) {
    std::string Where = "run " + std::to_string(Run + 1) + ": ";
    cl_int Err = W.reset();
    if (Err == CL_SUCCESS)
      Err = clFinish(S.Queue);
    if (Err == CL_SUCCESS)
      Err = W.setArgs(K);
    if (Err == CL_SUCCESS && Original)
      Err = W.setArgs(Original);
    if (Err != CL_SUCCESS) {
      R.Error = Where + "setting up the buffers failed: " + clError(Err);
      return R;
    }
    cl_event Done = nullptr;
    auto T0 = std::chrono::steady_clock::now();
    Err = Soft ? saEnqueueNDRangeKernelWithOriginal(S.Queue, K, Original, 1,
                                                    nullptr, &Global, &Local, 0,
                                                    nullptr, &Done)
               : clEnqueueNDRangeKernel(S.Queue, K, 1, nullptr, &Global, &Local,
                                        0, nullptr, &Done);
    if (Err != CL_SUCCESS) {
      R.Error =
          Where + "launch failed: " + (Soft ? saError(Err) : clError(Err));
      if (Soft)
        saFinish(S.Queue); // drain, and clear any device-side error
      else
        clFinish(S.Queue);
      return R;
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
      return R;
    }
    std::string Wrong = W.verify();
    if (!Wrong.empty()) {
      R.Error = Where + "wrong result: " + Wrong;
      return R;
    }
    if (Run >= O.Warmup) {
      Times.push_back(Ms);
      Walls.push_back(
          std::chrono::duration<double, std::milli>(T1 - T0).count());
    }
  }
  R.Ok = true;
  R.Millis = median(Times);
  if (!Times.empty()) {
    R.MinMillis = *std::min_element(Times.begin(), Times.end());
    R.MaxMillis = *std::max_element(Times.begin(), Times.end());
  }
  R.WallMillis = median(Walls);
  return R;
}

} // namespace softatomic
