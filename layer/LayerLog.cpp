// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- LayerLog.cpp - One line per event, to SOFTATOMIC_LAYER_LOG ---------===//

#include "LayerLog.h"
#include "LayerConfig.h"
#include <cstdio>
#include <mutex>

namespace softatomic {
namespace layer {

void warnEvent(const std::string &Line) {
  logEvent(Line);
  if (config().LogPath != "-")
    std::fprintf(stderr, "softatomic-layer: warning: %s\n", Line.c_str());
}

void logEvent(const std::string &Line) {
  const std::string &Path = config().LogPath;
  if (Path.empty())
    return;
  static std::mutex Mutex; // whole lines, even from several threads
  std::lock_guard<std::mutex> Lock(Mutex);
  std::string Text = "softatomic-layer: " + Line + "\n";
  if (Path == "-") {
    std::fputs(Text.c_str(), stderr);
    return;
  }
  if (std::FILE *File = std::fopen(Path.c_str(), "a")) {
    std::fputs(Text.c_str(), File);
    std::fclose(File);
  }
}

void logProgramEvent(unsigned ProgramId, const std::string &Line) {
  logEvent("program " + std::to_string(ProgramId) + ": " + Line);
}

} // namespace layer
} // namespace softatomic
