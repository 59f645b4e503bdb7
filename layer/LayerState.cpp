//===- LayerState.cpp - The programs and kernels the layer tracks ---------===//

#include "LayerState.h"

namespace softatomic {
namespace layer {

cl_program LayerState::setShadow(cl_program Program, cl_program Shadow,
                                 std::map<std::string, unsigned> Kernels) {
  return Programs.update(Program, [&](ProgramRecord *Record) {
    if (!Record)
      return Shadow; // released meanwhile: the caller drops the new one
    cl_program Old = Record->Shadow;
    Record->Shadow = Shadow;
    Record->RewrittenKernels = std::move(Kernels);
    return Old;
  });
}

bool LayerState::firstLaunch(cl_kernel Kernel) {
  return Kernels.update(Kernel, [](KernelRecord *Record) {
    if (!Record || Record->Launched)
      return false;
    Record->Launched = true;
    return true;
  });
}

LayerState &state() {
  // Never destroyed: the application may still call OpenCL from its own
  // exit handlers.
  static LayerState *State = new LayerState;
  return *State;
}

} // namespace layer
} // namespace softatomic
