// The host runtime's rules per kind of device (runtime/host/src/
// DeviceRules.h): the record of the real device (SA_PLATFORM / SA_DEVICE
// choose it; PoCL by default), and of an NVIDIA-like and an unknown GPU
// described as plain data. Each expected value is a rule that a change
// must mean to change.
#include "DeviceRules.h"
#include "ClSession.h"

#include <gtest/gtest.h>

#include <thread>
#include <vector>

using namespace softatomic;

namespace {

/// The H200 as its driver describes itself (compute capability 9.0).
DeviceDescription nvidiaGpu() {
  DeviceDescription D;
  D.Type = CL_DEVICE_TYPE_GPU;
  D.VendorId = 0x10DE;
  D.PlatformName = "NVIDIA CUDA";
  D.NvAttributeQuery = true;
  D.ComputeMajor = 9;
  D.WarpSizeNV = 32;
  return D;
}

/// A GPU whose vendor has no rules of its own (AMD's answers its
/// wavefront query).
DeviceDescription unknownGpu() {
  DeviceDescription D;
  D.Type = CL_DEVICE_TYPE_GPU;
  D.VendorId = 0x1002;
  D.PlatformName = "AMD Accelerated Parallel Processing";
  D.WavefrontWidthAMD = 64;
  return D;
}

void expectCpuRules(const DeviceRules &R) {
  EXPECT_FALSE(R.ProbeByDefault);
  EXPECT_TRUE(R.GroupPerUnit);
  EXPECT_EQ(R.ProbeScans, 1u << 16);
  EXPECT_FALSE(R.MayHoldEveryGroup);
  EXPECT_EQ(R.SpinLimit, 1u << 26);
  EXPECT_EQ(R.IdleLimit, 1u << 26);
  EXPECT_EQ(R.StallLimit, 1u << 22);
  EXPECT_EQ(R.NvidiaComputeMajor, 0u);
  EXPECT_FALSE(R.AutoCoordinator);
}

void expectGpuRules(const DeviceRules &R) {
  EXPECT_FALSE(R.GroupPerUnit);
  EXPECT_EQ(R.CombineItemsPerUnit, 2048u);
  EXPECT_EQ(R.ProbeScans, 4096u);
  EXPECT_TRUE(R.MayHoldEveryGroup);
  EXPECT_EQ(R.SpinLimit, 1u << 16);
  EXPECT_EQ(R.IdleLimit, 1u << 18);
  EXPECT_EQ(R.StallLimit, 1u << 16);
  EXPECT_TRUE(R.AutoCoordinator);
}

TEST(DeviceRules, OfTheRealDeviceAreMadeOnceFromItsDescription) {
  ClSession S;
  std::string Error;
  ASSERT_TRUE(S.open("", "", Error)) << Error;
  const DeviceRules &Rules = deviceRules(S.Device);
  EXPECT_EQ(&deviceRules(S.Device), &Rules);
  DeviceRules Made = rulesFor(describeDevice(S.Device));
  EXPECT_EQ(Made.Class, Rules.Class);
  EXPECT_EQ(Made.StallLimit, Rules.StallLimit);
  // From several threads at once: one record.
  std::vector<const DeviceRules *> Seen(4);
  std::vector<std::thread> Threads;
  for (auto &Each : Seen)
    Threads.emplace_back([&] { Each = &deviceRules(S.Device); });
  for (std::thread &T : Threads)
    T.join();
  for (const DeviceRules *Each : Seen)
    EXPECT_EQ(Each, &Rules);
}

TEST(DeviceRules, OfPoclsCpuTrustItsThreadsAndNeverProbe) {
  ClSession S;
  std::string Error;
  ASSERT_TRUE(S.open("", "", Error)) << Error;
  if (S.PlatformName.find("Portable") == std::string::npos)
    GTEST_SKIP() << "not PoCL: " << S.PlatformName;
  const DeviceRules &R = deviceRules(S.Device);
  EXPECT_EQ(R.Class, DeviceClass::PoclCpu);
  EXPECT_TRUE(R.UnitsCoresident);
  expectCpuRules(R);
  EXPECT_EQ(R.WarpWidth, 0u);          // PoCL answers neither vendor's query
  EXPECT_FALSE(R.FloatAddInstruction); // PoCL 3.1: no cl_ext_float_atomics
}

TEST(DeviceRules, OfAnotherCpuKnowNoCoresidencyBound) {
  DeviceDescription D;
  D.Type = CL_DEVICE_TYPE_CPU;
  D.PlatformName = "Intel(R) OpenCL";
  D.FloatAtomics = true;
  DeviceRules R = rulesFor(D);
  EXPECT_EQ(R.Class, DeviceClass::OtherCpu);
  EXPECT_FALSE(R.UnitsCoresident);
  expectCpuRules(R);
  EXPECT_TRUE(R.FloatAddInstruction);
}

TEST(DeviceRules, OfAnNvidiaGpuTrustItsSmsAndTurnOnItsFastPaths) {
  DeviceRules R = rulesFor(nvidiaGpu());
  EXPECT_EQ(R.Class, DeviceClass::NvidiaGpu);
  expectGpuRules(R);
  EXPECT_TRUE(R.UnitsCoresident);
  EXPECT_FALSE(R.ProbeByDefault);
  EXPECT_EQ(R.ProbeItemsPerUnit, 2048u);
  EXPECT_EQ(R.ProbeGroupsPerUnit, 32u);
  EXPECT_EQ(R.NvidiaComputeMajor, 9u);
  EXPECT_EQ(R.WarpWidth, 32u);
  EXPECT_TRUE(R.FloatAddInstruction); // PTX, without cl_ext_float_atomics
}

TEST(DeviceRules, OfAnNvidiaGpuFollowCudasOccupancyLimits) {
  DeviceDescription D = nvidiaGpu();
  D.ComputeMajor = 7;
  D.ComputeMinor = 5;
  EXPECT_EQ(rulesFor(D).ProbeItemsPerUnit, 1024u);
  EXPECT_EQ(rulesFor(D).ProbeGroupsPerUnit, 16u);
  D.ComputeMajor = 8;
  D.ComputeMinor = 6;
  EXPECT_EQ(rulesFor(D).ProbeItemsPerUnit, 1536u);
  EXPECT_EQ(rulesFor(D).ProbeGroupsPerUnit, 16u);
  D.ComputeMajor = 12;
  D.ComputeMinor = 0;
  EXPECT_EQ(rulesFor(D).ProbeItemsPerUnit, 1536u);
  EXPECT_EQ(rulesFor(D).ProbeGroupsPerUnit, 32u);
  // Without cl_nv_device_attribute_query: no fast path.
  D.NvAttributeQuery = false;
  EXPECT_EQ(rulesFor(D).NvidiaComputeMajor, 0u);
}

TEST(DeviceRules, OfAnUnknownGpuProbeForCoresidency) {
  DeviceRules R = rulesFor(unknownGpu());
  EXPECT_EQ(R.Class, DeviceClass::OtherGpu);
  expectGpuRules(R);
  EXPECT_FALSE(R.UnitsCoresident);
  EXPECT_TRUE(R.ProbeByDefault);
  EXPECT_EQ(R.ProbeItemsPerUnit, 2048u);
  EXPECT_EQ(R.ProbeGroupsPerUnit, 32u);
  EXPECT_EQ(R.NvidiaComputeMajor, 0u);
  EXPECT_EQ(R.WarpWidth, 64u);
  EXPECT_FALSE(R.FloatAddInstruction);
}

TEST(DeviceRules, OfNoDeviceAreTheDefaultsAndNotKept) {
  const DeviceRules &R = deviceRules(nullptr);
  EXPECT_EQ(R.Class, DeviceClass::Other);
  EXPECT_FALSE(R.UnitsCoresident);
  EXPECT_TRUE(R.GroupPerUnit);
  EXPECT_TRUE(R.AutoCoordinator);
}

} // namespace
