// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "Reproducible.h"

#include "Error.h"
#include "softatomic/HostConfig.h"
#include "softatomic_layout.h"

#include <algorithm>

namespace softatomic {

size_t reproducibleSlots(size_t Items, unsigned Sites) {
  if (std::optional<cl_uint> Asked = hostConfig().ReproSlots)
    return *Asked;
  // At most half full, where each work-item adds once per site to a
  // target of its own; a loop that adds more often needs the variable.
  size_t Want = 2 * Items * std::max(Sites, 1u), Slots = 1024;
  while (Slots < Want && Slots < (size_t(1) << 21))
    Slots *= 2;
  return Slots;
}

size_t fitLocalAccumulators(cl_ulong DeviceLocal, cl_ulong KernelLocal,
                            size_t LocalItems, size_t &ScratchBytes) {
  // At most 12 KB: more would cost the kernel groups at once on a GPU.
  for (size_t Entries : {128, 64, 32}) {
    size_t Bytes = std::max<size_t>(
        ScratchBytes, SA_R_LOCAL_BYTES((cl_ulong)LocalItems, Entries));
    if (KernelLocal + Bytes <= DeviceLocal) {
      ScratchBytes = Bytes;
      return Entries;
    }
  }
  return 0;
}

cl_int bindNoAccumulators(cl_kernel Kernel, const RewrittenKernel &Entry) {
  if (!Entry.Reproducible)
    return CL_SUCCESS;
  cl_mem None = nullptr;
  return clSetKernelArg(Kernel, Entry.ReproIndex, sizeof(cl_mem), &None);
}

namespace {

/// Writes one 64-bit word of Buffer (a fill of one element), after Wait.
cl_int fillWord(cl_command_queue Queue, cl_mem Buffer, size_t Word,
                cl_ulong Value, cl_event Wait, cl_event *Done) {
  return clEnqueueFillBuffer(Queue, Buffer, &Value, sizeof Value,
                             Word * sizeof Value, sizeof Value, Wait ? 1 : 0,
                             Wait ? &Wait : nullptr, Done);
}

/// Zeros the accumulators, then writes the header's slot counts; Ready is
/// the last write's event.
cl_int zeroAccumulators(cl_command_queue Queue, cl_mem Buffer, size_t Bytes,
                        size_t FloatSlots, size_t DoubleSlots,
                        size_t LocalEntries, cl_event &Ready) {
  cl_ulong Zero = 0;
  cl_event Zeroed = nullptr, Counted = nullptr, Local = nullptr;
  cl_int Err = clEnqueueFillBuffer(Queue, Buffer, &Zero, sizeof Zero, 0, Bytes,
                                   0, nullptr, &Zeroed);
  if (Err == CL_SUCCESS)
    Err =
        fillWord(Queue, Buffer, SA_R_FLOAT_SLOTS, FloatSlots, Zeroed, &Counted);
  if (Err == CL_SUCCESS)
    Err = fillWord(Queue, Buffer, SA_R_LOCAL_ENTRIES, LocalEntries, Counted,
                   &Local);
  if (Err == CL_SUCCESS)
    Err =
        fillWord(Queue, Buffer, SA_R_DOUBLE_SLOTS, DoubleSlots, Local, &Ready);
  for (cl_event E : {Zeroed, Counted, Local})
    if (E)
      clReleaseEvent(E);
  return Err;
}

} // namespace

cl_int bindAccumulators(cl_command_queue Queue, cl_kernel Kernel,
                        const RewrittenKernel &Entry, size_t Items,
                        size_t LocalEntries, const std::string &Name,
                        ScopedBuffer &Buffer, cl_event &Ready) {
  cl_context Context = nullptr;
  cl_device_id Device = nullptr;
  clGetCommandQueueInfo(Queue, CL_QUEUE_CONTEXT, sizeof Context, &Context,
                        nullptr);
  clGetCommandQueueInfo(Queue, CL_QUEUE_DEVICE, sizeof Device, &Device,
                        nullptr);
  size_t Slots = reproducibleSlots(Items, Entry.ReproducibleSites);
  // A type without sites keeps a few: a power of two, one per list.
  size_t DoubleSlots = Entry.ReproducibleDoubles ? Slots : SA_R_LISTS;
  size_t Bytes = SA_REPRO_BYTES(Slots, DoubleSlots);
  if (Bytes > deviceInfo<cl_ulong>(Device, CL_DEVICE_MAX_MEM_ALLOC_SIZE))
    return fail(CL_MEM_OBJECT_ALLOCATION_FAILURE,
                "kernel '" + Name +
                    "': the accumulators of its reproducible "
                    "float adds (" +
                    std::to_string(Slots) + " slots, " + std::to_string(Bytes) +
                    " bytes) exceed the device's largest "
                    "buffer; set SOFTATOMIC_REPRO_SLOTS lower");
  cl_int Err = CL_SUCCESS;
  Buffer.Mem = clCreateBuffer(Context, CL_MEM_READ_WRITE, Bytes, nullptr, &Err);
  if (Err == CL_SUCCESS)
    Err = zeroAccumulators(Queue, Buffer.Mem, Bytes, Slots, DoubleSlots,
                           LocalEntries, Ready);
  if (Err == CL_SUCCESS)
    Err = clSetKernelArg(Kernel, Entry.ReproIndex, sizeof(cl_mem), &Buffer.Mem);
  if (Err != CL_SUCCESS)
    return fail(Err, "kernel '" + Name +
                         "': could not make the accumulators "
                         "of its reproducible float adds (" +
                         std::to_string(Bytes) + " bytes)");
  return CL_SUCCESS;
}

} // namespace softatomic
