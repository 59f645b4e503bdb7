// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- OutputFile.h - Writing outputs whole or not at all -------*- C++ -*-===//

#ifndef SOFTATOMIC_OUTPUT_OUTPUTFILE_H
#define SOFTATOMIC_OUTPUT_OUTPUTFILE_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include <string>
#include <utility>
#include <vector>

namespace softatomic {

/// The files one input's run writes (the rewritten source, its manifest,
/// its depfile), written all or none. Each is written to a temporary file
/// next to it; only once every one is complete are they renamed into
/// place, so a failed write (a full disk, a directory that does not
/// exist, a file that is read-only) or an interrupt leaves every path as
/// it was.
///
/// - A path that is a symbolic link is written through, as open() would:
///   its target is replaced, or made where it does not exist yet (the
///   temporary file goes next to the target), and the link stays.
/// - A file that is replaced keeps its permissions, and its owner and
///   group where the process may set them (root may, for anyone's file).
/// - An existing file the user may not write, or one with no write
///   permission at all (root could write it anyway), is refused.
/// - A path that exists and is not a regular file (/dev/stdout, a pipe)
///   is written directly, after the temporary files are complete: a
///   rename would replace it.
class OutputFiles {
public:
  /// Adds \p Text for \p Path (a file, not "-").
  void add(llvm::StringRef Path, std::string Text);
  /// Writes every file added; a FileError names the path that failed.
  llvm::Error commit();

private:
  std::vector<std::pair<std::string, std::string>> Files;
};

/// Writes \p Text to \p Path as OutputFiles does; "-" is stdout.
llvm::Error writeFileAtomically(llvm::StringRef Path, llvm::StringRef Text);

/// True when \p A and \p B name one file, as writing would find it:
/// through symbolic links, hard links and spellings such as `./x` for a
/// file that exists; by resolved directory and name for one that does not.
bool sameFile(llvm::StringRef A, llvm::StringRef B);

} // namespace softatomic

#endif // SOFTATOMIC_OUTPUT_OUTPUTFILE_H
