// The profile's analysis of a recording launch (ProfileRecords.h) and its
// report (ProfileReport.h), on recordings written here as the device would
// (softatomic_layout.h, "A recording launch") with known answers: sharers
// per warp and per group, the "same call" of a loop, distinct addresses
// exact and estimated, the hottest addresses in their buffers, the JSON's
// fields, the advice and the table.
#include "ProfileReport.h"
#include "ProfileRecords.h"
#include "softatomic_layout.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

using namespace softatomic;

namespace {

/// A recording launch of Groups work-groups of GroupSize work-items, each
/// recording its first R calls, made call by call.
class Recorder {
public:
  Recorder(uint32_t Groups, uint32_t GroupSize, uint32_t R, uint32_t Sites)
      : GroupSize(GroupSize), Earlier(uint64_t(Groups) * GroupSize * Sites) {
    Rec.Items = uint64_t(Groups) * GroupSize;
    Rec.RecordsPerItem = R;
    Rec.Sites = Sites;
    Rec.WarpSize = 32;
    Rec.Totals.assign(Sites * Rec.Items, 0);
    Rec.Records.assign(SA_PROFILE_FIELDS * R * Rec.Items, 0);
    Used.assign(Rec.Items, 0);
  }

  /// Work-item Item (global linear id) calls Site on Address.
  void call(uint64_t Item, uint32_t Site, uint64_t Address) {
    const uint64_t Items = Rec.Items, R = Rec.RecordsPerItem;
    uint32_t K = Earlier[Site * Items + Item]++;
    Rec.Totals[Site * Items + Item]++;
    uint32_t J = Used[Item];
    if (J >= R)
      return;
    Used[Item]++;
    auto field = [&](unsigned F) -> uint32_t & {
      return Rec.Records[F * R * Items + J * Items + Item];
    };
    field(SA_PF_TAG) = (Site + 1) | K << 8;
    field(SA_PF_GROUP) = uint32_t(Item / GroupSize);
    field(SA_PF_LOCAL) = uint32_t(Item % GroupSize);
    field(SA_PF_ADDR_LO) = uint32_t(Address);
    field(SA_PF_ADDR_HI) = uint32_t(Address >> 32);
  }

  ProfileRecording Rec;

private:
  uint32_t GroupSize;
  std::vector<uint32_t> Earlier; ///< per site and item
  std::vector<uint32_t> Used;    ///< records written per item
};

ProfileSite site(unsigned Id, unsigned Line, unsigned Width = 32) {
  ProfileSite S;
  S.Id = Id;
  S.File = "kernels.cl";
  S.Line = Line;
  S.Column = 5;
  S.Operation = Width == 64 ? "atom_add" : "atomic_add";
  S.Type = Width == 64 ? "ulong" : "uint";
  S.Width = Width;
  S.Form = "work-group";
  S.Kernels = {"k"};
  return S;
}

constexpr uint64_t A = 0x7f0000001000;

} // namespace

// Every work-item of 2 groups of 64 on one address: the whole warp and the
// whole group share each call.
TEST(ProfileRecords, OneAddressSharedByAll) {
  Recorder R(2, 64, 4, 1);
  for (uint64_t I = 0; I < 128; ++I)
    R.call(I, 0, A);
  auto P = analyseRecording(R.Rec, {site(0, 10)});
  ASSERT_EQ(P.size(), 1u);
  EXPECT_EQ(P[0].Calls, 128u);
  EXPECT_EQ(P[0].RecordedCalls, 128u);
  EXPECT_DOUBLE_EQ(P[0].PerWarp.Mean, 32);
  EXPECT_EQ(P[0].PerWarp.Max, 32u);
  EXPECT_DOUBLE_EQ(P[0].PerGroup.Mean, 64);
  EXPECT_EQ(P[0].PerGroup.Max, 64u);
  // 32 is bucket 5 (17-32), 64 bucket 6 (33-64): every call there.
  EXPECT_EQ(P[0].PerWarp.Histogram,
            (std::vector<uint64_t>{0, 0, 0, 0, 0, 128}));
  EXPECT_EQ(P[0].PerGroup.Histogram,
            (std::vector<uint64_t>{0, 0, 0, 0, 0, 0, 128}));
  EXPECT_EQ(P[0].DistinctAddresses, 1u);
  EXPECT_TRUE(P[0].DistinctExact);
  ASSERT_EQ(P[0].Hot.size(), 1u);
  EXPECT_EQ(P[0].Hot[0].Address, A);
  EXPECT_EQ(P[0].Hot[0].Calls, 128u);
}

