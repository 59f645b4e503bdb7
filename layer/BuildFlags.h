// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- BuildFlags.h - The application's build options, for the parse -*- C++
//-*-===//
//
// The options an application passes to clBuildProgram that change what its
// source means (-D, -I, -cl-std), turned into compiler flags for the
// rewriter's parse. Everything else (-cl-mad-enable, -w, ...) concerns code
// generation only and is left to the OpenCL compiler.
//
//===----------------------------------------------------------------------===//

#ifndef SOFTATOMIC_LAYER_BUILDFLAGS_H
#define SOFTATOMIC_LAYER_BUILDFLAGS_H

#include <string>
#include <vector>

namespace softatomic {
namespace layer {

struct BuildFlags {
  /// -DNAME[=V] and -IDIR, joined to their values, in the given order.
  std::vector<std::string> CompilerArgs;
  /// The X of -cl-std=X; empty when the options name none.
  std::string ClStd;
};

/// Splits \p Text at white space; double quotes group (and are dropped).
std::vector<std::string> splitOptions(const std::string &Text);

/// The flags of clBuildProgram's \p Options (may be null) that the parse
/// needs: -D NAME[=V], -DNAME, -I DIR, -IDIR, -cl-std=X.
BuildFlags parseBuildFlags(const char *Options);

} // namespace layer
} // namespace softatomic

#endif
