// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- DeviceProfileFile.cpp - A device profile read from JSON ------------===//

#include "driver/DeviceProfileFile.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"

using namespace llvm;

namespace softatomic {

/// \p Value as the value of a --device-* option: a string as it is, a
/// number as its digits, an array of strings as a list; nothing for any
/// other JSON.
static std::optional<std::string> optionValue(const json::Value &Value) {
  if (std::optional<StringRef> Text = Value.getAsString())
    return Text->str();
  if (std::optional<int64_t> Number = Value.getAsInteger())
    return std::to_string(*Number);
  const json::Array *Names = Value.getAsArray();
  if (!Names)
    return std::nullopt;
  std::string List;
  for (const json::Value &Name : *Names) {
    std::optional<StringRef> Text = Name.getAsString();
    if (!Text)
      return std::nullopt;
    List += (List.empty() ? "" : ",") + Text->str();
  }
  return List;
}

std::optional<std::string> readDeviceProfile(StringRef Path,
                                             DeviceProfile &Device) {
  std::string Where = "--device-profile '" + Path.str() + "'";
  ErrorOr<std::unique_ptr<MemoryBuffer>> File = MemoryBuffer::getFile(Path);
  if (!File)
    return Where + ": " + File.getError().message();
  Expected<json::Value> Profile = json::parse((*File)->getBuffer());
  if (!Profile)
    return Where + ": " + toString(Profile.takeError());
  const json::Object *Members = Profile->getAsObject();
  if (!Members)
    return Where + ": not a JSON object";
  DeviceProfile Read = Device;
  for (const auto &[Key, Value] : *Members) {
    StringRef Option = StringSwitch<StringRef>(Key)
                           .Case("version", "device-version")
                           .Case("extensions", "device-extensions")
                           .Case("features", "device-features")
                           .Default("");
    if (Option.empty())
      return Where + ": unknown member '" + Key.str() +
             "' (a profile has version, extensions and features)";
    std::optional<std::string> Text = optionValue(Value);
    if (!Text)
      return Where + ": '" + Key.str() +
             "' takes a string or a list of strings";
    if (std::optional<std::string> Problem =
            setDeviceOption(Read, std::string_view(Option), *Text))
      return Where + ": " + *Problem;
  }
  Device = std::move(Read);
  return std::nullopt;
}

} // namespace softatomic
