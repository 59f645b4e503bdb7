// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- OutputFile.cpp - Writing outputs whole or not at all ---------------===//

#include "output/OutputFile.h"
#include "output/DirectoryLocks.h"
#include "output/InterruptCleanup.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/raw_ostream.h"
#include <climits>
#include <optional>
#include <unistd.h>

using namespace llvm;

namespace softatomic {

namespace {
/// One output on its way: where it goes and, for a regular file, the
/// complete temporary file that will replace it.
struct StagedFile {
  std::string Path;   ///< As the caller named it (for messages).
  std::string Target; ///< With symbolic links resolved.
  StringRef Text;
  std::optional<TemporaryFile> Temp; ///< None: written directly.
};
} // namespace

/// \p Text to the open \p FD; a write error (a full disk) is returned, not
/// left for the stream's destructor to turn into a fatal error.
static std::error_code writeAll(int FD, StringRef Text) {
  raw_fd_ostream OS(FD, /*shouldClose=*/false);
  OS << Text;
  OS.flush();
  std::error_code EC = OS.error();
  OS.clear_error();
  return EC;
}

/// Gives the temporary file \p FD the owner, group and permissions of the
/// file \p Old it replaces: a file root rewrites for a user stays the
/// user's. Without the right to give a file away, keeping the group is
/// still worth a try (the user may belong to it).
static std::error_code keepOwnerAndMode(int FD,
                                        const sys::fs::file_status &Old) {
  if (Old.getUser() != geteuid() || Old.getGroup() != getegid())
    if (::fchown(FD, Old.getUser(), Old.getGroup()) != 0)
      (void)::fchown(FD, static_cast<uid_t>(-1), Old.getGroup());
  // After fchown, which clears the set-user-ID and set-group-ID bits.
  return sys::fs::setPermissions(FD, Old.permissions());
}

/// An existing regular file that is not to be replaced: the user may not
/// write it, or nobody may (root passes access(), but a file marked
/// read-only stays so).
static bool isReadOnly(StringRef Path, const sys::fs::file_status &Status) {
  const sys::fs::perms AnyWrite =
      sys::fs::owner_write | sys::fs::group_write | sys::fs::others_write;
  return sys::fs::access(Path, sys::fs::AccessMode::Write) ||
         (Status.permissions() & AnyWrite) == 0;
}

/// The file a write to \p Path reaches: symbolic links followed, as
/// open() follows them (a link whose target does not exist yet leads to
/// where the target will be).
static Expected<std::string> linkTarget(StringRef Path) {
  std::string Target = Path.str();
  for (int Hops = 0; sys::fs::is_symlink_file(Target); ++Hops) {
    if (Hops == 40) // as the kernel's ELOOP
      return createFileError(
          Path, std::make_error_code(std::errc::too_many_symbolic_link_levels));
    char Buffer[PATH_MAX];
    ssize_t Length = ::readlink(Target.c_str(), Buffer, sizeof(Buffer));
    if (Length < 0)
      return createFileError(Path,
                             std::error_code(errno, std::generic_category()));
    StringRef Link(Buffer, Length);
    SmallString<256> Next(Link);
    if (!sys::path::is_absolute(Link)) {
      Next = sys::path::parent_path(Target);
      sys::path::append(Next, Link);
    }
    Target = std::string(Next);
  }
  return Target;
}

/// Where \p Path is written and, for a regular file, its complete
/// temporary file.
static Expected<StagedFile> stage(StringRef Path, StringRef Text) {
  Expected<std::string> Target = linkTarget(Path);
  if (!Target)
    return Target.takeError();
  StagedFile File{Path.str(), std::move(*Target), Text, std::nullopt};
  sys::fs::file_status Status;
  bool Exists =
      !sys::fs::status(File.Target, Status) && sys::fs::exists(Status);
  if (Exists && !sys::fs::is_regular_file(Status))
    return File;
  if (Exists && isReadOnly(File.Target, Status))
    return createFileError(Path, createStringError(std::errc::permission_denied,
                                                   "the file is read-only"));

  Expected<TemporaryFile> Temp = createTemporaryFile(File.Target);
  if (!Temp)
    return createFileError(Path, Temp.takeError());
  // The temporary file is the user's alone until it is complete, then
  // gets the mode of the file it replaces or that of a new file.
  std::error_code EC = writeAll(Temp->FD, Text);
  if (!EC)
    EC = Exists ? keepOwnerAndMode(Temp->FD, Status)
                : sys::fs::setPermissions(
                      Temp->FD,
                      static_cast<sys::fs::perms>(0666 & ~sys::fs::getUmask()));
  std::error_code CloseEC = sys::Process::SafelyCloseFileDescriptor(Temp->FD);
  if (!EC)
    EC = CloseEC;
  if (EC) {
    removeTemporaryFile(*Temp);
    return createFileError(Path, EC);
  }
  File.Temp = std::move(*Temp);
  return File;
}

/// Writes \p File straight into its target (a device or a pipe).
static Error writeDirectly(const StagedFile &File) {
  std::error_code EC;
  raw_fd_ostream OS(File.Target, EC);
  if (!EC) {
    OS << File.Text;
    OS.close();
    EC = OS.error();
    OS.clear_error();
  }
  return EC ? createFileError(File.Path, EC) : Error::success();
}

/// Where the staged files with a temporary file are renamed to.
static std::vector<std::string>
renamedTargets(const std::vector<StagedFile> &Staged) {
  std::vector<std::string> Targets;
  for (const StagedFile &File : Staged)
    if (File.Temp)
      Targets.push_back(File.Target);
  return Targets;
}

void OutputFiles::add(StringRef Path, std::string Text) {
  Files.emplace_back(Path.str(), std::move(Text));
}

Error OutputFiles::commit() {
  std::vector<StagedFile> Staged;
  auto Abandon = [&](Error Err) {
    for (const StagedFile &File : Staged)
      if (File.Temp)
        removeTemporaryFile(*File.Temp);
    return Err;
  };
  for (const auto &[Path, Text] : Files) {
    Expected<StagedFile> File = stage(Path, Text);
    if (!File)
      return Abandon(File.takeError());
    Staged.push_back(std::move(*File));
  }
  // What goes to a pipe cannot be taken back: only once every temporary
  // file is complete.
  for (const StagedFile &File : Staged)
    if (!File.Temp)
      if (Error Err = writeDirectly(File))
        return Abandon(std::move(Err));
  // The renames of one run, together: another run writing the same files
  // renames its own before or after all of them (DirectoryLocks.h).
  DirectoryLocks Locks(renamedTargets(Staged));
  for (StagedFile &File : Staged) {
    if (!File.Temp)
      continue;
    if (std::error_code EC = renameTemporaryFile(*File.Temp, File.Target))
      return Abandon(createFileError(File.Path, EC));
    File.Temp.reset();
  }
  return Error::success();
}

Error writeFileAtomically(StringRef Path, StringRef Text) {
  if (Path == "-") {
    outs() << Text;
    outs().flush();
    std::error_code EC = outs().error();
    outs().clear_error(); // reported here, not again when the process ends
    return EC ? createFileError("<stdout>", EC) : Error::success();
  }
  OutputFiles Files;
  Files.add(Path, Text.str());
  return Files.commit();
}

/// What identifies the file \p Path names: its device and inode where it
/// exists, else its directory with links resolved, and its name.
static std::string fileIdentity(StringRef Path) {
  sys::fs::UniqueID ID;
  if (!sys::fs::getUniqueID(Path, ID))
    return "id:" + std::to_string(ID.getDevice()) + ":" +
           std::to_string(ID.getFile());
  SmallString<256> Absolute(Path);
  sys::fs::make_absolute(Absolute);
  sys::path::remove_dots(Absolute, /*remove_dot_dot=*/false);
  SmallString<256> Directory;
  if (sys::fs::real_path(sys::path::parent_path(Absolute), Directory))
    return "path:" + std::string(Absolute);
  sys::path::append(Directory, sys::path::filename(Absolute));
  return "path:" + std::string(Directory);
}

bool sameFile(StringRef A, StringRef B) {
  // The two identities are read at different moments. Another run that
  // writes the same outputs meanwhile (renaming over A, then over B) can
  // give B the inode A had freed, and two files would read as one: so A's
  // is read again after B's, and must not have moved, for both names to
  // have held the file at once.
  std::string First = fileIdentity(A);
  return First == fileIdentity(B) && First == fileIdentity(A);
}

} // namespace softatomic
