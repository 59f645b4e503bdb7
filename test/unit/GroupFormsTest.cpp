//===- GroupFormsTest.cpp - Which calls the work-group makes together -----===//
//
// The work-group forms (analysis/GroupForms): a call every work-item makes
// once takes the whole-group form, the first call of an `if`'s branch that
// the group reaches the predicated one, any other stays per item. Deferral
// is off, so that no call is taken by the pass before.
//
//===----------------------------------------------------------------------===//

#include "AnalyzeOpenCL.h"

using namespace softatomic;
using softatomic::test::analyzeOpenCL;
using softatomic::test::formsOf;

namespace {

/// The forms of kernel `k` in \p Code, deferral off.
std::vector<CallForm> groupForms(const std::string &Code) {
  AnalysisOptions Options;
  Options.DeferUnusedResults = false;
  return formsOf(analyzeOpenCL(Code, Options), "k");
}

TEST(GroupForms, CallEveryItemMakesIsWholeGroup) {
  EXPECT_EQ(groupForms("__kernel void k(__global int *c) {\n"
                       "  atomic_add(c, 1);\n"
                       "  atomic_inc(&c[get_local_id(0) % 2u]);\n"
                       "}\n"),
            (std::vector<CallForm>{CallForm::WorkGroup, CallForm::WorkGroup}));
}

TEST(GroupForms, FirstCallOfGuardedBranchIsPredicated) {
  // One per `if`: the second call of the branch stays per item.
  EXPECT_EQ(groupForms("__kernel void k(__global uint *n,\n"
                       "                __global uint *out) {\n"
                       "  uint gid = get_global_id(0);\n"
                       "  if (gid > 1u) {\n"
                       "    uint s = atomic_inc(n);\n"
                       "    out[s] = atomic_add(n, 1u);\n"
                       "  }\n"
                       "}\n"),
            (std::vector<CallForm>{CallForm::PredicatedWorkGroup,
                                   CallForm::PerItem}));
}

TEST(GroupForms, CallInDataDependentLoopIsPerItem) {
  EXPECT_EQ(groupForms("__kernel void k(__global int *c,\n"
                       "                __global const int *n) {\n"
                       "  for (int i = 0; i < n[get_global_id(0)]; ++i)\n"
                       "    atomic_add(c, i);\n"
                       "}\n"),
            std::vector<CallForm>{CallForm::PerItem});
}

TEST(GroupForms, CallAfterEarlyReturnIsPerItem) {
  EXPECT_EQ(groupForms("__kernel void k(__global int *c) {\n"
                       "  if (get_global_id(0) > 5u)\n"
                       "    return;\n"
                       "  atomic_add(c, 1);\n"
                       "}\n"),
            std::vector<CallForm>{CallForm::PerItem});
}

TEST(GroupForms, DeferredComesFirst) {
  // The precedence of Analyzer's pass list: a call the deferred pass took
  // is not asked about; one it left is.
  EXPECT_EQ(formsOf(analyzeOpenCL("__kernel void k(__global int *c,\n"
                                  "                __global int *d,\n"
                                  "                __global int *out) {\n"
                                  "  atomic_add(c, 1);\n"
                                  "  out[0] = atomic_add(d, 1);\n"
                                  "}\n"),
                    "k"),
            (std::vector<CallForm>{CallForm::Deferred, CallForm::WorkGroup}));
}

TEST(GroupForms, CallInHelperIsPerItem) {
  // Only calls written in the kernel itself are asked about.
  EXPECT_EQ(formsOf(analyzeOpenCL("void add(__global int *c) {\n"
                                  "  atomic_add(c, 1);\n"
                                  "}\n"
                                  "__kernel void k(__global int *c) {\n"
                                  "  add(c);\n"
                                  "}\n",
                                  {/*DeferUnusedResults=*/false}),
                    "add"),
            std::vector<CallForm>{CallForm::PerItem});
}

} // namespace
