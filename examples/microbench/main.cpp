// microbench: the runtime-speed microbenchmarks. Each kernel runs as written
// (native atomics, plain clEnqueueNDRangeKernel) and as rewritten by
// softatomic-rewrite (saEnqueueNDRangeKernel + saFinish) on one OpenCL
// device; every run is verified before its time counts, and the medians go
// to a table and, with --csv, a CSV file.
//
//   fig8  the paper's Figure 8: atom_add(out, tid), nothing else
//   fig9  the paper's Figure 9 (its Figure 3 kernel): the atomic, then
//         outArray[tid] = *out
//   copy  a 256 MB copy (uint4 elements) with one atom_add per work-item
//
//   microbench [--platform NAME] [--device NAME] [--bench fig8|fig9|copy|all[,...]]
//              [--groups LIST] [--local N] [--repeat N] [--warmup N]
//              [--copy-mb N] [--copy-width 1|4] [--kernels DIR] [--csv FILE]
//
// Exit status: 0 when every run verified, 1 when a result was wrong or a
// launch failed (the row says which), 2 on a usage error.
#include "ClSession.h"
#include "softatomic/softatomic.h"

#include <algorithm>
#include <chrono>
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

using namespace softatomic;

namespace {

struct Options {
  std::string Platform, Device, Csv;
  std::string SoftOptions; // build options of the rewritten kernels
  std::string KernelDir = MICROBENCH_KERNEL_DIR;
  std::vector<std::string> Benches = {"fig8", "fig9", "copy"};
  std::vector<size_t> Groups = {2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048, 4096};
  size_t Local = 256;
  int Repeat = 5, Warmup = 2;
  size_t CopyMB = 256;
  int CopyWidth = 4; // uint4
};

const char *Usage =
    "usage: microbench [--platform NAME] [--device NAME] [--bench fig8|fig9|copy|all[,...]]\n"
    "                  [--groups N,N,...] [--local N] [--repeat N] [--warmup N]\n"
    "                  [--copy-mb N] [--copy-width 1|4] [--kernels DIR] [--csv FILE]\n"
    "                  [--soft-build-options OPTS]\n"
    "  --platform/--device  substrings of the OpenCL names (default: SA_PLATFORM,\n"
    "                       SA_DEVICE, then PoCL)\n"
    "  --groups   work-groups of fig8 and fig9 (default 2,4,...,4096)\n"
    "  --local    work-items per group (default 256)\n"
    "  --repeat   timed runs per kernel and size, median reported (default 5),\n"
    "             after --warmup untimed runs (default 2); every run is verified\n"
    "  --copy-mb  size of the copied buffer in MiB (default 256)\n"
    "  --copy-width  1: uint elements, 4: uint4 elements (default 4)\n"
    "  --kernels  directory with NAME.cl and NAME.sa.cl for fig8, fig9, copy\n"
    "  --soft-build-options  build options of the rewritten kernels, e.g.\n"
    "             -DSA_PROFILE=1 (with SOFTATOMIC_VERBOSE=1: the coordinator's\n"
    "             profile per launch, NVIDIA only)\n"
    "  --csv      write one row per benchmark and size to FILE\n";

bool parseSize(const std::string &S, size_t &V) {
  if (S.empty() || S.find_first_not_of("0123456789") != std::string::npos)
    return false;
  V = std::strtoull(S.c_str(), nullptr, 10);
  return V > 0;
}

std::vector<std::string> split(const std::string &S, char Sep) {
  std::vector<std::string> Parts;
  std::stringstream In(S);
  std::string Part;
  while (std::getline(In, Part, Sep))
    Parts.push_back(Part);
  return Parts;
}

std::string clError(cl_int Err) { return saGetErrorString(Err); }

/// The code's name and the runtime's words for it, once.
std::string saError(cl_int Err) {
  std::string Name = clError(Err), Message = saGetLastErrorMessage();
  if (Message.empty())
    return Name;
  return Message.compare(0, Name.size(), Name) == 0 ? Message : Name + ": " + Message;
}

// ---------------------------------------------------------------------------
// Workloads: the buffers of one benchmark at one size, reset before and
// verified after every run. Native and rewritten runs share them.

struct Workload {
  ClSession &S;
  size_t Items;
  std::string Note; // what the verification could not check
  explicit Workload(ClSession &S, size_t Items) : S(S), Items(Items) {}
  virtual ~Workload() = default;
  virtual cl_int create() = 0;
  virtual cl_int reset() = 0;
  virtual cl_int setArgs(cl_kernel K) = 0;
  /// Empty when the results are right, else what is wrong.
  virtual std::string verify() = 0;
  /// Bytes the kernel moves besides the atomics (for the table).
  virtual size_t bytes() const { return 0; }

protected:
  cl_mem buffer(size_t Bytes, cl_int &Err) {
    cl_mem M = clCreateBuffer(S.Context, CL_MEM_READ_WRITE, Bytes, nullptr, &Err);
    Mems.push_back(M);
    return M;
  }
  cl_int writeWord(cl_mem M, cl_uint V) {
    return clEnqueueWriteBuffer(S.Queue, M, CL_TRUE, 0, sizeof(V), &V, 0, nullptr, nullptr);
  }
  cl_int fill(cl_mem M, cl_uint V, size_t Bytes) {
    return clEnqueueFillBuffer(S.Queue, M, &V, sizeof(V), 0, Bytes, 0, nullptr, nullptr);
  }
  cl_int readWord(cl_mem M, cl_uint &V) {
    return clEnqueueReadBuffer(S.Queue, M, CL_TRUE, 0, sizeof(V), &V, 0, nullptr, nullptr);
  }

public:
  std::vector<cl_mem> Mems;
  void release() {
    for (cl_mem M : Mems)
      if (M)
        clReleaseMemObject(M);
    Mems.clear();
  }
};

/// sum of 0 .. N-1, the value atom_add(out, tid) leaves (modulo 2^32)
uint64_t sumOfIds(size_t N) { return (uint64_t)N * (N - 1) / 2; }

struct Fig8 : Workload {
  cl_mem Out = nullptr;
  using Workload::Workload;
  cl_int create() override {
    cl_int Err;
    Out = buffer(sizeof(cl_uint), Err);
    return Err;
  }
  cl_int reset() override { return writeWord(Out, 0); }
  cl_int setArgs(cl_kernel K) override { return clSetKernelArg(K, 0, sizeof(cl_mem), &Out); }
  std::string verify() override {
    cl_uint Got = 0;
    if (cl_int Err = readWord(Out, Got))
      return "reading *out failed: " + clError(Err);
    cl_uint Want = (cl_uint)sumOfIds(Items);
    if (Got != Want)
      return "*out = " + std::to_string(Got) + ", expected " + std::to_string(Want);
    return "";
  }
};

struct Fig9 : Workload {
  cl_mem Out = nullptr, Array = nullptr;
  std::vector<cl_uint> Host;
  using Workload::Workload;
  cl_int create() override {
    cl_int Err;
    Out = buffer(sizeof(cl_uint), Err);
    if (Err == CL_SUCCESS)
      Array = buffer(Items * sizeof(cl_uint), Err);
    Host.resize(Items);
    if (sumOfIds(Items) > 0xffffffffu)
      Note = "sum wraps at 2^32: outArray entries unchecked";
    return Err;
  }
  cl_int reset() override {
    cl_int Err = writeWord(Out, 0);
    if (Err == CL_SUCCESS) // never a value [0, total] allows: unwritten entries show
      Err = fill(Array, 0xffffffffu, Items * sizeof(cl_uint));
    return Err;
  }
  cl_int setArgs(cl_kernel K) override {
    cl_int Err = clSetKernelArg(K, 0, sizeof(cl_mem), &Out);
    return Err ? Err : clSetKernelArg(K, 1, sizeof(cl_mem), &Array);
  }
  size_t bytes() const override { return Items * sizeof(cl_uint); }
  std::string verify() override {
    cl_uint Got = 0;
    if (cl_int Err = readWord(Out, Got))
      return "reading *out failed: " + clError(Err);
    uint64_t Total = sumOfIds(Items);
    if (Got != (cl_uint)Total)
      return "*out = " + std::to_string(Got) + ", expected " + std::to_string((cl_uint)Total);
    if (Total > 0xffffffffu)
      return ""; // every uint is some value of the wrapped counter
    if (cl_int Err = clEnqueueReadBuffer(S.Queue, Array, CL_TRUE, 0, Items * sizeof(cl_uint),
                                         Host.data(), 0, nullptr, nullptr))
      return "reading outArray failed: " + clError(Err);
    // Each entry is a value *out held after that work-item's own add (a
    // racy read, by the kernel's design): within [0, total].
    size_t Bad = 0, First = 0;
    for (size_t I = 0; I < Items; ++I)
      if (Host[I] > Total && Bad++ == 0)
        First = I;
    if (Bad)
      return std::to_string(Bad) + " outArray entries outside [0, " + std::to_string(Total) +
             "], first outArray[" + std::to_string(First) + "] = " + std::to_string(Host[First]);
    return "";
  }
};

struct Copy : Workload {
  size_t Words; // uints copied
  cl_mem Src = nullptr, Dst = nullptr, Count = nullptr;
  std::vector<cl_uint> Expected, Host;
  Copy(ClSession &S, size_t Items, size_t Words) : Workload(S, Items), Words(Words) {}
  cl_int create() override {
    cl_int Err;
    size_t Bytes = Words * sizeof(cl_uint);
    Expected.resize(Words);
    for (size_t I = 0; I < Words; ++I)
      Expected[I] = (cl_uint)(I + 1); // distinct and never the 0 of an unwritten word
    Host.resize(Words);
    Src = clCreateBuffer(S.Context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, Bytes,
                         Expected.data(), &Err);
    Mems.push_back(Src);
    if (Err == CL_SUCCESS)
      Dst = buffer(Bytes, Err);
    if (Err == CL_SUCCESS)
      Count = buffer(sizeof(cl_uint), Err);
    return Err;
  }
  cl_int reset() override {
    cl_int Err = writeWord(Count, 0);
    return Err ? Err : fill(Dst, 0, Words * sizeof(cl_uint));
  }
  cl_int setArgs(cl_kernel K) override {
    cl_int Err = clSetKernelArg(K, 0, sizeof(cl_mem), &Src);
    if (Err == CL_SUCCESS)
      Err = clSetKernelArg(K, 1, sizeof(cl_mem), &Dst);
    return Err ? Err : clSetKernelArg(K, 2, sizeof(cl_mem), &Count);
  }
  size_t bytes() const override { return Words * sizeof(cl_uint); }
  std::string verify() override {
    cl_uint Got = 0;
    if (cl_int Err = readWord(Count, Got))
      return "reading the counter failed: " + clError(Err);
    if (Got != (cl_uint)Items)
      return "counter = " + std::to_string(Got) + ", expected " + std::to_string(Items);
    if (cl_int Err = clEnqueueReadBuffer(S.Queue, Dst, CL_TRUE, 0, Words * sizeof(cl_uint),
                                         Host.data(), 0, nullptr, nullptr))
      return "reading the destination failed: " + clError(Err);
    if (std::memcmp(Host.data(), Expected.data(), Words * sizeof(cl_uint)) == 0)
      return "";
    size_t Bad = 0, First = 0;
    for (size_t I = 0; I < Words; ++I)
      if (Host[I] != Expected[I] && Bad++ == 0)
        First = I;
    return std::to_string(Bad) + " destination words differ from the source, first dst[" +
           std::to_string(First) + "] = " + std::to_string(Host[First]) + ", expected " +
           std::to_string(Expected[First]);
  }
};

// ---------------------------------------------------------------------------
// Runs

struct FormResult {
  bool Ok = false;
  double Millis = 0, WallMillis = 0; // medians of the timed runs
  std::string Error;
};

double median(std::vector<double> V) {
  if (V.empty())
    return 0;
  std::sort(V.begin(), V.end());
  size_t N = V.size();
  return N % 2 ? V[N / 2] : (V[N / 2 - 1] + V[N / 2]) / 2;
}

/// Warm-up runs, then timed runs of one kernel form; every run verified.
FormResult runForm(ClSession &S, Workload &W, cl_kernel K, bool Soft, size_t Local,
                   const Options &O) {
  FormResult R;
  std::vector<double> Times, Walls;
  size_t Global = W.Items;
  for (int Run = 0; Run < O.Warmup + O.Repeat; ++Run) {
    std::string Where = "run " + std::to_string(Run + 1) + ": ";
    cl_int Err = W.reset();
    if (Err == CL_SUCCESS)
      Err = clFinish(S.Queue);
    if (Err == CL_SUCCESS)
      Err = W.setArgs(K);
    if (Err != CL_SUCCESS) {
      R.Error = Where + "setting up the buffers failed: " + clError(Err);
      return R;
    }
    cl_event Done = nullptr;
    auto T0 = std::chrono::steady_clock::now();
    Err = Soft ? saEnqueueNDRangeKernel(S.Queue, K, 1, nullptr, &Global, &Local, 0, nullptr, &Done)
               : clEnqueueNDRangeKernel(S.Queue, K, 1, nullptr, &Global, &Local, 0, nullptr, &Done);
    if (Err != CL_SUCCESS) {
      R.Error = Where + "launch failed: " + (Soft ? saError(Err) : clError(Err));
      if (Soft)
        saFinish(S.Queue); // drain, and clear any device-side error
      else
        clFinish(S.Queue);
      return R;
    }
    Err = Soft ? saFinish(S.Queue) : clFinish(S.Queue);
    auto T1 = std::chrono::steady_clock::now();
    cl_int Status = CL_COMPLETE;
    clGetEventInfo(Done, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof(Status), &Status, nullptr);
    double Ms = eventMillis(Done);
    clReleaseEvent(Done);
    if (Err != CL_SUCCESS || Status < 0) {
      cl_int Code = Err != CL_SUCCESS ? Err : Status;
      R.Error = Where + "kernel failed: " +
                (Soft && Err != CL_SUCCESS ? saError(Code) : clError(Code));
      return R;
    }
    std::string Wrong = W.verify();
    if (!Wrong.empty()) {
      R.Error = Where + "wrong result: " + Wrong;
      return R;
    }
    if (Run >= O.Warmup) {
      Times.push_back(Ms);
      Walls.push_back(std::chrono::duration<double, std::milli>(T1 - T0).count());
    }
  }
  R.Ok = true;
  R.Millis = median(Times);
  R.WallMillis = median(Walls);
  return R;
}

struct Row {
  std::string Bench, Kernel;
  size_t Groups = 0, Local = 0, Items = 0, Bytes = 0, SaGroups = 0;
  FormResult Native, Soft;
  double Target = 0; // the bound on software/native, 0: none
  std::string Error, Note;
  bool ok() const { return Error.empty() && Native.Ok && Soft.Ok; }
  double ratio() const { return Native.Millis > 0 ? Soft.Millis / Native.Millis : 0; }
};

std::string csvField(const std::string &S) {
  if (S.find_first_of(",\"\n") == std::string::npos)
    return S;
  std::string Q = "\"";
  for (char C : S)
    Q += C == '"' ? std::string("\"\"") : std::string(1, C);
  return Q + "\"";
}

std::string fmt(double V, int Digits = 4) {
  char B[64];
  std::snprintf(B, sizeof(B), "%.*f", Digits, V);
  return B;
}

struct Csv {
  std::ofstream Out;
  bool open(const std::string &Path) {
    Out.open(Path);
    if (!Out)
      return false;
    Out << "benchmark,kernel,platform,device,groups,local,items,bytes,repeat,native_ms,"
           "software_ms,ratio,native_wall_ms,software_wall_ms,sa_groups,target_ratio,"
           "verified,note\n";
    Out.flush();
    return true;
  }
  void write(const ClSession &S, const Options &O, const Row &R) {
    if (!Out.is_open())
      return;
    bool Ok = R.ok();
    std::string Note = R.Error;
    if (Note.empty())
      Note = !R.Native.Ok ? "native: " + R.Native.Error
             : !R.Soft.Ok ? "software: " + R.Soft.Error
                          : R.Note;
    Out << R.Bench << ',' << R.Kernel << ',' << csvField(S.PlatformName) << ','
        << csvField(S.DeviceName) << ',' << R.Groups << ',' << R.Local << ',' << R.Items << ','
        << R.Bytes << ',' << O.Repeat << ',' << (R.Native.Ok ? fmt(R.Native.Millis) : "") << ','
        << (R.Soft.Ok ? fmt(R.Soft.Millis) : "") << ','
        << (R.Native.Ok && R.Soft.Ok ? fmt(R.ratio(), 3) : "") << ','
        << (R.Native.Ok ? fmt(R.Native.WallMillis) : "") << ','
        << (R.Soft.Ok ? fmt(R.Soft.WallMillis) : "") << ',' << R.SaGroups << ','
        << (R.Target > 0 ? fmt(R.Target, 2) : "") << ',' << (Ok ? "yes" : "NO") << ','
        << csvField(Note) << '\n';
    Out.flush();
  }
};

struct Programs {
  cl_program Native = nullptr, Soft = nullptr;
  ~Programs() {
    if (Native)
      clReleaseProgram(Native);
    if (Soft)
      clReleaseProgram(Soft);
  }
};

struct Kernels {
  cl_kernel Native = nullptr, Soft = nullptr;
  ~Kernels() {
    if (Native)
      clReleaseKernel(Native);
    if (Soft)
      clReleaseKernel(Soft);
  }
};

/// Builds NAME.cl and NAME.sa.cl of the kernel directory; the kernel pair,
/// or an error (a build log, or a kernel that is not what it should be).
std::string loadKernels(ClSession &S, const Options &O, const std::string &File,
                        const std::string &Name, Programs &P, Kernels &K) {
  std::string Error;
  std::string Base = O.KernelDir + "/" + File;
  if (!P.Native && !(P.Native = S.build(Base + ".cl", "", Error)))
    return Error;
  if (!P.Soft && !(P.Soft = S.build(Base + ".sa.cl", O.SoftOptions, Error)))
    return Error;
  cl_int Err = CL_SUCCESS;
  K.Native = clCreateKernel(P.Native, Name.c_str(), &Err);
  if (Err != CL_SUCCESS)
    return "no kernel '" + Name + "' in " + Base + ".cl: " + clError(Err);
  K.Soft = clCreateKernel(P.Soft, Name.c_str(), &Err);
  if (Err != CL_SUCCESS)
    return "no kernel '" + Name + "' in " + Base + ".sa.cl: " + clError(Err);
  cl_bool NativeRewritten = CL_FALSE, SoftRewritten = CL_FALSE;
  if ((Err = saIsKernelRewritten(K.Native, &NativeRewritten)) ||
      (Err = saIsKernelRewritten(K.Soft, &SoftRewritten)))
    return "saIsKernelRewritten failed: " + saError(Err);
  if (NativeRewritten)
    return Base + ".cl is a rewritten kernel: the native form must be the original";
  if (!SoftRewritten)
    return Base + ".sa.cl: kernel '" + Name + "' was not rewritten by softatomic-rewrite";
  return "";
}

void printHeader() {
  std::printf("%-6s %-10s %7s %9s %9s | %10s %11s %9s | %7s | %s\n", "bench", "kernel", "groups",
              "items", "MB", "native ms", "software ms", "soft/nat", "target", "verified");
}

void printRowStart(const Row &R) {
  std::printf("%-6s %-10s %7zu %9zu %9.1f | ", R.Bench.c_str(), R.Kernel.c_str(), R.Groups,
              R.Items, R.Bytes / 1048576.0);
  std::fflush(stdout);
}

void printRowEnd(const Row &R) {
  std::string Target = R.Target > 0 ? "<=" + fmt(R.Target, 2) + "x" : "";
  if (R.ok()) {
    std::string Ratio = fmt(R.ratio(), R.ratio() < 1000 ? 2 : 0) + "x";
    std::printf("%10.4f %11.4f %9s | %7s | yes%s%s%s\n", R.Native.Millis, R.Soft.Millis,
                Ratio.c_str(), Target.c_str(), R.Note.empty() ? "" : " (", R.Note.c_str(),
                R.Note.empty() ? "" : ")");
  } else {
    std::printf("%10s %11s %9s | %7s | NO\n", R.Native.Ok ? fmt(R.Native.Millis).c_str() : "-",
                R.Soft.Ok ? fmt(R.Soft.Millis).c_str() : "-", "", Target.c_str());
    if (!R.Error.empty())
      std::printf("       error: %s\n", R.Error.c_str());
    if (R.Error.empty() && !R.Native.Ok)
      std::printf("       native: %s\n", R.Native.Error.c_str());
    if (R.Error.empty() && !R.Soft.Ok)
      std::printf("       software: %s\n", R.Soft.Error.c_str());
  }
  std::fflush(stdout);
}

} // namespace