// A histogram's bins: base + 4 * (local % 16), so each bin twice in a warp
// of 32 and four times in a group of 64.
TEST(ProfileRecords, HistogramBins) {
  Recorder R(2, 64, 4, 1);
  for (uint64_t I = 0; I < 128; ++I)
    R.call(I, 0, A + 4 * (I % 64 % 16));
  auto P = analyseRecording(R.Rec, {site(0, 10)});
  EXPECT_DOUBLE_EQ(P[0].PerWarp.Mean, 2);
  EXPECT_EQ(P[0].PerWarp.Max, 2u);
  EXPECT_DOUBLE_EQ(P[0].PerGroup.Mean, 4);
  EXPECT_EQ(P[0].PerGroup.Max, 4u);
  EXPECT_EQ(P[0].PerWarp.Histogram, (std::vector<uint64_t>{0, 128}));
  EXPECT_EQ(P[0].PerGroup.Histogram, (std::vector<uint64_t>{0, 0, 128}));
  EXPECT_EQ(P[0].DistinctAddresses, 16u);
  EXPECT_TRUE(P[0].DistinctExact);
  // Every bin 8 calls: the lowest addresses first.
  ASSERT_EQ(P[0].Hot.size(), 8u);
  EXPECT_EQ(P[0].Hot[0].Address, A);
  EXPECT_EQ(P[0].Hot[7].Address, A + 4 * 7);
  EXPECT_EQ(P[0].Hot[0].Calls, 8u);
}

// A site in a loop: the same call is the same iteration (k), not any call
// of the site. Site 0: every iteration on one address, 64 sharers per group
// (256 if the iterations were merged). Site 1: iteration k of local l on
// (l + k) % 64, one sharer (4 if merged: each address is hit once per
// iteration). Sites' calls interleave, as a loop with two atomics would.
TEST(ProfileRecords, SameCallIsSameIteration) {
  Recorder R(2, 64, 8, 2);
  for (uint32_t K = 0; K < 4; ++K)
    for (uint64_t I = 0; I < 128; ++I) {
      R.call(I, 0, A);
      R.call(I, 1, A + 0x1000 + 4 * ((I % 64 + K) % 64));
    }
  auto P = analyseRecording(R.Rec, {site(0, 10), site(1, 11)});
  ASSERT_EQ(P.size(), 2u);
  EXPECT_EQ(P[0].RecordedCalls, 512u);
  EXPECT_DOUBLE_EQ(P[0].PerGroup.Mean, 64);
  EXPECT_EQ(P[0].PerGroup.Max, 64u);
  EXPECT_DOUBLE_EQ(P[0].PerWarp.Mean, 32);
  EXPECT_EQ(P[1].RecordedCalls, 512u);
  EXPECT_DOUBLE_EQ(P[1].PerGroup.Mean, 1);
  EXPECT_EQ(P[1].PerGroup.Max, 1u);
  EXPECT_DOUBLE_EQ(P[1].PerWarp.Mean, 1);
  EXPECT_EQ(P[1].PerGroup.Histogram, (std::vector<uint64_t>{512}));
  EXPECT_EQ(P[1].DistinctAddresses, 64u);
}

// Sharers per warp count the warp's work-items, not the group's: the two
// warps of a group each on their own address.
TEST(ProfileRecords, WarpsOfAGroup) {
  Recorder R(1, 64, 1, 1);
  R.Rec.WarpSize = 16;
  for (uint64_t I = 0; I < 64; ++I)
    R.call(I, 0, A + 8 * (I / 32));
  auto P = analyseRecording(R.Rec, {});
  EXPECT_DOUBLE_EQ(P[0].PerWarp.Mean, 16);
  EXPECT_DOUBLE_EQ(P[0].PerGroup.Mean, 32);
}

// Elements of a 64-bit site are 8 bytes; a site not in Sites is 32-bit.
TEST(ProfileRecords, IndexByWidth) {
  Recorder R(1, 4, 3, 3);
  R.Rec.Arguments = {{1, A, 1024}};
  for (uint64_t I = 0; I < 4; ++I) {
    R.call(I, 0, A + 40);
    R.call(I, 1, A + 40);
  }
  R.call(0, 2, A + 40);
  auto P = analyseRecording(R.Rec, {site(0, 10, 64), site(1, 11, 32)});
  ASSERT_EQ(P[0].Hot.size(), 1u);
  EXPECT_EQ(P[0].Hot[0].BufferArgument, 1);
  EXPECT_EQ(P[0].Hot[0].Index, 5u);
  EXPECT_EQ(P[1].Hot[0].Index, 10u);
  EXPECT_EQ(P[2].Hot[0].Index, 10u);
}

