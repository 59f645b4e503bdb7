//===- ClQueries.h - The OpenCL queries the layer makes ---------*- C++ -*-===//
//
// Small wrappers over the ICD loader's query functions (the real ones,
// never the layer's own definitions).
//
//===----------------------------------------------------------------------===//

#ifndef SOFTATOMIC_LAYER_CLQUERIES_H
#define SOFTATOMIC_LAYER_CLQUERIES_H

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

} // namespace layer
} // namespace softatomic

#endif
