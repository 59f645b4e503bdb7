// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- ExitWork.h - The layer's exit work, in its own process -*- C++ -*-=====//
//
// At exit the layer writes the profile (SOFTATOMIC_PROFILE), logs what it
// cost and the kernel names that selected nothing. A child the application
// forks inherits the exit handlers with a copy of the layer's state: were
// it to run them when it exits, it would overwrite the parent's profile
// with its copy (and the parent's own would come later, or never, if the
// child outlives it) and log the parent's costs twice. Only the process
// that loaded the layer does this work.
//
//===----------------------------------------------------------------------===//

#ifndef SOFTATOMIC_LAYER_EXITWORK_H
#define SOFTATOMIC_LAYER_EXITWORK_H

namespace softatomic {
namespace layer {

/// True in the process that loaded the layer, false in a forked child.
bool inLoadingProcess();

/// \p Work, in the process that loaded the layer alone: the handler the
/// layer's exit work is registered as (std::atexit(atExitOfLoader<F>)).
template <void (*Work)()> void atExitOfLoader() {
  if (inLoadingProcess())
    Work();
}

} // namespace layer
} // namespace softatomic

#endif
