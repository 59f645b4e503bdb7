// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- NextDispatch.cpp - Where the layer forwards OpenCL calls to --------===//

#include "NextDispatch.h"
#include <dlfcn.h>

#if SOFTATOMIC_LAYER_LOADER_LAYERS
#include <atomic>
#endif

namespace softatomic {
namespace layer {

// RTLD_NEXT is relative to the object that calls dlsym: this file must be
// part of the layer itself.
void *nextByLookup(const char *Name) { return dlsym(RTLD_NEXT, Name); }

#if SOFTATOMIC_LAYER_LOADER_LAYERS

// Static storage: all null before any use, so that no constructor order
// matters.
static std::atomic<void *> NextTable[NumDispatchEntries];
static std::atomic<bool> LayerMode{false};

void *nextEntry(size_t Slot, const char *Name) {
  void *Function = NextTable[Slot].load(std::memory_order_acquire);
  // A null entry in layer mode is one the loader does not have.
  if (!Function && !LayerMode.load(std::memory_order_acquire)) {
    Function = nextByLookup(Name);
    NextTable[Slot].store(Function, std::memory_order_release);
  }
  return Function;
}

void forwardToTarget(const cl_icd_dispatch *Target, size_t NumEntries) {
  void *const *Entries = reinterpret_cast<void *const *>(Target);
  for (size_t Slot = 0; Slot < NumDispatchEntries; ++Slot)
    NextTable[Slot].store(Slot < NumEntries ? Entries[Slot] : nullptr,
                          std::memory_order_release);
  LayerMode.store(true, std::memory_order_release);
}

#endif

} // namespace layer
} // namespace softatomic
