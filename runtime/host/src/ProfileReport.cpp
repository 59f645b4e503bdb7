// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The profile's report as JSON and as a table (ProfileReport.h).
#include "ProfileReport.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <optional>

namespace softatomic {
namespace {

// Fields in the order written (a reader's eye, and diffs of two reports).
using Json = nlohmann::ordered_json;

/// The median (the mean of the middle two of an even count); none of no
/// times.
std::optional<double> median(std::vector<double> Ms) {
  if (Ms.empty())
    return std::nullopt;
  std::sort(Ms.begin(), Ms.end());
  size_t Mid = Ms.size() / 2;
  return Ms.size() % 2 ? Ms[Mid] : (Ms[Mid - 1] + Ms[Mid]) / 2;
}

Json orNull(std::optional<double> X) { return X ? Json(*X) : Json(nullptr); }

Json spread(const std::vector<double> &Ms) {
  if (Ms.empty())
    return nullptr;
  auto [Min, Max] = std::minmax_element(Ms.begin(), Ms.end());
  return Json::array({*Min, *Max});
}

std::string format(const char *Format, double X) {
  char Text[64];
  std::snprintf(Text, sizeof Text, Format, X);
  return Text;
}

/// Milliseconds to three significant digits, without an exponent for any
/// kernel time (0.0123, 2.41, 123).
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

std::string formatMs(double Ms) {
  int Decimals = 0;
  if (Ms > 0)
    Decimals = std::clamp(2 - int(std::floor(std::log10(Ms))), 0, 9);
  char Text[64];
  std::snprintf(Text, sizeof Text, "%.*f", Decimals, Ms);
  return Text;
}

/// The times a site's advice is made on: converting it with the combining
/// mode, or where that was not timed, with the adaptive one.
const std::vector<double> *convertedTimes(const KernelProfile &K, size_t S) {
  if (S >= K.SiteMs.size())
    return nullptr;
  for (const char *Mode : {"combine", "auto"}) {
    auto It = K.SiteMs[S].find(Mode);
    if (It != K.SiteMs[S].end() && !It->second.empty())
      return &It->second;
  }
  return nullptr;
}

struct Advice {
  const char *Word = "not measured";
  std::string Text = "not measured";
};

/// The advice for one site. N are the kernel's times as written, S the
/// kernel's with that site alone converted (the combining mode's, else the
/// adaptive mode's), gain = median(N) / median(S):
///  - "combine": gain >= 1.05 and max(S) < median(N): even the slowest
///    converted launch beat the typical native one;
///  - "keep native": gain <= 0.95 and min(S) > median(N): even the fastest
///    converted launch lost to it;
///  - "adaptive" otherwise: the difference is within what the launches'
///    own spread could explain, or the times overlap, so the adaptive mode
///    (SA_MODE_AUTO) had better choose on the data it runs with;
///  - "not measured": either has no times.
/// 5% and the whole spread, not a test of significance: a profile times a
/// few launches, and on a shared device their spread is the noise there is.
Advice adviceFor(const std::vector<double> &N, const std::vector<double> *S) {
  Advice A;
  if (N.empty() || !S || S->empty())
    return A;
  double Native = *median(N), Converted = *median(*S);
  double Gain = Converted > 0 ? Native / Converted : 0;
  if (Gain >= 1.05 && *std::max_element(S->begin(), S->end()) < Native) {
    A.Word = "combine";
    A.Text = format("combine: %.2fx faster converted", Gain);
  } else if (Gain <= 0.95 && *std::min_element(S->begin(), S->end()) > Native) {
    A.Word = "keep native";
    A.Text = format("keep native: %.2fx slower converted", Converted / Native);
  } else {
    A.Word = "adaptive";
    A.Text = format("adaptive: within noise (%.2fx)", Gain);
  }
  return A;
}

/// The advice for site \p S of \p K: adviceFor's, or "privatize" where the
/// privatized form's what-if (a site it can serve) beat the kernel as
/// written as "combine" asks, and the combining mode's by 5% as well.
Advice siteAdvice(const KernelProfile &K, size_t S) {
  const std::vector<double> *Combined = convertedTimes(K, S);
  Advice A = adviceFor(K.NativeMs, Combined);
  if (S >= K.SiteMs.size() || !K.SiteMs[S].count("private") ||
      K.SiteMs[S].at("private").empty())
    return A;
  const std::vector<double> &Times = K.SiteMs[S].at("private");
  Advice Private = adviceFor(K.NativeMs, &Times);
  double Ms = *median(Times);
  if (std::string(Private.Word) == "combine" &&
      (!Combined || Combined->empty() || Ms * 1.05 < *median(*Combined))) {
    A.Word = "privatize";
    A.Text = format("privatize: %.2fx faster privatized",
                    Ms > 0 ? *median(K.NativeMs) / Ms : 0.0);
  }
  return A;
}

/// The rewritten kernel's fixed cost (nothing converted, over the kernel as
/// written), where both were timed.
std::optional<double> fixedCost(const KernelProfile &K) {
  std::optional<double> Native = median(K.NativeMs),
                        Nothing = median(K.NothingConvertedMs);
  if (!Native || !Nothing || *Native <= 0)
    return std::nullopt;
  return *Nothing / *Native;
}

/// A site's gain in \p Mode against the rewritten kernel with nothing
/// converted: what converting it does, the fixed cost apart.
std::optional<double> ownGain(const KernelProfile &K, size_t S,
                              const std::string &Mode) {
  std::optional<double> Nothing = median(K.NothingConvertedMs);
  if (!Nothing || S >= K.SiteMs.size() || !K.SiteMs[S].count(Mode))
    return std::nullopt;
  std::optional<double> M = median(K.SiteMs[S].at(Mode));
  if (!M || *M <= 0)
    return std::nullopt;
  return *Nothing / *M;
}

/// siteAdvice's text, with the fixed cost and the site's own gain apart
/// where the profile timed the kernel with nothing converted: a site that
/// reads "keep native: 2.28x slower converted" may owe it all to the
/// rewritten kernel, not to its own atomics.
std::string adviceText(const KernelProfile &K, size_t S) {
  Advice A = siteAdvice(K, S);
  std::string Mode = std::string(A.Word) == "privatize" ? "private" : "combine";
  std::optional<double> Fixed = fixedCost(K), Own = ownGain(K, S, Mode);
  if (!Fixed || !Own || std::string(A.Word) == "not measured")
    return A.Text;
  double Times = *Own >= 1 ? *Own : 1 / *Own;
  return A.Text + format(" (fixed cost %.2fx native;", *Fixed) +
         format(" the site's own conversion %.2fx", Times) +
         (*Own >= 1 ? " faster)" : " slower)");
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
      J[Entry.first + "_own_gain"] = orNull(ownGain(K, I, Entry.first));
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
                         ? format(" (%.1fx)", *Recording / *Native)
                         : ""));
  for (const auto &[Mode, Ms] : K.AllSitesMs)
    if (std::optional<double> M = median(Ms))
      Times.push_back(Mode + " " + formatMs(*M) + " ms");
  if (std::optional<double> Nothing = median(K.NothingConvertedMs))
    Times.push_back("nothing converted " + formatMs(*Nothing) + " ms" +
                    (Native && *Native > 0
                         ? format(" (fixed cost %.2fx)", *Nothing / *Native)
                         : ""));
  for (size_t I = 0; I < Times.size(); ++I)
    Line += (I ? ", " : ": ") + Times[I];
  return Line + "\n";
}

