// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "Report.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <unistd.h>

namespace softatomic {

static std::string csvField(const std::string &S) {
  if (S.find_first_of(",\"\n") == std::string::npos)
    return S;
  std::string Q = "\"";
  for (char C : S)
    Q += C == '"' ? std::string("\"\"") : std::string(1, C);
  return Q + "\"";
}

static std::string fmt(double V, int Digits = 4) {
  char B[64];
  std::snprintf(B, sizeof(B), "%.*f", Digits, V);
  return B;
}

std::string Row::note() const {
  if (!Error.empty())
    return Error;
  if (!Native.Ok)
    return "native: " + Native.Error;
  if (!Soft.Ok)
    return "software: " + Soft.Error;
  return Note;
}

/// "per-thread matrix=64", the row's name within its benchmark.
static std::string label(const Config &C) {
  std::string L = C.Variant.empty() ? "" : C.Variant + " ";
  L += C.Param + "=" + std::to_string(C.Value);
  return C.Mode == "coordinator" ? L : L + " " + C.Mode;
}

MachineLoad machineLoad() {
  MachineLoad M;
  long Online = sysconf(_SC_NPROCESSORS_ONLN);
  M.Cores = Online > 0 ? (unsigned)Online : 0;
  const char *Path = std::getenv("MICROBENCH_LOADAVG");
  std::ifstream In(Path && *Path ? Path : "/proc/loadavg");
  if (!(In >> M.Load))
    M.Load = -1;
  return M;
}

/// "load average 4.52 on 2 cores".
static std::string loadText(double Load, unsigned Cores) {
  return "load average " + fmt(Load, 2) + " on " + std::to_string(Cores) +
         " cores";
}

static const char *const LoadedConsequence =
    "the device's threads share the cores with other work, so kernel times "
    "(a CPU device's most of all) can be many times what this machine gives "
    "unloaded; compare the CSV's min/max columns, and run again on an idle "
    "machine";

void warnIfLoaded(const MachineLoad &Start) {
  if (Start.oversubscribed())
    std::fprintf(stderr, "microbench: warning: %s at the start: %s\n",
                 loadText(Start.Load, Start.Cores).c_str(), LoadedConsequence);
}

void printLoadNote(const MachineLoad &Start, const std::vector<Row> &Rows) {
  double Highest = Start.Load;
  for (const Row &R : Rows)
    Highest = std::max(Highest, R.Machine.Load);
  if (Highest < 0)
    return; // no load average on this system
  std::printf("Machine: %s at the start, %.2f at most during the run\n",
              loadText(Start.Load, Start.Cores).c_str(), Highest);
  if (!Start.Cores || Highest <= Start.Cores)
    return;
  std::string Note = "the load average (" + fmt(Highest, 2) +
                     ") was above the " + std::to_string(Start.Cores) +
                     " cores: " + LoadedConsequence;
  std::printf("Note: %s.\n", Note.c_str());
}

void printHeader() {
  std::printf("%-10s %-34s %7s %9s | %10s %11s %9s | %7s | %s\n", "bench",
              "configuration", "groups", "items", "native ms", "software ms",
              "soft/nat", "target", "verified");
}

void printRowStart(const Row &R) {
  std::printf("%-10s %-34s %7zu %9zu | ", R.C.Bench.c_str(), label(R.C).c_str(),
              R.C.Groups, R.Items);
  std::fflush(stdout);
}

void printRowEnd(const Row &R) {
  std::string Target = R.C.Target > 0 ? "<=" + fmt(R.C.Target, 2) + "x" : "";
  if (R.ok()) {
    std::string Ratio = fmt(R.ratio(), R.ratio() < 1000 ? 2 : 0) + "x";
    std::printf("%10.4f %11.4f %9s | %7s | yes%s%s%s\n", R.Native.Millis,
                R.Soft.Millis, Ratio.c_str(), Target.c_str(),
                R.Note.empty() ? "" : " (", R.Note.c_str(),
                R.Note.empty() ? "" : ")");
  } else {
    std::printf("%10s %11s %9s | %7s | NO\n",
                R.Native.Ok ? fmt(R.Native.Millis).c_str() : "-",
                R.Soft.Ok ? fmt(R.Soft.Millis).c_str() : "-", "",
                Target.c_str());
    std::printf("       %s\n", R.note().c_str());
  }
  std::fflush(stdout);
}

void printProgress(const Row &R, size_t Index, size_t Total) {
  std::string Result = R.ok() ? "native " + fmt(R.Native.Millis) +
                                    " ms, software " + fmt(R.Soft.Millis) +
                                    " ms, " + fmt(R.ratio(), 2) + "x, verified"
                              : "NOT verified: " + R.note();
  std::fprintf(stderr, "[%zu/%zu] %s %s (%zu groups of %zu): %s\n", Index,
               Total, R.C.Bench.c_str(), label(R.C).c_str(), R.C.Groups,
               R.C.Local, Result.c_str());
}

bool ResultsCsv::open(const std::string &Path) {
  Out.open(Path);
  if (!Out)
    return false;
  Out << "benchmark,kernel,variant,param,value,platform,device,groups,local,"
         "items,bytes,"
         "repeat,native_ms,software_ms,ratio,native_wall_ms,software_wall_ms,"
         "sa_groups,"
         "target_ratio,verified,note,mode,"
         // Added at the end, so that readers of the columns above keep
         // working: the spread of the timed runs, the throughput's count,
         // and the machine's load when the row finished.
         "native_min_ms,native_max_ms,software_min_ms,software_max_ms,"
         "atomics,loadavg,cores\n";
  Out.flush();
  return true;
}

void ResultsCsv::write(const ClSession &S, const Options &O, const Row &R) {
  if (!Out.is_open())
    return;
  const Config &C = R.C;
  Out << C.Bench << ',' << C.Kernel << ',' << csvField(C.Variant) << ','
      << C.Param << ',' << C.Value << ',' << csvField(S.PlatformName) << ','
      << csvField(S.DeviceName) << ',' << C.Groups << ',' << C.Local << ','
      << R.Items << ',' << R.Bytes << ','
      << std::max(R.Native.Runs, R.Soft.Runs) << ','
      << (R.Native.Ok ? fmt(R.Native.Millis) : "") << ','
      << (R.Soft.Ok ? fmt(R.Soft.Millis) : "") << ','
      << (R.Native.Ok && R.Soft.Ok ? fmt(R.ratio(), 3) : "") << ','
      << (R.Native.Ok ? fmt(R.Native.WallMillis) : "") << ','
      << (R.Soft.Ok ? fmt(R.Soft.WallMillis) : "") << ',' << R.SaGroups << ','
      << (C.Target > 0 ? fmt(C.Target, 2) : "") << ','
      << (R.ok() ? "yes" : "NO") << ',' << csvField(R.note()) << ',' << C.Mode
      << ',' << (R.Native.Ok ? fmt(R.Native.MinMillis) : "") << ','
      << (R.Native.Ok ? fmt(R.Native.MaxMillis) : "") << ','
      << (R.Soft.Ok ? fmt(R.Soft.MinMillis) : "") << ','
      << (R.Soft.Ok ? fmt(R.Soft.MaxMillis) : "") << ','
      << (R.Atomics ? std::to_string(R.Atomics) : "") << ','
      << (R.Machine.Load >= 0 ? fmt(R.Machine.Load, 2) : "") << ','
      << R.Machine.Cores << '\n';
  Out.flush();
}

bool KernelInfoCsv::open(const std::string &Path) {
  Out.open(Path);
  if (!Out)
    return false;
  Out << "benchmark,kernel,local,form,local_mem_bytes,private_mem_bytes,work_"
         "group_size,"
         "preferred_work_group_size_multiple,platform,device\n";
  Out.flush();
  return true;
}

void KernelInfoCsv::write(const ClSession &S, const Config &C,
                          const KernelPair &K) {
  if (!Out.is_open() || !K.Error.empty())
    return;
  for (int Soft = 0; Soft < 2; ++Soft) {
    const KernelInfo &I = Soft ? K.SoftInfo : K.NativeInfo;
    Out << C.Bench << ',' << C.Kernel << ',' << C.Local << ','
        << (Soft ? "software" : "native") << ',' << I.LocalMem << ','
        << I.PrivateMem << ',' << I.WorkGroupSize << ',' << I.PreferredMultiple
        << ',' << csvField(S.PlatformName) << ',' << csvField(S.DeviceName)
        << '\n';
  }
  Out.flush();
}

void printKernelInfo(const Config &C, const KernelPair &K) {
  if (!K.Error.empty())
    return;
  auto Line = [&](const char *Form, const KernelInfo &I) {
    std::printf("  %-22s %-8s local mem %8llu B, private mem %6llu B, "
                "work-group size %5zu, "
                "preferred multiple %3zu\n",
                C.Kernel.c_str(), Form, (unsigned long long)I.LocalMem,
                (unsigned long long)I.PrivateMem, I.WorkGroupSize,
                I.PreferredMultiple);
  };
  Line("native", K.NativeInfo);
  Line("software", K.SoftInfo);
}

void printTargets(const std::vector<Row> &Rows) {
  std::printf("\nThe runtime's speed targets (software/native kernel time):\n");
  bool AnyTarget = false;
  auto Report = [&](const Row &R, const std::string &What) {
    AnyTarget = true;
    std::printf("  %-5s %-22s %9.2fx  (target <= %.2fx) %s\n",
                R.C.Bench.c_str(), What.c_str(), R.ratio(), R.C.Target,
                R.ratio() <= R.C.Target ? "met" : "NOT met");
  };
  for (std::string Bench : {"fig8", "fig9", "copy"}) {
    const Row *Worst = nullptr;
    size_t Verified = 0;
    for (const Row &R : Rows) {
      if (R.C.Bench != Bench || R.C.Target <= 0 || !R.ok() ||
          R.C.Mode != "coordinator")
        continue;
      ++Verified;
      if (!Worst || R.ratio() > Worst->ratio())
        Worst = &R;
      if (Bench == "copy" || R.C.Groups == 128 || R.C.Groups == 4096)
        Report(R, "at " + std::to_string(R.C.Groups) + " groups of " +
                      std::to_string(R.C.Local));
    }
    if (Bench == "fig9" && Worst && Verified > 1)
      Report(*Worst, "worst, " + std::to_string(Worst->C.Groups) + " groups");
  }
  if (!AnyTarget)
    std::printf("  (no verified row at a size with a target)\n");
}

} // namespace softatomic
