//===- ClQueries.cpp - The OpenCL queries the layer makes -----------------===//

#include "ClQueries.h"
#include "RealOpenCL.h"
#include <algorithm>
#include <cstring>

namespace softatomic {
namespace layer {

cl_int answerInfo(const void *Value, size_t Size, size_t ParamSize,
                  void *ParamValue, size_t *SizeRet) {
  if (ParamValue) {
    if (ParamSize < Size)
      return CL_INVALID_VALUE;
    std::memcpy(ParamValue, Value, Size);
  }
  if (SizeRet)
    *SizeRet = Size;
  return CL_SUCCESS;
}

std::string kernelName(cl_kernel Kernel) {
  size_t Size = 0;
  SA_REAL(clGetKernelInfo)(Kernel, CL_KERNEL_FUNCTION_NAME, 0, nullptr, &Size);
  std::string Name(Size, '\0');
  if (Size)
    SA_REAL(clGetKernelInfo)
  (Kernel, CL_KERNEL_FUNCTION_NAME, Size, &Name[0], nullptr);
  Name.resize(Name.empty() ? 0 : std::strlen(Name.c_str()));
  return Name;
}

std::vector<std::string> kernelNames(cl_program Program) {
  size_t Size = 0;
  if (clGetProgramInfo(Program, CL_PROGRAM_KERNEL_NAMES, 0, nullptr, &Size) !=
      CL_SUCCESS)
    return {};
  std::string Names(Size, '\0');
  clGetProgramInfo(Program, CL_PROGRAM_KERNEL_NAMES, Size, &Names[0], nullptr);
  Names.resize(std::strlen(Names.c_str()));
  std::vector<std::string> List;
  for (size_t Start = 0; Start < Names.size();) {
    size_t End = std::min(Names.find(';', Start), Names.size());
    if (End > Start)
      List.push_back(Names.substr(Start, End - Start));
    Start = End + 1;
  }
  return List;
}

} // namespace layer
} // namespace softatomic
