// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// What the profile advises (ProfileAdvice.h).
#include "ProfileAdvice.h"

#include <algorithm>
#include <cstdio>

namespace softatomic {

/// The median (the mean of the middle two of an even count); none of no
/// times.
std::optional<double> median(std::vector<double> Ms) {
  if (Ms.empty())
    return std::nullopt;
  std::sort(Ms.begin(), Ms.end());
  size_t Mid = Ms.size() / 2;
  return Ms.size() % 2 ? Ms[Mid] : (Ms[Mid - 1] + Ms[Mid]) / 2;
}

std::string formatNumber(const char *Format, double X) {
  char Text[256];
  std::snprintf(Text, sizeof Text, Format, X);
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

namespace {

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
    A.Text = formatNumber("combine: %.2fx faster converted", Gain);
  } else if (Gain <= 0.95 && *std::min_element(S->begin(), S->end()) > Native) {
    A.Word = "keep native";
    A.Text =
        formatNumber("keep native: %.2fx slower converted", Converted / Native);
  } else {
    A.Word = "adaptive";
    A.Text = formatNumber("adaptive: within noise (%.2fx)", Gain);
  }
  return A;
}

} // namespace

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
    A.Text = formatNumber("privatize: %.2fx faster privatized",
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

/// The share of a kernel's time that a conversion with \p Gain saves (at
/// least 0).
static double shareOfGain(double Gain) { return std::max(0.0, 1 - 1 / Gain); }

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
  std::string Text =
      A.Text + formatNumber(" (fixed cost %.2fx native;", *Fixed);
  if (*Own < 1)
    return Text +
           formatNumber(" the site's own conversion %.2fx slower)", 1 / *Own);
  return Text +
         formatNumber(" the site's own conversion %.2fx faster: ", *Own) +
         formatNumber("its atomics take at least %.0f%% of the kernel's time)",
                      100 * shareOfGain(*Own));
}

std::optional<double> ownShare(const KernelProfile &K, size_t S,
                               const std::string &Mode) {
  std::optional<double> Own = ownGain(K, S, Mode);
  if (!Own)
    return std::nullopt;
  return shareOfGain(*Own);
}

std::string placeOf(const ProfileSite &Site) {
  return Site.File + ":" + std::to_string(Site.Line) + ":" +
         std::to_string(Site.Column);
}

namespace {

/// What site \p S's recording says of why converting it pays, in words.
std::string whyOf(const KernelProfile &K, size_t S) {
  if (!K.Recorded || S >= K.Stats.size() || K.Stats[S].Calls == 0)
    return "";
  const SiteProfile &P = K.Stats[S];
  std::string Why;
  if (!P.Hot.empty() && P.RecordedCalls) {
    double Share = double(P.Hot.front().Calls) / P.RecordedCalls;
    if (Share >= 0.5)
      Why =
          formatNumber("one address takes %.0f%% of its calls; ", 100 * Share);
  }
  if (P.PerWarp.Mean >= 2)
    return Why + formatNumber("%.1f work-items of a warp share an address",
                              P.PerWarp.Mean);
  if (P.PerGroup.Mean >= 2)
    return Why + formatNumber("%.1f work-items of a group share an address, "
                              "in different warps",
                              P.PerGroup.Mean);
  return Why + "its calls seldom share an address";
}

/// The site whose conversion saves most where its advice is to convert it
/// (combine or privatize), or none.
std::optional<size_t> bestSite(const KernelProfile &K) {
  std::optional<double> Native = median(K.NativeMs);
  std::optional<size_t> Best;
  double BestSaves = 0;
  for (size_t S = 0; Native && S < K.Sites.size(); ++S) {
    std::string Word = siteAdvice(K, S).Word;
    if (Word != "combine" && Word != "privatize")
      continue;
    const std::vector<double> *Ms =
        Word == "privatize" ? &K.SiteMs[S].at("private") : convertedTimes(K, S);
    double Saves = *Native - *median(*Ms);
    if (!Best || Saves > BestSaves)
      Best = S, BestSaves = Saves;
  }
  return Best;
}

/// The best own gain of any site (the fixed cost apart), or none.
std::optional<double> bestOwnGain(const KernelProfile &K) {
  std::optional<double> Best;
  for (size_t S = 0; S < K.Sites.size(); ++S)
    for (const char *Mode : {"combine", "private"})
      if (std::optional<double> G = ownGain(K, S, Mode))
        Best = std::max(Best.value_or(0), *G);
  return Best;
}

/// Where a per-item site's calls could be combined by its group but are
/// not: what keeps it from the work-group forms, with its place; else "".
std::string perItemNote(const KernelProfile &K) {
  for (size_t S = 0; S < K.Sites.size(); ++S) {
    const ProfileSite &Site = K.Sites[S];
    bool Shared =
        K.Recorded && S < K.Stats.size() && K.Stats[S].PerGroup.Mean >= 2;
    if (!Site.FormWhy.empty() && Shared)
      return "; " + placeOf(Site) +
             " is called per work-item, not by its group together: " +
             Site.FormWhy;
  }
  return "";
}

/// The kernel's advice where no site's advice is to convert it.
std::string keepAdvice(const KernelProfile &K) {
  bool Timed = false, Adaptive = false;
  for (size_t S = 0; S < K.Sites.size(); ++S) {
    std::string Word = siteAdvice(K, S).Word;
    Timed = Timed || Word != "not measured";
    Adaptive = Adaptive || Word == "adaptive";
  }
  if (!Timed)
    return "";
  std::optional<double> Fixed = fixedCost(K), Own = bestOwnGain(K);
  if (Fixed && Own && *Fixed >= 1.05 && *Own >= 1.05)
    return formatNumber("keep the kernel as written: the rewritten kernel's "
                        "fixed cost (%.2fx native) outweighs ",
                        *Fixed) +
           formatNumber("what converting a site gains (at most %.2fx)", *Own);
  if (Adaptive)
    return "let the automatic mode choose: the gains are within the "
           "launches' own spread";
  return "keep the kernel as written: no site gains converted";
}

} // namespace

std::string kernelAdvice(const KernelProfile &K) {
  if (std::optional<size_t> S = bestSite(K)) {
    std::string Word = siteAdvice(K, *S).Word;
    std::string Why = whyOf(K, *S);
    return Word + " " + placeOf(K.Sites[*S]) + (Why.empty() ? "" : ": " + Why) +
           perItemNote(K);
  }
  std::string Keep = keepAdvice(K);
  return Keep.empty() ? Keep : Keep + perItemNote(K);
}

} // namespace softatomic
