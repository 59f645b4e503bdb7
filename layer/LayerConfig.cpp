// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- LayerConfig.cpp - What the environment asks of the layer -----------===//

#include "LayerConfig.h"
#include "BuildFlags.h"
#include "softatomic/EnvironmentReader.h"
#include "softatomic/HostConfig.h"
#include <algorithm>
#include <charconv>
#include <cstdlib>
#include <sstream>

namespace softatomic {
namespace layer {

/// The variable's text; empty when it is unset or empty.
static std::string environment(const char *Name) {
  const char *Value = EnvironmentReader::text(Name);
  return Value ? Value : "";
}

/// SOFTATOMIC_LAYER_KERNELS: names separated by commas.
static std::set<std::string> parseKernelList(const std::string &Text) {
  std::set<std::string> Names;
  std::stringstream Stream(Text);
  std::string Name;
  while (std::getline(Stream, Name, ','))
    if (!Name.empty())
      Names.insert(Name);
  return Names;
}

/// Where the rewrite cache lives; empty when it is off.
static std::string cacheDirectory() {
  std::string Asked = environment("SOFTATOMIC_LAYER_CACHE");
  std::string Xdg = environment("XDG_CACHE_HOME"), Home = environment("HOME");
  if (!Asked.empty())
    return Asked == "0" ? "" : Asked;
  if (!Xdg.empty())
    return Xdg + "/softatomic-layer";
  if (!Home.empty())
    return Home + "/.cache/softatomic-layer";
  return "";
}

/// Moves the device options of \p Words (`--device-version` and the others
/// of RewriteOptions.def, each with its value) to \p DeviceWords: they
/// apply to each program's profile, after its devices' queries.
static std::vector<std::string>
takeDeviceOptions(const std::vector<std::string> &Words,
                  std::vector<std::string> &DeviceWords) {
  std::vector<std::string> Kept;
  for (size_t I = 0; I < Words.size(); ++I) {
    size_t Start = std::min(Words[I].find_first_not_of('-'), Words[I].size());
    std::string Name = Words[I].substr(Start, Words[I].find('=') - Start);
    bool IsDevice = false;
#define SA_REWRITE_DEVICE(OptionName, ValueName, Help)                         \
  IsDevice = IsDevice || Name == OptionName;
#include "model/RewriteOptions.def"
    std::vector<std::string> &To = IsDevice ? DeviceWords : Kept;
    To.push_back(Words[I]);
    if (IsDevice && Words[I].find('=') == std::string::npos &&
        I + 1 < Words.size())
      To.push_back(Words[++I]); // its value
  }
  return Kept;
}

/// What \p Env found malformed, as a problem the log reports with the
/// value the layer keeps instead (the layer never fails an application
/// for its own variables).
static void keepDefault(EnvironmentReader &Env, LayerConfig &Config,
                        const std::string &Kept) {
  if (!Env.Error.empty())
    Config.Problems.push_back(Env.Error + "; keeping " + Kept);
  Env.Error.clear();
}

static LayerConfig readConfig() {
  LayerConfig Config;
  Config.Enabled = environment("SOFTATOMIC_LAYER") != "0";
  Config.SelectedKernels =
      parseKernelList(environment("SOFTATOMIC_LAYER_KERNELS"));
  Config.LogPath = environment("SOFTATOMIC_LAYER_LOG");
  Config.CacheDirectory = cacheDirectory();
  EnvironmentReader Env;
  if (auto Entries = Env.number("SOFTATOMIC_LAYER_CACHE_ENTRIES", 1))
    Config.CacheEntries = *Entries;
  keepDefault(Env, Config, std::to_string(Config.CacheEntries));
  using Use = LayerConfig::WarpProgramUse;
  if (auto Warp =
          Env.choice("SOFTATOMIC_LAYER_WARP_PROGRAM", {"off", "auto", "on"}))
    Config.WarpProgram = *Warp == 0   ? Use::Off
                         : *Warp == 1 ? Use::Auto
                                      : Use::On;
  keepDefault(Env, Config, "off");
  std::string ResourceDir = environment("SOFTATOMIC_CLANG_RESOURCE_DIR");
  Config.Options.ResourceDir =
      ResourceDir.empty() ? SOFTATOMIC_CLANG_RESOURCE_DIR : ResourceDir;
  // The combining mode runs only kernels rewritten with it: compiled in
  // (the rewriter's default) for that mode and for the automatic mode (the
  // runtime's default), which compares it with the kernel as written; left
  // out in the others (the coordinator mode's program is then the paper's).
  // (SOFTATOMIC_MODE as the host runtime reads it: a malformed value fails
  // every software launch, which then runs natively with the reason logged.)
  Config.Options.CombineMode = hostConfig().Mode == SA_MODE_COMBINE ||
                               hostConfig().Mode == SA_MODE_AUTO ||
                               hostConfig().Mode == SA_MODE_PRIVATE;
  // A kernel the rewriter refuses stays native beside the rewritten ones
  // (--keep-native-on-error), except in the coordinator mode, whose atomics
  // are not atomic with a native kernel's: there the program is rewritten
  // whole or stays native whole.
  Config.Options.KeepNativeOnError = hostConfig().Mode != SA_MODE_COORDINATOR;
  // A profile (docs/PROFILE.md) needs each site named, the combining mode
  // to convert sites in, and every kernel the rewrite can take, whatever
  // SOFTATOMIC_MODE says: the profile mode runs the application's kernels
  // as written but for the launches it measures.
  Config.ProfilePath = environment("SOFTATOMIC_PROFILE");
  if (!Config.ProfilePath.empty()) {
    Config.Options.Profile = true;
    Config.Options.CombineMode = true;
    Config.Options.KeepNativeOnError = true;
  }
  // Float sums combined or in the program's order (the rewriter's
  // --float-reassociation, which SOFTATOMIC_LAYER_OPTIONS may also give,
  // and then wins): a variable of its own, since it is a question about
  // the application's numbers rather than about the rewrite.
  std::string Floats = environment("SOFTATOMIC_LAYER_FLOAT_REASSOCIATION");
  if (!Floats.empty())
    for (const std::string &Problem : applyRewriteOptions(
             Config.Options, {"--float-reassociation=" + Floats}))
      Config.Problems.push_back("SOFTATOMIC_LAYER_FLOAT_REASSOCIATION: " +
                                Problem + "; keeping allow");
  // The same options, spelled the same, as softatomic-rewrite's
  // (model/RewriteOptions.def).
  std::vector<std::string> Words =
      takeDeviceOptions(splitOptions(environment("SOFTATOMIC_LAYER_OPTIONS")),
                        Config.DeviceOptions);
  // The device options are checked here, once, on a profile of their own.
  RewriteOptions DeviceCheck;
  for (const std::string &Problem :
       applyRewriteOptions(DeviceCheck, Config.DeviceOptions))
    Config.Problems.push_back("SOFTATOMIC_LAYER_OPTIONS: " + Problem);
  for (const std::string &Problem : applyRewriteOptions(Config.Options, Words))
    Config.Problems.push_back("SOFTATOMIC_LAYER_OPTIONS: " + Problem);
  return Config;
}

const LayerConfig &config() {
  // Never destroyed, like the state: exit handlers may still log.
  static const LayerConfig *Config = new LayerConfig(readConfig());
  return *Config;
}

} // namespace layer
} // namespace softatomic
