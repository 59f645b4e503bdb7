// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "softatomic/HostConfig.h"

#include "Error.h"
#include "softatomic/EnvironmentReader.h"
#include "softatomic/Way.h"

namespace softatomic {
namespace {

HostConfig readHostConfig() {
  EnvironmentReader Env;
  HostConfig Config;
  if (std::optional<size_t> Mode = Env.choice("SOFTATOMIC_MODE", modeNames()))
    Config.Mode = namesOf(modeWays()[*Mode]).Mode;
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
