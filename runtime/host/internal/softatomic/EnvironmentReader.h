// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- EnvironmentReader.h - The one reader of the environment --*- C++ -*-===//
//
// Every variable the host runtime (HostConfig.cpp) and the layer
// (layer/LayerConfig.cpp) read is read here, and nowhere else in either
// (the test host-runtime-reads-the-environment-in-one-place holds it):
// one meaning of "unset" (unset or empty: `VAR= app` means the default),
// one way to parse a number or a choice, and one wording of what is
// malformed.
//
//===----------------------------------------------------------------------===//

#ifndef SOFTATOMIC_ENVIRONMENTREADER_H
#define SOFTATOMIC_ENVIRONMENTREADER_H

#include <CL/cl.h>

#include <charconv>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <optional>
#include <string>
#include <vector>

namespace softatomic {

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
                               const std::vector<const char *> &Accepted) {
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

} // namespace softatomic

#endif