// Calls past the first R are counted but not recorded: the distinct
// addresses are GEE's estimate. Each of 8 work-items calls 4 times,
// recording 2: its own address, then one shared by all (f1 = 8, f8 = 1),
// 32 calls of which 16 recorded: sqrt(2) * 8 + 1 = 12.3.
TEST(ProfileRecords, DistinctEstimatedPastTheRecords) {
  Recorder R(1, 8, 2, 1);
  for (uint64_t I = 0; I < 8; ++I) {
    R.call(I, 0, A + 0x100 + 4 * I);
    R.call(I, 0, A);
    R.call(I, 0, A + 0x200 + 4 * I);
    R.call(I, 0, A + 0x300 + 4 * I);
  }
  auto P = analyseRecording(R.Rec, {site(0, 10)});
  EXPECT_EQ(P[0].Calls, 32u);
  EXPECT_EQ(P[0].RecordedCalls, 16u);
  EXPECT_FALSE(P[0].DistinctExact);
  EXPECT_EQ(P[0].DistinctAddresses, 12u);
  // The shared address at the second call: 8 sharers there.
  EXPECT_EQ(P[0].PerGroup.Max, 8u);
  EXPECT_DOUBLE_EQ(P[0].PerGroup.Mean, (8 * 1 + 8 * 8) / 16.0);
}

// The hottest addresses, most calls first, ties by address, HotCount of
// them, each in the buffer that holds it: a sized buffer first, else the
// unsized argument nearest below, else none (the raw address).
TEST(ProfileRecords, HotAddressesInTheirBuffers) {
  Recorder R(1, 16, 1, 1);
  R.Rec.Arguments = {{0, 0x4000, 0x1000},
                     {2, 0x2000, 0},
                     {3, 0x3000, 0},
                     {4, 0, 0}}; // a null pointer holds nothing
  const uint64_t Addr[] = {0x4010, 0x2100, 0x3008, 0x0800};
  // 0x4010 five calls, 0x2100 and 0x3008 four each, 0x0800 three.
  const int Calls[] = {5, 4, 4, 3};
  uint64_t Item = 0;
  for (int A = 0; A < 4; ++A)
    for (int C = 0; C < Calls[A]; ++C)
      R.call(Item++, 0, Addr[A]);
  auto P = analyseRecording(R.Rec, {site(0, 10)}, 3);
  ASSERT_EQ(P[0].Hot.size(), 3u);
  EXPECT_EQ(P[0].Hot[0].Address, 0x4010u);
  EXPECT_EQ(P[0].Hot[0].Calls, 5u);
  EXPECT_EQ(P[0].Hot[0].BufferArgument, 0);
  EXPECT_EQ(P[0].Hot[0].Index, 4u);
  EXPECT_EQ(P[0].Hot[1].Address, 0x2100u);
  EXPECT_EQ(P[0].Hot[1].BufferArgument, 2);
  EXPECT_EQ(P[0].Hot[1].Index, 0x40u);
  EXPECT_EQ(P[0].Hot[2].Address, 0x3008u);
  EXPECT_EQ(P[0].Hot[2].BufferArgument, 3);
  EXPECT_EQ(P[0].Hot[2].Index, 2u);
  auto All = analyseRecording(R.Rec, {site(0, 10)});
  ASSERT_EQ(All[0].Hot.size(), 4u);
  EXPECT_EQ(All[0].Hot[3].BufferArgument, -1);
  EXPECT_EQ(All[0].Hot[3].Index, 0x800u);
}

// A work-item's records after its last call are empty (tag 0), and a site
// that was never called has no records and no sharers.
TEST(ProfileRecords, EmptySlotsAndSilentSites) {
  Recorder R(1, 4, 4, 2);
  R.call(0, 0, A);
  auto P = analyseRecording(R.Rec, {site(0, 10), site(1, 11)});
  EXPECT_EQ(P[0].RecordedCalls, 1u);
  EXPECT_EQ(P[0].Calls, 1u);
  EXPECT_EQ(P[1].RecordedCalls, 0u);
  EXPECT_EQ(P[1].Calls, 0u);
  EXPECT_EQ(P[1].DistinctAddresses, 0u);
  EXPECT_TRUE(P[1].DistinctExact);
  EXPECT_TRUE(P[1].Hot.empty());
  EXPECT_TRUE(P[1].PerWarp.Histogram.empty());
}