int main(int Argc, char **Argv) {
  Options O;
  for (int I = 1; I < Argc; ++I) {
    std::string A = Argv[I];
    bool HasValue = I + 1 < Argc;
    std::string V = HasValue ? Argv[I + 1] : "";
    size_t N = 0;
    bool Bad = false;
    if (A == "-h" || A == "--help") {
      std::fputs(Usage, stdout);
      return 0;
    } else if (!HasValue) {
      Bad = true;
    } else if (A == "--platform") {
      O.Platform = V;
    } else if (A == "--device") {
      O.Device = V;
    } else if (A == "--soft-build-options") {
      O.SoftOptions = V;
    } else if (A == "--csv") {
      O.Csv = V;
    } else if (A == "--kernels") {
      O.KernelDir = V;
    } else if (A == "--bench") {
      O.Benches.clear();
      for (const std::string &B : split(V, ',')) {
        if (B == "all") {
          O.Benches.insert(O.Benches.end(), {"fig8", "fig9", "copy"});
        } else if (B == "fig8" || B == "fig9" || B == "copy") {
          O.Benches.push_back(B);
        } else {
          Bad = true;
        }
      }
    } else if (A == "--groups") {
      O.Groups.clear();
      for (const std::string &G : split(V, ','))
        if (parseSize(G, N))
          O.Groups.push_back(N);
        else
          Bad = true;
      Bad = Bad || O.Groups.empty();
    } else if (A == "--local") {
      Bad = !parseSize(V, O.Local);
    } else if (A == "--repeat") {
      Bad = !parseSize(V, N);
      O.Repeat = (int)N;
    } else if (A == "--warmup") {
      O.Warmup = std::atoi(V.c_str());
      Bad = V.empty() || V.find_first_not_of("0123456789") != std::string::npos;
    } else if (A == "--copy-mb") {
      Bad = !parseSize(V, O.CopyMB);
    } else if (A == "--copy-width") {
      O.CopyWidth = std::atoi(V.c_str());
      Bad = O.CopyWidth != 1 && O.CopyWidth != 4;
    } else {
      Bad = true;
    }
    if (Bad) {
      std::fprintf(stderr, "microbench: bad argument '%s%s%s'\n%s", A.c_str(),
                   HasValue ? " " : "", V.c_str(), Usage);
      return 2;
    }
    ++I;
  }
  if (O.KernelDir.empty()) {
    std::fprintf(stderr, "microbench: this build has no kernel directory; pass --kernels DIR "
                         "(NAME.cl and NAME.sa.cl, from scripts/bench.sh --bundle)\n");
    return 2;
  }

  ClSession S;
  std::string Error;
  if (!S.open(O.Platform, O.Device, Error)) {
    std::fprintf(stderr, "microbench: %s\n", Error.c_str());
    return 1;
  }
  Csv Out;
  if (!O.Csv.empty() && !Out.open(O.Csv)) {
    std::fprintf(stderr, "microbench: cannot write %s\n", O.Csv.c_str());
    return 1;
  }
  size_t MaxGroup = 0;
  cl_ulong MaxAlloc = 0;
  clGetDeviceInfo(S.Device, CL_DEVICE_MAX_WORK_GROUP_SIZE, sizeof(MaxGroup), &MaxGroup, nullptr);
  clGetDeviceInfo(S.Device, CL_DEVICE_MAX_MEM_ALLOC_SIZE, sizeof(MaxAlloc), &MaxAlloc, nullptr);
  if (MaxGroup && O.Local > MaxGroup) {
    std::fprintf(stderr, "microbench: --local %zu is above the device's maximum of %zu\n",
                 O.Local, MaxGroup);
    return 2;
  }

  std::printf("softatomic microbenchmarks (runtime %s)\n", SA_VERSION);
  std::printf("device: %s (%s)\n", S.DeviceName.c_str(), S.PlatformName.c_str());
  std::printf("kernels: %s\n", O.KernelDir.c_str());
  std::printf("%d warm-up + %d timed runs per kernel and size, every run verified; "
              "kernel times are medians of profiling events (start to end)\n\n",
              O.Warmup, O.Repeat);
  printHeader();

  bool AllOk = true;
  std::vector<Row> Rows;
  for (const std::string &Bench : O.Benches) {
    std::string File = Bench;
    std::string Name = Bench == "copy" ? (O.CopyWidth == 4 ? "copy_uint4" : "copy_uint") : Bench;
    // (groups, items, words copied) of every size of this benchmark
    struct Size {
      size_t Groups, Items, Words;
    };
    std::vector<Size> Sizes;
    if (Bench == "copy") {
      size_t Words = O.CopyMB * 1048576 / sizeof(cl_uint);
      size_t Items = Words / O.CopyWidth / O.Local * O.Local; // whole groups
      if (Items == 0)
        Items = O.Local;
      Sizes.push_back({Items / O.Local, Items, Items * O.CopyWidth});
    } else {
      for (size_t G : O.Groups)
        Sizes.push_back({G, G * O.Local, 0});
    }
    Programs P;
    Kernels K;
    std::string LoadError = loadKernels(S, O, File, Name, P, K);
    size_t Coresident = 0;
    if (LoadError.empty() &&
        saGetCoresidentGroups(K.Soft, S.Device, O.Local, &Coresident) != CL_SUCCESS)
      LoadError = std::string("saGetCoresidentGroups failed: ") + saGetLastErrorMessage();
    for (const Size &Z : Sizes) {
      Row R;
      R.Bench = Bench;
      R.Kernel = Name;
      R.Groups = Z.Groups;
      R.Local = O.Local;
      R.Items = Z.Items;
      R.SaGroups = Coresident ? std::min(Z.Groups, Coresident - 1) + 1 : 0;
      if (Bench == "fig8")
        R.Target = (Z.Groups == 128 || Z.Groups == 4096) ? 4.0 : 0;
      else
        R.Target = 1.25;
      std::unique_ptr<Workload> W;
      if (Bench == "fig8")
        W.reset(new Fig8(S, Z.Items));
      else if (Bench == "fig9")
        W.reset(new Fig9(S, Z.Items));
      else
        W.reset(new Copy(S, Z.Items, Z.Words));
      R.Bytes = W->bytes();
      printRowStart(R);
      if (!LoadError.empty()) {
        R.Error = LoadError;
      } else if (R.Bytes > MaxAlloc) {
        R.Error = "the buffer (" + std::to_string(R.Bytes) + " bytes) is above the device's "
                  "largest allocation (" + std::to_string(MaxAlloc) + "); use --copy-mb";
      } else if (cl_int Err = W->create()) {
        R.Error = "creating the buffers failed: " + clError(Err);
      } else {
        R.Note = W->Note;
        R.Native = runForm(S, *W, K.Native, false, O.Local, O);
        R.Soft = runForm(S, *W, K.Soft, true, O.Local, O);
      }
      W->release();
      printRowEnd(R);
      Out.write(S, O, R);
      AllOk = AllOk && R.ok();
      Rows.push_back(R);
      if (!LoadError.empty())
        break; // one message is enough for a kernel that does not build
    }
  }

  // The targets: fig8 at 128 and 4096 groups, fig9 at those sizes
  // and at its worst, the copy.
  std::printf("\nThe runtime-speed issue's targets (software/native kernel time):\n");
  bool AnyTarget = false;
  auto Report = [&](const Row &R, const char *What) {
    AnyTarget = true;
    std::printf("  %-5s %-22s %9.2fx  (target <= %.2fx) %s\n", R.Bench.c_str(), What, R.ratio(),
                R.Target, R.ratio() <= R.Target ? "met" : "NOT met");
  };
  for (std::string Bench : {"fig8", "fig9", "copy"}) {
    const Row *Worst = nullptr;
    size_t Verified = 0;
    for (const Row &R : Rows) {
      if (R.Bench != Bench || R.Target <= 0 || !R.ok())
        continue;
      ++Verified;
      if (!Worst || R.ratio() > Worst->ratio())
        Worst = &R;
      if (Bench == "copy" || R.Groups == 128 || R.Groups == 4096) {
        std::string What = "at " + std::to_string(R.Groups) + " groups of " +
                           std::to_string(R.Local);
        Report(R, What.c_str());
      }
    }
    if (Bench == "fig9" && Worst && Verified > 1) {
      std::string What = "worst, " + std::to_string(Worst->Groups) + " groups";
      Report(*Worst, What.c_str());
    }
  }
  if (!AnyTarget)
    std::printf("  (no verified row at a size with a target)\n");
  if (!O.Csv.empty())
    std::printf("CSV: %s\n", O.Csv.c_str());
  std::printf("%s\n", AllOk ? "OK: every run verified."
                            : "FAILED: a result was wrong or a launch failed (see above).");
  return AllOk ? 0 : 1;
}
