// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- ToolOptions.h - softatomic-rewrite's command line --------*- C++ -*-===//
//
// What the command line asks for, as a plain struct read once after
// parsing, and the checks that the options fit together and that no
// output overwrites an input or another output.
//
//===----------------------------------------------------------------------===//

#ifndef SOFTATOMIC_TOOL_TOOLOPTIONS_H
#define SOFTATOMIC_TOOL_TOOLOPTIONS_H

#include "model/RewriteOptions.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Error.h"
#include <deque>
#include <memory>
#include <optional>
#include <string>

namespace softatomic {

struct ToolOptions {
  std::string OutputFile; ///< -o
  bool InPlace = false;   ///< -i
  bool DryRun = false;    ///< --dry-run
  unsigned DryRunContext = 3;
  std::string ExportFixes;  ///< --export-fixes
  std::string ManifestFile; ///< --manifest
  std::string DepFile;      ///< --depfile
  unsigned Jobs = 0;        ///< -j; 0: one per CPU
  bool Quiet = false;
  bool Verbose = false;
  /// Diagnostics coloured: -f[no-]color-diagnostics among the compiler
  /// flags, else whether stderr is a terminal (showColors).
  bool Colors = false;
  /// The rewriter's own (model/RewriteOptions.def), with --verbose and
  /// --quiet applied.
  RewriteOptions Rewrite;
  /// The option values that could not be taken (a malformed version, a
  /// name that is not an extension's): usage errors.
  std::vector<std::string> Problems;
};

/// The inputs and where their compiler flags come from.
struct CommandLine {
  std::vector<std::string> Inputs;
  std::unique_ptr<clang::tooling::CompilationDatabase> Compilations;
  /// The compiler flags the command line gives, in the order they reach
  /// the compiler: --extra-arg-before, after "--", --extra-arg.
  std::vector<std::string> CompilerFlags;
};

/// Parses the command line that prepareArguments made, as clang-tidy's
/// CommonOptionsParser does (the inputs, -p, --extra-arg and
/// --extra-arg-before, the flags after "--"), with this tool's usage line
/// and -p's meaning in --help. --help and --version exit here. The error
/// holds the message to print.
llvm::Expected<CommandLine> parseCommandLine(int Argc, const char **Argv,
                                             const char *Overview);

/// The options as parsed; call after the command line is (\p Parsed).
ToolOptions readToolOptions(const CommandLine &Parsed);

/// The command line for parseCommandLine. Without -p the compiler flags
/// come after "--" or nowhere, never from a compilation database found next
/// to an input. With -p, flags after "--" become --extra-arg, so that they
/// add to the database's instead of replacing it. \p Storage keeps the new
/// arguments' text.
llvm::SmallVector<const char *, 32>
prepareArguments(int argc, const char **argv, std::deque<std::string> &Storage);

/// Why an option's value cannot be taken, why the options do not fit
/// together, or why the files they name would
/// overwrite one another; nothing when they are fine.
std::optional<std::string> checkUsage(const ToolOptions &Options,
                                      llvm::ArrayRef<std::string> Inputs);

/// Why a compiler flag after "--" cannot be taken: a -cl-std= that names
/// no OpenCL C (or C++ for OpenCL) version Clang knows, which Clang's
/// driver would reject with a message of its own, without the tool's name
/// or the versions it takes; nothing when they are fine.
std::optional<std::string> checkCompilerFlags(int argc, const char **argv);

} // namespace softatomic

#endif // SOFTATOMIC_TOOL_TOOLOPTIONS_H
