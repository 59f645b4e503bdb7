// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- DeviceRuntime.h - The device runtime every output carries -*- C++
//-*-===//

#ifndef SOFTATOMIC_EDITS_DEVICERUNTIME_H
#define SOFTATOMIC_EDITS_DEVICERUNTIME_H

#include "llvm/ADT/StringRef.h"

namespace softatomic {

/// The assembled device runtime (the parts in runtime/device/ joined in
/// order, with its layout header inlined), verbatim.
llvm::StringRef deviceRuntimeSource();

/// The version of the device runtime embedded in every rewritten file.
llvm::StringRef runtimeVersion();

} // namespace softatomic

#endif // SOFTATOMIC_EDITS_DEVICERUNTIME_H