namespace {

/// A kernel of three sites, recorded: site 0 every item on one address
/// (combining wins), site 1 a histogram (about even), site 2 never timed.
KernelProfile sampleKernel() {
  Recorder R(2, 64, 4, 3);
  R.Rec.Arguments = {{0, A, 64}, {1, A + 0x1000, 4096}};
  for (uint64_t I = 0; I < 128; ++I) {
    R.call(I, 0, A);
    R.call(I, 1, A + 0x1000 + 4 * (I % 64 % 16));
    R.call(I, 2, A + 0x1000 + 4 * I);
  }
  KernelProfile K;
  K.Kernel = "histogram";
  K.Device = "NVIDIA H100 80GB HBM3";
  K.WorkDim = 1;
  K.Global[0] = 128;
  K.Local[0] = 64;
  K.Launches = 5;
  K.Sites = {site(0, 10), site(1, 20), site(2, 30)};
  K.Recorded = true;
  K.Stats = analyseRecording(R.Rec, K.Sites);
  K.NativeMs = {2.0, 2.1, 1.9};
  K.RecordingMs = {6.0, 6.2, 5.8};
  K.AllSitesMs["combine"] = {1.0, 1.1, 0.9};
  K.SiteMs.resize(3);
  K.SiteMs[0]["combine"] = {0.8, 0.85, 0.9};
  K.SiteMs[1]["combine"] = {1.95, 2.05, 2.0};
  return K;
}

nlohmann::json parse(const std::string &Text) {
  return nlohmann::json::parse(Text);
}

/// The advice of a kernel whose one site's converted times are Converted.
std::pair<std::string, std::string> advice(std::vector<double> Native,
                                           std::vector<double> Converted,
                                           const char *Mode = "combine") {
  KernelProfile K;
  K.Sites = {site(0, 1)};
  K.NativeMs = std::move(Native);
  K.SiteMs.resize(1);
  if (!Converted.empty())
    K.SiteMs[0][Mode] = std::move(Converted);
  auto J = parse(profileJson({K}, "0"))["kernels"][0]["sites"][0];
  return {J["advice"].get<std::string>(), J["advice_text"].get<std::string>()};
}

} // namespace

TEST(ProfileReport, JsonFields) {
  KernelProfile K = sampleKernel();
  auto J = parse(profileJson({K}, "0.13.0"));
  EXPECT_EQ(J["softatomic_profile"], ProfileReportVersion);
  EXPECT_EQ(J["runtime_version"], "0.13.0");
  ASSERT_EQ(J["kernels"].size(), 1u);
  auto &Kj = J["kernels"][0];
  EXPECT_EQ(Kj["kernel"], "histogram");
  EXPECT_EQ(Kj["device"], "NVIDIA H100 80GB HBM3");
  EXPECT_EQ(Kj["work_dim"], 1);
  EXPECT_EQ(Kj["global"], nlohmann::json({128, 1, 1}));
  EXPECT_EQ(Kj["local"], nlohmann::json({64, 0, 0}));
  EXPECT_EQ(Kj["launches"], 5);
  EXPECT_DOUBLE_EQ(Kj["native_ms"].get<double>(), 2.0);
  EXPECT_EQ(Kj["native_spread"], nlohmann::json({1.9, 2.1}));
  EXPECT_DOUBLE_EQ(Kj["recording_ms"].get<double>(), 6.0);
  EXPECT_DOUBLE_EQ(Kj["recording_overhead"].get<double>(), 3.0);
  EXPECT_DOUBLE_EQ(Kj["combine_ms"].get<double>(), 1.0);
  EXPECT_EQ(Kj["combine_spread"], nlohmann::json({0.9, 1.1}));
  EXPECT_FALSE(Kj.contains("note"));
  ASSERT_EQ(Kj["sites"].size(), 3u);

  auto &S = Kj["sites"][0];
  for (const char *Field : {"id",
                            "file",
                            "line",
                            "column",
                            "kernels",
                            "operation",
                            "type",
                            "width",
                            "result_used",
                            "form",
                            "calls",
                            "recorded_calls",
                            "sharers_per_warp",
                            "sharers_per_group",
                            "distinct_addresses",
                            "distinct_addresses_exact",
                            "hot_addresses",
                            "native_ms",
                            "combine_ms",
                            "combine_spread",
                            "combine_gain",
                            "advice",
                            "advice_text",
                            "determinism",
                            "determinism_why"})
    EXPECT_TRUE(S.contains(Field)) << Field;
  EXPECT_EQ(S["file"], "kernels.cl");
  EXPECT_EQ(S["line"], 10);
  EXPECT_EQ(S["column"], 5);
  EXPECT_EQ(S["kernels"], nlohmann::json({"k"}));
  EXPECT_EQ(S["calls"], 128);
  EXPECT_EQ(S["recorded_calls"], 128);
  EXPECT_DOUBLE_EQ(S["sharers_per_warp"]["mean"].get<double>(), 32);
  EXPECT_EQ(S["sharers_per_warp"]["max"], 32);
  EXPECT_EQ(S["sharers_per_group"]["max"], 64);
  EXPECT_EQ(S["sharers_per_group"]["histogram"][6], 128);
  EXPECT_EQ(S["distinct_addresses"], 1);
  EXPECT_EQ(S["distinct_addresses_exact"], true);
  ASSERT_EQ(S["hot_addresses"].size(), 1u);
  EXPECT_EQ(S["hot_addresses"][0]["buffer_argument"], 0);
  EXPECT_EQ(S["hot_addresses"][0]["index"], 0);
  EXPECT_EQ(S["hot_addresses"][0]["calls"], 128);
  EXPECT_DOUBLE_EQ(S["hot_addresses"][0]["share"].get<double>(), 1.0);
  EXPECT_DOUBLE_EQ(S["native_ms"].get<double>(), 2.0);
  EXPECT_DOUBLE_EQ(S["combine_ms"].get<double>(), 0.85);
  EXPECT_EQ(S["combine_spread"], nlohmann::json({0.8, 0.9}));
  EXPECT_NEAR(S["combine_gain"].get<double>(), 2.0 / 0.85, 1e-12);
  EXPECT_EQ(S["advice"], "combine");
  EXPECT_EQ(S["advice_text"], "combine: 2.35x faster converted");

  // The histogram site: its bins 8 calls each of 128, in buffer 1.
  auto &H = Kj["sites"][1]["hot_addresses"][0];
  EXPECT_EQ(H["buffer_argument"], 1);
  EXPECT_EQ(H["index"], 0);
  EXPECT_DOUBLE_EQ(H["share"].get<double>(), 8.0 / 128);
  // Not timed alone: no gain, not measured.
  auto &U = Kj["sites"][2];
  EXPECT_FALSE(U.contains("combine_ms"));
  EXPECT_EQ(U["advice"], "not measured");
  EXPECT_EQ(U["distinct_addresses"], 128);
}

