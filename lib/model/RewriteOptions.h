// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- RewriteOptions.h - What a front end asks of the rewriter -*- C++ -*-===//
//
// The rewriter's options as a plain struct, free of Clang and LLVM, so that
// the interception layer (which does not link them) reads the same struct
// and names as the command-line tool. The options a user can set by name,
// on the tool's command line or in the layer's SOFTATOMIC_LAYER_OPTIONS,
// are in RewriteOptions.def.
//
//===----------------------------------------------------------------------===//

#ifndef SOFTATOMIC_MODEL_REWRITEOPTIONS_H
#define SOFTATOMIC_MODEL_REWRITEOPTIONS_H

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace softatomic {

/// The device a program will be compiled for, as far as the parse must
/// know it: an OpenCL compiler defines `__OPENCL_VERSION__` and a macro per
/// extension (and, for OpenCL C 3.0, per optional feature) of its device,
/// and code chooses what it calls by them (`#ifdef cl_amd_media_ops`).
/// The default is no device in particular: the language's own version and
/// the Khronos extensions every OpenCL 1.2 GPU reports
/// (docs/REWRITER.md, "The device").
struct DeviceProfile {
  /// `__OPENCL_VERSION__` (CL_DEVICE_VERSION: 120 for OpenCL 1.2); 0: the
  /// version of the OpenCL C standard the parse uses.
  unsigned Version = 0;
  /// CL_DEVICE_EXTENSIONS: the `cl_*` names.
  std::vector<std::string> Extensions = defaultExtensions();
  /// CL_DEVICE_OPENCL_C_FEATURES: the `__opencl_c_*` names, which only an
  /// OpenCL C 3.0 parse sees. None: every feature of OpenCL C 3.0 that
  /// OpenCL C 2.0 has as core, those of Extensions included.
  std::optional<std::vector<std::string>> Features;

  /// The default Extensions: cl_khr_byte_addressable_store, the global and
  /// local 32-bit base and extended atomics, the 64-bit ones, cl_khr_fp64
  /// and cl_khr_3d_image_writes; no cl_khr_fp16 (NVIDIA and PoCL lack it)
  /// and no vendor's extension.
  static std::vector<std::string> defaultExtensions();
  /// Features, or their default for Extensions.
  std::vector<std::string> features() const;
};

/// What the front end tells the rewriter. A plain struct: the library reads
/// no command-line options of its own.
struct RewriteOptions {
  /// The input as the user named it: the `#line` directive repeats it, and
  /// the manifest's "source" records its file name.
  std::string InputName;
  /// The OpenCL C standard to parse with when the compiler flags name none.
  /// The manifest records the standard the parse actually used.
  std::string ClStd = "CL1.2";
  /// Clang's resource directory (for opencl-c.h); empty lets Clang guess
  /// from the running executable.
  std::string ResourceDir;
  /// Atomics whose result nobody reads, on memory the kernel touches only
  /// through atomics, are combined in the worker and sent to the
  /// coordinator later (docs/REWRITE.md, "Deferred atomics").
  bool DeferUnusedResults = true;
  /// Where the coordinator sits: group 0 (the paper's static placement, no
  /// native atomic), or the first group to start, elected with one native
  /// atomic per group (docs/REWRITE.md, "Placement").
  enum class Placement { Static, Robust };
  Placement CoordinatorPlacement = Placement::Static;
  /// Whether float adds may take the forms that combine them (summed in
  /// the worker, then applied at once), which sum their operands in an
  /// order the program does not have (docs/REWRITE.md, "Floats"). Allowed
  /// by default: combining is what the rewrite is for, and the order of
  /// float atomic adds of different work-items is unspecified anyway.
  enum class FloatReassociation { Allow, KeepOrder };
  FloatReassociation FloatSums = FloatReassociation::Allow;
  /// What a float or double add does (docs/REWRITE.md, "Reproducible
  /// float adds"): as the other options say (Default), or, where its
  /// result is unused, summed exactly in integer form and rounded once
  /// when the kernel ends (Reproducible): the same bits on every run,
  /// geometry, mode and device.
  enum class FloatAtomics { Default, Reproducible };
  FloatAtomics FloatAtomicMode = FloatAtomics::Default;
  /// Also compile the runtime's combining mode, in which combined requests
  /// are applied with native atomics and no coordinator runs; the host
  /// picks the mode per launch (docs/HOST-RUNTIME.md, "Modes"). On by default:
  /// the automatic mode, the host runtime's default, chooses between it and the
  /// kernel as written. Off: the output has no native global atomic outside
  /// the kernel-as-written path (the paper's mode only).
  bool CombineMode = true;
  /// Warn about every kernel that is left alone because it reaches no
  /// global atomic (the command line's --verbose).
  bool WarnKernelsLeftAlone = false;
  /// Inline every user header the input includes, not only those that
  /// need edits (the command line's --inline-headers): the output then
  /// compiles without the input's include path.
  bool InlineAllHeaders = false;
  /// A kernel the rewrite refuses stays as written, with a warning, and
  /// the others are rewritten (docs/REWRITE.md, "Partial rewriting");
  /// off, one refused kernel fails the whole file.
  bool KeepNativeOnError = false;
  /// Every global atomic site's call names its site (docs/PROFILE.md):
  /// the host runtime's profile mode records and times each site.
  bool Profile = false;
  /// Show errors only: Clang's warnings are turned off (-w).
  bool SuppressWarnings = false;
  /// The most tokens the preprocessor may produce by expanding macros in
  /// one file (ExpansionLimit.h): past it the file is an error, where
  /// nested macros would otherwise take all the memory there is. The
  /// examples count under 100; a file whose macros make 65,536 atomic
  /// calls counts 483,357.
  uint64_t MaxMacroExpansionTokens = 1000000;
  /// The device the parse sees (`--device-version`, `--device-extensions`,
  /// `--device-features`; the layer's from the program's devices).
  DeviceProfile Device;
};

/// The OpenCL version \p Text names ("1.2", "120", CL_DEVICE_VERSION's
/// "OpenCL 1.2 vendor"), as `__OPENCL_VERSION__` writes it (120); nothing
/// when it names none of 1.0 to 3.0.
std::optional<unsigned> parseOpenCLVersion(std::string_view Text);

/// Sets the part of \p Device that the device option \p Name of
/// RewriteOptions.def (`device-version`, ...) names to \p Value: a version
/// as `1.2`, `120` or CL_DEVICE_VERSION's `OpenCL 1.2 ...`; a list of
/// names separated by commas or spaces (CL_DEVICE_EXTENSIONS' form).
/// Returns why it cannot, or nothing.
std::optional<std::string> setDeviceOption(DeviceProfile &Device,
                                           std::string_view Name,
                                           std::string_view Value);

/// Applies the options of RewriteOptions.def in \p Args, spelled as on the
/// tool's command line (`--combine-mode`, `-combine-mode`,
/// `--defer-unused=false`, `--placement=robust`, `--placement robust`,
/// `--float-reassociation=keep-order`), to
/// \p Options. Returns what it could not apply, one message per argument:
/// an unknown option, or a value the option does not take.
std::vector<std::string>
applyRewriteOptions(RewriteOptions &Options,
                    const std::vector<std::string> &Args);

} // namespace softatomic

#endif // SOFTATOMIC_MODEL_REWRITEOPTIONS_H
