// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- DeviceRuntime.cpp - The device runtime every output carries --------===//

#include "edits/DeviceRuntime.h"

using namespace llvm;

namespace softatomic {

StringRef deviceRuntimeSource() {
  // Produced by the build (target softatomic-device-runtime) from
  // runtime/device and runtime/common, as one raw string literal.
  static constexpr char Text[] =
#include "DeviceRuntimeSource.inc"
      ;
  return StringRef(Text, sizeof(Text) - 1);
}

StringRef runtimeVersion() {
  // Read from the embedded text itself, so the version reported is the one
  // of the runtime that the output carries.
  StringRef Marker = "#define SA_RUNTIME_VERSION \"";
  StringRef Text = deviceRuntimeSource();
  size_t Start = Text.find(Marker);
  if (Start == StringRef::npos)
    return "unknown";
  StringRef Rest = Text.drop_front(Start + Marker.size());
  return Rest.take_until([](char C) { return C == '"'; });
}

} // namespace softatomic
