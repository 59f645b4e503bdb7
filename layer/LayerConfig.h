// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- LayerConfig.h - What the environment asks of the layer ---*- C++ -*-===//
//
// Read once, at the first intercepted call: SOFTATOMIC_LAYER (0: pass
// everything through), SOFTATOMIC_LAYER_KERNELS (the only kernels to
// rewrite), SOFTATOMIC_LAYER_OPTIONS (rewriter options), SOFTATOMIC_LAYER_LOG
// (where the event lines go), SOFTATOMIC_LAYER_CACHE (the rewrite cache),
// SOFTATOMIC_PROFILE (a profile of the application's atomics).
// layer/README.md describes them.
//
//===----------------------------------------------------------------------===//

#ifndef SOFTATOMIC_LAYER_LAYERCONFIG_H
#define SOFTATOMIC_LAYER_LAYERCONFIG_H

#include "model/RewriteOptions.h"
#include <set>
#include <string>
#include <vector>

namespace softatomic {
namespace layer {

struct LayerConfig {
  /// False: every entry point only forwards (SOFTATOMIC_LAYER=0).
  bool Enabled = true;
  /// The kernels to rewrite; empty means every kernel the rewriter changes.
  std::set<std::string> SelectedKernels;
  /// The rewriter's options, SOFTATOMIC_LAYER_OPTIONS applied (but for
  /// the device options).
  RewriteOptions Options;
  /// The device options of SOFTATOMIC_LAYER_OPTIONS (`--device-version`
  /// and the others of RewriteOptions.def), as written: each overrides its
  /// part of what a program's devices report (to fill a cache for another
  /// device, or to see what another device would make of a program).
  std::vector<std::string> DeviceOptions;
  /// What in the layer's variables could not be applied, one line each
  /// (logged once): an unknown rewriter option, a value an option does not
  /// take, a malformed number.
  std::vector<std::string> Problems;
  /// SOFTATOMIC_LAYER_LOG: empty for no log, "-" for stderr, else a file.
  std::string LogPath;
  /// The rewrite cache's directory (SOFTATOMIC_LAYER_CACHE, else
  /// $XDG_CACHE_HOME/softatomic-layer or $HOME/.cache/softatomic-layer);
  /// empty when it is off ("0").
  std::string CacheDirectory;
  /// The most entries the cache keeps (SOFTATOMIC_LAYER_CACHE_ENTRIES); the
  /// least recently used go first.
  unsigned long CacheEntries = 4096;
  /// SOFTATOMIC_LAYER_WARP_PROGRAM: where the layer builds each rewritten
  /// program's warp program (docs/REWRITE.md), whose kernels the direct
  /// mode runs and the auto mode times: "auto" on devices with NVIDIA's warp
  /// path, "on" on every device, "off" (the default) nowhere: the application's
  /// kernels. Off by default: on the H200 an application that builds its
  /// program 100 times grew by 36 MiB with it (docs/BENCHMARKS-HISTORY.md).
  enum class WarpProgramUse { Auto, On, Off };
  WarpProgramUse WarpProgram = WarpProgramUse::Off;

  /// SOFTATOMIC_PROFILE: where the profile of the application's atomics
  /// goes as JSON at exit (a table goes to stderr); empty: no profile.
  /// The layer then rewrites with --profile and launches in the host
  /// runtime's profile mode (docs/PROFILE.md).
  std::string ProfilePath;

  /// Whether kernel \p Name may be rewritten (SOFTATOMIC_LAYER_KERNELS).
  bool selects(const std::string &Name) const {
    return SelectedKernels.empty() || SelectedKernels.count(Name);
  }
};

/// The process's configuration, read from the environment on first use.
const LayerConfig &config();

} // namespace layer
} // namespace softatomic

#endif