// Without a recording: the static fields and the times, nothing the
// recording would have said; no local size, no times: nulls.
TEST(ProfileReport, JsonWithoutRecording) {
  KernelProfile K = sampleKernel();
  K.Recorded = false;
  K.Stats.clear();
  K.Local[0] = 0;
  K.RecordingMs.clear();
  K.Note = "the recording launch ran out of memory";
  auto Kj = parse(profileJson({K}, "0"))["kernels"][0];
  EXPECT_TRUE(Kj["local"].is_null());
  EXPECT_TRUE(Kj["recording_ms"].is_null());
  EXPECT_TRUE(Kj["recording_overhead"].is_null());
  EXPECT_EQ(Kj["note"], K.Note);
  auto &S = Kj["sites"][0];
  EXPECT_FALSE(S.contains("calls"));
  EXPECT_FALSE(S.contains("sharers_per_warp"));
  EXPECT_FALSE(S.contains("hot_addresses"));
  EXPECT_EQ(S["line"], 10);
  EXPECT_EQ(S["advice"], "combine");
}

TEST(ProfileReport, AdviceRule) {
  // 2x faster, every converted launch below the native median.
  EXPECT_EQ(advice({2.0, 2.1, 1.9}, {1.0, 1.05, 0.95}),
            std::make_pair(std::string("combine"),
                           std::string("combine: 2.00x faster converted")));
  // 1.3x slower, every converted launch above the native median.
  EXPECT_EQ(advice({1.0, 1.1, 0.9}, {1.3, 1.35, 1.25}),
            std::make_pair(std::string("keep native"),
                           std::string("keep native: 1.30x slower converted")));
  // Within 5%.
  EXPECT_EQ(advice({1.0, 1.1, 0.9}, {0.98, 1.0, 0.96}).first, "adaptive");
  EXPECT_EQ(advice({1.0, 1.1, 0.9}, {0.98, 1.0, 0.96}).second,
            "adaptive: within noise (1.02x)");
  // 1.25x faster by the medians, but a converted launch slower than the
  // native median: the spread could explain it.
  EXPECT_EQ(advice({1.0, 1.1, 0.9}, {0.8, 0.75, 1.2}).first, "adaptive");
  // ... and 1.25x slower with a converted launch faster than it.
  EXPECT_EQ(advice({1.0, 1.1, 0.9}, {1.25, 1.3, 0.95}).first, "adaptive");
  // The adaptive mode's times where the combining mode has none.
  EXPECT_EQ(advice({2.0, 2.1, 1.9}, {1.0, 1.05, 0.95}, "auto").first,
            "combine");
  // Nothing to compare.
  EXPECT_EQ(advice({1.0}, {}).first, "not measured");
  EXPECT_EQ(advice({}, {1.0}).first, "not measured");
}

