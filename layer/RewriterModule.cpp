// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- RewriterModule.cpp - The rewriter, in a module of its own ----------===//
//
// libsoftatomic-layer-rewriter.so: the in-memory rewrite the layer asks for
// (ProgramRewrite.h says why it is a module apart).
//
//===----------------------------------------------------------------------===//

#include "ProgramRewrite.h"
#include "driver/CrashRecovery.h"
#include "driver/RewriteFile.h"
#include "driver/Rewriter.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include <sstream>

using namespace clang::tooling;

namespace softatomic {
namespace layer {

/// The diagnostics' error lines joined with "; " (the log has one line per
/// event); the first line when none says "error:".
static std::string errorSummary(const std::string &Diagnostics) {
  std::stringstream Stream(Diagnostics);
  std::string Line, Summary, First;
  while (std::getline(Stream, Line)) {
    if (First.empty())
      First = Line;
    if (Line.find("error:") != std::string::npos)
      Summary += (Summary.empty() ? "" : "; ") + Line;
  }
  if (Summary.empty())
    Summary = First.empty() ? "the rewriter failed" : First;
  return Summary;
}

/// Kernel name to "atomic_sites" from the manifest JSON.
static std::map<std::string, unsigned> atomicSites(const std::string &JSON) {
  std::map<std::string, unsigned> Sites;
  llvm::Expected<llvm::json::Value> Parsed = llvm::json::parse(JSON);
  if (!Parsed) {
    llvm::consumeError(Parsed.takeError());
    return Sites;
  }
  const llvm::json::Object *Manifest = Parsed->getAsObject();
  const llvm::json::Array *Kernels =
      Manifest ? Manifest->getArray("kernels") : nullptr;
  if (!Kernels)
    return Sites;
  for (const llvm::json::Value &Kernel : *Kernels)
    if (const llvm::json::Object *K = Kernel.getAsObject())
      if (std::optional<llvm::StringRef> Name = K->getString("name"))
        Sites[Name->str()] = K->getInteger("atomic_sites").value_or(0);
  return Sites;
}

/// \p Path relative to the working directory when it lies under it, as
/// the cache records it: relative -I directories and includes then mean
/// the same files wherever the application's tree is (another checkout,
/// another machine with the entries carried over), and the hashes check
/// that they are.
static std::string relativeToWorkingDirectory(const std::string &Path) {
  llvm::SmallString<256> Directory, Relative(Path);
  if (llvm::sys::fs::current_path(Directory))
    return Path;
  Directory += llvm::sys::path::get_separator(); // whole components only
  llvm::sys::path::replace_path_prefix(Relative, Directory, "");
  return std::string(Relative);
}

} // namespace layer
} // namespace softatomic

using namespace softatomic;
using namespace softatomic::layer;

extern "C" __attribute__((visibility("default"))) void
softatomicLayerRewriteProgram(const std::string &Source,
                              const BuildFlags &Flags,
                              const RewriteOptions &LayerOptions,
                              unsigned ProgramId, ProgramRewrite &Rewrite) {
  std::string Name = "program-" + std::to_string(ProgramId) + ".cl";
  RewriteOptions Options = LayerOptions;
  Options.InputName = Name;
  if (!Flags.ClStd.empty())
    Options.ClStd = Flags.ClStd;
  // Errors are what the log reports; warnings would only lengthen it.
  Options.SuppressWarnings = true;
  RewriteInput Input;
  Input.Path = MappedSourceFolder + Name; // mapped, never on disk
  Input.Contents = Source;
  // Relative -I directories mean what they mean to the application: the
  // process's working directory.
  FixedCompilationDatabase Compilations(".", Flags.CompilerArgs);

  RewriteResult Result;
  std::string Diagnostics;
  llvm::raw_string_ostream DiagnosticsStream(Diagnostics);
  Rewrite = ProgramRewrite();
  // A crash in Clang's parse, or the macro expansion limit, fails this
  // rewrite (RewriteFile.cpp) instead of ending the application.
  ScopedCrashRecovery Recovery;
  Rewrite.Succeeded =
      rewriteFile(Compilations, Input, Options, DiagnosticsStream,
                  /*Colors=*/false, Result);
  DiagnosticsStream.flush();
  // Failures too: a failure the headers caused is cached with them.
  for (std::string &File : Result.Dependencies)
    if (File != Input.Path)
      Rewrite.Headers.push_back(relativeToWorkingDirectory(File));
  if (!Rewrite.Succeeded) {
    Rewrite.Reason = errorSummary(Diagnostics);
    return;
  }
  Rewrite.Changed = Result.Changed;
  Rewrite.Output = std::move(Result.Output);
  Rewrite.AtomicSites = atomicSites(Result.ManifestJSON);
  Rewrite.NativeKernels.insert(Result.NativeKernels.begin(),
                               Result.NativeKernels.end());
}
