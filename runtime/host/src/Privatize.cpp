// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "Privatize.h"

#include "ClQuery.h"
#include "Error.h"
#include "softatomic/HostConfig.h"
#include "softatomic_layout.h"

#include <algorithm>
#include <cstdio>
#include <map>
#include <mutex>
#include <optional>

namespace softatomic {
namespace {

/// What the caller told of one argument: the buffer it names (null for a
/// NULL pointer), or nothing known (an SVM pointer, a value of another
/// size).
struct ToldArg {
  bool Known = false;
  cl_mem Mem = nullptr;
};

struct ArgRecords {
  std::mutex Lock;
  std::map<cl_kernel, std::map<cl_uint, ToldArg>> Args;
};

ArgRecords &records() {
  static ArgRecords R;
  return R;
}

std::optional<ToldArg> toldArg(cl_kernel Kernel, cl_uint Index) {
  ArgRecords &R = records();
  std::lock_guard<std::mutex> Guard(R.Lock);
  auto K = R.Args.find(Kernel);
  if (K == R.Args.end())
    return std::nullopt;
  auto A = K->second.find(Index);
  if (A == K->second.end() || !A->second.Known)
    return std::nullopt;
  return A->second;
}

/// Where \p Mem lies: its parent buffer (itself where it has none), its
/// offset there and its size.
struct Extent {
  cl_mem Root = nullptr;
  size_t Offset = 0, Size = 0;
};

Extent extentOf(cl_mem Mem) {
  Extent E;
  E.Root = Mem;
  cl_mem Parent = nullptr;
  clGetMemObjectInfo(Mem, CL_MEM_SIZE, sizeof E.Size, &E.Size, nullptr);
  clGetMemObjectInfo(Mem, CL_MEM_ASSOCIATED_MEMOBJECT, sizeof Parent, &Parent,
                     nullptr);
  if (Parent) {
    E.Root = Parent;
    clGetMemObjectInfo(Mem, CL_MEM_OFFSET, sizeof E.Offset, &E.Offset, nullptr);
  }
  return E;
}

bool overlap(const Extent &A, const Extent &B) {
  return A.Root == B.Root && A.Offset < B.Offset + B.Size &&
         B.Offset < A.Offset + A.Size;
}

/// Why the other buffer arguments forbid a copy of argument \p Arg (one
/// not told, or one naming memory of the target's), or empty.
std::string aliasRefusal(cl_kernel Kernel, const RewrittenKernel &Entry,
                         cl_uint Arg, const Extent &Target) {
  for (cl_uint Other : Entry.BufferArgs) {
    if (Other == Arg)
      continue;
    std::optional<ToldArg> Told = toldArg(Kernel, Other);
    if (!Told)
      return "argument " + std::to_string(Other) +
             " was not told (saNoteKernelArg)";
    if (Told->Mem && overlap(Target, extentOf(Told->Mem)))
      return "arguments " + std::to_string(Arg) + " and " +
             std::to_string(Other) + " name the same buffer";
  }
  return "";
}

/// A cache smaller than this would hold too few of a target's elements to
/// pay for its merge; one larger than 2^16 entries is never needed (a copy
/// of the target would fit the same memory).
constexpr cl_uint MinCacheEntries = 64, MaxCacheLog = 16;

/// log2 of the entries (an index and a value each) of the largest cache
/// that fits \p Budget bytes, or 0 where not even MinCacheEntries do.
cl_uint cacheLog(cl_ulong Budget) {
  cl_uint Log = 0;
  while (Log < MaxCacheLog && (8ull << (Log + 1)) <= Budget)
    ++Log;
  return (1u << Log) >= MinCacheEntries ? Log : 0;
}

/// The copy of target \p T, or why not.
PrivatePlan planTarget(cl_kernel Kernel, const RewrittenKernel &Entry,
                       const PrivateTargetInfo &T, cl_ulong Budget) {
  PrivatePlan Plan;
  std::optional<ToldArg> Told = toldArg(Kernel, T.Arg);
  if (!Told || !Told->Mem) {
    Plan.Why = "argument " + std::to_string(T.Arg) +
               (Told ? " is NULL" : " was not told (saNoteKernelArg)");
    return Plan;
  }
  Extent Target = extentOf(Told->Mem);
  Plan.Why = aliasRefusal(Kernel, Entry, T.Arg, Target);
  if (!Plan.Why.empty())
    return Plan;
  // Elements past 2^30 (a 4 GiB target) take the deferred path: the
  // device's offsets are 32-bit.
  cl_ulong Words = std::min<cl_ulong>(Target.Size / 4, 0x3fffffffu);
  if (T.Bound)
    Words = std::min<cl_ulong>(Words, T.Bound);
  cl_uint HashLog = 0;
  if (Words * 4 > Budget)
    HashLog = cacheLog(Budget);
  if (Words == 0 || (Words * 4 > Budget && !HashLog)) {
    Plan.Why = "a copy of argument " + std::to_string(T.Arg) + " takes " +
               std::to_string(Words * 4) + " bytes of local memory, over " +
               std::to_string(Budget) + ", and a cache of " +
               std::to_string(MinCacheEntries) + " entries too";
    return Plan;
  }
  Plan.ArgPlusOne = T.Arg + 1;
  Plan.Words = (cl_uint)Words;
  Plan.Op = T.Op;
  Plan.HashLog = HashLog;
  return Plan;
}

} // namespace

std::string privateCopyName(const PrivatePlan &Plan) {
  std::string Arg = std::to_string(Plan.ArgPlusOne - 1);
  if (Plan.HashLog)
    return "a private cache of argument " + Arg + ", " +
           std::to_string(1u << Plan.HashLog) + " entries for " +
           std::to_string(Plan.Words) + " elements";
  return "a private copy of argument " + Arg + ", " +
         std::to_string(Plan.Words) + " elements";
}

cl_uint privateOpCode(const std::string &Op, const std::string &Type) {
  cl_uint Code = Op == "add"   ? SA_OP_ADD
                 : Op == "min" ? SA_OP_MIN
                 : Op == "max" ? SA_OP_MAX
                 : Op == "and" ? SA_OP_AND
                 : Op == "or"  ? SA_OP_OR
                 : Op == "xor" ? SA_OP_XOR
                               : 0u;
  if (Type == "float")
    return Op == "add" || Op == "min" || Op == "max" ? Code | SA_OP_FLOAT : 0u;
  if (Type == "int" && (Op == "min" || Op == "max"))
    Code |= SA_OP_SIGNED;
  return Type == "int" || Type == "uint" ? Code : 0u;
}

cl_ulong privateBudget(cl_device_id Device, cl_ulong KernelLocal,
                       cl_ulong ScratchBytes) {
  cl_ulong DeviceLocal = deviceInfo<cl_ulong>(Device, CL_DEVICE_LOCAL_MEM_SIZE);
  cl_ulong Used = KernelLocal + ScratchBytes;
  cl_ulong Free = DeviceLocal > Used ? DeviceLocal - Used : 0;
  cl_ulong Budget = hostConfig().PrivateBytes.value_or(DeviceLocal / 2);
  return std::min(Budget, Free);
}

PrivatePlan planPrivate(cl_kernel Kernel, const RewrittenKernel &Entry,
                        cl_ulong Budget) {
  PrivatePlan Plan;
  Plan.Why = "the rewriter found no target a private copy may serve";
  for (const PrivateTargetInfo &T : Entry.PrivateTargets) {
    Plan = planTarget(Kernel, Entry, T, Budget);
    if (Plan.Words)
      break;
  }
  return Plan;
}

PrivatePlan planPrivateCopy(cl_kernel Kernel, const RewrittenKernel &Entry,
                            cl_device_id Device, const std::string &Name,
                            size_t LocalItems, size_t &ScratchBytes) {
  cl_ulong KernelLocal = 0;
  clGetKernelWorkGroupInfo(Kernel, Device, CL_KERNEL_LOCAL_MEM_SIZE,
                           sizeof(KernelLocal), &KernelLocal, nullptr);
  cl_ulong Copy = 4ull * SA_P_COPY((cl_ulong)LocalItems);
  PrivatePlan Plan =
      planPrivate(Kernel, Entry, privateBudget(Device, KernelLocal, Copy));
  if (Plan.Words)
    ScratchBytes =
        std::max<size_t>(ScratchBytes, Copy + 4ull * Plan.localWords());
  if (hostConfig().Verbose)
    std::fprintf(
        stderr, "softatomic: kernel '%s': %s\n", Name.c_str(),
        (Plan.Words ? privateCopyName(Plan) : "no private copy: " + Plan.Why)
            .c_str());
  return Plan;
}

void forgetKernelArgs(cl_kernel Kernel) {
  ArgRecords &R = records();
  std::lock_guard<std::mutex> Guard(R.Lock);
  R.Args.erase(Kernel);
}

} // namespace softatomic

