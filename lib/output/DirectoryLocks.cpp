// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- DirectoryLocks.cpp - One renaming run per folder -------------------===//

#include "output/DirectoryLocks.h"
#include "llvm/Support/Path.h"
#include <algorithm>
#include <cerrno>
#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>
#include <utility>

namespace softatomic {

namespace {
/// An open folder and what identifies it (two spellings, one folder).
struct OpenFolder {
  std::pair<dev_t, ino_t> Identity;
  int Descriptor;
};

/// The folder \p Path is in, open, or none.
bool openFolderOf(const std::string &Path, OpenFolder &Folder) {
  std::string Name = llvm::sys::path::parent_path(Path).str();
  int FD = ::open(Name.empty() ? "." : Name.c_str(),
                  O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  struct stat Status;
  if (FD < 0)
    return false;
  if (::fstat(FD, &Status) != 0) {
    ::close(FD);
    return false;
  }
  Folder = {{Status.st_dev, Status.st_ino}, FD};
  return true;
}
} // namespace

DirectoryLocks::DirectoryLocks(const std::vector<std::string> &Paths) {
  std::vector<OpenFolder> Folders;
  for (const std::string &Path : Paths) {
    OpenFolder Folder;
    if (openFolderOf(Path, Folder))
      Folders.push_back(Folder);
  }
  // Each folder once (a second lock of it would wait for the first), and
  // in one order for every run, so that no two runs wait for each other.
  auto ByIdentity = [](const OpenFolder &A, const OpenFolder &B) {
    return A.Identity < B.Identity;
  };
  std::sort(Folders.begin(), Folders.end(), ByIdentity);
  for (size_t I = 0; I < Folders.size(); ++I) {
    if (I > 0 && Folders[I].Identity == Folders[I - 1].Identity) {
      ::close(Folders[I].Descriptor);
      continue;
    }
    while (::flock(Folders[I].Descriptor, LOCK_EX) != 0 && errno == EINTR)
      ;
    Descriptors.push_back(Folders[I].Descriptor);
  }
}

DirectoryLocks::~DirectoryLocks() {
  // Closing the last descriptor of the open folder lets go of its lock.
  for (int FD : Descriptors)
    ::close(FD);
}

} // namespace softatomic
