// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The profile's report (SA_MODE_PROFILE, docs/PROFILE.md): per kernel
// launch geometry, per site what its recording launch said
// (ProfileRecords.h) and what converting it alone measured, as versioned
// JSON and as a table with clang-style locations and a line of advice per
// site.
#ifndef SOFTATOMIC_HOST_PROFILEREPORT_H
#define SOFTATOMIC_HOST_PROFILEREPORT_H

#include "ProfileRecords.h"

#include <cstddef>
#include <map>
#include <string>
#include <vector>

namespace softatomic {

/// The version of the report's JSON ("softatomic_profile").
constexpr int ProfileReportVersion = 1;

/// Kernel times in milliseconds, one per timed launch, per way of running
/// it: "combine" (the combining mode), "auto" (the adaptive one).
using TimesByMode = std::map<std::string, std::vector<double>>;

/// One kernel at one geometry on one device.
struct KernelProfile {
  std::string Kernel;
  std::string Device;
  unsigned WorkDim = 1;
  size_t Global[3] = {1, 1, 1};
  size_t Local[3] = {0, 0, 0}; ///< 0: the implementation chose
  unsigned long long Launches = 0;
  /// The work-items of a warp the sharers per warp count by.
  unsigned WarpSize = 32;
  /// The names of its __global pointer parameters, by index, where the
  /// manifest gives them: a hot address reads `bins[200]`, not `arg2[200]`.
  std::map<int, std::string> ArgumentNames;
  /// The sites the kernel reaches, and (Recorded) what its recording
  /// launch said of each, in the same order.
  std::vector<ProfileSite> Sites;
  bool Recorded = false;
  std::vector<SiteProfile> Stats;
  /// The kernel as written; the recording launch (the profile's cost).
  std::vector<double> NativeMs, RecordingMs;
  /// Every site converted.
  TimesByMode AllSitesMs;
  /// The combining mode with every site native: the rewritten kernel's
  /// fixed cost, which no site's conversion is charged with.
  std::vector<double> NothingConvertedMs;
  /// Per site (as Sites), that site alone converted.
  std::vector<TimesByMode> SiteMs;
  /// What could not be measured, and why; empty where all was.
  std::string Note;
};

/// The report as JSON (docs/PROFILE.md says each field).
std::string profileJson(const std::vector<KernelProfile> &Kernels,
                        const std::string &RuntimeVersion);

/// The report as a table for a terminal: per kernel its times, per site
/// (sorted by what the site costs) `file:line:col:`, what the recording
/// saw and a line of advice (keep native, combine, adaptive) with the
/// measured gain.
std::string profileTable(const std::vector<KernelProfile> &Kernels);

} // namespace softatomic

#endif
