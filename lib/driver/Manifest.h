// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- Manifest.h - The kernel manifest of a rewritten file -----*- C++ -*-===//
//
// docs/REWRITE.md, "The manifest": what the host runtime needs to launch a
// rewritten kernel, as one line of JSON in the output's first comment and,
// pretty-printed, in the --manifest file.
//
//===----------------------------------------------------------------------===//

#ifndef SOFTATOMIC_DRIVER_MANIFEST_H
#define SOFTATOMIC_DRIVER_MANIFEST_H

#include "model/CallSites.h"
#include "llvm/ADT/StringRef.h"
#include <string>
#include <vector>

namespace softatomic {

/// The marker the host runtime and the rewriter look for.
constexpr llvm::StringLiteral ManifestMarker = "softatomic-manifest:";

/// A global atomic that the privatized form cannot serve, and why
/// (analysis/PrivateTargets.h).
struct NotPrivateSite {
  std::string File;
  unsigned Line = 0, Column = 0;
  std::string Call; ///< "atomic_add"
  std::string Reason;
};

struct KernelManifest {
  std::string Name;
  unsigned UserArgs = 0;    ///< Parameters before the edit.
  unsigned AtomicSites = 0; ///< Global atomic call sites it reaches.
  /// Of those, the compare-exchange loops that are float adds.
  unsigned FloatAddLoops = 0;
  /// Its work-items may wait on one another (analysis/WaitingLoops.h).
  bool ItemsWait = true;
  unsigned DeferredSites =
      0; ///< Of those, the ones deferred (CallForm::Deferred).
  /// A --profile rewrite: the parameters that point to __global memory,
  /// whose addresses a recording launch notes, and the ids of the sites
  /// the kernel reaches.
  std::vector<unsigned> GlobalPointerArgs;
  /// Their names, in the same order: the profile names a hot address by
  /// its buffer (`bins[200]`).
  std::vector<std::string> GlobalPointerNames;
  std::vector<unsigned> ProfileSites;
  /// The arguments a privatized copy may serve, the arguments that point
  /// to __global or __constant memory (the host refuses the copy where
  /// another of them names the same buffer), and the sites that cannot
  /// take the form.
  std::vector<PrivateTarget> PrivateTargets;
  std::vector<unsigned> BufferArgs;
  std::vector<NotPrivateSite> NotPrivate;
  /// --float-atomics=reproducible: the sites it reaches in the
  /// reproducible form, and whether one is on a double. A kernel with any
  /// takes a third extra argument, the launch's accumulators.
  unsigned ReproducibleSites = 0;
  bool ReproducibleDoubles = false;
};

struct Manifest {
  std::string RuntimeVersion;
  std::string Source; ///< The input's file name.
  std::string ClStd;  ///< "CL1.2", "CL2.0", "CL3.0".
  bool DeferUnusedResults = true;
  std::string Placement = "static"; ///< "static" or "robust"
  bool CombineMode = false;         ///< the combining mode is compiled in
  std::vector<KernelManifest> Kernels;
  /// A --profile rewrite (docs/PROFILE.md), and its sites by id.
  bool Profile = false;
  std::vector<ProfiledSite> Sites;
  /// The kernels that reach a global atomic but stay as written
  /// (--keep-native-on-error): when there are any, the program is
  /// partial, and the host runtime refuses the coordinator mode for it.
  std::vector<std::string> NativeKernels;
  /// A --float-atomics=reproducible rewrite, and its float sites.
  bool ReproducibleFloats = false;
  std::vector<FloatSiteReport> FloatSites;
};

/// The manifest as JSON: one line, or pretty-printed.
std::string manifestJSON(const Manifest &M, bool Pretty);

/// The output's first line, without its line break:
/// `/* softatomic-manifest: {...} */`.
std::string manifestComment(const Manifest &M);

} // namespace softatomic

#endif // SOFTATOMIC_DRIVER_MANIFEST_H
