// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- DirectoryLocks.h - One renaming run per folder -----------*- C++ -*-===//
//
// A run renames its complete outputs into place one after the other
// (OutputFile.h). Two runs writing the same files at once (a build that
// starts the rewriter twice for one output) could interleave those renames
// and leave the output of one run beside the manifest of the other. While
// it renames, a run holds an exclusive flock() on each folder it renames
// into, so that the files one run writes together arrive together.
//
//===----------------------------------------------------------------------===//

#ifndef SOFTATOMIC_OUTPUT_DIRECTORYLOCKS_H
#define SOFTATOMIC_OUTPUT_DIRECTORYLOCKS_H

#include <string>
#include <vector>

namespace softatomic {

/// Exclusive locks on the folders of some paths, held while it lives.
class DirectoryLocks {
public:
  /// Locks the folder of each of \p Paths (relative ones: the working
  /// directory's), waiting for other holders. A folder that cannot be
  /// opened or locked (a file system without flock) is left unlocked: the
  /// renames go on as they did before there was a lock.
  explicit DirectoryLocks(const std::vector<std::string> &Paths);
  ~DirectoryLocks();
  DirectoryLocks(const DirectoryLocks &) = delete;
  DirectoryLocks &operator=(const DirectoryLocks &) = delete;

private:
  std::vector<int> Descriptors;
};

} // namespace softatomic

#endif // SOFTATOMIC_OUTPUT_DIRECTORYLOCKS_H
