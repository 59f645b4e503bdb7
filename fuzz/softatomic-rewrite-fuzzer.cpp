// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- softatomic-rewrite-fuzzer.cpp - libFuzzer target over the rewriter -===//
//
// Feeds each input, as an in-memory OpenCL C file, through the rewrite the
// command-line tool runs (rewriteFile: the same argument adjuster, the same
// action), diagnostics discarded, output dropped. The first byte picks the
// standard and the options; the rest is the source. fuzz/README.md says how
// to build and run it.
//
//===----------------------------------------------------------------------===//

#include "driver/RewriteFile.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/Support/raw_ostream.h"
#include <cstddef>
#include <cstdint>
#include <string>

using namespace clang::tooling;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  if (Size == 0)
    return 0;
  // One selector byte: bits 0-1 the standard (CL1.2 twice as often), bit 2
  // deferred atomics off, bit 3 robust placement, bit 4 --verbose, bit 5 -w.
  static const char *const Standards[] = {"CL1.2", "CL2.0", "CL3.0", "CL1.2"};
  uint8_t Selector = Data[0];
  softatomic::RewriteOptions Options;
  Options.ClStd = Standards[Selector & 3];
  Options.DeferUnusedResults = !(Selector & 4);
  Options.CoordinatorPlacement =
      (Selector & 8) ? softatomic::RewriteOptions::Placement::Robust
                     : softatomic::RewriteOptions::Placement::Static;
  Options.WarnKernelsLeftAlone = Selector & 16;
  Options.SuppressWarnings = Selector & 32;
  Options.ResourceDir = SOFTATOMIC_CLANG_RESOURCE_DIR;
  Options.InputName = "fuzz.cl";

  softatomic::RewriteInput Input;
  Input.Path = "/softatomic-fuzz/fuzz.cl"; // mapped, never on disk
  Input.Contents =
      std::string(reinterpret_cast<const char *>(Data) + 1, Size - 1);

  // No flags of its own: the argument adjuster adds every one the tool does.
  static FixedCompilationDatabase Compilations(".", {});
  softatomic::RewriteResult Result;
  llvm::raw_null_ostream Diagnostics;
  softatomic::rewriteFile(Compilations, Input, Options, Diagnostics,
                          /*Colors=*/false, Result);
  return 0;
}
