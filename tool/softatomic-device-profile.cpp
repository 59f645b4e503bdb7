// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- softatomic-device-profile.cpp - A device's profile, as JSON --------===//
//
//   softatomic-device-profile [PLATFORM [DEVICE]]
//
// Prints the profile of an OpenCL device as softatomic-rewrite's
// --device-profile reads it (driver/DeviceProfileFile.h): its
// CL_DEVICE_VERSION, CL_DEVICE_EXTENSIONS and, from OpenCL 3.0 devices,
// CL_DEVICE_OPENCL_C_FEATURES. PLATFORM picks the first platform whose
// name contains it (default: the first platform; a machine may list
// several, in no fixed order), DEVICE the device's index in it (default
// 0). --help and --version print what they say. Exit status: 0 printed,
// 1 no such platform or device, 2 an option it does not know.
//
//===----------------------------------------------------------------------===//

#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

/// clGet*Info's string answer; empty when the query fails.
template <typename Query, typename Object, typename Param>
static std::string infoString(Query Get, Object Of, Param Name) {
  size_t Size = 0;
  if (Get(Of, Name, 0, nullptr, &Size) != CL_SUCCESS || !Size)
    return "";
  std::string Text(Size, '\0');
  if (Get(Of, Name, Size, &Text[0], nullptr) != CL_SUCCESS)
    return "";
  Text.resize(std::strlen(Text.c_str()));
  return Text;
}

/// \p Text as a JSON string.
static std::string quoted(const std::string &Text) {
  std::string Out = "\"";
  for (char C : Text) {
    if (C == '"' || C == '\\')
      Out += '\\';
    if (static_cast<unsigned char>(C) >= 0x20)
      Out += C;
  }
  return Out + "\"";
}

/// \p Names as a JSON array, one name a line.
static std::string list(const std::vector<std::string> &Names) {
  std::string Out = "[";
  for (size_t I = 0; I < Names.size(); ++I)
    Out += (I ? ",\n    " : "\n    ") + quoted(Names[I]);
  return Out + (Names.empty() ? "]" : "\n  ]");
}

static const char Usage[] =
    "USAGE: softatomic-device-profile [PLATFORM [DEVICE]]\n"
    "\n"
    "Prints an OpenCL device's profile as softatomic-rewrite's\n"
    "--device-profile reads it (JSON: version, extensions, features).\n"
    "PLATFORM: the first platform whose name contains it (default: the\n"
    "first); DEVICE: the device's index in it (default 0).\n";

/// --help, --version, or an option it does not know: what to print, and
/// the exit status; -1 for an argument that is a platform's name.
static int option(const char *Arg) {
  if (!std::strcmp(Arg, "--help") || !std::strcmp(Arg, "-h")) {
    std::fputs(Usage, stdout);
    return 0;
  }
  if (!std::strcmp(Arg, "--version")) {
    std::printf("softatomic-device-profile %s\n", SOFTATOMIC_VERSION);
    return 0;
  }
  if (Arg[0] != '-')
    return -1;
  std::fprintf(stderr,
               "softatomic-device-profile: error: unknown option '%s' (see "
               "--help)\n",
               Arg);
  return 2;
}

int main(int argc, char **argv) {
  for (int I = 1; I < argc; ++I)
    if (int Status = option(argv[I]); Status >= 0)
      return Status;
  const char *Wanted = argc > 1 ? argv[1] : "";
  cl_uint Index = argc > 2 ? std::strtoul(argv[2], nullptr, 10) : 0;
  cl_uint Count = 0;
  clGetPlatformIDs(0, nullptr, &Count);
  std::vector<cl_platform_id> Platforms(Count);
  if (Count)
    clGetPlatformIDs(Count, Platforms.data(), nullptr);
  for (cl_platform_id Platform : Platforms) {
    if (!std::strstr(
            infoString(clGetPlatformInfo, Platform, CL_PLATFORM_NAME).c_str(),
            Wanted))
      continue;
    cl_uint Devices = 0;
    clGetDeviceIDs(Platform, CL_DEVICE_TYPE_ALL, 0, nullptr, &Devices);
    std::vector<cl_device_id> Ids(Devices);
    if (Index >= Devices ||
        clGetDeviceIDs(Platform, CL_DEVICE_TYPE_ALL, Devices, Ids.data(),
                       nullptr) != CL_SUCCESS)
      break;
    cl_device_id Device = Ids[Index];
    std::vector<std::string> Extensions, Features;
    std::string Names =
        infoString(clGetDeviceInfo, Device, CL_DEVICE_EXTENSIONS) + " ";
    for (size_t Start = 0, End;
         (End = Names.find(' ', Start)) != std::string::npos; Start = End + 1)
      if (End > Start)
        Extensions.push_back(Names.substr(Start, End - Start));
    // A device before OpenCL 3.0 has no features to report: the member is
    // left out, not empty (the features are then unknown, not none).
    size_t Size = 0;
    bool HasFeatures = clGetDeviceInfo(Device, CL_DEVICE_OPENCL_C_FEATURES, 0,
                                       nullptr, &Size) == CL_SUCCESS;
    if (HasFeatures) {
      std::vector<cl_name_version> All(Size / sizeof(cl_name_version));
      if (clGetDeviceInfo(Device, CL_DEVICE_OPENCL_C_FEATURES, Size, All.data(),
                          nullptr) == CL_SUCCESS)
        for (const cl_name_version &Feature : All)
          Features.emplace_back(
              Feature.name,
              strnlen(Feature.name, CL_NAME_VERSION_MAX_NAME_SIZE));
    }
    std::printf(
        "{\n  \"version\": %s,\n  \"extensions\": %s%s%s\n}\n",
        quoted(infoString(clGetDeviceInfo, Device, CL_DEVICE_VERSION)).c_str(),
        list(Extensions).c_str(), HasFeatures ? ",\n  \"features\": " : "",
        HasFeatures ? list(Features).c_str() : "");
    return 0;
  }
  std::fprintf(stderr,
               "softatomic-device-profile: error: no OpenCL platform named "
               "like '%s' with a device %u\n",
               Wanted, Index);
  return 1;
}
