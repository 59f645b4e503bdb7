// The privatized form's per-launch decision (runtime/host/src/Privatize.h)
// on real buffers (PoCL in CI): the copy is the buffer's size or the
// proven bound, fits the budget to the byte (a cache below it), and is
// refused where an
// argument was not told or another argument names the same memory (the
// same buffer, an overlapping sub-buffer, the parent of a sub-buffer).
#include "Privatize.h"
#include "ClSession.h"
#include "softatomic_layout.h"

#include <gtest/gtest.h>

using namespace softatomic;

namespace {

/// A made-up kernel handle: the records are keyed by it, never used.
cl_kernel fakeKernel(uintptr_t N) { return reinterpret_cast<cl_kernel>(N); }

struct Buffers : ::testing::Test {
  ClSession S;
  cl_mem A = nullptr, B = nullptr;
  void SetUp() override {
    std::string Error;
    ASSERT_TRUE(S.open("", "", Error)) << Error;
    cl_int Err = CL_SUCCESS;
    A = clCreateBuffer(S.Context, CL_MEM_READ_WRITE, 1024, nullptr, &Err);
    B = clCreateBuffer(S.Context, CL_MEM_READ_WRITE, 1024, nullptr, &Err);
    ASSERT_EQ(Err, CL_SUCCESS);
  }
  void TearDown() override {
    clReleaseMemObject(A);
    clReleaseMemObject(B);
  }
  /// A sub-buffer of A at Offset, of Size bytes.
  cl_mem sub(size_t Offset, size_t Size) {
    cl_buffer_region Region{Offset, Size};
    cl_int Err = CL_SUCCESS;
    cl_mem M = clCreateSubBuffer(A, CL_MEM_READ_WRITE,
                                 CL_BUFFER_CREATE_TYPE_REGION, &Region, &Err);
    EXPECT_EQ(Err, CL_SUCCESS);
    return M;
  }
  /// Arguments 0 (the target, an add) and 1 of a kernel, told.
  static RewrittenKernel entry(unsigned long long Bound = 0) {
    RewrittenKernel E;
    E.PrivateTargets.push_back({0, SA_OP_ADD, Bound});
    E.BufferArgs = {0, 1};
    return E;
  }
  static void tell(cl_kernel K, cl_mem Target, cl_mem Other) {
    saNoteKernelArg(K, 0, sizeof(cl_mem), &Target);
    saNoteKernelArg(K, 1, sizeof(cl_mem), &Other);
  }
};

TEST_F(Buffers, DistinctBuffersGetACopyOfTheWholeBuffer) {
  cl_kernel K = fakeKernel(0x1000);
  tell(K, A, B);
  PrivatePlan P = planPrivate(K, entry(), 4096);
  EXPECT_EQ(P.ArgPlusOne, 1u);
  EXPECT_EQ(P.Words, 256u);
  EXPECT_EQ(P.Op, SA_OP_ADD);
  forgetKernelArgs(K);
}

TEST_F(Buffers, TheProvenBoundSizesTheCopy) {
  cl_kernel K = fakeKernel(0x1100);
  tell(K, A, B);
  EXPECT_EQ(planPrivate(K, entry(100), 4096).Words, 100u);
  forgetKernelArgs(K);
}

// 256 elements take 1024 bytes: a copy at 1024, a cache below (as many
// entries of 8 bytes as fit, a power of two), nothing below 64 entries.
TEST_F(Buffers, BudgetBoundaryToTheByte) {
  cl_kernel K = fakeKernel(0x1200);
  tell(K, A, B);
  PrivatePlan Fits = planPrivate(K, entry(), 1024);
  EXPECT_EQ(Fits.Words, 256u);
  EXPECT_EQ(Fits.HashLog, 0u);
  EXPECT_EQ(Fits.localWords(), 256u);
  PrivatePlan Cache = planPrivate(K, entry(), 1020);
  EXPECT_EQ(Cache.Words, 256u); // the range the cache serves
  EXPECT_EQ(Cache.HashLog, 6u); // 64 entries of 8 bytes: 512 <= 1020
  EXPECT_EQ(Cache.localWords(), 128u);
  EXPECT_EQ(privateCopyName(Cache),
            "a private cache of argument 0, 64 entries for 256 elements");
  EXPECT_EQ(planPrivate(K, entry(), 512).HashLog, 6u);
  PrivatePlan Over = planPrivate(K, entry(), 511);
  EXPECT_EQ(Over.Words, 0u);
  EXPECT_NE(Over.Why.find("1024 bytes of local memory, over 511"),
            std::string::npos)
      << Over.Why;
  forgetKernelArgs(K);
}

TEST_F(Buffers, TheSameBufferTwiceIsRefused) {
  cl_kernel K = fakeKernel(0x1300);
  tell(K, A, A);
  PrivatePlan P = planPrivate(K, entry(), 4096);
  EXPECT_EQ(P.Words, 0u);
  EXPECT_EQ(P.Why, "arguments 0 and 1 name the same buffer");
  forgetKernelArgs(K);
}

TEST_F(Buffers, OverlappingSubBuffersAreRefusedDisjointOnesAllowed) {
  cl_kernel K = fakeKernel(0x1400);
  cl_mem Low = sub(0, 512), High = sub(512, 512);
  tell(K, Low, High);
  EXPECT_EQ(planPrivate(K, entry(), 4096).Words, 128u);
  tell(K, Low, A); // the parent holds the target
  EXPECT_EQ(planPrivate(K, entry(), 4096).Words, 0u);
  tell(K, A, High); // the target holds the other
  EXPECT_EQ(planPrivate(K, entry(), 4096).Words, 0u);
  clReleaseMemObject(Low);
  clReleaseMemObject(High);
  forgetKernelArgs(K);
}

TEST_F(Buffers, AnArgumentNotToldOrNullRefusesOrPasses) {
  cl_kernel K = fakeKernel(0x1500);
  saNoteKernelArg(K, 0, sizeof(cl_mem), &A);
  EXPECT_EQ(planPrivate(K, entry(), 4096).Words, 0u); // argument 1 unknown
  saNoteKernelArg(K, 1, 0, nullptr); // an SVM pointer: still unknown
  EXPECT_NE(planPrivate(K, entry(), 4096).Why.find("was not told"),
            std::string::npos);
  cl_mem None = nullptr;
  saNoteKernelArg(K, 1, sizeof(cl_mem), &None); // NULL names no memory
  EXPECT_EQ(planPrivate(K, entry(), 4096).Words, 256u);
  forgetKernelArgs(K);
}

TEST(PrivateOpCode, TheDeviceEntryPointsCodes) {
  EXPECT_EQ(privateOpCode("add", "uint"), SA_OP_ADD);
  EXPECT_EQ(privateOpCode("min", "int"), SA_OP_MIN | SA_OP_SIGNED);
  EXPECT_EQ(privateOpCode("max", "uint"), SA_OP_MAX);
  EXPECT_EQ(privateOpCode("add", "float"), SA_OP_ADD | SA_OP_FLOAT);
  EXPECT_EQ(privateOpCode("xor", "float"), 0u);
  EXPECT_EQ(privateOpCode("add", "ulong"), 0u);
}

} // namespace
