// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- QueueProfiling.cpp - Device times for the automatic mode -----------===//
//
// clCreateCommandQueue, clCreateCommandQueueWithProperties and
// clGetCommandQueueInfo (QueueProfiling.h says why).
//
//===----------------------------------------------------------------------===//

#include "QueueProfiling.h"
#include "EntryPoint.h"
#include "LayerLog.h"
#include "RealOpenCL.h"
#include <algorithm>
#include <cstring>
#include <map>
#include <mutex>
#include <softatomic/softatomic.h>
#include <vector>

using namespace softatomic::layer;

namespace {

/// What the application asked for, of a queue the layer made profile.
struct AskedProperties {
  cl_command_queue_properties Bits = 0;
  /// clCreateCommandQueueWithProperties's list, its terminating 0
  /// included (empty: the list was null, or clCreateCommandQueue made it).
  std::vector<cl_queue_properties> List;
};

struct ProfiledQueues {
  std::mutex Mutex;
  std::map<cl_command_queue, AskedProperties> Asked;
};

ProfiledQueues &profiledQueues() {
  static ProfiledQueues *Queues = new ProfiledQueues; // see state()
  return *Queues;
}

/// Whether the layer turns profiling on: the automatic and profile modes
/// need it, and nothing else does.
bool profilesQueues() {
  return layerActive() &&
         (saGetMode() == SA_MODE_AUTO || saGetMode() == SA_MODE_PROFILE);
}

void remember(cl_command_queue Queue, AskedProperties Asked) {
  {
    ProfiledQueues &Queues = profiledQueues();
    std::lock_guard<std::mutex> Lock(Queues.Mutex);
    Queues.Asked[Queue] = std::move(Asked);
  }
  static std::once_flag Said;
  std::call_once(Said, [] {
    logEvent("profiling turned on for the application's command queues "
             "(the automatic and profile modes time launches from their "
             "events); "
             "clGetCommandQueueInfo answers as asked");
  });
}

/// The properties the application asked for, if the layer changed them.
bool askedProperties(cl_command_queue Queue, AskedProperties &Asked) {
  ProfiledQueues &Queues = profiledQueues();
  std::lock_guard<std::mutex> Lock(Queues.Mutex);
  auto It = Queues.Asked.find(Queue);
  if (It == Queues.Asked.end())
    return false;
  Asked = It->second;
  return true;
}

/// \p List (null-terminated pairs, or null) as a vector, its terminating 0
/// included (empty for null).
std::vector<cl_queue_properties> copied(const cl_queue_properties *List) {
  std::vector<cl_queue_properties> Out;
  if (!List)
    return Out;
  const cl_queue_properties *P = List;
  for (; *P; P += 2)
    Out.insert(Out.end(), P, P + 2);
  Out.push_back(0);
  return Out;
}

/// \p Asked (as copied() gives it) with CL_QUEUE_PROFILING_ENABLE in its
/// CL_QUEUE_PROPERTIES; \p Bits gets what it asked for there.
std::vector<cl_queue_properties>
withProfiling(std::vector<cl_queue_properties> Asked,
              cl_command_queue_properties &Bits) {
  if (Asked.empty())
    Asked.push_back(0);
  for (size_t I = 0; Asked[I]; I += 2)
    if (Asked[I] == CL_QUEUE_PROPERTIES) {
      Bits = static_cast<cl_command_queue_properties>(Asked[I + 1]);
      Asked[I + 1] |= CL_QUEUE_PROFILING_ENABLE;
      return Asked;
    }
  Asked.insert(Asked.end() - 1,
               {CL_QUEUE_PROPERTIES, CL_QUEUE_PROFILING_ENABLE});
  return Asked;
}

} // namespace

namespace softatomic {
namespace layer {

void forgetQueueProperties(cl_command_queue Queue) {
  ProfiledQueues &Queues = profiledQueues();
  std::lock_guard<std::mutex> Lock(Queues.Mutex);
  Queues.Asked.erase(Queue);
}

} // namespace layer
} // namespace softatomic

