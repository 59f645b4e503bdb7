// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- LayerProfile.h - The profile of an application's atomics -*- C++ -*-===//
//
// SOFTATOMIC_PROFILE=report.json (docs/PROFILE.md): the layer launches in
// the host runtime's profile mode and, at exit, writes the report as JSON
// there and prints it as a table on stderr. The sources of the programs
// it profiled go beside it, where the report's locations point.
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

/// Writes the source of program \p Id, rewritten for the profile, beside
/// the report (PATH.sources/program-ID.cl): the report's sites name it,
/// so that an editor opens the site at its file:line:col.
void keepProfiledSource(unsigned Id, const std::string &Source);

} // namespace layer
} // namespace softatomic

#endif
