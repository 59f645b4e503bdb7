// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- ClQueries.h - The OpenCL queries the layer makes ---------*- C++ -*-===//
//
// Small wrappers over the ICD loader's query functions (the real ones,
// never the layer's own definitions).
//
//===----------------------------------------------------------------------===//

#ifndef SOFTATOMIC_LAYER_CLQUERIES_H
#define SOFTATOMIC_LAYER_CLQUERIES_H

#include "model/RewriteOptions.h"
#include <CL/cl.h>
#include <string>
#include <vector>

namespace softatomic {
namespace layer {

/// clGet*Info's protocol for one fixed-size value: copies \p Value into
/// \p ParamValue (if given, CL_INVALID_VALUE when \p ParamSize is short)
/// and its size into \p SizeRet (if given).
cl_int answerInfo(const void *Value, size_t Size, size_t ParamSize,
                  void *ParamValue, size_t *SizeRet);

/// CL_KERNEL_FUNCTION_NAME.
std::string kernelName(cl_kernel Kernel);

/// The kernels of a built program, by name (CL_PROGRAM_KERNEL_NAMES).
std::vector<std::string> kernelNames(cl_program Program);

/// The device profile that the rewrite of a program built for \p Devices
/// parses with (CL_DEVICE_VERSION, CL_DEVICE_EXTENSIONS and, from OpenCL
/// 3.0 devices, CL_DEVICE_OPENCL_C_FEATURES). For several devices, what
/// all of them have: the lowest version, the extensions and features
/// every one reports, since the one source is compiled for each and must
/// mean the same on each.
DeviceProfile commonDeviceProfile(const std::vector<cl_device_id> &Devices);

} // namespace layer
} // namespace softatomic

#endif
