#include "softatomic/HostConfig.h"

#include "Error.h"

#include <charconv>
#include <cstdlib>
#include <cstring>
#include <initializer_list>
#include <limits>

namespace softatomic {
namespace {

/// Reads variables one at a time, collecting what is malformed in Error.
struct EnvironmentReader {
  std::string Error;

  /// The variable's text; null when it is unset or empty (so that `VAR= app`
  /// means the default, as the shell idiom intends).
  static const char *text(const char *Name) {
    const char *Value = std::getenv(Name);
    return Value && *Value ? Value : nullptr;
  }

  void malformed(const char *Name, const char *Text, const std::string &Why) {
    Error += (Error.empty() ? "" : "; ") + std::string(Name) + "='" + Text +
             "': " + Why;
  }

  /// The variable as a whole decimal number from Min to cl_uint's largest,
  /// when it is set and is one.
  std::optional<cl_uint> number(const char *Name, cl_uint Min) {
    const char *Text = text(Name);
    if (!Text)
      return std::nullopt;
    constexpr cl_uint Max = std::numeric_limits<cl_uint>::max();
    const std::string Accepted = " (accepted: " + std::to_string(Min) + " to " +
                                 std::to_string(Max) + ")";
    const char *End = Text + std::strlen(Text);
    unsigned long long Value = 0;
    auto [Stop, Err] = std::from_chars(Text, End, Value);
    if (Err == std::errc::invalid_argument || Stop != End) {
      malformed(Name, Text, "not a whole number" + Accepted);
      return std::nullopt;
    }
    if (Err == std::errc::result_out_of_range || Value < Min || Value > Max) {
      malformed(Name, Text, "out of range" + Accepted);
      return std::nullopt;
    }
    return (cl_uint)Value;
  }

  /// A bound whose 0 means the default, as number() reads it.
  std::optional<cl_uint> limit(const char *Name) {
    std::optional<cl_uint> Value = number(Name, 0);
    return Value == 0u ? std::nullopt : Value;
  }

  /// The position of the variable's text in Accepted, when it is set and
  /// is one of them.
  std::optional<size_t> choice(const char *Name,
                               std::initializer_list<const char *> Accepted) {
    const char *Text = text(Name);
    if (!Text)
      return std::nullopt;
    std::string List;
    size_t Index = 0;
    for (const char *Candidate : Accepted) {
      if (!std::strcmp(Text, Candidate))
        return Index;
      List += (Index++ ? ", " : "") + std::string(Candidate);
    }
    malformed(Name, Text, "not one of " + List);
    return std::nullopt;
  }

  /// 0 or 1, when the variable is set and is one of them.
  std::optional<bool> flag(const char *Name) {
    std::optional<size_t> Index = choice(Name, {"0", "1"});
    return Index ? std::optional<bool>(*Index == 1) : std::nullopt;
  }
};

HostConfig readHostConfig() {
  EnvironmentReader Env;
  HostConfig Config;
  if (std::optional<size_t> Mode =
          Env.choice("SOFTATOMIC_MODE", {"coordinator", "combine", "direct",
                                         "auto", "profile", "private"}))
    Config.Mode = static_cast<cl_uint>(*Mode); // the SA_MODE_* in this order
  static_assert(SA_MODE_COORDINATOR == 0 && SA_MODE_COMBINE == 1 &&
                    SA_MODE_DIRECT == 2 && SA_MODE_AUTO == 3 &&
                    SA_MODE_PROFILE == 4 && SA_MODE_PRIVATE == 5,
                "SOFTATOMIC_MODE's names are listed in the SA_MODE_* order");
  Config.ProfileRounds =
      Env.number("SOFTATOMIC_PROFILE_ROUNDS", 0).value_or(Config.ProfileRounds);
  Config.ProfileRecords = Env.number("SOFTATOMIC_PROFILE_RECORDS", 0);
  Config.CombineMin =
      Env.number("SOFTATOMIC_COMBINE_MIN", 0).value_or(Config.CombineMin);
  // Fewer than 2 leaves no group beside the coordinator.
  Config.MaxGroups = Env.number("SOFTATOMIC_MAX_GROUPS", 2);
  Config.Probe = Env.flag("SOFTATOMIC_PROBE");
  Config.ProbeBound = Env.number("SOFTATOMIC_PROBE_BOUND", 2);
  Config.FullOccupancy =
      Env.choice("SOFTATOMIC_OCCUPANCY", {"units", "full"}) == size_t(1);
  Config.SpinLimit = Env.limit("SOFTATOMIC_SPIN_LIMIT");
  Config.IdleLimit = Env.limit("SOFTATOMIC_IDLE_LIMIT");
  Config.StallLimit = Env.limit("SOFTATOMIC_STALL_LIMIT");
  Config.PrivateBytes = Env.number("SOFTATOMIC_PRIVATE_BYTES", 0);
  Config.AutoCoordinator = Env.flag("SOFTATOMIC_AUTO_COORDINATOR");
  Config.ReproSlots = Env.number("SOFTATOMIC_REPRO_SLOTS", 64);
  if (Config.ReproSlots && (*Config.ReproSlots & (*Config.ReproSlots - 1)))
    Env.malformed("SOFTATOMIC_REPRO_SLOTS", Env.text("SOFTATOMIC_REPRO_SLOTS"),
                  "not a power of two");
  Config.WarpCombine =
      Env.flag("SOFTATOMIC_WARP_COMBINE").value_or(Config.WarpCombine);
  Config.Verbose = Env.flag("SOFTATOMIC_VERBOSE").value_or(Config.Verbose);
  Config.Error = std::move(Env.Error);
  return Config;
}

} // namespace

const HostConfig &hostConfig() {
  static const HostConfig Config = readHostConfig();
  return Config;
}

cl_int checkHostConfig() {
  const std::string &Error = hostConfig().Error;
  return Error.empty() ? CL_SUCCESS : fail(SA_INVALID_ENVIRONMENT, Error);
}

} // namespace softatomic
