//===- LayerReport.cpp - What the layer did and what it cost --------------===//

#include "LayerReport.h"
#include "LayerLog.h"
#include <cstdio>
#include <cstdlib>
#include <map>
#include <mutex>
#include <utility>

namespace softatomic {
namespace layer {

namespace {

struct ProgramCost {
  double RewriteMs = 0, ShadowBuildMs = 0;
  unsigned Rewrites = 0, CacheAnswers = 0, ShadowBuilds = 0;
};

struct KernelLaunches {
  unsigned long Software = 0, NativeFallbacks = 0;
};

struct Report {
  std::mutex Mutex;
  std::map<unsigned, ProgramCost> Programs;
  std::map<std::pair<unsigned, std::string>, KernelLaunches> Kernels;
};

/// Milliseconds, as the log prints them.
std::string ms(double Milliseconds) {
  char Text[32];
  std::snprintf(Text, sizeof Text, "%.1f ms", Milliseconds);
  return Text;
}

/// "1 launch", "2 launches".
std::string count(unsigned long N, const char *One, const char *Many) {
  return std::to_string(N) + " " + (N == 1 ? One : Many);
}

void logReport();

/// The process's report, its exit handler registered with the first note.
/// Never destroyed: the exit handler reads it.
Report &report() {
  static Report *The = [] {
    Report *R = new Report;
    std::atexit(logReport);
    return R;
  }();
  return *The;
}

void logReport() {
  Report &R = report();
  std::lock_guard<std::mutex> Lock(R.Mutex);
  for (const auto &[Id, Cost] : R.Programs) {
    std::string Line = "program " + std::to_string(Id) + ": cost: ";
    if (Cost.Rewrites)
      Line += count(Cost.Rewrites, "rewrite", "rewrites") + " " +
              ms(Cost.RewriteMs);
    if (Cost.CacheAnswers)
      Line += std::string(Cost.Rewrites ? ", " : "") +
              count(Cost.CacheAnswers, "rewrite", "rewrites") +
              " from the cache";
    if (Cost.ShadowBuilds)
      Line += ", " + count(Cost.ShadowBuilds, "shadow build", "shadow builds") +
              " " + ms(Cost.ShadowBuildMs);
    logEvent(Line);
  }
  for (const auto &[Key, Launches] : R.Kernels)
    logEvent(
        "program " + std::to_string(Key.first) + ": kernel '" + Key.second +
        "': " + count(Launches.Software, "launch", "launches") +
        " through the software runtime, " +
        count(Launches.NativeFallbacks, "native fallback", "native fallbacks"));
}

} // namespace

void noteRewrite(unsigned ProgramId, double Milliseconds, bool FromCache) {
  Report &R = report();
  std::lock_guard<std::mutex> Lock(R.Mutex);
  ProgramCost &Cost = R.Programs[ProgramId];
  if (FromCache) {
    ++Cost.CacheAnswers;
  } else {
    ++Cost.Rewrites;
    Cost.RewriteMs += Milliseconds;
  }
}

void noteShadowBuild(unsigned ProgramId, double Milliseconds) {
  Report &R = report();
  std::lock_guard<std::mutex> Lock(R.Mutex);
  ProgramCost &Cost = R.Programs[ProgramId];
  ++Cost.ShadowBuilds;
  Cost.ShadowBuildMs += Milliseconds;
}

void noteLaunch(unsigned ProgramId, const std::string &Name, bool Software) {
  Report &R = report();
  std::lock_guard<std::mutex> Lock(R.Mutex);
  KernelLaunches &Launches = R.Kernels[{ProgramId, Name}];
  ++(Software ? Launches.Software : Launches.NativeFallbacks);
}

} // namespace layer
} // namespace softatomic