// The rewritten kernel with nothing converted, timed apart: its fixed cost
// over the kernel as written is the kernel's, and each site's own gain is
// against it. A site whose conversion costs nothing of its own reads so,
// where the whole-kernel advice alone would charge it the fixed cost.
TEST(ProfileReport, FixedCostApart) {
  KernelProfile K;
  K.Kernel = "compact";
  K.Sites = {site(0, 1)};
  K.NativeMs = {1.0, 1.05, 0.95};
  K.NothingConvertedMs = {2.2, 2.3, 2.1};
  K.SiteMs.resize(1);
  K.SiteMs[0]["combine"] = {2.28, 2.3, 2.25};
  auto Kj = parse(profileJson({K}, "0"))["kernels"][0];
  EXPECT_DOUBLE_EQ(Kj["nothing_converted_ms"].get<double>(), 2.2);
  EXPECT_EQ(Kj["nothing_converted_spread"], nlohmann::json({2.1, 2.3}));
  EXPECT_DOUBLE_EQ(Kj["fixed_cost"].get<double>(), 2.2);
  auto &S = Kj["sites"][0];
  EXPECT_EQ(S["advice"], "keep native");
  EXPECT_NEAR(S["combine_own_gain"].get<double>(), 2.2 / 2.28, 1e-9);
  EXPECT_EQ(S["advice_text"],
            "keep native: 2.28x slower converted (fixed cost 2.20x native; "
            "the site's own conversion 1.04x slower)");
  std::string Table = profileTable({K});
  EXPECT_NE(Table.find("native 1.00 ms, nothing converted 2.20 ms (fixed "
                       "cost 2.20x)"),
            std::string::npos)
      << Table;
  EXPECT_NE(Table.find("(fixed cost 2.20x native; the site's own conversion "
                       "1.04x slower)"),
            std::string::npos)
      << Table;
  EXPECT_DOUBLE_EQ(S["combine_share"].get<double>(), 0.0);
  // A site whose own conversion halves the rewritten kernel's time: its
  // atomics take at least half of it, though the kernel as written is
  // still faster (the fixed cost is what loses).
  K.SiteMs[0]["combine"] = {1.1, 1.15, 1.05};
  Kj = parse(profileJson({K}, "0"))["kernels"][0];
  EXPECT_DOUBLE_EQ(Kj["sites"][0]["combine_share"].get<double>(), 0.5);
  EXPECT_EQ(Kj["sites"][0]["advice_text"],
            "keep native: 1.10x slower converted (fixed cost 2.20x native; the "
            "site's own conversion 2.00x faster: its atomics take at least "
            "50% of the kernel's time)");
  // Without that launch's times: no fixed cost, the advice as before.
  K.SiteMs[0]["combine"] = {2.28, 2.3, 2.25};
  K.NothingConvertedMs.clear();
  Kj = parse(profileJson({K}, "0"))["kernels"][0];
  EXPECT_TRUE(Kj["fixed_cost"].is_null());
  EXPECT_TRUE(Kj["sites"][0]["combine_own_gain"].is_null());
  EXPECT_EQ(Kj["sites"][0]["advice_text"],
            "keep native: 2.28x slower converted");
}