extern "C" cl_int saNoteKernelArg(cl_kernel Kernel, cl_uint Index, size_t Size,
                                  const void *Value) {
  using namespace softatomic;
  if (!Kernel)
    return fail(CL_INVALID_KERNEL, "kernel is NULL");
  ToldArg Told;
  // A buffer argument is a cl_mem's bytes, or NULL for a NULL pointer.
  Told.Known = Size == sizeof(cl_mem);
  if (Told.Known && Value)
    Told.Mem = *static_cast<const cl_mem *>(Value);
  ArgRecords &R = records();
  std::lock_guard<std::mutex> Guard(R.Lock);
  R.Args[Kernel][Index] = Told;
  return succeed();
}

extern "C" cl_int saNoteKernelClone(cl_kernel Source, cl_kernel Clone) {
  using namespace softatomic;
  if (!Source || !Clone)
    return fail(CL_INVALID_KERNEL, "kernel is NULL");
  ArgRecords &R = records();
  std::lock_guard<std::mutex> Guard(R.Lock);
  auto It = R.Args.find(Source);
  if (It == R.Args.end())
    R.Args.erase(Clone);
  else
    R.Args[Clone] = It->second;
  return succeed();
}

extern "C" cl_int saForgetKernelArgs(cl_kernel Kernel) {
  softatomic::forgetKernelArgs(Kernel);
  return softatomic::succeed();
}
