// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- LayerProfile.cpp - The profile of an application's atomics ---------===//

#include "LayerProfile.h"
#include "ExitWork.h"
#include "LayerLog.h"
#include "ProgramRewrite.h"
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <softatomic/softatomic.h>
#include <string>

namespace softatomic {
namespace layer {
namespace {

/// Where the report goes; never destroyed (the exit handler reads it).
std::string *ProfilePath = nullptr;

/// The report in \p Format, or empty with the reason logged.
std::string profileReport(cl_uint Format) {
  size_t Size = 0;
  if (saGetProfileReport(Format, 0, nullptr, &Size) != CL_SUCCESS) {
    logEvent(std::string("profile: no report: ") + saGetLastErrorMessage());
    return "";
  }
  std::string Text(Size, '\0');
  if (saGetProfileReport(Format, Size, Text.data(), nullptr) != CL_SUCCESS)
    return "";
  Text.resize(Size - 1);
  return Text;
}

/// Where keepProfiledSource puts the programs' sources.
std::string sourcesFolder() { return *ProfilePath + ".sources"; }

/// \p Text with each site's file, where the rewriter was told the source
/// is (MappedSourceFolder), in the sources folder.
std::string withSourcePaths(std::string Text) {
  replaceAll(Text, MappedSourceFolder, sourcesFolder() + "/");
  return Text;
}

/// At exit: the JSON to the file, the table to stderr. The application
/// has waited for its launches by then (or its results would be lost), so
/// the report's waits end at once.
void writeProfile() {
  std::string Json = withSourcePaths(profileReport(SA_PROFILE_JSON));
  if (Json.empty())
    return;
  if (FILE *Out = std::fopen(ProfilePath->c_str(), "w")) {
    bool Written = std::fwrite(Json.data(), 1, Json.size(), Out) == Json.size();
    Written &= std::fclose(Out) == 0;
    if (!Written)
      std::fprintf(stderr, "softatomic: profile: could not write '%s'\n",
                   ProfilePath->c_str());
  } else {
    std::fprintf(stderr, "softatomic: profile: cannot open '%s'\n",
                 ProfilePath->c_str());
  }
  std::string Table = withSourcePaths(profileReport(SA_PROFILE_TABLE));
  std::fprintf(stderr, "softatomic profile (%s):\n%s", ProfilePath->c_str(),
               Table.c_str());
}

} // namespace

void keepProfiledSource(unsigned Id, const std::string &Source) {
  std::error_code Error;
  std::filesystem::create_directories(sourcesFolder(), Error);
  std::string Path = sourcesFolder() + "/program-" + std::to_string(Id) + ".cl";
  std::ofstream Out(Path, std::ios::binary);
  Out << Source;
  if (!Out)
    logEvent("profile: could not write " + Path);
}

void startProfile(const std::string &Path) {
  ProfilePath = new std::string(Path);
  saSetMode(SA_MODE_PROFILE);
  std::atexit(atExitOfLoader<writeProfile>);
}

} // namespace layer
} // namespace softatomic
