// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- CompilerArgs.cpp - The compiler flags every parse needs ------------===//

#include "driver/Rewriter.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringSet.h"

using namespace clang::tooling;
using namespace llvm;

namespace softatomic {

/// The standard \p Args name (the last -cl-std= or -std= wins), or nothing.
static std::optional<StringRef>
namedStandard(const CommandLineArguments &Args) {
  std::optional<StringRef> Standard;
  for (StringRef Arg : Args)
    for (StringRef Flag : {"-cl-std=", "--cl-std=", "-std=", "--std="})
      if (Arg.starts_with(Flag))
        Standard = Arg.drop_front(Flag.size());
  return Standard;
}

/// `__OPENCL_C_VERSION__` of \p Standard ("CL1.2", "cl3.0": 120, 300); 0
/// for anything else. C++ for OpenCL, which the rewrite refuses after the
/// parse, counts as the OpenCL C it is based on: Clang checks the features
/// of C++ for OpenCL 2021 as it does those of OpenCL C 3.0.
static unsigned standardVersion(StringRef Standard) {
  if (Standard.equals_insensitive("clc++2021"))
    return 300;
  if (!Standard.consume_front_insensitive("cl"))
    return 0;
  return parseOpenCLVersion(std::string_view(Standard)).value_or(0);
}

/// The extensions and features Clang knows (its -cl-ext takes these and
/// ignores any other name).
static const StringSet<> &clangOpenCLOptions() {
  static const StringSet<> Names = {
#define OPENCLEXTNAME(Name) #Name,
#include "clang/Basic/OpenCLExtensions.def"
  };
  return Names;
}

/// The OpenCL C 3.0 features that opencl-c-base.h defines by itself for
/// SPIR, whatever -cl-ext says; it leaves out each one whose
/// `__undef_<feature>` is defined.
static constexpr StringRef HeaderFeatures[] = {
    "__opencl_c_work_group_collective_functions",
    "__opencl_c_atomic_order_seq_cst", "__opencl_c_atomic_scope_device",
    "__opencl_c_atomic_scope_all_devices", "__opencl_c_read_write_images"};

/// The flags that make the parse see \p Device as its OpenCL compiler
/// does, for the OpenCL C version \p LanguageVersion: `__OPENCL_VERSION__`,
/// a macro for each of its extensions and, in OpenCL C 3.0, its features,
/// and no other. SPIR declares every extension Clang knows (vendors'
/// included), so -cl-ext first takes them all away; a name Clang does not
/// know (cl_khr_spir, most vendors' extensions) is a plain -D, since the
/// device still defines its macro. Its declarations (the 64-bit atom_*)
/// then follow the extensions too: opencl-c.h declares each under its
/// extension's macro.
static CommandLineArguments deviceFlags(const DeviceProfile &Device,
                                        unsigned LanguageVersion) {
  CommandLineArguments Flags;
  if (unsigned Version = Device.Version ? Device.Version : LanguageVersion)
    Flags.push_back("-D__OPENCL_VERSION__=" + std::to_string(Version));
  std::vector<std::string> Names = Device.Extensions;
  std::vector<std::string> Features = Device.features();
  if (LanguageVersion == 300)
    append_range(Names, Features);
  std::string Ext = "-cl-ext=-all";
  for (const std::string &Name : Names) {
    if (clangOpenCLOptions().contains(Name))
      Ext += ",+" + Name;
    else
      Flags.push_back("-D" + Name + "=1");
  }
  for (StringRef Feature : HeaderFeatures)
    if (!is_contained(Features, Feature))
      Flags.push_back(("-D__undef_" + Feature).str());
  Flags.insert(Flags.begin(), {"-Xclang", Ext});
  return Flags;
}

ArgumentsAdjuster getOpenCLArgumentsAdjuster(const RewriteOptions &Options) {
  return [ClStd = Options.ClStd, ResourceDir = Options.ResourceDir,
          NoWarnings = Options.SuppressWarnings, Device = Options.Device](
             const CommandLineArguments &Args, StringRef) {
    CommandLineArguments Front = {
        "-x", "cl", "-target", "spir64", "-Xclang", "-finclude-default-header"};
    std::optional<StringRef> Standard = namedStandard(Args);
    if (!Standard)
      Front.push_back("-cl-std=" + ClStd);
    append_range(
        Front, deviceFlags(Device, standardVersion(Standard.value_or(ClStd))));
    if (NoWarnings)
      Front.push_back("-w"); // wins over any -W flag that follows
    if (!ResourceDir.empty()) {
      Front.push_back("-resource-dir");
      Front.push_back(ResourceDir);
    }
    // Right after the program name: the user's own flags come later and
    // win where they repeat one of these.
    CommandLineArguments Result(Args);
    Result.insert(Result.begin() + (Result.empty() ? 0 : 1), Front.begin(),
                  Front.end());
    return Result;
  };
}

} // namespace softatomic