// The kernel's advice in words: the way that pays and the site it pays on,
// with what its recording says; where no site pays, whether the fixed cost
// is what hides a gain, or the spread; nothing where nothing was timed.
TEST(ProfileReport, KernelAdvice) {
  KernelProfile K = sampleKernel();
  auto Kj = parse(profileJson({K}, "0"))["kernels"][0];
  EXPECT_EQ(Kj["advice_text"], "combine kernels.cl:10:5: one address takes "
                               "100% of its calls; 32.0 work-items of a warp "
                               "share an address");
  // A site its group shares but calls per work-item: what keeps it from
  // the work-group forms, as the manifest says.
  K.Sites[0].FormWhy = "the exit at 3:5 (a return, goto or label) comes "
                       "before it";
  Kj = parse(profileJson({K}, "0"))["kernels"][0];
  EXPECT_EQ(Kj["advice_text"],
            "combine kernels.cl:10:5: one address takes 100% of its calls; "
            "32.0 work-items of a warp share an address; kernels.cl:10:5 is "
            "called per work-item, not by its group together: the exit at "
            "3:5 (a return, goto or label) comes before it");
  K.Sites[0].FormWhy.clear();
  // Site 1 privatized far faster: privatize it, its sharers in the group.
  K.SiteMs[1]["private"] = {0.3, 0.32, 0.31};
  K.Sites[1].Private = true;
  Kj = parse(profileJson({K}, "0"))["kernels"][0];
  EXPECT_EQ(Kj["advice_text"], "privatize kernels.cl:20:5: 2.0 work-items of "
                               "a warp share an address");
  // No site pays, but each gains against the rewritten kernel with nothing
  // converted: the fixed cost is what loses.
  KernelProfile F;
  F.Sites = {site(0, 1)};
  F.NativeMs = {1.0, 1.05, 0.95};
  F.NothingConvertedMs = {2.2, 2.3, 2.1};
  F.SiteMs.resize(1);
  F.SiteMs[0]["combine"] = {1.9, 1.95, 1.85};
  EXPECT_EQ(parse(profileJson({F}, "0"))["kernels"][0]["advice_text"],
            "keep the kernel as written: the rewritten kernel's fixed cost "
            "(2.20x native) outweighs what converting a site gains (at most "
            "1.16x)");
  // Within the spread: the automatic mode's to choose.
  F.NothingConvertedMs.clear();
  F.SiteMs[0]["combine"] = {0.98, 1.0, 0.96};
  EXPECT_EQ(parse(profileJson({F}, "0"))["kernels"][0]["advice_text"],
            "let the automatic mode choose: the gains are within the "
            "launches' own spread");
  // Slower converted, nothing else known.
  F.SiteMs[0]["combine"] = {1.3, 1.35, 1.25};
  EXPECT_EQ(parse(profileJson({F}, "0"))["kernels"][0]["advice_text"],
            "keep the kernel as written: no site gains converted");
  // Nothing timed: no advice.
  F.SiteMs.clear();
  EXPECT_TRUE(
      parse(profileJson({F}, "0"))["kernels"][0]["advice_text"].is_null());
}

// Which sites' outcomes depend on the order of their atomics: float sums
// (unless reproducible), exchanges, compare-exchanges and every used result.
TEST(ProfileReport, Determinism) {
  KernelProfile K = sampleKernel();
  K.Sites[1].Type = "float";
  K.Sites[1].Operation = "atomic_fetch_add_explicit";
  K.Sites[2].ResultUsed = true;
  auto J = parse(profileJson({K}, "0"))["kernels"][0]["sites"];
  EXPECT_EQ(J[0]["determinism"], "order-independent");
  EXPECT_EQ(J[1]["determinism"], "order-dependent");
  EXPECT_EQ(J[1]["determinism_why"], "float rounding of the sum");
  EXPECT_EQ(J[2]["determinism_why"], "the values returned");
  K.Sites[1].Form = "reproducible";
  K.Sites[2].Operation = "atomic_xchg";
  K.Sites[2].ResultUsed = false;
  J = parse(profileJson({K}, "0"))["kernels"][0]["sites"];
  EXPECT_EQ(J[1]["determinism"], "reproducible");
  EXPECT_EQ(J[2]["determinism_why"], "the last write wins");
  std::string Table = profileTable({K});
  EXPECT_NE(Table.find("; reproducible (a float sum made exactly, rounded "
                       "once)"),
            std::string::npos)
      << Table;
}

// A hot address in a parameter the manifest names reads as that name,
// in the table and the JSON; one it does not name, by its index.
TEST(ProfileReport, HotAddressesByTheParametersName) {
  KernelProfile K = sampleKernel();
  K.ArgumentNames[0] = "bins";
  std::string Table = profileTable({K});
  EXPECT_NE(Table.find("hottest bins[0] 100.0%"), std::string::npos) << Table;
  EXPECT_NE(Table.find("hottest arg1[0]"), std::string::npos) << Table;
  auto J = parse(profileJson({K}, "0"));
  bool Named = false, Unnamed = false;
  for (const auto &S : J["kernels"][0]["sites"])
    for (const auto &H : S["hot_addresses"]) {
      Named = Named || H["buffer_name"] == "bins";
      Unnamed =
          Unnamed || (H["buffer_argument"] == 1 && H["buffer_name"].is_null());
    }
  EXPECT_TRUE(Named) << J.dump(2);
  EXPECT_TRUE(Unnamed) << J.dump(2);
}

