// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- ProgramBuild.h - clBuildProgram of a program from source -*- C++ -*-===//
//
// The layer rewrites the source and builds the result (the shadow) before
// the application's own build, so that a build callback that creates
// kernels finds them; but the program takes the new shadow only when the
// application's build succeeds. A build that fails (a kernel still
// attached, a source the device rejects) leaves the program's kernels
// what its last successful build made them, as without the layer, and the
// log says that the software path is not used for it.
//
//===----------------------------------------------------------------------===//

#ifndef SOFTATOMIC_LAYER_PROGRAMBUILD_H
#define SOFTATOMIC_LAYER_PROGRAMBUILD_H

#include "LayerState.h"
#include <CL/cl.h>

namespace softatomic {
namespace layer {

using BuildNotify = void(CL_CALLBACK *)(cl_program, void *);

/// clBuildProgram of \p Program, a program from source (\p Record), with
/// its shadow: what the real clBuildProgram returns.
cl_int buildWithShadow(cl_program Program, const ProgramRecord &Record,
                       cl_uint NumDevices, const cl_device_id *Devices,
                       const char *Options, BuildNotify Notify, void *UserData);

} // namespace layer
} // namespace softatomic

#endif
