// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- CrashRecovery.cpp - Crash recovery inside another program ----------===//

#include "driver/CrashRecovery.h"
#include "llvm/Support/CrashRecoveryContext.h"
#include <mutex>

namespace softatomic {

// Counted: enabling is process-wide, and a rewrite that ends must not
// disable it under another thread's parse.
static std::mutex CountMutex;
static unsigned Count = 0;

ScopedCrashRecovery::ScopedCrashRecovery() {
  std::lock_guard<std::mutex> Lock(CountMutex);
  if (Count++ == 0)
    llvm::CrashRecoveryContext::Enable();
}

ScopedCrashRecovery::~ScopedCrashRecovery() {
  std::lock_guard<std::mutex> Lock(CountMutex);
  if (--Count == 0)
    llvm::CrashRecoveryContext::Disable();
}

} // namespace softatomic
