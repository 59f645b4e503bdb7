// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// What one recording launch of a --profile rewrite says about each atomic
// site: calls, how many work-items of a warp and of a work-group target
// the same address at the same call, distinct addresses, the hottest
// addresses. Pure data in, data out: the launch and its read-back are
// ProfileMode's; the report (JSON and table) is ProfileReport's.
#ifndef SOFTATOMIC_HOST_PROFILERECORDS_H
#define SOFTATOMIC_HOST_PROFILERECORDS_H

#include <cstdint>
#include <string>
#include <vector>

namespace softatomic {

/// A global atomic site of a --profile rewrite, from its manifest's
/// "sites" (docs/PROFILE.md).
struct ProfileSite {
  unsigned Id = 0;
  std::string File;
  unsigned Line = 0, Column = 0;
  std::string Operation; ///< the source's call: "atomic_add", "atom_inc"
  std::string Type;      ///< the target's element type: "uint", "long"
  unsigned Width = 32;   ///< the target's bits
  bool ResultUsed = false;
  std::string Form;     ///< the call form the rewrite chose ("work-group")
  bool Private = false; ///< the privatized form can serve it
  /// A per-item site: what keeps it from the work-group forms ("the exit
  /// at 9:5 (a return, goto or label) comes before it"), or empty.
  std::string FormWhy;
  std::vector<std::string> Kernels; ///< the kernels that reach it
};

/// A __global pointer argument of the recording launch.
struct ProfileArgument {
  unsigned Index = 0;   ///< the kernel's parameter
  uint64_t Address = 0; ///< where it pointed at the kernel's start
  uint64_t Bytes = 0;   ///< the buffer's size from there; 0: not known
};

/// What one recording launch wrote (softatomic_layout.h, "A recording
/// launch"): Totals and Records as the device left them.
struct ProfileRecording {
  uint64_t Items = 0;          ///< the launch's work-items
  uint32_t RecordsPerItem = 0; ///< R
  uint32_t Sites = 0;
  /// Work-items of a warp (sub-group) for "sharers per warp": consecutive
  /// linear local ids, as NVIDIA's warps and AMD's wavefronts are.
  uint32_t WarpSize = 32;
  std::vector<uint32_t> Totals;  ///< Sites * Items
  std::vector<uint32_t> Records; ///< SA_PROFILE_FIELDS * R * Items
  std::vector<ProfileArgument> Arguments;
};

/// How many work-items shared a call's address at the same call: per call,
/// the number of work-items of its warp (or group) that made the same
/// call of the site (the same count of earlier calls of it) on the same
/// address, itself included.
struct Sharing {
  double Mean = 0; ///< over the recorded calls
  uint32_t Max = 0;
  /// Recorded calls per bucket of sharers: 1, 2, 3-4, 5-8, ... (bucket b
  /// holds 2^(b-1)+1 .. 2^b for b >= 1).
  std::vector<uint64_t> Histogram;
};

struct HotAddress {
  int BufferArgument = -1; ///< the parameter it lies in; -1: none known
  uint64_t Index = 0;      ///< the element in it (else the raw address)
  uint64_t Address = 0;
  uint64_t Calls = 0; ///< recorded calls on it
};

struct SiteProfile {
  uint64_t Calls = 0;         ///< every call (Totals)
  uint64_t RecordedCalls = 0; ///< those the records hold
  Sharing PerWarp, PerGroup;
  uint64_t DistinctAddresses = 0;
  bool DistinctExact = true;   ///< every call recorded; else estimated
  std::vector<HotAddress> Hot; ///< the most-called addresses, most first
};

/// Per site id of \p Recording (Sites entries). \p Sites gives each site's
/// width (for element indices); a site without an entry there is taken as
/// 32-bit.
std::vector<SiteProfile> analyseRecording(const ProfileRecording &Recording,
                                          const std::vector<ProfileSite> &Sites,
                                          unsigned HotCount = 8);

} // namespace softatomic

#endif
