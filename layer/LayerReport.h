//===- LayerReport.h - What the layer did and what it cost ------*- C++ -*-===//
//
// A run under the layer can take far longer than it does natively, and the
// log's events say what happened but not where the time went. The layer
// counts, per program, the time its rewrite took (or that the cache
// answered) and the time the shadow program's build took, and per kernel
// the launches it made through the software runtime and those that fell
// back to the native kernel; at exit it logs them (SOFTATOMIC_LAYER_LOG),
// one line per program and per kernel.
//
//===----------------------------------------------------------------------===//

#ifndef SOFTATOMIC_LAYER_LAYERREPORT_H
#define SOFTATOMIC_LAYER_LAYERREPORT_H

#include <string>

namespace softatomic {
namespace layer {

/// Program \p ProgramId's source was rewritten in \p Milliseconds, by the
/// rewriter or (\p FromCache) from the rewrite cache.
void noteRewrite(unsigned ProgramId, double Milliseconds, bool FromCache);

/// Program \p ProgramId's shadow (the rewritten program) was built in
/// \p Milliseconds.
void noteShadowBuild(unsigned ProgramId, double Milliseconds);

/// A launch of kernel \p Name of program \p ProgramId: through the software
/// runtime, or (\p Software false) natively, after the software launch
/// failed.
void noteLaunch(unsigned ProgramId, const std::string &Name, bool Software);

} // namespace layer
} // namespace softatomic

#endif // SOFTATOMIC_LAYER_LAYERREPORT_H
