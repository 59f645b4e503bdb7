// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Error reporting of the host runtime: every failing entry point returns a
// cl_int and leaves a sentence for saGetLastErrorMessage.
#ifndef SOFTATOMIC_HOST_ERROR_H
#define SOFTATOMIC_HOST_ERROR_H

#include "softatomic/softatomic.h"

#include <string>

namespace softatomic {

/// Records Message as the calling thread's last error and returns Code.
cl_int fail(cl_int Code, std::string Message);

/// Clears the calling thread's last error message and returns CL_SUCCESS.
cl_int succeed();

/// Maps a device-side error word (SA_DEV_* in the layout header) to SA_*.
cl_int deviceErrorCode(unsigned DeviceCode);

} // namespace softatomic

#endif
