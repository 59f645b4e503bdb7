// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The manifest a rewritten program carries: which kernels were rewritten and
// where their extra arguments sit. Found through CL_PROGRAM_SOURCE (the
// structured comment on the first line) or registered by the caller.
#ifndef SOFTATOMIC_HOST_MANIFEST_H
#define SOFTATOMIC_HOST_MANIFEST_H

#include "ProfileRecords.h"
#include "softatomic/softatomic.h"

#include <map>
#include <memory>
#include <string>
#include <vector>

namespace softatomic {

/// An argument a worker's private copy may serve (the manifest's
/// "private_targets"): its index, the SA_OP_* its copy combines, and the
/// elements an index can reach where the rewriter proved it (0: the
/// buffer's).
struct PrivateTargetInfo {
  cl_uint Arg = 0;
  cl_uint Op = 0;
  unsigned long long Bound = 0;
};

struct RewrittenKernel {
  bool CombineMode = false; ///< rewritten with --combine-mode
  /// Its program keeps kernels native ("partial" in the manifest): their
  /// native atomics and a coordinator's are not atomic with each other.
  bool PartialProgram = false;
  /// Its work-items may wait on one another: a loop whose exit may depend
  /// on what other work-items write ("items_wait"; true where the manifest
  /// does not say). Only a kernel whose work-items never wait may run
  /// through the coordinator in the automatic mode.
  bool ItemsWait = true;
  /// Compare-exchange loops that the rewrite made float adds.
  unsigned FloatAddLoops = 0;
  cl_uint UserArgs = 0;     ///< the kernel's own parameters
  cl_uint ScratchIndex = 0; ///< the __local scratch argument
  cl_uint StateIndex = 0;   ///< the __global state argument
  /// --float-atomics=reproducible: the kernel has reproducible float adds
  /// (some on doubles), and takes the launch's accumulators at this index.
  bool Reproducible = false;
  bool ReproducibleDoubles = false;
  unsigned ReproducibleSites = 0;
  cl_uint ReproIndex = 0;
  /// A --profile rewrite (docs/PROFILE.md): the ids of the sites the
  /// kernel reaches, and its parameters that point to __global memory.
  bool Profiled = false;
  std::vector<unsigned> ProfileSites;
  std::vector<unsigned> GlobalPointerArgs;
  /// Their names, where the manifest gives them (empty otherwise).
  std::vector<std::string> GlobalPointerNames;
  /// The privatized form's targets, and the arguments that point to
  /// __global or __constant memory (none may name a target's buffer).
  std::vector<PrivateTargetInfo> PrivateTargets;
  std::vector<cl_uint> BufferArgs;
};

struct Manifest {
  std::string RuntimeVersion;
  /// The program has 64-bit 1.x atomics (the rewriter's prefix defines
  /// SA_INT64_ATOMICS): as written, it needs cl_khr_int64_base_atomics.
  /// Unknown, and false, for a registered manifest.
  bool Int64Atomics = false;
  std::map<std::string, RewrittenKernel> Kernels;
  /// A --profile rewrite's sites, by id.
  std::vector<ProfileSite> Sites;
};

/// Parses manifest JSON; on failure returns null and sets Error.
std::shared_ptr<const Manifest> parseManifest(const std::string &Json,
                                              std::string &Error);

/// Whether \p Program is a rewritten file built as its warp program
/// (-DSA_WARP_PROGRAM, docs/REWRITE.md): the kernels as written, which
/// the manifest at its top does not describe (findManifest finds none).
bool builtAsWarpProgram(cl_program Program);

/// The manifest of Program: a registered one, else the one in its source.
/// Returns null with Code CL_SUCCESS for a program that was not rewritten.
std::shared_ptr<const Manifest> findManifest(cl_program Program, cl_int &Code);

/// Registers (or, with null Json, forgets) the manifest of Program.
cl_int registerManifest(cl_program Program, const char *Json);

} // namespace softatomic

#endif
