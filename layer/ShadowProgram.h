// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- ShadowProgram.h - Build the rewritten twin of a program --*- C++ -*-===//

#ifndef SOFTATOMIC_LAYER_SHADOWPROGRAM_H
#define SOFTATOMIC_LAYER_SHADOWPROGRAM_H

#include <CL/cl.h>
#include <string>
#include <vector>

namespace softatomic {
namespace layer {

/// Creates a program from \p Source for \p AppProgram's context and builds
/// it for the devices the application builds for (\p Devices, or all of the
/// program's when null), with the application's \p Options plus what
/// saGetBuildOptions gives each device. Returns null, with the reason in
/// \p Error, when it does not build.
cl_program buildShadowProgram(cl_program AppProgram, const std::string &Source,
                              cl_uint NumDevices, const cl_device_id *Devices,
                              const char *Options, std::string &Error);

/// The rewritten \p Source built as its warp program (-DSA_WARP_PROGRAM,
/// docs/REWRITE.md) like buildShadowProgram, where
/// SOFTATOMIC_LAYER_WARP_PROGRAM asks for it (with "auto", where every
/// device of the build has NVIDIA's warp path); elsewhere null. Null also
/// when it does not build. What happened goes to \p Events.
cl_program buildWarpProgram(cl_program Program, const std::string &Source,
                            cl_uint NumDevices, const cl_device_id *Devices,
                            const char *Options,
                            std::vector<std::string> &Events);

/// The devices a build of \p Program is for: \p Devices, or all of the
/// program's when null.
std::vector<cl_device_id> buildDevices(cl_program Program, cl_uint NumDevices,
                                       const cl_device_id *Devices);

/// The first line of \p Device's build log of \p Program.
std::string buildLogLine(cl_program Program, cl_device_id Device);

} // namespace layer
} // namespace softatomic

#endif
