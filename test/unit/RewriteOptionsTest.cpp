//===- RewriteOptionsTest.cpp - The rewriter's options by name ------------===//
//
// applyRewriteOptions is how the interception layer reads
// SOFTATOMIC_LAYER_OPTIONS: it must take every option as softatomic-rewrite
// spells it (model/RewriteOptions.def), and say what it cannot take.
//
//===----------------------------------------------------------------------===//

#include "model/RewriteOptions.h"
#include "gtest/gtest.h"
#include <algorithm>

using namespace softatomic;

namespace {

std::vector<std::string> apply(RewriteOptions &Options,
                               std::vector<std::string> Args) {
  return applyRewriteOptions(Options, Args);
}

TEST(RewriteOptions, FlagsOnWithDashOrDoubleDash) {
  RewriteOptions Options;
  Options.DeferUnusedResults = false;
  Options.CombineMode = false;
  EXPECT_TRUE(apply(Options, {"--combine-mode", "-defer-unused"}).empty());
  EXPECT_TRUE(Options.CombineMode);
  EXPECT_TRUE(Options.DeferUnusedResults);
}

TEST(RewriteOptions, FlagValuesAsLLVMsCommandLineTakesThem) {
  for (const char *Off : {"false", "FALSE", "False", "0"}) {
    RewriteOptions Options;
    EXPECT_TRUE(apply(Options, {std::string("--defer-unused=") + Off}).empty());
    EXPECT_FALSE(Options.DeferUnusedResults) << Off;
  }
  for (const char *On : {"true", "TRUE", "True", "1"}) {
    RewriteOptions Options;
    Options.CombineMode = false;
    EXPECT_TRUE(apply(Options, {std::string("--combine-mode=") + On}).empty());
    EXPECT_TRUE(Options.CombineMode) << On;
  }
}

// The automatic mode, the host runtime's default, needs the combining mode
// compiled in: a kernel rewritten without options supports it.
TEST(RewriteOptions, CombiningModeOnByDefaultAndOffByName) {
  RewriteOptions Options;
  EXPECT_TRUE(Options.CombineMode);
  EXPECT_TRUE(apply(Options, {"--combine-mode=false"}).empty());
  EXPECT_FALSE(Options.CombineMode);
}

TEST(RewriteOptions, PlacementAfterEqualsOrSpace) {
  RewriteOptions Options;
  EXPECT_TRUE(apply(Options, {"--placement", "robust"}).empty());
  EXPECT_EQ(Options.CoordinatorPlacement, RewriteOptions::Placement::Robust);
  EXPECT_TRUE(apply(Options, {"--placement=static"}).empty());
  EXPECT_EQ(Options.CoordinatorPlacement, RewriteOptions::Placement::Static);
}

// Float adds are combined unless the user keeps the program's order.
TEST(RewriteOptions, FloatReassociationAllowedByDefault) {
  RewriteOptions Options;
  EXPECT_EQ(Options.FloatSums, RewriteOptions::FloatReassociation::Allow);
  EXPECT_TRUE(apply(Options, {"--float-reassociation", "keep-order"}).empty());
  EXPECT_EQ(Options.FloatSums, RewriteOptions::FloatReassociation::KeepOrder);
  EXPECT_TRUE(apply(Options, {"--float-reassociation=allow"}).empty());
  EXPECT_EQ(Options.FloatSums, RewriteOptions::FloatReassociation::Allow);
  std::vector<std::string> Problems =
      apply(Options, {"--float-reassociation=fast"});
  ASSERT_EQ(Problems.size(), 1u);
  EXPECT_EQ(Problems[0],
            "'fast': --float-reassociation takes one of allow, keep-order");
}

// Float adds stay atomic adds unless asked to be reproducible (the layer's
// SOFTATOMIC_LAYER_OPTIONS reads the same names).
TEST(RewriteOptions, FloatAtomicsDefaultUnlessReproducible) {
  RewriteOptions Options;
  EXPECT_EQ(Options.FloatAtomicMode, RewriteOptions::FloatAtomics::Default);
  EXPECT_TRUE(apply(Options, {"--float-atomics=reproducible"}).empty());
  EXPECT_EQ(Options.FloatAtomicMode,
            RewriteOptions::FloatAtomics::Reproducible);
  EXPECT_TRUE(apply(Options, {"--float-atomics", "default"}).empty());
  EXPECT_EQ(Options.FloatAtomicMode, RewriteOptions::FloatAtomics::Default);
  std::vector<std::string> Problems = apply(Options, {"--float-atomics=exact"});
  ASSERT_EQ(Problems.size(), 1u);
  EXPECT_EQ(Problems[0],
            "'exact': --float-atomics takes one of default, reproducible");
}

TEST(RewriteOptions, EachProblemNamedAndTheRestApplied) {
  RewriteOptions Options;
  std::vector<std::string> Problems =
      apply(Options, {"--frobnicate", "--placement=sideways",
                      "--defer-unused=maybe", "--combine-mode", "--placement"});
  ASSERT_EQ(Problems.size(), 4u);
  EXPECT_EQ(Problems[0], "unknown option '--frobnicate'");
  EXPECT_EQ(Problems[1], "'sideways': --placement takes one of static, robust");
  EXPECT_EQ(Problems[2],
            "'--defer-unused=maybe': --defer-unused takes true or false");
  EXPECT_EQ(Problems[3], "'--placement' needs a value: one of static, robust");
  EXPECT_TRUE(Options.CombineMode);        // applied
  EXPECT_TRUE(Options.DeferUnusedResults); // the default, untouched
}

// The device profile's options take what the device's queries answer
// (the layer sets them from clGetDeviceInfo).
TEST(RewriteOptions, DeviceProfileAsTheQueriesAnswer) {
  RewriteOptions Options;
  EXPECT_EQ(Options.Device.Version, 0u);
  EXPECT_TRUE(apply(Options, {"--device-version=OpenCL 3.0 PoCL HSTR: x",
                              "--device-extensions", "cl_khr_fp64  cl_khr_spir",
                              "--device-features=__opencl_c_int64"})
                  .empty());
  EXPECT_EQ(Options.Device.Version, 300u);
  EXPECT_EQ(Options.Device.Extensions,
            (std::vector<std::string>{"cl_khr_fp64", "cl_khr_spir"}));
  EXPECT_EQ(Options.Device.features(),
            std::vector<std::string>{"__opencl_c_int64"});
  EXPECT_TRUE(apply(Options, {"--device-version=1.2"}).empty());
  EXPECT_EQ(Options.Device.Version, 120u);
  EXPECT_TRUE(apply(Options, {"--device-version=110"}).empty());
  EXPECT_EQ(Options.Device.Version, 110u);
}

// Without a device named: the Khronos extensions only, and the features
// that come with an extension only with it.
TEST(RewriteOptions, DefaultDeviceProfile) {
  DeviceProfile Device;
  for (const std::string &Name : Device.Extensions)
    EXPECT_EQ(Name.rfind("cl_khr_", 0), 0u) << Name;
  auto Has = [](const std::vector<std::string> &Names, const char *Name) {
    return std::find(Names.begin(), Names.end(), Name) != Names.end();
  };
  EXPECT_TRUE(Has(Device.Extensions, "cl_khr_int64_base_atomics"));
  EXPECT_TRUE(Has(Device.features(), "__opencl_c_fp64"));
  EXPECT_TRUE(Has(Device.features(), "__opencl_c_generic_address_space"));
  Device.Extensions = {"cl_khr_global_int32_base_atomics"};
  EXPECT_FALSE(Has(Device.features(), "__opencl_c_fp64"));
  EXPECT_FALSE(Has(Device.features(), "__opencl_c_3d_image_writes"));
}

TEST(RewriteOptions, DeviceProfileProblems) {
  RewriteOptions Options;
  std::vector<std::string> Problems =
      apply(Options, {"--device-version=1.3", "--device-extensions=fp64",
                      "--device-features=cl_khr_fp64", "--device-version"});
  ASSERT_EQ(Problems.size(), 4u);
  EXPECT_EQ(Problems[0].rfind("'1.3': --device-version takes an OpenCL "
                              "version: 1.0, 1.1, 1.2, 2.0, 2.1, 2.2 or 3.0",
                              0),
            0u);
  EXPECT_EQ(Problems[1],
            "'fp64': --device-extensions takes extension names (cl_...)");
  EXPECT_EQ(Problems[2], "'cl_khr_fp64': --device-features takes OpenCL C "
                         "feature names (__opencl_c_...)");
  EXPECT_EQ(Problems[3], "'--device-version' needs a value");
  EXPECT_EQ(Options.Device.Version, 0u); // untouched
  EXPECT_EQ(Options.Device.Extensions, DeviceProfile::defaultExtensions());
}

TEST(RewriteOptions, NotAnOption) {
  RewriteOptions Options;
  std::vector<std::string> Problems = apply(Options, {"robust"});
  ASSERT_EQ(Problems.size(), 1u);
  EXPECT_EQ(Problems[0], "'robust' is not an option");
}

} // namespace
