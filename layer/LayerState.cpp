// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- LayerState.cpp - The programs and kernels the layer tracks ---------===//

#include "LayerState.h"

namespace softatomic {
namespace layer {

std::pair<cl_program, cl_program>
LayerState::setShadow(cl_program Program, cl_program Shadow, cl_program Warp,
                      std::map<std::string, unsigned> Kernels) {
  return Programs.update(Program, [&](ProgramRecord *Record) {
    if (!Record) // released meanwhile: the caller drops the new ones
      return std::make_pair(Shadow, Warp);
    auto Old = std::make_pair(Record->Shadow, Record->Warp);
    Record->Shadow = Shadow;
    Record->Warp = Warp;
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
