//===- MacroSpelledFormsTest.cpp - One form per atomic spelled in a macro -===//
//
// analysis/MacroSpelledForms, the last pass: the calls one macro spells
// share the macro's definition, so where the passes before chose different
// forms for them, all go per item; where they chose one form, it stays.
//
//===----------------------------------------------------------------------===//

#include "AnalyzeOpenCL.h"

using namespace softatomic;
using softatomic::test::analyzeOpenCL;
using softatomic::test::formsOf;

namespace {

/// Deferral off, so that the group forms are the only ones chosen.
AnalysisOptions noDeferral() {
  AnalysisOptions Options;
  Options.DeferUnusedResults = false;
  return Options;
}

TEST(MacroSpelledForms, DifferentFormsGoPerItem) {
  // Alone, the first would take the whole-group form, the second (in a
  // data-dependent loop) none.
  EXPECT_EQ(formsOf(analyzeOpenCL("#define ADD(p) atomic_add(p, 1)\n"
                                  "__kernel void k(__global int *c,\n"
                                  "                __global const int *n) {\n"
                                  "  ADD(c);\n"
                                  "  for (int i = 0; i < n[get_global_id(0)];"
                                  " ++i)\n"
                                  "    ADD(&c[1]);\n"
                                  "}\n",
                                  noDeferral()),
                    "k"),
            (std::vector<CallForm>{CallForm::PerItem, CallForm::PerItem}));
}

TEST(MacroSpelledForms, OneFormStays) {
  EXPECT_EQ(formsOf(analyzeOpenCL("#define ADD(p) atomic_add(p, 1)\n"
                                  "__kernel void k(__global int *c) {\n"
                                  "  ADD(c);\n"
                                  "  ADD(&c[1]);\n"
                                  "}\n",
                                  noDeferral()),
                    "k"),
            (std::vector<CallForm>{CallForm::WorkGroup, CallForm::WorkGroup}));
}

TEST(MacroSpelledForms, CallsSpelledOutsideMacrosKeepTheirForms) {
  EXPECT_EQ(formsOf(analyzeOpenCL("__kernel void k(__global int *c,\n"
                                  "                __global const int *n) {\n"
                                  "  atomic_add(c, 1);\n"
                                  "  for (int i = 0; i < n[get_global_id(0)];"
                                  " ++i)\n"
                                  "    atomic_add(&c[1], 1);\n"
                                  "}\n",
                                  noDeferral()),
                    "k"),
            (std::vector<CallForm>{CallForm::WorkGroup, CallForm::PerItem}));
}

} // namespace
