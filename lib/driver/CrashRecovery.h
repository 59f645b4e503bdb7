// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- CrashRecovery.h - Crash recovery inside another program --*- C++ -*-===//
//
// rewriteFile survives a crash in Clang's parse, and the macro expansion
// limit abandons a parse, only while llvm::CrashRecoveryContext is enabled
// (RewriteFile.cpp). The command line enables it for its whole run; a front
// end loaded into someone else's process (the interception layer's module,
// softatomic-run's) enables it only while a rewrite runs: LLVM's handlers
// of SIGSEGV, SIGILL and the like then stand in for the process's own only
// that long.
//
//===----------------------------------------------------------------------===//

#ifndef SOFTATOMIC_DRIVER_CRASHRECOVERY_H
#define SOFTATOMIC_DRIVER_CRASHRECOVERY_H

namespace softatomic {

/// Crash recovery enabled while any instance lives, in any thread: the
/// first to be made enables it, the last to go disables it, and the
/// process's signal handlers come back.
class ScopedCrashRecovery {
public:
  ScopedCrashRecovery();
  ~ScopedCrashRecovery();
  ScopedCrashRecovery(const ScopedCrashRecovery &) = delete;
  ScopedCrashRecovery &operator=(const ScopedCrashRecovery &) = delete;
};

} // namespace softatomic

#endif // SOFTATOMIC_DRIVER_CRASHRECOVERY_H
