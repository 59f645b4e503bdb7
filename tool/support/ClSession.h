// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// What every softatomic host program needs from OpenCL: a platform and
// device chosen by name (never by index 0: PoCL and a GPU driver may both be
// installed), a profiling queue, and programs built from files with their
// build log on failure.
#ifndef SOFTATOMIC_TOOL_SUPPORT_CLSESSION_H
#define SOFTATOMIC_TOOL_SUPPORT_CLSESSION_H

#include "softatomic/softatomic.h"

#include <string>

namespace softatomic {

struct ClSession {
  cl_platform_id Platform = nullptr;
  cl_device_id Device = nullptr;
  cl_context Context = nullptr;
  cl_command_queue Queue = nullptr;
  std::string PlatformName, DeviceName;

  ClSession() = default;
  ClSession(const ClSession &) = delete;
  ClSession &operator=(const ClSession &) = delete;
  ~ClSession();

  /// Opens the first device whose name contains DeviceMatch on the first
  /// platform whose name contains PlatformMatch (case-insensitive; empty
  /// matches all); a whole number instead selects by index (clGetPlatformIDs'
  /// order, then the platform's devices). Empty arguments fall back to the
  /// SA_PLATFORM and SA_DEVICE environment variables, then to PoCL.
  bool open(std::string PlatformMatch, std::string DeviceMatch,
            std::string &Error);

  /// Own, then the options the host runtime gives this device for a
  /// rewritten program (saGetBuildOptions: its fast paths).
  std::string rewrittenBuildOptions(const std::string &Own) const;

  /// Builds the OpenCL C file at Path; the build log goes into Error.
  cl_program build(const std::string &Path, const std::string &Options,
                   std::string &Error);
  /// Builds Source, which messages call Name; the build log goes into
  /// Error.
  cl_program buildSource(const std::string &Name, const std::string &Source,
                         const std::string &Options, std::string &Error);
};

/// The whole file, or false.
bool readFile(const std::string &Path, std::string &Text);

/// A completed command's device time in milliseconds (profiling queue).
double eventMillis(cl_event Event);

} // namespace softatomic

#endif
