// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- LayerLog.h - One line per event, to SOFTATOMIC_LAYER_LOG -*- C++ -*-===//

#ifndef SOFTATOMIC_LAYER_LAYERLOG_H
#define SOFTATOMIC_LAYER_LAYERLOG_H

#include <string>

namespace softatomic {
namespace layer {

/// Appends "softatomic-layer: <Line>" to the log (config().LogPath), if any.
/// The file is opened for each line, so that several processes sharing one
/// log never lose lines, and an application that closes every descriptor
/// still gets them.
void logEvent(const std::string &Line);

/// An event the user must see, a mistake in the environment: logged as
/// above, and on stderr as "softatomic-layer: warning: <Line>" whether or
/// not a log is kept (once, where the log is stderr).
void warnEvent(const std::string &Line);

/// "program N: <Line>".
void logProgramEvent(unsigned ProgramId, const std::string &Line);

} // namespace layer
} // namespace softatomic

#endif
