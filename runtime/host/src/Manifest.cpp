// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "Manifest.h"

#include "ClQuery.h"
#include "Error.h"
#include "Privatize.h"
#include "softatomic_layout.h"

#include <nlohmann/json.hpp>

#include <mutex>
#include <vector>

namespace softatomic {

static const char ManifestMarker[] = "softatomic-manifest:";
/// Where the device runtime begins in a rewritten source: the rewriter's
/// prefix (its defines) comes before it.
static const char RuntimeMarker[] = "#ifndef SOFTATOMIC_RUNTIME";

/// A kernel's "private_targets" and "buffer_args" (older manifests have
/// neither: no copy). A target whose operation the runtime does not know
/// is left out.
static void readPrivateTargets(const nlohmann::json &K,
                               RewrittenKernel &Entry) {
  if (!K.contains("private_targets"))
    return;
  for (const auto &T : K.at("private_targets")) {
    PrivateTargetInfo Info;
    Info.Arg = T.at("arg").get<cl_uint>();
    Info.Op = privateOpCode(T.at("op").get<std::string>(),
                            T.at("type").get<std::string>());
    Info.Bound = T.value("bound", 0ull);
    if (Info.Op)
      Entry.PrivateTargets.push_back(Info);
  }
  Entry.BufferArgs = K.at("buffer_args").get<std::vector<cl_uint>>();
}

/// The manifest's "sites" (a --profile rewrite's), numbered in order.
static bool readSites(const nlohmann::json &Doc, Manifest &M,
                      std::string &Error) {
  for (const auto &S : Doc.at("sites")) {
    ProfileSite Site;
    Site.Id = S.at("id").get<unsigned>();
    Site.File = S.at("file").get<std::string>();
    Site.Line = S.at("line").get<unsigned>();
    Site.Column = S.at("column").get<unsigned>();
    Site.Operation = S.at("operation").get<std::string>();
    Site.Type = S.at("type").get<std::string>();
    Site.Width = S.at("width").get<unsigned>();
    Site.ResultUsed = S.at("result_used").get<bool>();
    Site.Form = S.at("form").get<std::string>();
    Site.Private = S.value("private", false);
    Site.FormWhy = S.value("form_why", std::string());
    Site.Kernels = S.at("kernels").get<std::vector<std::string>>();
    if (Site.Id != M.Sites.size()) {
      Error = "the manifest's sites are not numbered in order";
      return false;
    }
    M.Sites.push_back(std::move(Site));
  }
  return true;
}

/// A kernel's "extra_args", the runtime's arguments: false where the
/// scratch or the state argument is missing.
static bool readExtraArgs(const nlohmann::json &K, RewrittenKernel &Entry) {
  bool HaveScratch = false, HaveState = false;
  for (const auto &Arg : K.at("extra_args")) {
    auto Kind = Arg.at("kind").get<std::string>();
    auto Index = Arg.at("index").get<cl_uint>();
    if (Kind == "local_scratch") {
      Entry.ScratchIndex = Index;
      HaveScratch = true;
    } else if (Kind == "state") {
      Entry.StateIndex = Index;
      HaveState = true;
    } else if (Kind == "reproducible") {
      Entry.ReproIndex = Index;
      Entry.Reproducible = true;
    }
  }
  return HaveScratch && HaveState;
}

std::shared_ptr<const Manifest> parseManifest(const std::string &Json,
                                              std::string &Error) {
  auto Doc = nlohmann::json::parse(Json, nullptr, /*allow_exceptions=*/false);
  if (Doc.is_discarded() || !Doc.is_object()) {
    Error = "the manifest is not a JSON object";
    return nullptr;
  }
  try {
    auto M = std::make_shared<Manifest>();
    M->RuntimeVersion = Doc.at("runtime_version").get<std::string>();
    bool CombineMode =
        Doc.contains("options") && Doc["options"].value("combine_mode", false);
    bool Partial = Doc.value("partial", false);
    bool Profiled =
        Doc.contains("options") && Doc["options"].value("profile", false);
    if (Profiled && !readSites(Doc, *M, Error))
      return nullptr;
    for (const auto &K : Doc.at("kernels")) {
      RewrittenKernel Entry;
      Entry.CombineMode = CombineMode;
      Entry.PartialProgram = Partial;
      if (Profiled) {
        Entry.Profiled = true;
        Entry.ProfileSites = K.at("profile_sites").get<std::vector<unsigned>>();
        Entry.GlobalPointerArgs =
            K.at("global_pointer_args").get<std::vector<unsigned>>();
        Entry.GlobalPointerNames =
            K.value("global_pointer_names", std::vector<std::string>{});
        for (unsigned Id : Entry.ProfileSites)
          if (Id >= M->Sites.size()) {
            Error = "kernel '" + K.at("name").get<std::string>() +
                    "' names a site the manifest does not have";
            return nullptr;
          }
      }
      Entry.UserArgs = K.at("user_args").get<cl_uint>();
      // Older manifests say neither: the work-items may wait.
      Entry.ItemsWait = K.value("items_wait", true);
      Entry.FloatAddLoops = K.value("float_add_loops", 0u);
      readPrivateTargets(K, Entry);
      Entry.ReproducibleSites = K.value("reproducible_sites", 0u);
      Entry.ReproducibleDoubles = K.value("reproducible_doubles", false);
      if (!readExtraArgs(K, Entry)) {
        Error = "kernel '" + K.at("name").get<std::string>() +
                "' lacks its scratch or state argument";
        return nullptr;
      }
      M->Kernels[K.at("name").get<std::string>()] = Entry;
    }
    return M;
  } catch (const nlohmann::json::exception &E) {
    Error = E.what();
    return nullptr;
  }
}

namespace {
/// Parsed manifests by their JSON text (so a program is parsed once however
/// often its kernels launch), and manifests registered by program.
struct ManifestCache {
  std::mutex Lock;
  std::map<std::string, std::shared_ptr<const Manifest>> ByText;
  std::map<cl_program, std::shared_ptr<const Manifest>> Registered;
};
ManifestCache &cache() {
  static ManifestCache Cache;
  return Cache;
}
} // namespace

/// The JSON of the manifest comment, if Source starts with one.
static bool manifestText(const std::string &Source, std::string &Json) {
  size_t Begin = Source.find(ManifestMarker);
  // The rewriter puts the manifest on the first line; look no further.
  if (Begin == std::string::npos || Begin > Source.find('\n'))
    return false;
  Begin += sizeof(ManifestMarker) - 1;
  size_t End = Source.find("*/", Begin);
  if (End == std::string::npos)
    return false;
  Json = Source.substr(Begin, End - Begin);
  return true;
}

bool builtAsWarpProgram(cl_program Program) {
  size_t Size = 0;
  if (clGetProgramInfo(Program, CL_PROGRAM_DEVICES, 0, nullptr, &Size) !=
          CL_SUCCESS ||
      Size < sizeof(cl_device_id))
    return false;
  std::vector<cl_device_id> Devices(Size / sizeof(cl_device_id));
  if (clGetProgramInfo(Program, CL_PROGRAM_DEVICES, Size, Devices.data(),
                       nullptr) != CL_SUCCESS)
    return false;
  cl_device_id Device = Devices[0]; // one build's options for all of them
  std::string Options = infoString([&](size_t S, void *V, size_t *R) {
    return clGetProgramBuildInfo(Program, Device, CL_PROGRAM_BUILD_OPTIONS, S,
                                 V, R);
  });
  return Options.find("-DSA_WARP_PROGRAM") != std::string::npos;
}

std::shared_ptr<const Manifest> findManifest(cl_program Program, cl_int &Code) {
  Code = CL_SUCCESS;
  ManifestCache &C = cache();
  {
    std::lock_guard<std::mutex> Guard(C.Lock);
    auto It = C.Registered.find(Program);
    if (It != C.Registered.end())
      return It->second;
  }
  std::string Json, Source = programSource(Program);
  if (!manifestText(Source, Json) || builtAsWarpProgram(Program))
    return nullptr;
  // The rewriter's prefix, between the manifest and the runtime, defines
  // SA_INT64_ATOMICS for a program with 64-bit 1.x atomics.
  bool Int64 = Source.find("\n#define SA_INT64_ATOMICS 1\n") <
               Source.find(RuntimeMarker);
  std::string Key = Json + (Int64 ? "\nint64" : "");
  std::lock_guard<std::mutex> Guard(C.Lock);
  auto It = C.ByText.find(Key);
  if (It != C.ByText.end())
    return It->second;
  std::string Error;
  auto Parsed = parseManifest(Json, Error);
  if (!Parsed) {
    Code = fail(SA_INVALID_MANIFEST, Error);
    return nullptr;
  }
  auto M = std::make_shared<Manifest>(*Parsed);
  M->Int64Atomics = Int64;
  if (M->RuntimeVersion != SA_RUNTIME_VERSION) {
    Code = fail(SA_VERSION_MISMATCH, "the program was rewritten for runtime " +
                                         M->RuntimeVersion + "; this is " +
                                         SA_RUNTIME_VERSION);
    return nullptr;
  }
  C.ByText.emplace(Key, M);
  return M;
}

cl_int registerManifest(cl_program Program, const char *Json) {
  if (!Program)
    return fail(CL_INVALID_PROGRAM, "no program given");
  ManifestCache &C = cache();
  std::lock_guard<std::mutex> Guard(C.Lock);
  if (!Json) {
    C.Registered.erase(Program);
    return succeed();
  }
  std::string Error;
  auto M = parseManifest(Json, Error);
  if (!M)
    return fail(SA_INVALID_MANIFEST, Error);
  if (M->RuntimeVersion != SA_RUNTIME_VERSION)
    return fail(SA_VERSION_MISMATCH,
                "manifest for runtime " + M->RuntimeVersion);
  C.Registered[Program] = M;
  return succeed();
}

} // namespace softatomic

extern "C" cl_int saRegisterProgramManifest(cl_program Program,
                                            const char *ManifestJson) {
  return softatomic::registerManifest(Program, ManifestJson);
}
