// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// microbench: the paper's evaluation (Elteir, Lin, Feng, Section VI) and the
// runtime-speed microbenchmarks. Each kernel runs as written (native
// atomics, plain clEnqueueNDRangeKernel) and as rewritten by
// softatomic-rewrite (saEnqueueNDRangeKernel + saFinish) on one OpenCL
// device, across its family's sweep; every run is verified against a CPU
// reference before its time counts, and the medians go to a table, a
// progress line per row on stderr and, with --csv, a CSV file.
// The families are listed in Families.cpp, one file each; scripts/evaluate.sh
// runs them all and plots the CSV.
//
// Exit status: 0 when every run verified, 1 when a result was wrong or a
// launch failed (the row says which), 2 on a usage error.
#include "CommandLine.h"
#include "Presets.h"
#include "Report.h"

#include <algorithm>
#include <cstdio>

using namespace softatomic;

namespace {

/// The rows of every chosen family, in order.
std::vector<Config> chosenSweeps(const Options &O) {
  std::vector<Config> All;
  for (const std::string &B : O.Benches)
    for (const Family &F : families())
      if (B == F.Name)
        for (Config &C : F.Sweep(O))
          for (const std::string &Mode : O.Modes) {
            All.push_back(C);
            All.back().Mode = Mode;
          }
  return All;
}

/// Runs one configuration: buffers made, both forms run, buffers released.
Row runConfig(ClSession &S, const Options &O, const Config &C,
              const KernelPair &K, cl_ulong MaxAlloc) {
  Row R;
  R.C = C;
  std::unique_ptr<Workload> W = C.Make(S);
  R.Items = W->Items;
  R.Bytes = W->bytes();
  R.Atomics = W->atomics();
  // The physical groups the host runtime launches in this row's mode.
  saSetMode(C.Mode == "combine"  ? SA_MODE_COMBINE
            : C.Mode == "direct" ? SA_MODE_DIRECT
            : C.Mode == "auto"   ? SA_MODE_AUTO
                                 : SA_MODE_COORDINATOR);
  size_t Physical = 0;
  R.SaGroups =
      saGetCoresidentGroups(K.Soft, S.Device, C.Local, &Physical) == CL_SUCCESS
          ? std::min(C.Groups, Physical - 1) + 1
          : 0;
  printRowStart(R);
  // No check of CL_KERNEL_WORK_GROUP_SIZE before the launch: NVIDIA's
  // driver reports 256 for kernels it launches with 1024 work-items per
  // group; a size the kernel cannot take fails at the launch, which says so.
  if (!K.Error.empty())
    R.Error = K.Error;
  else if (R.Bytes > MaxAlloc)
    R.Error = "the buffer (" + std::to_string(R.Bytes) +
              " bytes) is above the device's "
              "largest allocation (" +
              std::to_string(MaxAlloc) + ")";
  else if (cl_int Err = W->create())
    R.Error = "creating the buffers failed: " + clError(Err);
  else {
    R.Note = W->Note;
    // The automatic mode's timed runs are its choice: its learning
    // launches, which take the ways it compares in turn, are warm-up.
    const int Ways = O.Original && O.WarpOriginal ? 3 : 2;
    runPair(S, *W, K, C.Local, O,
            C.Mode == "auto" ? std::max(O.Warmup, Ways * SA_AUTO_SAMPLES)
                             : O.Warmup,
            R.Native, R.Soft);
  }
  R.Machine = machineLoad();
  printRowEnd(R);
  return R;
}

} // namespace