namespace {

/// A queue created as the application asked: nothing of an earlier queue
/// with the same handle applies to it.
cl_command_queue asCreated(cl_command_queue Queue) {
  if (Queue)
    forgetQueueProperties(Queue);
  return Queue;
}

} // namespace

SA_LAYER_ENTRY CL_API_ENTRY cl_command_queue CL_API_CALL clCreateCommandQueue(
    cl_context Context, cl_device_id Device,
    cl_command_queue_properties Properties, cl_int *ErrcodeRet) {
  return guarded(__func__, ErrcodeRet, [&]() -> cl_command_queue {
    auto Create = SA_REAL(clCreateCommandQueue);
    if (!profilesQueues() || (Properties & CL_QUEUE_PROFILING_ENABLE))
      return asCreated(Create(Context, Device, Properties, ErrcodeRet));
    cl_command_queue Queue = Create(
        Context, Device, Properties | CL_QUEUE_PROFILING_ENABLE, ErrcodeRet);
    if (!Queue)
      return asCreated(Create(Context, Device, Properties, ErrcodeRet));
    remember(Queue, {Properties, {}});
    return Queue;
  });
}

SA_LAYER_ENTRY CL_API_ENTRY cl_command_queue CL_API_CALL
clCreateCommandQueueWithProperties(cl_context Context, cl_device_id Device,
                                   const cl_queue_properties *Properties,
                                   cl_int *ErrcodeRet) {
  return guarded(__func__, ErrcodeRet, [&]() -> cl_command_queue {
    auto Create = SA_REAL(clCreateCommandQueueWithProperties);
    if (!Create) { // an OpenCL 1.2 ICD loader
      if (ErrcodeRet)
        *ErrcodeRet = CL_INVALID_OPERATION;
      return nullptr;
    }
    cl_command_queue_properties Bits = 0;
    std::vector<cl_queue_properties> Asked = copied(Properties);
    std::vector<cl_queue_properties> Profiling = withProfiling(Asked, Bits);
    // A device-side queue (OpenCL 2.0) runs no launch of the layer's.
    if (!profilesQueues() || (Bits & CL_QUEUE_PROFILING_ENABLE) ||
        (Bits & CL_QUEUE_ON_DEVICE))
      return asCreated(Create(Context, Device, Properties, ErrcodeRet));
    cl_command_queue Queue =
        Create(Context, Device, Profiling.data(), ErrcodeRet);
    if (!Queue)
      return asCreated(Create(Context, Device, Properties, ErrcodeRet));
    remember(Queue, {Bits, std::move(Asked)});
    return Queue;
  });
}

SA_LAYER_ENTRY CL_API_ENTRY cl_int CL_API_CALL
clGetCommandQueueInfo(cl_command_queue Queue, cl_command_queue_info Name,
                      size_t ParamSize, void *ParamValue, size_t *SizeRet) {
  return guarded(__func__, [&]() -> cl_int {
    auto Real = SA_REAL(clGetCommandQueueInfo);
    AskedProperties Asked;
    if (!layerActive() || !askedProperties(Queue, Asked))
      return Real(Queue, Name, ParamSize, ParamValue, SizeRet);
#ifdef CL_QUEUE_PROPERTIES_ARRAY
    if (Name == CL_QUEUE_PROPERTIES_ARRAY) {
      size_t Size = Asked.List.size() * sizeof(cl_queue_properties);
      if (ParamValue && ParamSize < Size)
        return CL_INVALID_VALUE;
      if (ParamValue && Size)
        std::memcpy(ParamValue, Asked.List.data(), Size);
      if (SizeRet)
        *SizeRet = Size;
      return CL_SUCCESS;
    }
#endif
    // The driver's answer, with its checks; then the bit it did not ask
    // for goes.
    cl_int Status = Real(Queue, Name, ParamSize, ParamValue, SizeRet);
    if (Status == CL_SUCCESS && Name == CL_QUEUE_PROPERTIES && ParamValue)
      *static_cast<cl_command_queue_properties *>(ParamValue) = Asked.Bits;
    return Status;
  });
}
