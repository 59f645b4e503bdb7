// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- RewriteOptions.cpp - The rewriter's options by name ----------------===//
//
// Free of Clang and LLVM: the interception layer, built without them too,
// compiles this file.
//
//===----------------------------------------------------------------------===//

#include "model/RewriteOptions.h"
#include <algorithm>
#include <cctype>
#include <optional>
#include <string_view>

namespace softatomic {

std::vector<std::string> DeviceProfile::defaultExtensions() {
  return {"cl_khr_byte_addressable_store",
          "cl_khr_global_int32_base_atomics",
          "cl_khr_global_int32_extended_atomics",
          "cl_khr_local_int32_base_atomics",
          "cl_khr_local_int32_extended_atomics",
          "cl_khr_int64_base_atomics",
          "cl_khr_int64_extended_atomics",
          "cl_khr_fp64",
          "cl_khr_3d_image_writes"};
}

std::vector<std::string> DeviceProfile::features() const {
  if (Features)
    return *Features;
  // OpenCL C 2.0's core, as 3.0 names it; the two that come with an
  // extension only with it (Clang rejects one without the other).
  std::vector<std::string> Core = {
      "__opencl_c_atomic_order_acq_rel",
      "__opencl_c_atomic_order_seq_cst",
      "__opencl_c_atomic_scope_device",
      "__opencl_c_atomic_scope_all_devices",
      "__opencl_c_device_enqueue",
      "__opencl_c_generic_address_space",
      "__opencl_c_images",
      "__opencl_c_int64",
      "__opencl_c_pipes",
      "__opencl_c_program_scope_global_variables",
      "__opencl_c_read_write_images",
      "__opencl_c_work_group_collective_functions"};
  auto Has = [&](const char *Extension) {
    return std::find(Extensions.begin(), Extensions.end(), Extension) !=
           Extensions.end();
  };
  if (Has("cl_khr_fp64"))
    Core.push_back("__opencl_c_fp64");
  if (Has("cl_khr_3d_image_writes"))
    Core.push_back("__opencl_c_3d_image_writes");
  return Core;
}

std::optional<unsigned> parseOpenCLVersion(std::string_view Text) {
  if (Text.substr(0, 7) == "OpenCL ") // CL_DEVICE_VERSION's form
    Text = Text.substr(7, Text.find(' ', 7) - 7);
  auto Digit = [](char C) { return C >= '0' && C <= '9'; };
  unsigned Version = 0;
  if (Text.size() == 3 && Digit(Text[0]) && Text[1] == '.' && Digit(Text[2]))
    Version = (Text[0] - '0') * 100 + (Text[2] - '0') * 10;
  else if (Text.size() == 3 && std::all_of(Text.begin(), Text.end(), Digit))
    Version = std::stoi(std::string(Text));
  for (unsigned Known : {100, 110, 120, 200, 210, 220, 300})
    if (Version == Known)
      return Version;
  return std::nullopt;
}

/// The names of \p Text, separated by commas or white space.
static std::vector<std::string> splitNames(std::string_view Text) {
  std::vector<std::string> Names;
  size_t Start = 0;
  while (Start < Text.size()) {
    size_t End = Text.find_first_of(", \t\n", Start);
    End = End == std::string_view::npos ? Text.size() : End;
    if (End > Start)
      Names.emplace_back(Text.substr(Start, End - Start));
    Start = End + 1;
  }
  return Names;
}

/// True when \p Name is a C identifier that begins with one of \p
/// Prefixes.
static bool isNameWithPrefix(std::string_view Name,
                             std::initializer_list<std::string_view> Prefixes) {
  auto IsWordChar = [](unsigned char C) { return std::isalnum(C) || C == '_'; };
  return std::all_of(Name.begin(), Name.end(), IsWordChar) &&
         std::any_of(Prefixes.begin(), Prefixes.end(),
                     [&](std::string_view Prefix) {
                       return Name.size() > Prefix.size() &&
                              Name.substr(0, Prefix.size()) == Prefix;
                     });
}

std::optional<std::string> setDeviceOption(DeviceProfile &Device,
                                           std::string_view Name,
                                           std::string_view Value) {
  const std::string Option = "--" + std::string(Name);
  if (Name == "device-version") {
    std::optional<unsigned> Version = parseOpenCLVersion(Value);
    if (!Version)
      return "'" + std::string(Value) + "': " + Option +
             " takes an OpenCL version: 1.0, 1.1, 1.2, 2.0, 2.1, 2.2 or "
             "3.0 (also as 120, or as CL_DEVICE_VERSION's 'OpenCL 1.2 ...')";
    Device.Version = *Version;
    return std::nullopt;
  }
  bool Extensions = Name == "device-extensions";
  std::vector<std::string> Names = splitNames(Value);
  for (const std::string &Each : Names)
    if (Extensions ? !isNameWithPrefix(Each, {"cl_", "cles_"})
                   : !isNameWithPrefix(Each, {"__opencl_c_"}))
      return "'" + Each + "': " + Option + " takes " +
             (Extensions ? "extension names (cl_...)"
                         : "OpenCL C feature names (__opencl_c_...)");
  if (Extensions)
    Device.Extensions = std::move(Names);
  else
    Device.Features = std::move(Names);
  return std::nullopt;
}

/// A bool value as LLVM's command line reads one (cl::parser<bool>).
static std::optional<bool> parseFlagValue(std::string_view Text) {
  if (Text == "true" || Text == "TRUE" || Text == "True" || Text == "1")
    return true;
  if (Text == "false" || Text == "FALSE" || Text == "False" || Text == "0")
    return false;
  return std::nullopt;
}

/// The values of the SA_REWRITE_CHOICE option \p Field, as a list.
static std::string choiceValues(std::string_view Field) {
  std::string Values;
#define SA_REWRITE_CHOICE_VALUE(FieldName, Enumerator, Value, Help)            \
  if (Field == #FieldName)                                                     \
    Values += (Values.empty() ? "" : ", ") + std::string(Value);
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
  std::string_view Field;
#define SA_REWRITE_CHOICE(OptionName, FieldName, Type, Help)                   \
  if (Name == OptionName)                                                      \
    Field = #FieldName;
#include "model/RewriteOptions.def"
  if (!Field.empty()) {
    if (!Value && I + 1 < Args.size())
      Value = Args[++I]; // `--placement robust`, as the tool takes it
    if (!Value)
      return "'" + Arg + "' needs a value: one of " + choiceValues(Field);
#define SA_REWRITE_CHOICE_VALUE(FieldName, Enumerator, ValueName, Help)        \
  if (Field == #FieldName && *Value == ValueName) {                            \
    Options.FieldName = decltype(Options.FieldName)::Enumerator;               \
    return std::nullopt;                                                       \
  }
#include "model/RewriteOptions.def"
    return "'" + std::string(*Value) + "': --" + std::string(Name) +
           " takes one of " + choiceValues(Field);
  }
#define SA_REWRITE_DEVICE(OptionName, ValueName, Help)                         \
  if (Name == OptionName) {                                                    \
    if (!Value && I + 1 < Args.size())                                         \
      Value = Args[++I];                                                       \
    if (!Value)                                                                \
      return "'" + Arg + "' needs a value";                                    \
    return setDeviceOption(Options.Device, Name, *Value);                      \
  }
#include "model/RewriteOptions.def"
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
