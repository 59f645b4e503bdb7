//===- LayerProfile.h - The profile of an application's atomics -*- C++ -*-===//
//
// SOFTATOMIC_PROFILE=report.json (docs/PROFILE.md): the layer launches in
// the host runtime's profile mode and, at exit, writes the report as JSON
// there and prints it as a table on stderr.
//
//===----------------------------------------------------------------------===//

#ifndef SOFTATOMIC_LAYER_LAYERPROFILE_H
#define SOFTATOMIC_LAYER_LAYERPROFILE_H

#include <string>

namespace softatomic {
namespace layer {

/// Sets the profile mode and registers the exit handler that writes the
/// report to \p Path.
void startProfile(const std::string &Path);

} // namespace layer
} // namespace softatomic

#endif
