// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- DeviceProfileFile.h - A device profile read from JSON ----*- C++ -*-===//
//
// `--device-profile=FILE`: the device the parse sees, as a small JSON object
// that a query of the device writes (tool/softatomic-device-profile):
//
//   {"version": "OpenCL 3.0 ...", "extensions": ["cl_khr_fp64", ...],
//    "features": ["__opencl_c_int64", ...]}
//
// Each member is optional (what it leaves out keeps its default) and takes
// what the matching --device-* option takes; "version" may also be a
// number (300).
//
//===----------------------------------------------------------------------===//

#ifndef SOFTATOMIC_DRIVER_DEVICEPROFILEFILE_H
#define SOFTATOMIC_DRIVER_DEVICEPROFILEFILE_H

#include "model/RewriteOptions.h"
#include "llvm/ADT/StringRef.h"
#include <optional>
#include <string>

namespace softatomic {

/// Reads the device profile in the JSON file \p Path into \p Device.
/// Returns why it cannot (the file, its JSON, a member or a value), or
/// nothing.
std::optional<std::string> readDeviceProfile(llvm::StringRef Path,
                                             DeviceProfile &Device);

} // namespace softatomic

#endif // SOFTATOMIC_DRIVER_DEVICEPROFILEFILE_H