TEST(ProfileReport, Table) {
  KernelProfile K = sampleKernel();
  // An estimated count shows as such.
  K.Stats[2].DistinctExact = false;
  K.Note = "site 3 was not timed";
  std::string Table = profileTable({K});
  std::istringstream In(Table);
  std::vector<std::string> Lines;
  for (std::string L; std::getline(In, L);)
    Lines.push_back(L);
  ASSERT_EQ(Lines.size(), 6u) << Table;
  EXPECT_EQ(Lines[0], "kernel histogram on NVIDIA H100 80GB HBM3, global 128 "
                      "local 64, 5 launches: native 2.00 ms, recording 6.00 "
                      "ms (3.0x), combine 1.00 ms");
  EXPECT_EQ(Lines[1], "note: site 3 was not timed");
  // The kernel's advice: the way, the site it pays on, and why.
  EXPECT_EQ(Lines[2], "advice: combine kernels.cl:10:5: one address takes "
                      "100% of its calls; 32.0 work-items of a warp share an "
                      "address");
  Lines.erase(Lines.begin() + 2);
  // Most saved first (site 0: 1.15 ms, site 1: 0.0 ms), the untimed last.
  EXPECT_EQ(Lines[2],
            "kernels.cl:10:5: atomic_add uint: 128 calls, sharers warp 32.0 "
            "(max 32) group 64.0 (max 64), 1 address, hottest arg0[0] "
            "100.0%; combine: 2.35x faster converted; order-independent");
  EXPECT_EQ(Lines[3].rfind("kernels.cl:20:5: atomic_add uint: 128 calls, "
                           "sharers warp 2.0 (max 2) group 4.0 (max 4), 16 "
                           "addresses, hottest arg1[0] 6.2%; adaptive",
                           0),
            0u)
      << Lines[3];
  EXPECT_EQ(Lines[4].rfind("kernels.cl:30:5: ", 0), 0u) << Lines[4];
  EXPECT_NE(Lines[4].find("~128 addresses"), std::string::npos) << Lines[4];
  EXPECT_NE(Lines[4].find("; not measured"), std::string::npos) << Lines[4];

  // Converting site 1 now saves more than site 0: it leads.
  K.SiteMs[1]["combine"] = {0.5, 0.55, 0.6};
  Table = profileTable({K});
  EXPECT_LT(Table.find("kernels.cl:20:5:"), Table.find("kernels.cl:10:5:"));
  // Untimed sites by calls, most first.
  KernelProfile U = sampleKernel();
  U.SiteMs.clear();
  U.Stats[2].Calls = 1000;
  Table = profileTable({U});
  EXPECT_LT(Table.find("kernels.cl:30:5:"), Table.find("kernels.cl:10:5:"));
  // A site the recording never reached says so, not zero sharers.
  U.Stats[1] = SiteProfile();
  Table = profileTable({U});
  EXPECT_NE(Table.find("kernels.cl:20:5: atomic_add uint: never called;"),
            std::string::npos)
      << Table;
}

// The report scripts/plot-profile.py is checked on (test/runtime/
// check-profile-plots.sh), written where PROFILE_REPORT_SAMPLE says.
TEST(ProfileReport, SampleForPlots) {
  KernelProfile K = sampleKernel();
  K.AllSitesMs["auto"] = {1.2, 1.3, 1.1};
  K.SiteMs[0]["auto"] = {0.9, 0.95, 1.0};
  KernelProfile K2 = sampleKernel();
  K2.Kernel = "unrecorded";
  K2.Recorded = false;
  K2.Stats.clear();
  std::string Json = profileJson({K, K2}, "0.13.0");
  EXPECT_EQ(parse(Json)["kernels"].size(), 2u);
  if (const char *Path = std::getenv("PROFILE_REPORT_SAMPLE"))
    std::ofstream(Path) << Json;
}

namespace {

/// The advice of a kernel whose one site has the combining mode's and the
/// privatized form's what-if times.
std::string privateAdvice(std::vector<double> Combined,
                          std::vector<double> Private) {
  KernelProfile K;
  K.Sites = {site(0, 1)};
  K.NativeMs = {4.0, 4.2, 3.8};
  K.SiteMs.resize(1);
  K.SiteMs[0]["combine"] = std::move(Combined);
  K.SiteMs[0]["private"] = std::move(Private);
  auto J = parse(profileJson({K}, "0"))["kernels"][0]["sites"][0];
  EXPECT_TRUE(J.contains("private_ms"));
  return J["advice_text"].get<std::string>();
}

} // namespace

// A site the privatized form serves: "privatize" with its what-if's gain
// where it beats the kernel as written and the combining mode by 5%;
// the combining mode's advice where it does not.
TEST(ProfileReport, PrivatizeAdvice) {
  EXPECT_EQ(privateAdvice({2.0, 2.1, 1.9}, {0.5, 0.52, 0.48}),
            "privatize: 8.00x faster privatized");
  EXPECT_EQ(privateAdvice({2.0, 2.1, 1.9}, {1.95, 2.0, 1.9}),
            "combine: 2.00x faster converted");
  EXPECT_EQ(privateAdvice({5.0, 5.1, 4.9}, {2.0, 2.1, 1.9}),
            "privatize: 2.00x faster privatized");
}
