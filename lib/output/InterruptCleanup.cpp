// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- InterruptCleanup.cpp - Temporary files an interrupt removes --------===//

#include "output/InterruptCleanup.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Signals.h"
#include <atomic>
#include <csignal>
#include <mutex>
#include <pthread.h>
#include <thread>
#include <unistd.h>
#include <vector>

using namespace llvm;

namespace softatomic {

namespace {
/// The temporary files on disk, and the lock that keeps an interrupt from
/// running between a file's creation and its registration (or its rename
/// and its removal from the list).
struct Registry {
  std::mutex Lock;
  std::vector<std::string> Paths;
};
} // namespace

static Registry &registry() {
  static Registry R;
  return R;
}

/// True once installInterruptCleanup runs: the interrupt thread removes the
/// files, and LLVM's handlers are not needed.
static std::atomic<bool> Installed{false};

/// The interrupt thread: waits for one of \p Signals, removes every
/// registered file, then ends the process with that signal, as if it had
/// not been caught (the shell sees "killed by SIGINT", status 130).
static void removeOnInterrupt(sigset_t Signals) {
  int Signal = 0;
  while (sigwait(&Signals, &Signal) != 0)
    ;
  // Held until the process ends: no file is created or renamed from now.
  registry().Lock.lock();
  for (const std::string &Path : registry().Paths)
    ::unlink(Path.c_str());
  std::signal(Signal, SIG_DFL);
  sigset_t One;
  sigemptyset(&One);
  sigaddset(&One, Signal);
  pthread_sigmask(SIG_UNBLOCK, &One, nullptr);
  raise(Signal);
  _exit(128 + Signal); // in case the signal was not fatal after all
}

void installInterruptCleanup() {
  sigset_t Signals;
  sigemptyset(&Signals);
  for (int Signal : {SIGHUP, SIGINT, SIGQUIT, SIGTERM}) {
    // An ignored signal stays ignored: a blocked one would be kept pending
    // and reach sigwait.
    struct sigaction Current;
    if (sigaction(Signal, nullptr, &Current) == 0 &&
        Current.sa_handler == SIG_IGN)
      continue;
    sigaddset(&Signals, Signal);
  }
  pthread_sigmask(SIG_BLOCK, &Signals, nullptr);
  std::signal(SIGXFSZ, SIG_IGN);
  std::thread(removeOnInterrupt, Signals).detach();
  Installed = true;
}

Expected<TemporaryFile> createTemporaryFile(StringRef Target) {
  // createUniquePath draws random names; a name taken since is drawn again.
  for (int Attempt = 0; Attempt < 128; ++Attempt) {
    SmallString<256> Path;
    sys::fs::createUniquePath(Target + ".tmp%%%%%%%%", Path,
                              /*MakeAbsolute=*/false);
    std::lock_guard<std::mutex> Guard(registry().Lock);
    int FD = -1;
    std::error_code EC = sys::fs::openFileForWrite(
        Path, FD, sys::fs::CD_CreateNew, sys::fs::OF_None, 0600);
    if (EC == std::errc::file_exists)
      continue;
    if (EC)
      return errorCodeToError(EC);
    registry().Paths.push_back(std::string(Path));
    if (!Installed)
      sys::RemoveFileOnSignal(Path);
    return TemporaryFile{std::string(Path), FD};
  }
  return errorCodeToError(std::make_error_code(std::errc::file_exists));
}

/// Takes \p Path off the list; the caller holds the lock.
static void unregister(StringRef Path) {
  std::vector<std::string> &Paths = registry().Paths;
  llvm::erase_if(Paths, [&](const std::string &P) { return P == Path; });
  if (!Installed)
    sys::DontRemoveFileOnSignal(Path);
}

std::error_code renameTemporaryFile(const TemporaryFile &Temp,
                                    StringRef Target) {
  std::lock_guard<std::mutex> Guard(registry().Lock);
  std::error_code EC = sys::fs::rename(Temp.Path, Target);
  if (!EC)
    unregister(Temp.Path);
  return EC;
}

void removeTemporaryFile(const TemporaryFile &Temp) {
  std::lock_guard<std::mutex> Guard(registry().Lock);
  sys::fs::remove(Temp.Path);
  unregister(Temp.Path);
}

} // namespace softatomic
