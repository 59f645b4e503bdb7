// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- LayerState.h - The programs and kernels the layer tracks -*- C++ -*-===//
//
// Which application programs came from source (and what the source was),
// which have a shadow program (the rewritten source, built for the same
// context), and which kernel handles the application holds were created
// from a shadow. Each table has a mutex; records are handed out as copies,
// so that no lock is held while OpenCL runs (a build callback may call back
// into the layer).
//
// A record lives as long as the application holds its handle: it counts
// the application's own references (create, retain, release), never the
// driver's reference count, which also counts the driver's references (a
// launch in flight holds its kernel) and the layer's own (a native twin
// holds its program). Past the application's last release the driver may
// free the object at any time and give its handle to a new one, which must
// not find the old record.
//
//===----------------------------------------------------------------------===//

#ifndef SOFTATOMIC_LAYER_LAYERSTATE_H
#define SOFTATOMIC_LAYER_LAYERSTATE_H

#include <CL/cl.h>
#include <atomic>
#include <map>
#include <mutex>
#include <optional>
#include <string>

namespace softatomic {
namespace layer {

struct ProgramRecord {
  /// The application's references to the program.
  unsigned AppRefs = 1;
  /// The number the log calls the program by.
  unsigned Id = 0;
  /// Its source, as clCreateProgramWithSource got it.
  std::string Source;
  /// The rewritten program, built; null while the program runs natively.
  cl_program Shadow = nullptr;
  /// The same source built as its warp program (-DSA_WARP_PROGRAM,
  /// docs/REWRITE.md), on devices where it differs from the application's
  /// program; else null.
  cl_program Warp = nullptr;
  /// The kernels created from Shadow, with their atomic sites.
  std::map<std::string, unsigned> RewrittenKernels;
};

struct KernelRecord {
  /// The application's references to the kernel.
  unsigned AppRefs = 1;
  /// The application's program (CL_KERNEL_PROGRAM's answer); the layer
  /// holds a reference on it, as a kernel does on its program.
  cl_program AppProgram = nullptr;
  unsigned ProgramId = 0;
  std::string Name;
  bool Launched = false;
  /// The application's own kernel of that name, from AppProgram, with the
  /// same arguments set (NativeTwin.h); null if it could not be created.
  cl_kernel Native = nullptr;
  /// The kernel of that name from the program's warp program, with the
  /// same arguments set: the kernel as written that the runtime launches
  /// (direct, and auto's choice); null where there is none (Native then).
  cl_kernel Warp = nullptr;
  /// The application's argument count (the rewritten kernel's less the
  /// runtime's two).
  cl_uint UserArgs = 0;
};

/// Records by handle, each access under the table's mutex; records are
/// handed out as copies.
template <typename Handle, typename Record> class RecordTable {
public:
  void add(Handle Key, Record Value) {
    std::lock_guard<std::mutex> Lock(Mutex);
    Records[Key] = std::move(Value);
  }
  std::optional<Record> find(Handle Key) const {
    std::lock_guard<std::mutex> Lock(Mutex);
    auto It = Records.find(Key);
    return It == Records.end() ? std::nullopt
                               : std::optional<Record>(It->second);
  }
  /// Counts one more of the application's references to \p Key; false
  /// when it has no record.
  bool retain(Handle Key) {
    std::lock_guard<std::mutex> Lock(Mutex);
    auto It = Records.find(Key);
    if (It == Records.end())
      return false;
    ++It->second.AppRefs;
    return true;
  }
  /// Counts one fewer; false when \p Key has no record. The record, taken,
  /// goes to \p Last when that was the application's last reference (the
  /// caller releases what it holds, and then the handle).
  bool release(Handle Key, std::optional<Record> &Last) {
    std::lock_guard<std::mutex> Lock(Mutex);
    auto It = Records.find(Key);
    if (It == Records.end())
      return false;
    if (--It->second.AppRefs == 0) {
      Last.emplace(std::move(It->second));
      Records.erase(It);
    }
    return true;
  }
  /// Calls \p Change on the record of \p Key (null when there is none),
  /// under the lock, and returns what it returns.
  template <typename Fn> auto update(Handle Key, Fn Change) {
    std::lock_guard<std::mutex> Lock(Mutex);
    auto It = Records.find(Key);
    return Change(It == Records.end() ? nullptr : &It->second);
  }

private:
  mutable std::mutex Mutex;
  std::map<Handle, Record> Records;
};

struct LayerState {
  /// A number for the next program the application creates.
  unsigned newProgramId() { return ++LastProgramId; }
  /// Gives \p Program the shadow \p Shadow, its warp program \p Warp and
  /// its kernels; returns the shadow and warp program it had (the caller
  /// releases them), or nulls.
  std::pair<cl_program, cl_program>
  setShadow(cl_program Program, cl_program Shadow, cl_program Warp,
            std::map<std::string, unsigned> Kernels);
  /// True the first time it is asked for \p Kernel.
  bool firstLaunch(cl_kernel Kernel);

  /// The programs created from source.
  RecordTable<cl_program, ProgramRecord> Programs;
  /// The kernels created from a shadow.
  RecordTable<cl_kernel, KernelRecord> Kernels;

private:
  std::atomic<unsigned> LastProgramId{0};
};

/// The process's state.
LayerState &state();

} // namespace layer
} // namespace softatomic

#endif
