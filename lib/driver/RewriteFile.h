// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- RewriteFile.h - Rewrite one file, diagnostics kept apart -*- C++ -*-===//
//
// One input through a ClangTool of its own: safe to call from several
// threads at once (each call has its own file system view and working
// directory), with the diagnostics written to a stream the caller prints
// when it likes, so that parallel runs never interleave mid-line.
//
//===----------------------------------------------------------------------===//

#ifndef SOFTATOMIC_DRIVER_REWRITEFILE_H
#define SOFTATOMIC_DRIVER_REWRITEFILE_H

#include "driver/Rewriter.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/raw_ostream.h"
#include <optional>

namespace softatomic {

/// Where one rewrite reads from.
struct RewriteInput {
  /// The path the compilation database is asked about and the parse sees.
  std::string Path;
  /// The text, when it does not come from the file system (stdin).
  std::optional<std::string> Contents;
};

/// Parses \p Input with the compiler flags \p Compilations gives it (plus
/// getOpenCLArgumentsAdjuster(Options)) and rewrites it into \p Result.
/// Diagnostics go to \p Diagnostics, coloured when \p Colors, and are
/// counted in Result.Warnings and Result.Errors. Returns true when Result
/// holds an output.
bool rewriteFile(const clang::tooling::CompilationDatabase &Compilations,
                 const RewriteInput &Input, const RewriteOptions &Options,
                 llvm::raw_ostream &Diagnostics, bool Colors,
                 RewriteResult &Result);

/// Whether diagnostics are coloured, as clang decides it: the last of
/// -fcolor-diagnostics, -fdiagnostics-color[=always] (yes),
/// -fno-color-diagnostics, -fno-diagnostics-color, -fdiagnostics-color=never
/// (no) and -fdiagnostics-color=auto in \p CompilerFlags; without one, or
/// with auto, \p Terminal (stderr is a terminal that takes colours).
bool showColors(llvm::ArrayRef<std::string> CompilerFlags, bool Terminal);

/// Clang's line after a file's diagnostics: "1 warning generated.", "2
/// warnings and 1 error generated.", nothing (an empty string) when there
/// were none.
std::string diagnosticSummary(unsigned Warnings, unsigned Errors);

} // namespace softatomic

#endif // SOFTATOMIC_DRIVER_REWRITEFILE_H
