// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The privatized form's host side: the buffers a kernel's arguments name
// (saNoteKernelArg), and per launch whether a worker may keep a private
// copy of a target in local memory (or, for a target too large, a cache of
// its hottest elements), of which argument, how many elements and of which
// operation (docs/HOST-RUNTIME.md, "The privatized form").
#ifndef SOFTATOMIC_HOST_PRIVATIZE_H
#define SOFTATOMIC_HOST_PRIVATIZE_H

#include "Manifest.h"
#include "softatomic/softatomic.h"

#include <string>

namespace softatomic {

/// What one launch's private copy is: none (Words 0, and Why says so), or
/// 1 + the argument it serves, its 32-bit elements and its operation
/// (SA_H_PRIVATE_ARG, _WORDS and _OP).
struct PrivatePlan {
  cl_uint ArgPlusOne = 0;
  cl_uint Words = 0;
  cl_uint Op = 0;
  /// A target too large for its copy: log2 of the entries of a cache of
  /// its hottest elements (0: a copy of Words elements).
  cl_uint HashLog = 0;
  std::string Why;
  /// The words of local memory the copy or the cache takes.
  cl_ulong localWords() const {
    return HashLog ? 2ull << HashLog : (cl_ulong)Words;
  }
};

/// The plan in words, for SOFTATOMIC_VERBOSE: "a private copy of argument
/// 2, 256 elements", or "a private cache of argument 2, 4096 entries for
/// 65536 elements".
std::string privateCopyName(const PrivatePlan &Plan);

/// The SA_OP_* code a privatized copy of \p Op ("add", ...) on \p Type
/// ("uint", "int", "float") combines, as the device's deferred entry
/// points name it; 0 for anything else.
cl_uint privateOpCode(const std::string &Op, const std::string &Type);

/// The local memory a private copy may take on \p Device beside a
/// kernel that uses \p KernelLocal bytes and a worker scratch of
/// \p ScratchBytes: half the device's local memory (a copy that takes
/// more lowers the groups a compute unit holds), or
/// SOFTATOMIC_PRIVATE_BYTES, and never more than is free.
cl_ulong privateBudget(cl_device_id Device, cl_ulong KernelLocal,
                       cl_ulong ScratchBytes);

/// The private copy of a launch of \p Kernel (\p Entry its manifest's) on
/// \p Device, within \p Budget bytes.
PrivatePlan planPrivate(cl_kernel Kernel, const RewrittenKernel &Entry,
                        cl_ulong Budget);

/// The private copy of a launch of \p Kernel (named \p Name) in the
/// combining mode on \p Device, with \p LocalItems work-items per group:
/// after the worker's scratch, which \p ScratchBytes grows to hold it,
/// within the budget beside the kernel's own local memory. Says what it
/// decided under SOFTATOMIC_VERBOSE.
PrivatePlan planPrivateCopy(cl_kernel Kernel, const RewrittenKernel &Entry,
                            cl_device_id Device, const std::string &Name,
                            size_t LocalItems, size_t &ScratchBytes);

/// Forgets what was told of \p Kernel's arguments.
void forgetKernelArgs(cl_kernel Kernel);

} // namespace softatomic

#endif
