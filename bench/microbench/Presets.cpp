// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "Presets.h"

namespace softatomic {

/// Sizes a 2-core CPU (PoCL) runs in minutes: a CPU serves each software
/// atomic as a hand-off between two threads.
static void cpuSizes(Options &O) {
  O.Groups = {2,  4,  8,  16,
              32, 64, 128}; // Figure 8's range, not the 4096
  O.CopyMB = 16;
  O.HistKB = {64, 256, 1024, 4096};
  O.HistGroups = 32;
  O.Contention = {1, 4, 16, 64, 256, 1024};
  O.ContGroups = 16;
  O.ContLocal = 256;
  O.ContIters = 4;
  O.Repeat = 9; // PoCL's times vary with what else the two cores run
}

/// One small size of every benchmark, for the test suite.
static void quickSizes(Options &O) {
  O.Groups = {4};
  O.ScalarGroups = {4};
  O.CopyMB = 1;
  O.Matrix = {16};
  O.Points = {512};
  O.HistKB = {16};
  O.HistGroups = 2;
  O.TextKB = 256;
  O.MatchGroups = {2};
  // Groups of 64: the float column's used loop is a request per try in
  // the coordinator mode, and a CPU device serves a group's work-items one
  // after another, each try a round trip.
  O.Contention = {64};
  O.Padding = {1};
  O.ContGroups = 2;
  O.ContLocal = 64;
  O.ContIters = 2;
  O.Repeat = 1;
  O.Warmup = 0;
  O.MinTimeMillis = 0;
}

bool applyPreset(const std::string &Name, cl_device_type Type, Options &O) {
  if (Name == "paper" || (Name == "auto" && !(Type & CL_DEVICE_TYPE_CPU)))
    return true; // Options' defaults are the paper's sizes
  if (Name == "cpu" || Name == "auto")
    cpuSizes(O);
  else if (Name == "quick")
    quickSizes(O);
  else
    return false;
  return true;
}

} // namespace softatomic
