//===- RewriteOptions.cpp - The rewriter's options by name ----------------===//
//
// Free of Clang and LLVM: the interception layer, built without them too,
// compiles this file.
//
//===----------------------------------------------------------------------===//

#include "model/RewriteOptions.h"
#include <optional>
#include <string_view>

namespace softatomic {

/// A bool value as LLVM's command line reads one (cl::parser<bool>).
static std::optional<bool> parseFlagValue(std::string_view Text) {
  if (Text == "true" || Text == "TRUE" || Text == "True" || Text == "1")
    return true;
  if (Text == "false" || Text == "FALSE" || Text == "False" || Text == "0")
    return false;
  return std::nullopt;
}

static std::string placementValues() {
  std::string Values;
#define SA_REWRITE_PLACEMENT(Enumerator, PlacementName, Help)                  \
  Values += (Values.empty() ? "" : ", ") + std::string(PlacementName);
#include "model/RewriteOptions.def"
  return Values;
}

/// Applies Args[I], and the value after it when the option takes one
/// there (I then moves past it). Returns what went wrong, or nothing.
static std::optional<std::string> applyOne(RewriteOptions &Options,
                                           const std::vector<std::string> &Args,
                                           size_t &I) {
  const std::string &Arg = Args[I];
  std::string_view Name = Arg;
  if (Name.substr(0, 2) == "--")
    Name.remove_prefix(2);
  else if (Name.substr(0, 1) == "-")
    Name.remove_prefix(1);
  else
    return "'" + Arg + "' is not an option";
  std::optional<std::string_view> Value;
  if (size_t Equals = Name.find('='); Equals != std::string_view::npos) {
    Value = Name.substr(Equals + 1);
    Name = Name.substr(0, Equals);
  }
#define SA_REWRITE_FLAG(OptionName, Field, Help)                               \
  if (Name == OptionName) {                                                    \
    std::optional<bool> On = Value ? parseFlagValue(*Value) : true;            \
    if (!On)                                                                   \
      return "'" + Arg + "': --" OptionName " takes true or false";            \
    Options.Field = *On;                                                       \
    return std::nullopt;                                                       \
  }
#include "model/RewriteOptions.def"
  if (Name == "placement") {
    if (!Value && I + 1 < Args.size())
      Value = Args[++I]; // `--placement robust`, as the tool takes it
    if (!Value)
      return "'" + Arg + "' needs a value: one of " + placementValues();
#define SA_REWRITE_PLACEMENT(Enumerator, PlacementName, Help)                  \
  if (*Value == PlacementName) {                                               \
    Options.CoordinatorPlacement = RewriteOptions::Placement::Enumerator;      \
    return std::nullopt;                                                       \
  }
#include "model/RewriteOptions.def"
    return "'" + std::string(*Value) + "': --placement takes one of " +
           placementValues();
  }
  return "unknown option '" + Arg + "'";
}

std::vector<std::string>
applyRewriteOptions(RewriteOptions &Options,
                    const std::vector<std::string> &Args) {
  std::vector<std::string> Problems;
  for (size_t I = 0; I < Args.size(); ++I)
    if (std::optional<std::string> Problem = applyOne(Options, Args, I))
      Problems.push_back(*Problem);
  return Problems;
}

} // namespace softatomic
