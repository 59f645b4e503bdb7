// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- InterruptCleanup.h - Temporary files interrupts remove ---*- C++ -*-===//
//
// Outputs are written to a temporary file and renamed into place
// (OutputFile.h). An interrupt (SIGINT, SIGTERM, SIGHUP, SIGQUIT) must not
// leave such a temporary behind. LLVM's RemoveFileOnSignal alone does not
// promise that with several threads: its handler may run while another
// thread has created a file and not yet registered it, and then the file
// stays. Here the interrupt is taken by one thread of its own, which
// removes the files under the same lock that creating, renaming and
// removing one take: a temporary file is either registered or not on disk.
//
//===----------------------------------------------------------------------===//

#ifndef SOFTATOMIC_OUTPUT_INTERRUPTCLEANUP_H
#define SOFTATOMIC_OUTPUT_INTERRUPTCLEANUP_H

#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/Error.h"
#include <string>

namespace softatomic {

/// Takes SIGHUP, SIGINT, SIGQUIT and SIGTERM (those not ignored: a
/// background job keeps ignoring SIGINT) away from every thread and hands
/// them to a thread that removes the registered temporary files, then ends
/// the process with the same signal. SIGXFSZ is ignored, so that a write
/// past a file size limit fails (EFBIG) and is reported like a full disk
/// instead of killing the process halfway through a temporary file. Call
/// it once, before any other thread starts: threads inherit the blocked
/// signals. Without it, temporary files are still registered with
/// llvm::sys::RemoveFileOnSignal, which is all a library user gets.
void installInterruptCleanup();

/// A new file next to \p Target (`Target.tmpXXXXXXXX`), open for writing,
/// readable by its owner only, that an interrupt removes until it is
/// renamed or removed with the functions below.
struct TemporaryFile {
  std::string Path;
  int FD = -1;
};
llvm::Expected<TemporaryFile> createTemporaryFile(llvm::StringRef Target);

/// Renames \p Temp to \p Target; from then on an interrupt leaves it.
std::error_code renameTemporaryFile(const TemporaryFile &Temp,
                                    llvm::StringRef Target);

/// Removes \p Temp.
void removeTemporaryFile(const TemporaryFile &Temp);

} // namespace softatomic

#endif // SOFTATOMIC_OUTPUT_INTERRUPTCLEANUP_H
