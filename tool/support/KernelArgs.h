// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// A kernel's arguments as a command line describes them, for the programs
// that run one kernel twice and compare what the runs wrote (sa-difftest,
// softatomic-run): parsing the specs, the bytes each argument starts with,
// the buffers of one launch, and the comparison of two runs' outputs.
//
// SPEC: buf:TYPE:COUNT[:INIT]  TYPE char|uchar|short|ushort|int|uint|long
//                                   |ulong|half|float|double, or a vector
//                                   of 2, 3, 4, 8 or 16 of one (uchar4);
//                                   a vector's lanes are scalars each for
//                                   INIT and the checks
//                              INIT zero|iota|fill=V|random=SEED[,MOD]
//                                   |file=PATH (COUNT elements' raw bytes)
//                                   |same=I (argument I's buffer: an
//                                   earlier one of this TYPE and COUNT)
//       scalar:TYPE:VALUE      local:BYTES
// CHECK (per buffer; default equal):
//   equal          byte-identical in both runs
//   multiset       the same values in some order
//   perm=B         both runs hold a permutation of B .. B+COUNT-1
//   range=LO,HI    every element of both runs within [LO, HI]
//   expect=PATH    the software run holds PATH's raw bytes (the native
//                  run, whose floats may sum in any order, is not compared)
//   ignore         not compared
//
// Nothing here exits or prints: each function returns what went wrong, and
// the program says it its own way.
#ifndef SOFTATOMIC_TOOL_SUPPORT_KERNELARGS_H
#define SOFTATOMIC_TOOL_SUPPORT_KERNELARGS_H

#include "softatomic/softatomic.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace softatomic {

/// One kernel argument, as --arg SPEC gives it.
struct ArgSpec {
  enum Kind { Buffer, Scalar, Local } K = Buffer;
  std::string Type = "uint";
  size_t Count = 0; // elements (Buffer) or bytes (Local)
  std::string Init = "zero";
  std::string Value; // Scalar
  std::string Check = "equal";
};

/// What one argument holds in a run: a buffer's bytes, a scalar's or
/// (Local) nothing.
using Bytes = std::vector<unsigned char>;

/// S split at every Sep (an empty S gives one empty part).
std::vector<std::string> splitList(const std::string &S, char Sep);

/// The bytes of one element of TYPE (a 3-vector's are a 4-vector's); 0
/// for a type this file does not know.
size_t elementSize(const std::string &Type);

/// "X[,Y[,Z]]" as sizes; false, with Error set, unless it has 1 to 3.
bool parseSizeList(const std::string &Text, std::vector<size_t> &Sizes,
                   std::string &Error);

/// One --arg SPEC; false, with Error set, when it is malformed or names an
/// unknown type. INIT is checked when the bytes are made (initialBytes).
bool parseArgSpec(const std::string &Text, ArgSpec &Arg, std::string &Error);

/// "I:MODE": sets Args[I].Check; false, with Error set, where I names no
/// buffer argument. MODE is checked by checkProblem.
bool applyCheckSpec(const std::string &Text, std::vector<ArgSpec> &Args,
                    std::string &Error);

/// Why MODE is not a check this file knows, or nothing.
std::optional<std::string> checkProblem(const std::string &Mode);

/// A buffer argument's initial contents, or a scalar's value (its VALUE as
/// the one element of fill=VALUE); false, with Error set, for an unknown
/// INIT or a file=PATH that cannot be read or is too short.
bool initialBytes(const ArgSpec &Arg, Bytes &Out, std::string &Error);

/// Every argument's initial bytes (empty for local memory), in order.
bool initialArguments(const std::vector<ArgSpec> &Args, std::vector<Bytes> &Out,
                      std::string &Error);

/// A buffer's contents as 64-bit values (sign-extended for int and long).
std::vector<int64_t> elementValues(const ArgSpec &Arg, const Bytes &Contents);

/// Compares what two runs left in one buffer argument, per its Check (one
/// that checkProblem accepts); returns why they disagree, empty when they
/// agree. The messages call the runs \p FirstName and \p SecondName.
std::string compareOutputs(const ArgSpec &Arg, const Bytes &First,
                           const Bytes &Second,
                           const std::string &FirstName = "native",
                           const std::string &SecondName = "software");

/// An NDRange as the command lines give it (--global, --local, --offset),
/// in the arrays clEnqueueNDRangeKernel takes.
struct LaunchGeometry {
  LaunchGeometry(const std::vector<size_t> &GlobalSizes,
                 const std::vector<size_t> &LocalSizes,
                 const std::vector<size_t> &Offsets);
  cl_uint Dim = 1;
  size_t Global[3] = {1, 1, 1}, Local[3] = {1, 1, 1}, Offset[3] = {0, 0, 0};
  /// Null where the command line gave none.
  const size_t *local() const { return HasLocal ? Local : nullptr; }
  const size_t *offset() const { return HasOffset ? Offset : nullptr; }

private:
  bool HasLocal = false, HasOffset = false;
};

/// "1024,64": a geometry as the command lines write it.
std::string joinSizes(const std::vector<size_t> &V);

/// The host runtime's profile report (saGetProfileReport) in \p Format,
/// SA_PROFILE_JSON or SA_PROFILE_TABLE; the runtime's error otherwise.
cl_int profileReport(cl_uint Format, std::string &Text);

/// The buffers of one launch, made afresh from the arguments' initial bytes
/// (every launch changes them), set as a kernel's arguments, and read back.
class LaunchBuffers {
public:
  LaunchBuffers() = default;
  LaunchBuffers(const LaunchBuffers &) = delete;
  LaunchBuffers &operator=(const LaunchBuffers &) = delete;
  ~LaunchBuffers();

  /// One buffer per buffer argument, holding Initial's bytes; on failure,
  /// What names the call that failed.
  cl_int create(cl_context Context, const std::vector<ArgSpec> &Args,
                const std::vector<Bytes> &Initial, std::string &What);
  /// Sets every argument of Kernel: the buffers, the local sizes, the
  /// scalars' bytes from Initial.
  cl_int setArguments(cl_kernel Kernel, const std::vector<Bytes> &Initial,
                      std::string &What) const;
  /// Per argument, what its buffer holds now (empty for the others).
  std::vector<Bytes> read(cl_command_queue Queue) const;

private:
  /// Argument I's buffer is an earlier argument's (INIT same=J): both
  /// arguments name one cl_mem, retained once more.
  cl_int shareBuffer(const std::vector<ArgSpec> &Specs, size_t I,
                     std::string &What);
  const std::vector<ArgSpec> *Args = nullptr;
  std::vector<cl_mem> Mems; // per argument; null for scalars and locals
};

} // namespace softatomic

#endif
