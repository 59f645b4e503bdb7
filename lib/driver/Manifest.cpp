// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- Manifest.cpp - The kernel manifest of a rewritten file -------------===//

#include "driver/Manifest.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace softatomic {

/// One extra kernel argument; `bytes` names the formula of
/// runtime/common/softatomic_layout.h that the host evaluates at launch.
static void writeExtraArg(json::OStream &J, unsigned Index, StringRef Name,
                          StringRef Kind, StringRef Bytes) {
  J.object([&] {
    J.attribute("index", Index);
    J.attribute("name", Name);
    J.attribute("kind", Kind);
    J.attribute("bytes", Bytes);
  });
}

/// What a privatized copy may serve, where anything: the targets and the
/// buffer arguments; the sites that cannot take it, and why.
static void writePrivate(json::OStream &J, const KernelManifest &K) {
  if (!K.PrivateTargets.empty()) {
    J.attributeArray("private_targets", [&] {
      for (const PrivateTarget &T : K.PrivateTargets)
        J.object([&] {
          J.attribute("arg", T.Arg);
          J.attribute("op", T.Op);
          J.attribute("type", T.Type);
          J.attribute("bound", (int64_t)T.Bound);
        });
    });
    J.attributeArray("buffer_args", [&] {
      for (unsigned Index : K.BufferArgs)
        J.value(Index);
    });
  }
  if (!K.NotPrivate.empty())
    J.attributeArray("not_private", [&] {
      for (const NotPrivateSite &S : K.NotPrivate)
        J.object([&] {
          J.attribute("line", S.Line);
          J.attribute("column", S.Column);
          J.attribute("call", S.Call);
          J.attribute("reason", S.Reason);
        });
    });
}

/// One kernel of the manifest's "kernels"; \p Profile: with what a
/// --profile rewrite adds.
static void writeKernel(json::OStream &J, const KernelManifest &K,
                        bool Profile) {
  J.object([&] {
    J.attribute("name", K.Name);
    J.attribute("user_args", K.UserArgs);
    J.attributeArray("extra_args", [&] {
      writeExtraArg(J, K.UserArgs, "__sa_scratch", "local_scratch",
                    "max(SA_SCRATCH_BYTES(capacity, items, workers), "
                    "SA_WORKER_SCRATCH_BYTES(items))");
      writeExtraArg(J, K.UserArgs + 1, "__sa_state", "state",
                    "SA_STATE_WORDS(workers, slots) * 4");
      if (K.ReproducibleSites)
        writeExtraArg(J, K.UserArgs + 2, "__sa_repro", "reproducible",
                      "SA_REPRO_BYTES(float_slots, double_slots)");
    });
    J.attribute("atomic_sites", K.AtomicSites);
    J.attribute("deferred_sites", K.DeferredSites);
    J.attribute("float_add_loops", K.FloatAddLoops);
    J.attribute("items_wait", K.ItemsWait);
    writePrivate(J, K);
    if (K.ReproducibleSites) {
      J.attribute("reproducible_sites", K.ReproducibleSites);
      J.attribute("reproducible_doubles", K.ReproducibleDoubles);
    }
    if (Profile) {
      J.attributeArray("global_pointer_args", [&] {
        for (unsigned Index : K.GlobalPointerArgs)
          J.value(Index);
      });
      J.attributeArray("global_pointer_names", [&] {
        for (const std::string &Name : K.GlobalPointerNames)
          J.value(Name);
      });
      J.attributeArray("profile_sites", [&] {
        for (unsigned Id : K.ProfileSites)
          J.value(Id);
      });
    }
  });
}

/// Where a site is and what it calls, as every list of sites says it.
template <typename SiteT>
static void writeWhereAndWhat(json::OStream &J, const SiteT &S) {
  J.attribute("file", S.File);
  J.attribute("line", S.Line);
  J.attribute("column", S.Column);
  J.attribute("operation", S.Operation);
  J.attribute("type", S.Type);
}

/// One float site of a --float-atomics=reproducible rewrite.
static void writeFloatSite(json::OStream &J, const FloatSiteReport &S) {
  J.object([&] {
    writeWhereAndWhat(J, S);
    J.attribute("reproducible", S.Reproducible);
    if (!S.Reproducible)
      J.attribute("why", S.Why);
  });
}

/// The profiled site numbered \p Id, one of the manifest's "sites".
static void writeSite(json::OStream &J, size_t Id, const ProfiledSite &S) {
  J.object([&] {
    J.attribute("id", Id);
    writeWhereAndWhat(J, S);
    J.attribute("width", S.Width);
    J.attribute("result_used", S.ResultUsed);
    // A loop made reproducible says so: the profile's determinism reads it.
    J.attribute("form", S.FloatAddLoop && S.Form != CallForm::Reproducible
                            ? std::string("float-add loop")
                            : std::string(callFormName(S.Form)));
    if (!S.FormWhy.empty())
      J.attribute("form_why", S.FormWhy);
    if (S.Private)
      J.attribute("private", true);
    J.attributeArray("kernels", [&] {
      for (const std::string &K : S.Kernels)
        J.value(K);
    });
  });
}

std::string manifestJSON(const Manifest &M, bool Pretty) {
  std::string Text;
  raw_string_ostream OS(Text);
  // json::OStream keeps the order of docs/REWRITE.md (json::Object would
  // sort the keys).
  json::OStream J(OS, Pretty ? 2 : 0);
  J.object([&] {
    J.attribute("softatomic_manifest", 1);
    J.attribute("runtime_version", M.RuntimeVersion);
    J.attribute("source", M.Source);
    J.attribute("cl_std", M.ClStd);
    J.attributeObject("options", [&] {
      J.attribute("placement", M.Placement);
      J.attribute("memory_model", "auto");
      J.attribute("deferred_atomics", M.DeferUnusedResults);
      J.attribute("combine_mode", M.CombineMode);
      if (M.Profile)
        J.attribute("profile", true);
      if (M.ReproducibleFloats)
        J.attribute("float_atomics", "reproducible");
    });
    // Only a partial program says so: every other manifest stays as it was.
    if (!M.NativeKernels.empty()) {
      J.attribute("partial", true);
      J.attributeArray("native_kernels", [&] {
        for (const std::string &Name : M.NativeKernels)
          J.value(Name);
      });
    }
    J.attributeArray("kernels", [&] {
      for (const KernelManifest &K : M.Kernels)
        writeKernel(J, K, M.Profile);
    });
    // Only a --profile rewrite has sites: every other manifest stays as it
    // was.
    if (M.Profile)
      J.attributeArray("sites", [&] {
        for (size_t Id = 0; Id < M.Sites.size(); ++Id)
          writeSite(J, Id, M.Sites[Id]);
      });
    if (M.ReproducibleFloats)
      J.attributeArray("float_sites", [&] {
        for (const FloatSiteReport &S : M.FloatSites)
          writeFloatSite(J, S);
      });
  });
  OS.flush();
  if (Pretty)
    Text += '\n';
  return Text;
}

std::string manifestComment(const Manifest &M) {
  // "*/" can only appear inside a JSON string, where "*\/" means the same.
  std::string JSON = manifestJSON(M, /*Pretty=*/false);
  std::string Safe;
  for (size_t I = 0; I < JSON.size(); ++I) {
    if (JSON[I] == '/' && I > 0 && JSON[I - 1] == '*')
      Safe += '\\';
    Safe += JSON[I];
  }
  return ("/* " + ManifestMarker + " " + Safe + " */").str();
}

} // namespace softatomic
