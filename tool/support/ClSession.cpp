// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "ClSession.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <vector>

namespace softatomic {

static std::string lower(std::string S) {
  std::transform(S.begin(), S.end(), S.begin(),
                 [](unsigned char C) { return (char)std::tolower(C); });
  return S;
}

/// A selector that is a whole number picks by index, anything else by name.
static bool isIndex(const std::string &S) {
  return !S.empty() && S.find_first_not_of("0123456789") == std::string::npos;
}

/// Whether the Index-th entry called Name is the one Match selects.
static bool selects(const std::string &Match, size_t Index,
                    const std::string &Name) {
  if (isIndex(Match))
    return std::strtoul(Match.c_str(), nullptr, 10) == Index;
  return lower(Name).find(lower(Match)) != std::string::npos;
}

template <typename Fn> static std::string queryString(Fn Query) {
  size_t Size = 0;
  Query(0, nullptr, &Size);
  std::string S(Size, '\0');
  Query(Size, &S[0], nullptr);
  while (!S.empty() && S.back() == '\0')
    S.pop_back();
  return S;
}

ClSession::~ClSession() {
  if (Queue)
    clReleaseCommandQueue(Queue);
  if (Context)
    clReleaseContext(Context);
}

bool ClSession::open(std::string PlatformMatch, std::string DeviceMatch,
                     std::string &Error) {
  if (PlatformMatch.empty() && std::getenv("SA_PLATFORM"))
    PlatformMatch = std::getenv("SA_PLATFORM");
  if (PlatformMatch.empty())
    PlatformMatch = "Portable Computing Language";
  if (DeviceMatch.empty() && std::getenv("SA_DEVICE"))
    DeviceMatch = std::getenv("SA_DEVICE");
  cl_uint NumPlatforms = 0;
  clGetPlatformIDs(0, nullptr, &NumPlatforms);
  std::vector<cl_platform_id> Platforms(NumPlatforms);
  if (NumPlatforms)
    clGetPlatformIDs(NumPlatforms, Platforms.data(), nullptr);
  std::string Seen;
  for (size_t PI = 0; PI < Platforms.size(); ++PI) {
    cl_platform_id P = Platforms[PI];
    std::string Name = queryString([&](size_t S, void *V, size_t *R) {
      return clGetPlatformInfo(P, CL_PLATFORM_NAME, S, V, R);
    });
    Seen += "\n  platform " + std::to_string(PI) + " '" + Name + "'";
    if (!selects(PlatformMatch, PI, Name))
      continue;
    cl_uint NumDevices = 0;
    clGetDeviceIDs(P, CL_DEVICE_TYPE_ALL, 0, nullptr, &NumDevices);
    std::vector<cl_device_id> Devices(NumDevices);
    if (NumDevices)
      clGetDeviceIDs(P, CL_DEVICE_TYPE_ALL, NumDevices, Devices.data(),
                     nullptr);
    for (size_t DI = 0; DI < Devices.size(); ++DI) {
      cl_device_id D = Devices[DI];
      std::string DName = queryString([&](size_t S, void *V, size_t *R) {
        return clGetDeviceInfo(D, CL_DEVICE_NAME, S, V, R);
      });
      Seen += "\n    device " + std::to_string(DI) + " '" + DName + "'";
      if (!selects(DeviceMatch, DI, DName))
        continue;
      cl_int Err = CL_SUCCESS;
      Context = clCreateContext(nullptr, 1, &D, nullptr, nullptr, &Err);
      if (Err != CL_SUCCESS) {
        Error = "clCreateContext failed: " + std::string(saGetErrorString(Err));
        return false;
      }
      Queue = clCreateCommandQueue(Context, D, CL_QUEUE_PROFILING_ENABLE, &Err);
      if (Err != CL_SUCCESS) {
        Error = "clCreateCommandQueue failed: " +
                std::string(saGetErrorString(Err));
        return false;
      }
      Platform = P;
      Device = D;
      PlatformName = Name;
      DeviceName = DName;
      return true;
    }
  }
  Error = "no OpenCL device matches platform '" + PlatformMatch +
          "' and device '" + DeviceMatch +
          "'; found:" + (Seen.empty() ? std::string(" nothing") : Seen);
  return false;
}

std::string ClSession::rewrittenBuildOptions(const std::string &Own) const {
  size_t Size = 0;
  if (saGetBuildOptions(Device, 0, nullptr, &Size) != CL_SUCCESS || Size <= 1)
    return Own;
  std::string Extra(Size, '\0');
  if (saGetBuildOptions(Device, Size, Extra.data(), nullptr) != CL_SUCCESS)
    return Own;
  Extra.resize(Size - 1);
  return Own.empty() ? Extra : Own + " " + Extra;
}

cl_program ClSession::build(const std::string &Path, const std::string &Options,
                            std::string &Error) {
  std::string Source;
  if (!readFile(Path, Source)) {
    Error = "cannot read " + Path;
    return nullptr;
  }
  return buildSource(Path, Source, Options, Error);
}

cl_program ClSession::buildSource(const std::string &Path,
                                  const std::string &Source,
                                  const std::string &Options,
                                  std::string &Error) {
  const char *Text = Source.c_str();
  size_t Length = Source.size();
  cl_int Err = CL_SUCCESS;
  cl_program Program =
      clCreateProgramWithSource(Context, 1, &Text, &Length, &Err);
  if (Err != CL_SUCCESS) {
    Error = "clCreateProgramWithSource failed: " +
            std::string(saGetErrorString(Err));
    return nullptr;
  }
  Err = clBuildProgram(Program, 1, &Device, Options.c_str(), nullptr, nullptr);
  if (Err != CL_SUCCESS) {
    std::string Log = queryString([&](size_t S, void *V, size_t *R) {
      return clGetProgramBuildInfo(Program, Device, CL_PROGRAM_BUILD_LOG, S, V,
                                   R);
    });
    Error =
        "building " + Path + " failed (" + saGetErrorString(Err) + "):\n" + Log;
    clReleaseProgram(Program);
    return nullptr;
  }
  return Program;
}

bool readFile(const std::string &Path, std::string &Text) {
  std::ifstream In(Path, std::ios::binary);
  if (!In)
    return false;
  std::ostringstream S;
  S << In.rdbuf();
  Text = S.str();
  return true;
}

double eventMillis(cl_event Event) {
  cl_ulong Start = 0, End = 0;
  clGetEventProfilingInfo(Event, CL_PROFILING_COMMAND_START, sizeof(Start),
                          &Start, nullptr);
  clGetEventProfilingInfo(Event, CL_PROFILING_COMMAND_END, sizeof(End), &End,
                          nullptr);
  return (double)(End - Start) * 1e-6;
}

} // namespace softatomic
