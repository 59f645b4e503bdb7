// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- NativeTwin.h - The original kernel beside a rewritten one -*- C++
//-*-===//
//
// Every kernel the layer creates from a shadow program has a native twin:
// the same kernel created from the application's own program (always
// built), which gets every argument the application sets. It answers the
// queries about the application's kernel (its argument info, its local
// memory), and runs the launches the software path cannot do, so that
// the application sees what the native launch gives, never softatomic's
// own error codes.
//
//===----------------------------------------------------------------------===//

#ifndef SOFTATOMIC_LAYER_NATIVETWIN_H
#define SOFTATOMIC_LAYER_NATIVETWIN_H

#include "LayerState.h"
#include <CL/cl.h>
#include <string>

namespace softatomic {
namespace layer {

/// Kernel \p Name of \p AppProgram (null, logged, if it cannot be made).
cl_kernel createNativeTwin(cl_program AppProgram, unsigned ProgramId,
                           const std::string &Name);

/// Kernel \p Name of the warp program \p Warp (null, logged, if it cannot
/// be made: the native twin then runs the kernel as written).
cl_kernel createWarpTwin(cl_program Warp, unsigned ProgramId,
                         const std::string &Name);

/// The application's argument count of \p Rewritten (its own less the
/// runtime's local scratch and state, which come last).
cl_uint userArgCount(cl_kernel Rewritten);

/// The twin of a clone of a rewritten kernel: a clone of \p Native (which
/// keeps its arguments, as the clone does), or null.
cl_kernel cloneNativeTwin(cl_kernel Native);

/// Called when saEnqueueNDRangeKernel failed with \p Status (\p Why in
/// words) and enqueued nothing: launches \p Record's twin with the same
/// arguments and returns what that returns; logs both. Without a twin,
/// softatomic's own codes become CL_OUT_OF_RESOURCES.
cl_int launchNativeTwin(const KernelRecord &Record, cl_int Status,
                        const std::string &Why, cl_command_queue Queue,
                        cl_uint WorkDim, const size_t *GlobalOffset,
                        const size_t *GlobalSize, const size_t *LocalSize,
                        cl_uint NumEvents, const cl_event *WaitList,
                        cl_event *Event);

/// Whether \p Status is one of softatomic's own codes (SA_*), which no
/// application knows.
bool isSoftatomicCode(cl_int Status);

} // namespace layer
} // namespace softatomic

#endif
