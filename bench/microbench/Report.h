// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// What the program reports: the table on stdout, a progress line per row on
// stderr, the results CSV and the per-kernel CSV.
#ifndef SOFTATOMIC_MICROBENCH_REPORT_H
#define SOFTATOMIC_MICROBENCH_REPORT_H

#include "Runner.h"

#include <fstream>

namespace softatomic {

/// What else the machine runs: the load average (/proc/loadavg, or the
/// file MICROBENCH_LOADAVG names, for tests) and the cores it runs on.
struct MachineLoad {
  double Load = -1; // over the last minute; -1: unknown
  unsigned Cores = 0;
  /// Whether the machine has more runnable work than cores: a CPU device's
  /// threads then wait for the scheduler, and times grow by its ticks.
  bool oversubscribed() const { return Cores && Load > Cores; }
};
MachineLoad machineLoad();

/// One Config's outcome.
struct Row {
  Config C;
  size_t Items = 0, Bytes = 0, SaGroups = 0, Atomics = 0;
  /// The machine's load when the row finished.
  MachineLoad Machine;
  FormResult Native, Soft;
  std::string Error, Note;
  bool ok() const { return Error.empty() && Native.Ok && Soft.Ok; }
  double ratio() const {
    return Native.Millis > 0 ? Soft.Millis / Native.Millis : 0;
  }
  /// The failure, or what verification could not check.
  std::string note() const;
};

/// The warning, on stderr, for a machine already loaded at the start.
void warnIfLoaded(const MachineLoad &Start);
/// The summary's note: the load at the start and the highest a row saw,
/// and, where either was above the cores, that the times are suspect
/// (scripts/evaluate.sh shows the summary on stderr).
void printLoadNote(const MachineLoad &Start, const std::vector<Row> &Rows);

void printHeader();
void printRowStart(const Row &R);
void printRowEnd(const Row &R);
/// "[3/40] matmul per-thread matrix=64 (16 groups of 256): ..." on stderr.
void printProgress(const Row &R, size_t Index, size_t Total);

/// The results CSV, one row per Config, flushed as each finishes.
class ResultsCsv {
public:
  bool open(const std::string &Path);
  void write(const ClSession &S, const Options &O, const Row &R);

private:
  std::ofstream Out;
};

/// The per-kernel CSV: what clGetKernelWorkGroupInfo tells of each form.
class KernelInfoCsv {
public:
  bool open(const std::string &Path);
  void write(const ClSession &S, const Config &C, const KernelPair &K);

private:
  std::ofstream Out;
};

/// The same, as lines of the table on stdout.
void printKernelInfo(const Config &C, const KernelPair &K);

/// The runtime's speed targets: fig8 at 128 and 4096 groups, fig9 at
/// those sizes and at its worst, the copy.
void printTargets(const std::vector<Row> &Rows);

} // namespace softatomic

#endif
