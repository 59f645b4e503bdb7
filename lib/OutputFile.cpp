//===- OutputFile.cpp - Writing outputs whole or not at all ---------------===//

#include "OutputFile.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace softatomic {

static Error writeInPlace(StringRef Path, StringRef Text) {
  std::error_code EC;
  raw_fd_ostream OS(Path, EC);
  if (!EC) {
    OS << Text;
    OS.close();
    EC = OS.error();
  }
  return errorCodeToError(EC);
}

Error writeFileAtomically(StringRef Path, StringRef Text) {
  if (Path == "-") {
    outs() << Text;
    outs().flush();
    return errorCodeToError(outs().error());
  }
  sys::fs::file_status Status;
  bool Exists = !sys::fs::status(Path, Status) && sys::fs::exists(Status);
  if (Exists && !sys::fs::is_regular_file(Status))
    return writeInPlace(Path, Text);

  Expected<sys::fs::TempFile> Temp =
      sys::fs::TempFile::create(Path + ".tmp%%%%%%%%");
  if (!Temp)
    return Temp.takeError();
  {
    raw_fd_ostream OS(Temp->FD, /*shouldClose=*/false);
    OS << Text;
    OS.flush();
    if (std::error_code EC = OS.error()) {
      OS.clear_error();
      return joinErrors(errorCodeToError(EC), Temp->discard());
    }
  }
  if (Exists)
    if (std::error_code EC =
            sys::fs::setPermissions(Temp->TmpName, Status.permissions()))
      return joinErrors(errorCodeToError(EC), Temp->discard());
  return Temp->keep(Path);
}

} // namespace softatomic
