//===- DeviceRuntime.h - The device runtime every output carries -*- C++
//-*-===//

#ifndef SOFTATOMIC_DEVICERUNTIME_H
#define SOFTATOMIC_DEVICERUNTIME_H

#include "llvm/ADT/StringRef.h"

namespace softatomic {

/// The assembled device runtime (the parts in runtime/device/ joined in
/// order, with its layout header inlined), verbatim.
llvm::StringRef deviceRuntimeSource();

} // namespace softatomic

#endif // SOFTATOMIC_DEVICERUNTIME_H