int main(int Argc, char **Argv) {
  Options O;
  O.KernelDir = MICROBENCH_KERNEL_DIR;
  std::string Error;
  switch (parseCommandLine(Argc, Argv, O, Error)) {
  case ParseResult::Help:
    std::fputs(Usage, stdout);
    return 0;
  case ParseResult::Bad:
    std::fprintf(stderr, "microbench: %s (--help lists the options)\n",
                 Error.c_str());
    return 2;
  case ParseResult::Run:
    break;
  }
  if (O.KernelDir.empty()) {
    std::fprintf(
        stderr,
        "microbench: this build has no kernel directory; pass --kernels DIR "
        "(NAME.cl and NAME.sa.cl, from scripts/bench.sh --bundle)\n");
    return 2;
  }
  ClSession S;
  if (!S.open(O.Platform, O.Device, Error)) {
    std::fprintf(stderr, "microbench: %s\n", Error.c_str());
    return 1;
  }
  // The preset's sizes depend on the device; the command line then wins.
  cl_device_type Type = 0;
  clGetDeviceInfo(S.Device, CL_DEVICE_TYPE, sizeof(Type), &Type, nullptr);
  std::string Preset = O.Preset, KernelDir = O.KernelDir;
  O = Options();
  O.KernelDir = KernelDir;
  applyPreset(Preset, Type, O);
  parseCommandLine(Argc, Argv, O, Error);
  ResultsCsv Out;
  KernelInfoCsv Info;
  if ((!O.Csv.empty() && !Out.open(O.Csv)) ||
      (!O.KernelInfo.empty() && !Info.open(O.KernelInfo))) {
    std::fprintf(stderr, "microbench: cannot write %s\n",
                 (O.Csv.empty() ? O.KernelInfo : O.Csv).c_str());
    return 1;
  }
  size_t MaxGroup = 0;
  cl_ulong MaxAlloc = 0;
  clGetDeviceInfo(S.Device, CL_DEVICE_MAX_WORK_GROUP_SIZE, sizeof(MaxGroup),
                  &MaxGroup, nullptr);
  clGetDeviceInfo(S.Device, CL_DEVICE_MAX_MEM_ALLOC_SIZE, sizeof(MaxAlloc),
                  &MaxAlloc, nullptr);
  std::vector<Config> Sweep = chosenSweeps(O);
  for (const Config &C : Sweep)
    if (MaxGroup && C.Local > MaxGroup) {
      std::fprintf(
          stderr,
          "microbench: %s needs %zu work-items per group, above the device's "
          "maximum of %zu\n",
          C.Bench.c_str(), C.Local, MaxGroup);
      return 2;
    }

  // A loaded machine is said before anything runs, and again in the
  // summary, with the highest load a row saw.
  const MachineLoad Start = machineLoad();
  warnIfLoaded(Start);
  std::printf("softatomic microbenchmarks (runtime %s)\n", SA_VERSION);
  std::printf("device: %s (%s)\n", S.DeviceName.c_str(),
              S.PlatformName.c_str());
  std::printf("kernels: %s\n", O.KernelDir.c_str());
  std::printf("sizes: preset %s%s\n", Preset.c_str(),
              Preset == "auto"
                  ? (Type & CL_DEVICE_TYPE_CPU ? " (cpu)" : " (paper)")
                  : "");
  std::printf(
      "%d warm-up + %d timed runs per kernel and size (more, up to %d, until "
      "a form's timed runs add up to %g ms), native and rewritten runs "
      "alternating, every run verified; kernel times are medians of "
      "profiling events (start to end)\n\n",
      O.Warmup, O.Repeat, O.Repeat * 20, O.MinTimeMillis);
  printHeader();

  KernelCache Kernels(S, O);
  std::vector<std::pair<Config, const KernelPair *>> Loaded;
  std::vector<Row> Rows;
  bool AllOk = true;
  for (size_t I = 0; I < Sweep.size(); ++I) {
    const Config &C = Sweep[I];
    bool IsNew = false;
    const KernelPair &K = Kernels.get(C, IsNew);
    if (IsNew) {
      Info.write(S, C, K);
      Loaded.emplace_back(C, &K);
    } else if (!K.Error.empty()) {
      continue; // one message is enough for a kernel that does not build
    }
    Rows.push_back(runConfig(S, O, C, K, MaxAlloc));
    printProgress(Rows.back(), I + 1, Sweep.size());
    Out.write(S, O, Rows.back());
    AllOk = AllOk && Rows.back().ok();
  }

  std::printf(
      "\nWhat the device tells of each kernel (clGetKernelWorkGroupInfo):\n");
  for (const auto &L : Loaded)
    printKernelInfo(L.first, *L.second);
  printTargets(Rows);
  printLoadNote(Start, Rows);
  if (!O.Csv.empty())
    std::printf("CSV: %s\n", O.Csv.c_str());
  std::printf(
      "%s\n",
      AllOk ? "OK: every run verified."
            : "FAILED: a result was wrong or a launch failed (see above).");
  return AllOk ? 0 : 1;
}