std::string siteLine(const KernelProfile &K, size_t I) {
  const ProfileSite &Site = K.Sites[I];
  std::string Line = Site.File + ":" + std::to_string(Site.Line) + ":" +
                     std::to_string(Site.Column) + ": " + Site.Operation + " " +
                     Site.Type + ": ";
  if (!K.Recorded || I >= K.Stats.size()) {
    Line += "not recorded";
  } else if (K.Stats[I].Calls == 0) {
    // A site the recording launch never reached: no sharers to speak of.
    Line += "never called";
  } else {
    const SiteProfile &P = K.Stats[I];
    Line += std::to_string(P.Calls) + " calls, sharers warp " +
            format("%.1f", P.PerWarp.Mean) + " (max " +
            std::to_string(P.PerWarp.Max) + ") group " +
            format("%.1f", P.PerGroup.Mean) + " (max " +
            std::to_string(P.PerGroup.Max) + "), " +
            (P.DistinctExact ? "" : "~") + std::to_string(P.DistinctAddresses) +
            (P.DistinctAddresses == 1 ? " address" : " addresses");
    if (!P.Hot.empty() && P.RecordedCalls) {
      const HotAddress &H = P.Hot.front();
      Line += ", hottest " + hotAddressName(K, H) + " " +
              format("%.1f%%", 100.0 * H.Calls / P.RecordedCalls);
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
