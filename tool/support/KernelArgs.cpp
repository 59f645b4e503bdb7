// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "KernelArgs.h"
#include "ClSession.h"
#include "softatomic/softatomic.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <iterator>
#include <random>

namespace softatomic {

std::vector<std::string> splitList(const std::string &S, char Sep) {
  std::vector<std::string> Parts;
  size_t Begin = 0;
  for (size_t End; (End = S.find(Sep, Begin)) != std::string::npos;
       Begin = End + 1)
    Parts.push_back(S.substr(Begin, End - Begin));
  Parts.push_back(S.substr(Begin));
  return Parts;
}

namespace {
/// A scalar type of OpenCL C that a buffer or scalar argument may hold.
struct ScalarType {
  const char *Name;
  size_t Size;
  bool Signed; ///< Read back sign-extended (an integer type).
  bool Real;   ///< half, float or double: read back as its bits.
};
constexpr ScalarType ScalarTypes[] = {
    {"char", 1, true, false},  {"uchar", 1, false, false},
    {"short", 2, true, false}, {"ushort", 2, false, false},
    {"int", 4, true, false},   {"uint", 4, false, false},
    {"long", 8, true, false},  {"ulong", 8, false, false},
    {"half", 2, false, true},  {"float", 4, false, true},
    {"double", 8, false, true}};
constexpr const char *TypeList =
    "char, uchar, short, ushort, int, uint, long, ulong, half, float, "
    "double, or a vector of 2, 3, 4, 8 or 16 of one (uchar4)";

/// TYPE as its scalar type and the scalars one element stores (a
/// 3-vector takes a 4-vector's room, as OpenCL lays it out); no scalar
/// type for a TYPE this file does not know.
struct ElementType {
  const ScalarType *Scalar = nullptr;
  size_t Lanes = 1;
};
ElementType elementType(const std::string &Type) {
  size_t Digits = Type.find_first_of("0123456789");
  std::string Base = Type.substr(0, Digits);
  ElementType E;
  if (Digits != std::string::npos) {
    std::string N = Type.substr(Digits);
    if (N != "2" && N != "3" && N != "4" && N != "8" && N != "16")
      return E;
    E.Lanes = N == "3" ? 4 : std::stoul(N);
  }
  for (const ScalarType &T : ScalarTypes)
    if (Base == T.Name)
      E.Scalar = &T;
  return E;
}

/// IEEE half's bits of \p F, rounded to nearest even.
uint16_t halfBits(float F) {
  uint32_t X;
  std::memcpy(&X, &F, 4);
  uint32_t Sign = (X >> 16) & 0x8000u, Abs = X & 0x7fffffffu;
  if (Abs >= 0x7f800000u) // infinity or NaN
    return (uint16_t)(Sign | 0x7c00u | (Abs > 0x7f800000u ? 0x200u : 0u));
  if (Abs >= 0x477ff000u) // rounds past the largest half
    return (uint16_t)(Sign | 0x7c00u);
  int Exp = (int)(Abs >> 23) - 127 + 15;
  uint32_t Mant = (Abs & 0x7fffffu) | 0x800000u;
  int Shift = Exp > 0 ? 13 : 14 - Exp; // subnormal halves shift further
  if (Shift > 24)
    return (uint16_t)Sign;
  uint32_t Half = Mant >> Shift, Rest = Mant & ((1u << Shift) - 1u),
           Tie = 1u << (Shift - 1);
  if (Rest > Tie || (Rest == Tie && (Half & 1u)))
    ++Half; // may carry into the exponent, as it should
  return (uint16_t)(Sign | ((uint32_t)std::max(Exp, 0) << 10) +
                               (Exp > 0 ? Half - 0x400u : Half));
}

/// One scalar of type \p T at \p Out: the integer \p V, or for a real
/// type \p Real.
void writeScalar(const ScalarType &T, uint64_t V, double Real,
                 unsigned char *Out) {
  if (!T.Real) {
    std::memcpy(Out, &V, T.Size); // little-endian host
  } else if (T.Size == 8) {
    std::memcpy(Out, &Real, 8);
  } else if (T.Size == 4) {
    float F = (float)Real;
    std::memcpy(Out, &F, 4);
  } else {
    uint16_t H = halfBits((float)Real);
    std::memcpy(Out, &H, 2);
  }
}
} // namespace

size_t elementSize(const std::string &Type) {
  ElementType E = elementType(Type);
  return E.Scalar ? E.Scalar->Size * E.Lanes : 0;
}

bool parseSizeList(const std::string &Text, std::vector<size_t> &Sizes,
                   std::string &Error) {
  Sizes.clear();
  for (const std::string &P : splitList(Text, ','))
    Sizes.push_back(std::strtoull(P.c_str(), nullptr, 0));
  if (Sizes.empty() || Sizes.size() > 3) {
    Error = "bad size list '" + Text + "'";
    return false;
  }
  return true;
}

/// Error about Type, unless it is an element type.
static bool knownType(const std::string &Type, std::string &Error) {
  if (elementSize(Type))
    return true;
  Error = "unknown element type '" + Type + "' (TYPE: " + TypeList + ")";
  return false;
}

bool parseArgSpec(const std::string &Text, ArgSpec &Arg, std::string &Error) {
  std::vector<std::string> P = splitList(Text, ':');
  Arg = ArgSpec();
  // file=PATH may hold colons of its own.
  if (P[0] == "buf" && P.size() > 4 && P[3].rfind("file=", 0) == 0) {
    for (size_t I = 4; I < P.size(); ++I)
      P[3] += ":" + P[I];
    P.resize(4);
  }
  if (P[0] == "buf" && (P.size() == 3 || P.size() == 4)) {
    Arg.Type = P[1];
    Arg.Count = std::strtoull(P[2].c_str(), nullptr, 0);
    if (P.size() == 4)
      Arg.Init = P[3];
    return knownType(Arg.Type, Error);
  }
  if (P[0] == "scalar" && P.size() == 3) {
    Arg.K = ArgSpec::Scalar;
    Arg.Type = P[1];
    Arg.Value = P[2];
    return knownType(Arg.Type, Error);
  }
  if (P[0] == "local" && P.size() == 2) {
    Arg.K = ArgSpec::Local;
    Arg.Count = std::strtoull(P[1].c_str(), nullptr, 0);
    return true;
  }
  Error = "bad --arg '" + Text + "'";
  return false;
}

bool applyCheckSpec(const std::string &Text, std::vector<ArgSpec> &Args,
                    std::string &Error) {
  size_t Colon = Text.find(':');
  size_t Index = std::strtoull(Text.substr(0, Colon).c_str(), nullptr, 0);
  if (Colon == std::string::npos || Index >= Args.size() ||
      Args[Index].K != ArgSpec::Buffer) {
    Error = "bad --check '" + Text + "'";
    return false;
  }
  Args[Index].Check = Text.substr(Colon + 1);
  return true;
}

std::optional<std::string> checkProblem(const std::string &Mode) {
  if (Mode == "ignore" || Mode == "equal" || Mode == "multiset" ||
      Mode.rfind("perm=", 0) == 0)
    return std::nullopt;
  if (Mode.rfind("expect=", 0) == 0) {
    std::string Text;
    if (!readFile(Mode.substr(7), Text))
      return "cannot read '" + Mode.substr(7) + "' (check expect=)";
    return std::nullopt;
  }
  if (Mode.rfind("range=", 0) == 0) {
    if (splitList(Mode.substr(6), ',').size() != 2)
      return std::string("range needs LO,HI");
    return std::nullopt;
  }
  return "unknown check '" + Mode + "'";
}

/// file=PATH: the first Out.size() bytes of the file.
static bool fileBytes(const ArgSpec &Arg, const std::string &Path, Bytes &Out,
                      std::string &Error) {
  std::string Text;
  if (!readFile(Path, Text)) {
    Error = "cannot read '" + Path + "' (INIT file=)";
    return false;
  }
  if (Text.size() < Out.size()) {
    Error = "'" + Path + "' holds " + std::to_string(Text.size()) + " bytes; " +
            std::to_string(Arg.Count) + " elements of " + Arg.Type + " need " +
            std::to_string(Out.size());
    return false;
  }
  std::memcpy(Out.data(), Text.data(), Out.size());
  return true;
}

bool initialBytes(const ArgSpec &Arg, Bytes &Out, std::string &Error) {
  if (!knownType(Arg.Type, Error))
    return false;
  ElementType E = elementType(Arg.Type);
  // A scalar is the one element of fill=VALUE. Each lane of a vector is a
  // scalar of its own: iota and random count and draw per scalar.
  size_t Count = (Arg.K == ArgSpec::Scalar ? 1 : Arg.Count) * E.Lanes;
  std::string Init = Arg.K == ArgSpec::Scalar ? "fill=" + Arg.Value : Arg.Init;
  // same=I: argument I's buffer, which holds the bytes (LaunchBuffers).
  if (Init.rfind("same=", 0) == 0) {
    Out.clear();
    return true;
  }
  Out.assign(Count * E.Scalar->Size, 0);
  if (Init.rfind("file=", 0) == 0)
    return fileBytes(Arg, Init.substr(5), Out, Error);
  std::mt19937_64 Random(0);
  uint64_t Mod = 0;
  if (Init.rfind("random=", 0) == 0) {
    std::vector<std::string> P = splitList(Init.substr(7), ',');
    Random.seed(std::strtoull(P[0].c_str(), nullptr, 0));
    Mod = P.size() > 1 ? std::strtoull(P[1].c_str(), nullptr, 0) : 0;
  }
  bool Fill = Init.rfind("fill=", 0) == 0;
  if (Init != "zero" && Init != "iota" && !Fill &&
      Init.rfind("random=", 0) != 0) {
    Error = "unknown INIT '" + Init + "'";
    return false;
  }
  for (size_t I = 0; I < Count; ++I) {
    uint64_t V = 0;
    if (Init == "iota")
      V = I;
    else if (Fill)
      V = std::strtoll(Init.c_str() + 5, nullptr, 0);
    else if (Init.rfind("random=", 0) == 0)
      V = Mod ? Random() % Mod : Random();
    // fill= of a real type takes a fraction too (1.5); the others count.
    double Real = Fill ? std::strtod(Init.c_str() + 5, nullptr) : (double)V;
    writeScalar(*E.Scalar, V, Real, &Out[E.Scalar->Size * I]);
  }
  return true;
}

bool initialArguments(const std::vector<ArgSpec> &Args, std::vector<Bytes> &Out,
                      std::string &Error) {
  Out.assign(Args.size(), Bytes());
  for (size_t I = 0; I < Args.size(); ++I)
    if (Args[I].K != ArgSpec::Local && !initialBytes(Args[I], Out[I], Error))
      return false;
  return true;
}

std::vector<int64_t> elementValues(const ArgSpec &Arg, const Bytes &Contents) {
  ElementType E = elementType(Arg.Type);
  if (!E.Scalar)
    return {};
  size_t Size = E.Scalar->Size;
  size_t Count = std::min(Arg.Count * E.Lanes, Contents.size() / Size);
  std::vector<int64_t> V(Count);
  for (size_t I = 0; I < Count; ++I) {
    uint64_t X = 0;
    std::memcpy(&X, &Contents[Size * I], Size); // little-endian host
    // Integers sign-extended where signed; a real type's bits as they are.
    if (E.Scalar->Signed && Size < 8 && (X >> (8 * Size - 1)) & 1u)
      X |= ~0ull << (8 * Size);
    V[I] = (int64_t)X;
  }
  return V;
}

/// expect=PATH: the second run left the file's bytes, element for element
/// (the first, whose result may depend on the order of its atomics, is
/// not compared).
static std::string compareExpected(const ArgSpec &Arg, const Bytes &Run,
                                   const std::string &Path,
                                   const std::string &RunName) {
  std::string Text;
  if (!readFile(Path, Text) || Text.size() < Run.size())
    return "'" + Path + "' holds fewer bytes than the buffer";
  Bytes Want(Text.begin(), Text.begin() + Run.size());
  if (Want == Run)
    return "";
  std::vector<int64_t> W = elementValues(Arg, Want),
                       G = elementValues(Arg, Run);
  for (size_t I = 0; I < W.size(); ++I)
    if (W[I] != G[I])
      return RunName + " element " + std::to_string(I) + " has bits " +
             std::to_string(G[I]) + ", '" + Path + "' " + std::to_string(W[I]);
  return "differs from '" + Path + "'";
}

/// What each run holds that the other lacks (counted with repeats), with
/// the first few such values: which run is wrong shows in what it holds
/// (zeros not yet written, a value twice).
static std::string compareMultisets(std::vector<int64_t> N,
                                    std::vector<int64_t> S,
                                    const std::string &FirstName,
                                    const std::string &SecondName) {
  std::sort(N.begin(), N.end());
  std::sort(S.begin(), S.end());
  if (N == S)
    return "";
  auto OnlyIn = [](const std::vector<int64_t> &A, const std::vector<int64_t> &B,
                   const std::string &Name) {
    std::vector<int64_t> Extra;
    std::set_difference(A.begin(), A.end(), B.begin(), B.end(),
                        std::back_inserter(Extra));
    std::string Text = Name + " holds " + std::to_string(Extra.size()) +
                       " value(s) the other lacks";
    for (size_t I = 0; I < std::min<size_t>(Extra.size(), 4); ++I)
      Text += (I ? ", " : ": ") + std::to_string(Extra[I]);
    return Text + (Extra.size() > 4 ? ", ..." : "");
  };
  return "the two runs hold different values; " + OnlyIn(N, S, FirstName) +
         "; " + OnlyIn(S, N, SecondName);
}

std::string compareOutputs(const ArgSpec &Arg, const Bytes &First,
                           const Bytes &Second, const std::string &FirstName,
                           const std::string &SecondName) {
  const std::string &C = Arg.Check;
  if (C == "ignore")
    return "";
  std::vector<int64_t> N = elementValues(Arg, First),
                       S = elementValues(Arg, Second);
  if (C == "equal") {
    if (First == Second)
      return "";
    for (size_t I = 0; I < std::min(N.size(), S.size()); ++I)
      if (N[I] != S[I])
        return "element " + std::to_string(I) + ": " + FirstName + " " +
               std::to_string(N[I]) + ", " + SecondName + " " +
               std::to_string(S[I]);
    return "differs";
  }
  if (C == "multiset")
    return compareMultisets(N, S, FirstName, SecondName);
  if (C.rfind("perm=", 0) == 0) {
    int64_t Base = std::strtoll(C.c_str() + 5, nullptr, 0);
    for (auto *V : {&N, &S}) {
      std::sort(V->begin(), V->end());
      for (size_t I = 0; I < V->size(); ++I)
        if ((*V)[I] != Base + (int64_t)I)
          return (V == &N ? FirstName : SecondName) +
                 " run is not a permutation: sorted element " +
                 std::to_string(I) + " is " + std::to_string((*V)[I]);
    }
    return "";
  }
  if (C.rfind("expect=", 0) == 0)
    return compareExpected(Arg, Second, C.substr(7), SecondName);
  if (C.rfind("range=", 0) == 0) {
    std::vector<std::string> P = splitList(C.substr(6), ',');
    int64_t Lo = std::strtoll(P[0].c_str(), nullptr, 0),
            Hi = P.size() > 1 ? std::strtoll(P[1].c_str(), nullptr, 0) : Lo;
    for (auto *V : {&N, &S})
      for (size_t I = 0; I < V->size(); ++I)
        if ((*V)[I] < Lo || (*V)[I] > Hi)
          return (V == &N ? FirstName : SecondName) + " element " +
                 std::to_string(I) + " = " + std::to_string((*V)[I]) +
                 " is out of range";
    return "";
  }
  return "unknown check '" + C + "'";
}

LaunchBuffers::~LaunchBuffers() {
  for (cl_mem M : Mems)
    if (M)
      clReleaseMemObject(M);
}

cl_int LaunchBuffers::shareBuffer(const std::vector<ArgSpec> &Specs, size_t I,
                                  std::string &What) {
  size_t Other = std::strtoull(Specs[I].Init.c_str() + 5, nullptr, 10);
  // An earlier buffer of the same type and count: the two arguments then
  // read back the same bytes.
  if (Other >= I || Specs[Other].K != ArgSpec::Buffer ||
      Specs[Other].Init.rfind("same=", 0) == 0 ||
      Specs[Other].Type != Specs[I].Type ||
      Specs[Other].Count != Specs[I].Count) {
    What = "argument " + std::to_string(I) + "'s INIT " + Specs[I].Init +
           " (it names an earlier buffer argument of the same type and "
           "count)";
    return CL_INVALID_VALUE;
  }
  Mems[I] = Mems[Other];
  return clRetainMemObject(Mems[I]);
}

cl_int LaunchBuffers::create(cl_context Context,
                             const std::vector<ArgSpec> &Specs,
                             const std::vector<Bytes> &Initial,
                             std::string &What) {
  Args = &Specs;
  Mems.assign(Specs.size(), nullptr);
  for (size_t I = 0; I < Specs.size(); ++I) {
    if (Specs[I].K != ArgSpec::Buffer)
      continue;
    if (Specs[I].Init.rfind("same=", 0) == 0) {
      if (cl_int Err = shareBuffer(Specs, I, What))
        return Err;
      continue;
    }
    const Bytes &B = Initial[I];
    cl_int Err = CL_SUCCESS;
    // A buffer of no elements is still a buffer (OpenCL has no empty one).
    Mems[I] = clCreateBuffer(
        Context, CL_MEM_READ_WRITE | (B.empty() ? 0 : CL_MEM_COPY_HOST_PTR),
        std::max<size_t>(B.size(), 4),
        B.empty() ? nullptr : const_cast<unsigned char *>(B.data()), &Err);
    if (Err != CL_SUCCESS) {
      What = "clCreateBuffer";
      return Err;
    }
  }
  return CL_SUCCESS;
}

cl_int LaunchBuffers::setArguments(cl_kernel Kernel,
                                   const std::vector<Bytes> &Initial,
                                   std::string &What) const {
  for (cl_uint I = 0; I < Mems.size(); ++I) {
    const ArgSpec &A = (*Args)[I];
    cl_int Err = CL_SUCCESS;
    if (A.K == ArgSpec::Buffer)
      Err = clSetKernelArg(Kernel, I, sizeof(cl_mem), &Mems[I]);
    else if (A.K == ArgSpec::Local)
      Err = clSetKernelArg(Kernel, I, A.Count, nullptr);
    else
      Err = clSetKernelArg(Kernel, I, Initial[I].size(), Initial[I].data());
    if (Err != CL_SUCCESS) {
      What = "clSetKernelArg " + std::to_string(I);
      return Err;
    }
    // What the privatized form needs to know of the arguments (a kernel
    // that is not rewritten ignores it).
    saNoteKernelArg(Kernel, I, A.K == ArgSpec::Buffer ? sizeof(cl_mem) : 0,
                    A.K == ArgSpec::Buffer ? &Mems[I] : nullptr);
  }
  return CL_SUCCESS;
}

std::vector<Bytes> LaunchBuffers::read(cl_command_queue Queue) const {
  std::vector<Bytes> Out(Mems.size());
  for (size_t I = 0; I < Mems.size(); ++I) {
    if (!Mems[I])
      continue;
    const ArgSpec &A = (*Args)[I];
    Out[I].resize(A.Count * elementSize(A.Type));
    if (!Out[I].empty())
      clEnqueueReadBuffer(Queue, Mems[I], CL_TRUE, 0, Out[I].size(),
                          Out[I].data(), 0, nullptr, nullptr);
  }
  return Out;
}

LaunchGeometry::LaunchGeometry(const std::vector<size_t> &GlobalSizes,
                               const std::vector<size_t> &LocalSizes,
                               const std::vector<size_t> &Offsets)
    : Dim((cl_uint)GlobalSizes.size()), HasLocal(!LocalSizes.empty()),
      HasOffset(!Offsets.empty()) {
  for (cl_uint D = 0; D < Dim && D < 3; ++D) {
    Global[D] = GlobalSizes[D];
    Local[D] = D < LocalSizes.size() ? LocalSizes[D] : 1;
    Offset[D] = D < Offsets.size() ? Offsets[D] : 0;
  }
}

std::string joinSizes(const std::vector<size_t> &V) {
  std::string S;
  for (size_t X : V)
    S += (S.empty() ? "" : ",") + std::to_string(X);
  return S;
}

cl_int profileReport(cl_uint Format, std::string &Text) {
  size_t Size = 0;
  cl_int Err = saGetProfileReport(Format, 0, nullptr, &Size);
  Text.assign(Size, '\0');
  if (Err == CL_SUCCESS && Size)
    Err = saGetProfileReport(Format, Size, Text.data(), nullptr);
  while (!Text.empty() && Text.back() == '\0')
    Text.pop_back();
  return Err;
}

} // namespace softatomic
