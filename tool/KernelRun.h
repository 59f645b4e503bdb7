// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- KernelRun.h - softatomic-run's runs of one kernel --------*- C++ -*-===//
//
// What softatomic-run does once its command line is read: rewrite the
// kernel file in-process, build the original and the rewritten program,
// run the kernel as written and then in each runtime mode, compare each
// run's outputs with the native run's, and print what each cost; then the
// profile (SA_MODE_PROFILE) of its atomic sites.
//
//===----------------------------------------------------------------------===//

#ifndef SOFTATOMIC_TOOL_KERNELRUN_H
#define SOFTATOMIC_TOOL_KERNELRUN_H

#include "KernelArgs.h"
#include "softatomic/Way.h"
#include <string>
#include <vector>

namespace softatomic {

/// The host runtime's modes softatomic-run knows (their --modes names are
/// Way.h's), in the order it runs them.
inline constexpr Way RunModes[] = {Way::Coordinator, Way::Combining,
                                   Way::AsWritten, Way::Auto};

/// What the command line asks for, checked (softatomic-run.cpp).
struct RunOptions {
  std::string File;         ///< KERNEL.cl
  std::string Kernel;       ///< --kernel
  std::string BuildOptions; ///< --build-options, for both programs
  std::string Platform, Device;
  std::vector<size_t> Global, Local, Offset;
  std::vector<ArgSpec> Args;           ///< --arg, with --check applied
  std::vector<Bytes> Initial;          ///< each argument's initial bytes
  unsigned Repeat = 5;                 ///< runs per mode; profile rounds
  std::vector<std::string> Modes;      ///< coordinator, combine, direct, auto
  bool Profile = true;                 ///< not --no-profile
  std::string ReportFile;              ///< --report: the profile's JSON
  std::string ResourceDir;             ///< Clang's, for opencl-c.h
  std::vector<std::string> ClangFlags; ///< The rewrite's, after "--"
  /// Where to look for libsoftatomic-run-rewriter.so (RunRewriter.h), in
  /// order.
  std::vector<std::string> RewriterDirs;
};

/// Does the whole run; returns the exit status (0 every run agreed with
/// the native one and nothing failed, 1 otherwise, 2 for arguments that do
/// not fit the kernel).
int runKernel(const RunOptions &Options);

} // namespace softatomic

#endif // SOFTATOMIC_TOOL_KERNELRUN_H
