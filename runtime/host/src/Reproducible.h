// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The accumulators of a launch with reproducible float adds
// (softatomic-rewrite --float-atomics=reproducible; docs/REWRITE.md,
// "Reproducible float adds"): one buffer per launch, made and zeroed here
// and bound as the kernel's third extra argument. The device sums each add
// exactly in it, and the last work-group to end rounds every sum into its
// target (runtime/device/08b_reproducible.cl): the host waits for nothing.
#ifndef SOFTATOMIC_HOST_REPRODUCIBLE_H
#define SOFTATOMIC_HOST_REPRODUCIBLE_H

#include "ClQuery.h"
#include "Manifest.h"

#include <string>

namespace softatomic {

/// Binds no accumulators (a null buffer) to a kernel with reproducible
/// adds, for launches that run none of its code (the probe); nothing for
/// a kernel without them.
cl_int bindNoAccumulators(cl_kernel Kernel, const RewrittenKernel &Entry);

/// Makes the accumulators of a launch of Entry's kernel with Items
/// work-items, enqueues their zeroing on Queue, and binds them. Buffer
/// holds them (OpenCL keeps them until the kernel that uses them ends);
/// Ready is the zeroing's last event, which the kernel must wait for.
cl_int bindAccumulators(cl_command_queue Queue, cl_kernel Kernel,
                        const RewrittenKernel &Entry, size_t Items,
                        size_t LocalEntries, const std::string &Name,
                        ScopedBuffer &Buffer, cl_event &Ready);

/// The float slots a worker of the launch keeps in its scratch (where its
/// reproducible adds sum first, runtime/device/08b_reproducible.cl): the
/// most of 128, 64 and 32 whose bytes fit in the device's local memory
/// beside the kernel's own (KernelLocal) and the runtime's scratch
/// (ScratchBytes, which grows to hold them), else none.
size_t fitLocalAccumulators(cl_ulong DeviceLocal, cl_ulong KernelLocal,
                            size_t LocalItems, size_t &ScratchBytes);

/// The slots per type a launch of Items work-items through Sites
/// reproducible sites takes: SOFTATOMIC_REPRO_SLOTS, else twice the adds
/// each work-item could make once, a power of two from 1024 to 2^21.
size_t reproducibleSlots(size_t Items, unsigned Sites);

} // namespace softatomic

#endif
