// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The profile's report as JSON and as a table (ProfileReport.h).
#include "ProfileReport.h"
#include "ProfileAdvice.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <optional>

namespace softatomic {
namespace {

// Fields in the order written (a reader's eye, and diffs of two reports).
using Json = nlohmann::ordered_json;

Json orNull(std::optional<double> X) { return X ? Json(*X) : Json(nullptr); }

Json spread(const std::vector<double> &Ms) {
  if (Ms.empty())
    return nullptr;
  auto [Min, Max] = std::minmax_element(Ms.begin(), Ms.end());
  return Json::array({*Min, *Max});
}

/// Where a hot address lies: `bins[200]` (the parameter's name, where the
/// manifest gives it), `arg2[200]`, or the bare address.
std::string hotAddressName(const KernelProfile &K, const HotAddress &H) {
  if (H.BufferArgument < 0) {
    char Address[32];
    std::snprintf(Address, sizeof Address, "0x%llx",
                  (unsigned long long)H.Address);
    return Address;
  }
  auto Named = K.ArgumentNames.find(H.BufferArgument);
  std::string Buffer = Named != K.ArgumentNames.end()
                           ? Named->second
                           : "arg" + std::to_string(H.BufferArgument);
  return Buffer + "[" + std::to_string(H.Index) + "]";
}

/// Milliseconds to three significant digits, without an exponent for any
/// kernel time (0.0123, 2.41, 123).
std::string formatMs(double Ms) {
  int Decimals = 0;
  if (Ms > 0)
    Decimals = std::clamp(2 - int(std::floor(std::log10(Ms))), 0, 9);
  char Text[64];
  std::snprintf(Text, sizeof Text, "%.*f", Decimals, Ms);
  return Text;
}

/// Whether what a site leaves in memory and returns depends on the order
/// in which its atomics run (the report's determinism), and why.
std::pair<const char *, const char *> determinism(const ProfileSite &S) {
  auto Has = [&](const char *Part) {
    return S.Operation.find(Part) != std::string::npos;
  };
  bool Float = S.Type == "float" || S.Type == "double";
  if (S.Form == "reproducible")
    return {"reproducible", "a float sum made exactly, rounded once"};
  if (Has("cmpxchg") || Has("compare_exchange"))
    return {"order-dependent", "which compare-exchange succeeds"};
  if (Has("xchg") || Has("exchange") || Has("store"))
    return {"order-dependent", "the last write wins"};
  if (Float && (Has("add") || Has("sub") || S.Form == "float-add loop"))
    return {"order-dependent", "float rounding of the sum"};
  if (S.ResultUsed)
    return {"order-dependent", "the values returned"};
  return {"order-independent", ""};
}

Json sharingJson(const Sharing &S) {
  return Json{{"mean", S.Mean}, {"max", S.Max}, {"histogram", S.Histogram}};
}

Json siteJson(const KernelProfile &K, size_t I) {
  const ProfileSite &Site = K.Sites[I];
  Json J{{"id", Site.Id},
         {"file", Site.File},
         {"line", Site.Line},
         {"column", Site.Column},
         {"kernel", K.Kernel},
         {"kernels", Site.Kernels},
         {"operation", Site.Operation},
         {"type", Site.Type},
         {"width", Site.Width},
         {"result_used", Site.ResultUsed},
         {"form", Site.Form},
         {"determinism", determinism(Site).first},
         {"determinism_why", determinism(Site).second}};
  if (K.Recorded && I < K.Stats.size()) {
    const SiteProfile &P = K.Stats[I];
    J["calls"] = P.Calls;
    J["recorded_calls"] = P.RecordedCalls;
    J["sharers_per_warp"] = sharingJson(P.PerWarp);
    J["sharers_per_group"] = sharingJson(P.PerGroup);
    J["distinct_addresses"] = P.DistinctAddresses;
    J["distinct_addresses_exact"] = P.DistinctExact;
    Json Hot = Json::array();
    for (const HotAddress &H : P.Hot)
      Hot.push_back(
          Json{{"buffer_argument",
                H.BufferArgument < 0 ? Json(nullptr) : Json(H.BufferArgument)},
               {"buffer_name", K.ArgumentNames.count(H.BufferArgument)
                                   ? Json(K.ArgumentNames.at(H.BufferArgument))
                                   : Json(nullptr)},
               {"index", H.Index},
               {"calls", H.Calls},
               {"share",
                P.RecordedCalls ? double(H.Calls) / P.RecordedCalls : 0.0}});
    J["hot_addresses"] = Hot;
  }
  std::optional<double> Native = median(K.NativeMs);
  J["native_ms"] = orNull(Native);
  if (I < K.SiteMs.size())
    for (const auto &[Mode, Ms] : K.SiteMs[I]) {
      std::optional<double> M = median(Ms);
      J[Mode + "_ms"] = orNull(M);
      J[Mode + "_spread"] = spread(Ms);
      J[Mode + "_gain"] =
          Native && M && *M > 0 ? Json(*Native / *M) : Json(nullptr);
    }
  if (I < K.SiteMs.size())
    for (const auto &Entry : K.SiteMs[I])
      for (const auto &[Field, Value] :
           {std::pair{"_own_gain", ownGain(K, I, Entry.first)},
            std::pair{"_share", ownShare(K, I, Entry.first)}})
        J[Entry.first + Field] = orNull(Value);
  J["advice"] = siteAdvice(K, I).Word;
  J["advice_text"] = adviceText(K, I);
  return J;
}

Json kernelJson(const KernelProfile &K) {
  Json J{{"kernel", K.Kernel},
         {"device", K.Device},
         {"work_dim", K.WorkDim},
         {"global", {K.Global[0], K.Global[1], K.Global[2]}}};
  J["local"] =
      K.Local[0] ? Json{K.Local[0], K.Local[1], K.Local[2]} : Json(nullptr);
  J["launches"] = K.Launches;
  J["warp_size"] = K.WarpSize;
  std::optional<double> Native = median(K.NativeMs),
                        Recording = median(K.RecordingMs);
  J["native_ms"] = orNull(Native);
  J["native_spread"] = spread(K.NativeMs);
  J["recording_ms"] = orNull(Recording);
  J["recording_overhead"] = Native && Recording && *Native > 0
                                ? Json(*Recording / *Native)
                                : Json(nullptr);
  for (const auto &[Mode, Ms] : K.AllSitesMs) {
    J[Mode + "_ms"] = orNull(median(Ms));
    J[Mode + "_spread"] = spread(Ms);
  }
  J["nothing_converted_ms"] = orNull(median(K.NothingConvertedMs));
  J["nothing_converted_spread"] = spread(K.NothingConvertedMs);
  J["fixed_cost"] = orNull(fixedCost(K));
  if (!K.Note.empty())
    J["note"] = K.Note;
  std::string Advice = kernelAdvice(K);
  J["advice_text"] = Advice.empty() ? Json(nullptr) : Json(Advice);
  Json Sites = Json::array();
  for (size_t I = 0; I < K.Sites.size(); ++I)
    Sites.push_back(siteJson(K, I));
  J["sites"] = Sites;
  return J;
}

/// "1024x64", the dimensions the launch has.
std::string dims(const size_t *D, unsigned WorkDim) {
  std::string Text;
  for (unsigned I = 0; I < std::clamp(WorkDim, 1u, 3u); ++I)
    Text += (I ? "x" : "") + std::to_string(D[I]);
  return Text;
}

std::string headerLine(const KernelProfile &K) {
  std::string Line = "kernel " + K.Kernel + " on " + K.Device + ", global " +
                     dims(K.Global, K.WorkDim);
  if (K.Local[0])
    Line += " local " + dims(K.Local, K.WorkDim);
  Line += ", " + std::to_string(K.Launches) +
          (K.Launches == 1 ? " launch" : " launches");
  std::vector<std::string> Times;
  std::optional<double> Native = median(K.NativeMs);
  if (Native)
    Times.push_back("native " + formatMs(*Native) + " ms");
  if (std::optional<double> Recording = median(K.RecordingMs))
    Times.push_back("recording " + formatMs(*Recording) + " ms" +
                    (Native && *Native > 0
                         ? formatNumber(" (%.1fx)", *Recording / *Native)
                         : ""));
  for (const auto &[Mode, Ms] : K.AllSitesMs)
    if (std::optional<double> M = median(Ms))
      Times.push_back(Mode + " " + formatMs(*M) + " ms");
  if (std::optional<double> Nothing = median(K.NothingConvertedMs)) {
    std::optional<double> Fixed = fixedCost(K);
    Times.push_back("nothing converted " + formatMs(*Nothing) + " ms" +
                    (Fixed ? formatNumber(" (fixed cost %.2fx)", *Fixed) : ""));
  }
  for (size_t I = 0; I < Times.size(); ++I)
    Line += (I ? ", " : ": ") + Times[I];
  return Line + "\n";
}

std::string siteLine(const KernelProfile &K, size_t I) {
  const ProfileSite &Site = K.Sites[I];
  std::string Line =
      placeOf(Site) + ": " + Site.Operation + " " + Site.Type + ": ";
  if (!K.Recorded || I >= K.Stats.size()) {
    Line += "not recorded";
  } else if (K.Stats[I].Calls == 0) {
    // A site the recording launch never reached: no sharers to speak of.
    Line += "never called";
  } else {
    const SiteProfile &P = K.Stats[I];
    Line += std::to_string(P.Calls) + " calls, sharers warp " +
            formatNumber("%.1f", P.PerWarp.Mean) + " (max " +
            std::to_string(P.PerWarp.Max) + ") group " +
            formatNumber("%.1f", P.PerGroup.Mean) + " (max " +
            std::to_string(P.PerGroup.Max) + "), " +
            (P.DistinctExact ? "" : "~") + std::to_string(P.DistinctAddresses) +
            (P.DistinctAddresses == 1 ? " address" : " addresses");
    if (!P.Hot.empty() && P.RecordedCalls) {
      const HotAddress &H = P.Hot.front();
      Line += ", hottest " + hotAddressName(K, H) + " " +
              formatNumber("%.1f%%", 100.0 * H.Calls / P.RecordedCalls);
    }
  }
  auto [Order, Why] = determinism(Site);
  return Line + "; " + adviceText(K, I) + "; " + Order +
         (*Why ? std::string(" (") + Why + ")" : "") + "\n";
}

} // namespace

std::string profileJson(const std::vector<KernelProfile> &Kernels,
                        const std::string &RuntimeVersion) {
  Json Report{{"softatomic_profile", ProfileReportVersion},
              {"runtime_version", RuntimeVersion}};
  Json List = Json::array();
  for (const KernelProfile &K : Kernels)
    List.push_back(kernelJson(K));
  Report["kernels"] = List;
  return Report.dump(2) + "\n";
}

std::string profileTable(const std::vector<KernelProfile> &Kernels) {
  std::string Table;
  for (const KernelProfile &K : Kernels) {
    if (!Table.empty())
      Table += "\n";
    Table += headerLine(K);
    if (!K.Note.empty())
      Table += "note: " + K.Note + "\n";
    if (std::string Advice = kernelAdvice(K); !Advice.empty())
      Table += "advice: " + Advice + "\n";
    // What converting the site saves (native minus converted median), most
    // first: the sites worth acting on lead. Sites not timed follow, the
    // most called first.
    std::optional<double> Native = median(K.NativeMs);
    struct Row {
      size_t Site;
      std::optional<double> Saves;
      uint64_t Calls;
    };
    std::vector<Row> Rows;
    for (size_t I = 0; I < K.Sites.size(); ++I) {
      Row R{I, std::nullopt, 0};
      const std::vector<double> *S = convertedTimes(K, I);
      if (Native && S)
        R.Saves = *Native - *median(*S);
      if (K.Recorded && I < K.Stats.size())
        R.Calls = K.Stats[I].Calls;
      Rows.push_back(R);
    }
    std::stable_sort(Rows.begin(), Rows.end(), [](const Row &A, const Row &B) {
      if (A.Saves.has_value() != B.Saves.has_value())
        return A.Saves.has_value();
      if (A.Saves)
        return *A.Saves > *B.Saves;
      return A.Calls > B.Calls;
    });
    for (const Row &R : Rows)
      Table += siteLine(K, R.Site);
  }
  return Table;
}

} // namespace softatomic
