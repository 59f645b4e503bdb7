// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// What the profile advises (docs/PROFILE.md, "Advice"): per site, the way
// its times say (combine, privatize, keep native, adaptive) with the
// rewritten kernel's fixed cost apart; per kernel, the way in words, and
// what in the recording says why.
#ifndef SOFTATOMIC_HOST_PROFILEADVICE_H
#define SOFTATOMIC_HOST_PROFILEADVICE_H

#include "ProfileReport.h"

#include <optional>
#include <string>
#include <vector>

namespace softatomic {

/// The median (the mean of the middle two of an even count); none of no
/// times.
std::optional<double> median(std::vector<double> Ms);

/// Format (an snprintf format) with its one number.
std::string formatNumber(const char *Format, double X);

/// The times a site's advice is made on: converting it with the combining
/// mode, or where that was not timed, with the adaptive one; null: none.
const std::vector<double> *convertedTimes(const KernelProfile &K, size_t S);

struct Advice {
  const char *Word = "not measured";
  std::string Text = "not measured";
};

/// The advice for site \p S of \p K (docs/PROFILE.md, "Advice").
Advice siteAdvice(const KernelProfile &K, size_t S);

/// The rewritten kernel's fixed cost (nothing converted, over the kernel as
/// written), where both were timed.
std::optional<double> fixedCost(const KernelProfile &K);

/// A site's gain in \p Mode against the rewritten kernel with nothing
/// converted: what converting it does, the fixed cost apart.
std::optional<double> ownGain(const KernelProfile &K, size_t S,
                              const std::string &Mode);

/// The share of the rewritten kernel's time (nothing converted) that
/// converting site \p S alone in \p Mode saves: at least the share its
/// atomics take of it (0 where converting saves nothing).
std::optional<double> ownShare(const KernelProfile &K, size_t S,
                               const std::string &Mode);

/// siteAdvice's text, with the fixed cost and the site's own gain apart
/// where both were timed.
std::string adviceText(const KernelProfile &K, size_t S);

/// Site \p Site's place in the source: "kernels.cl:10:5".
std::string placeOf(const ProfileSite &Site);

/// The kernel's advice in words: the way that pays, the site it pays on and
/// what its recording says of why ("one address takes 100% of its calls"),
/// or that the fixed cost outweighs every site's gain; "" where nothing was
/// timed.
std::string kernelAdvice(const KernelProfile &K);

} // namespace softatomic

#endif
