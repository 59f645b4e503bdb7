// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The ways a launch of a rewritten kernel can run, and the one table of
// their names: the API's mode (softatomic.h's SA_MODE_*) where the way has
// one, the name SOFTATOMIC_MODE and the test tools' --mode options accept,
// and the words of the runtime's messages ("auto mode runs it combining").
// Everything that parses or prints a mode's name reads this table, so that
// a way has one spelling of each kind. SA_MODE_* stay the API's (and the
// configuration's) encoding; a launch in the automatic or the profile mode
// runs one of the ways below, which is all either mode deals in.
//
// Not installed: the host runtime, the layer and the test tools include it.
#ifndef SOFTATOMIC_HOST_WAY_H
#define SOFTATOMIC_HOST_WAY_H

#include "softatomic/softatomic.h"

#include <cstddef>
#include <iterator>
#include <optional>
#include <string>
#include <vector>

namespace softatomic {

enum class Way {
  /// Through the coordinator work-group (SA_MODE_COORDINATOR).
  Coordinator,
  /// Each work-group combines its requests per address (SA_MODE_COMBINE).
  Combining,
  /// The kernel as written (SA_MODE_DIRECT): the application's own kernel
  /// where the caller gave it, else its warp program's, else the rewritten
  /// kernel's path as written.
  AsWritten,
  /// Whichever of the others the runtime has timed fastest (SA_MODE_AUTO);
  /// as a choice, none yet.
  Auto,
  /// Each atomic site's cost, one way per launch (SA_MODE_PROFILE).
  Profile,
  /// The combining way with a private copy of a target (SA_MODE_PRIVATE).
  Private,
  /// The kernel as written through its warp program's kernel, beside the
  /// application's own. Not a mode of the API.
  WarpProgram,
  /// The rewritten kernel's path as written, beside the application's own
  /// kernel: its atomics are the device's own (a compare-exchange loop that
  /// is a float add becomes the device's instruction). Not a mode of the
  /// API.
  RewrittenDirect,
};

/// A way's row of the table.
struct WayNames {
  Way Of;
  /// Its SA_MODE_*, or NoApiMode.
  cl_uint Mode;
  /// Its name in SOFTATOMIC_MODE and --mode, or null (not a mode).
  const char *Option;
  /// How the runtime's messages say that a kernel runs in it.
  const char *Words;
};

inline constexpr cl_uint NoApiMode = ~0u;

/// In the order of the enum, whose first six are the SA_MODE_* order: the
/// order in which a malformed SOFTATOMIC_MODE's message lists the names.
inline constexpr WayNames WayTable[] = {
    {Way::Coordinator, SA_MODE_COORDINATOR, "coordinator",
     "through the coordinator"},
    {Way::Combining, SA_MODE_COMBINE, "combine", "combining"},
    {Way::AsWritten, SA_MODE_DIRECT, "direct", "as written"},
    {Way::Auto, SA_MODE_AUTO, "auto", "as the automatic mode chooses"},
    {Way::Profile, SA_MODE_PROFILE, "profile", "as the profile's steps"},
    {Way::Private, SA_MODE_PRIVATE, "private", "privatized"},
    {Way::WarpProgram, NoApiMode, nullptr, "as its warp program"},
    {Way::RewrittenDirect, NoApiMode, nullptr, "with the device's atomics"},
};

constexpr const WayNames &namesOf(Way W) {
  return WayTable[static_cast<size_t>(W)];
}

constexpr bool tableInEnumOrder() {
  for (size_t I = 0; I < std::size(WayTable); ++I)
    if (static_cast<size_t>(WayTable[I].Of) != I)
      return false;
  return true;
}
static_assert(tableInEnumOrder(), "WayTable's rows are in the enum's order");

/// How the runtime's messages say it: "combining", "as written".
constexpr const char *wordsOf(Way W) { return namesOf(W).Words; }

/// The API's mode that runs W, or reports it (saGetAutoChoice): the kernel
/// as written through another kernel is SA_MODE_DIRECT to the caller.
constexpr cl_uint apiModeOf(Way W) {
  cl_uint Mode = namesOf(W).Mode;
  return Mode == NoApiMode ? SA_MODE_DIRECT : Mode;
}

/// The way an SA_MODE_* names, if any.
constexpr std::optional<Way> wayOfMode(cl_uint Mode) {
  for (const WayNames &Row : WayTable)
    if (Row.Mode != NoApiMode && Row.Mode == Mode)
      return Row.Of;
  return std::nullopt;
}

/// The ways that are modes, in the table's order: what SOFTATOMIC_MODE
/// and the tools' --mode accept.
inline std::vector<Way> modeWays() {
  std::vector<Way> Ways;
  for (const WayNames &Row : WayTable)
    if (Row.Option)
      Ways.push_back(Row.Of);
  return Ways;
}

/// Their names, in the same order.
inline std::vector<const char *> modeNames() {
  std::vector<const char *> Names;
  for (Way W : modeWays())
    Names.push_back(namesOf(W).Option);
  return Names;
}

/// The mode a name in SOFTATOMIC_MODE or --mode names, if any.
inline std::optional<Way> wayNamed(const std::string &Name) {
  for (const WayNames &Row : WayTable)
    if (Row.Option && Name == Row.Option)
      return Row.Of;
  return std::nullopt;
}

} // namespace softatomic

#endif
