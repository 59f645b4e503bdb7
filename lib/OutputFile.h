//===- OutputFile.h - Writing outputs whole or not at all -------*- C++ -*-===//

#ifndef SOFTATOMIC_OUTPUTFILE_H
#define SOFTATOMIC_OUTPUTFILE_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

namespace softatomic {

/// Writes \p Text to \p Path through a temporary file in the same directory
/// and a rename, so that no half-written file is ever left: an interrupted
/// or failed write leaves \p Path as it was. "-" is stdout. A file that is
/// replaced keeps its permissions. A path that exists and is not a regular
/// file (/dev/stdout, a pipe) is written in place: a rename would replace
/// it.
llvm::Error writeFileAtomically(llvm::StringRef Path, llvm::StringRef Text);

} // namespace softatomic

#endif // SOFTATOMIC_OUTPUTFILE_H
