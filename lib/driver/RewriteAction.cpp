// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- RewriteAction.cpp - One translation unit, rewritten ----------------===//
//
// Ties the pieces together: after a successful parse, analyse, build the
// edits, apply them, and assemble the output of docs/REWRITE.md, "The output
// file" (driver/AssembleOutput). Any error leaves the result empty: a file is
// rewritten whole or not at all.
//
//===----------------------------------------------------------------------===//

#include "analysis/KernelAnalysis.h"
#include "analysis/ProfileSites.h"
#include "driver/AssembleOutput.h"
#include "driver/ExpansionLimit.h"
#include "driver/KeepNative.h"
#include "driver/Manifest.h"
#include "driver/Rewriter.h"
#include "edits/DeviceRuntime.h"
#include "edits/IncludeInliner.h"
#include "edits/RewriteEdits.h"
#include "support/Diagnostics.h"
#include "clang/AST/ASTConsumer.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Lex/Preprocessor.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

using namespace clang;
using namespace llvm;

namespace softatomic {

/// The standard the parse used, as the manifest names it ("CL1.2").
static std::string clStdName(const LangOptions &LO) {
  return "CL" + std::to_string(LO.OpenCLVersion / 100) + "." +
         std::to_string(LO.OpenCLVersion % 100 / 10);
}

/// The language \p LO selects where it is not OpenCL C, for the error;
/// empty for OpenCL C. C++ for OpenCL is what -cl-std can select; a -x of
/// the user's comes after the input and does not apply, but a parse in
/// any other language would be rewritten just as wrong.
static std::string notOpenCLC(const LangOptions &LO) {
  if (LO.OpenCLCPlusPlus)
    return LO.OpenCLCPlusPlusVersion == 100 ? "C++ for OpenCL 1.0"
                                            : "C++ for OpenCL 2021";
  if (!LO.OpenCL)
    return LO.CPlusPlus ? "C++" : LO.ObjC ? "Objective-C" : "C";
  return "";
}

/// What the manifest says of \p K's privatized form: its targets, its
/// buffer arguments, and its sites that cannot take the form.
static void notePrivate(KernelManifest &Entry, const FunctionDecl *K,
                        const KernelAnalysis &Analysis,
                        const SourceManager &SM) {
  auto Targets = Analysis.PrivateTargets.find(K);
  if (Targets != Analysis.PrivateTargets.end())
    Entry.PrivateTargets = Targets->second;
  for (const ParmVarDecl *P : K->parameters()) {
    QualType T = P->getType();
    LangAS AS = T->isPointerType() ? T->getPointeeType().getAddressSpace()
                                   : LangAS::Default;
    if (AS == LangAS::opencl_global || AS == LangAS::opencl_constant)
      Entry.BufferArgs.push_back(P->getFunctionScopeIndex());
  }
  for (const auto &[F, Info] : Analysis.Functions) {
    auto Reaching = Analysis.ReachingKernels.find(F);
    if (Reaching == Analysis.ReachingKernels.end() ||
        !llvm::is_contained(Reaching->second, K))
      continue;
    for (const CallSite &Site : Info.Sites) {
      if (!Site.isGlobalReadModifyWrite() || Site.NotPrivate.empty())
        continue;
      PresumedLoc Loc =
          SM.getPresumedLoc(SM.getFileLoc(Site.Call->getBeginLoc()));
      Entry.NotPrivate.push_back(
          {Loc.isValid() ? sys::path::filename(Loc.getFilename()).str() : "",
           Loc.isValid() ? Loc.getLine() : 0,
           Loc.isValid() ? Loc.getColumn() : 0,
           Site.Builtin ? Site.Builtin->SourceName.str() : "",
           Site.NotPrivate});
    }
  }
}

/// --dry-run's lines on the privatized form.
static std::vector<std::string> privateNotes(const Manifest &M) {
  std::vector<std::string> Notes;
  for (const KernelManifest &K : M.Kernels) {
    for (const PrivateTarget &T : K.PrivateTargets)
      Notes.push_back("kernel '" + K.Name + "': argument " +
                      std::to_string(T.Arg) + " '" + T.Name +
                      "' can be privatized (" + T.Op + " " + T.Type + ", " +
                      (T.Bound ? "at most " + std::to_string(T.Bound) +
                                     (T.Bound == 1 ? " element" : " elements")
                               : "sized per launch") +
                      ")");
    for (const NotPrivateSite &S : K.NotPrivate)
      Notes.push_back(S.File + ":" + std::to_string(S.Line) + ":" +
                      std::to_string(S.Column) + ": kernel '" + K.Name +
                      "': '" + S.Call + "' cannot be privatized: " + S.Reason);
  }
  return Notes;
}

/// The manifest of the kernels \p Analysis rewrites.
static Manifest makeManifest(const KernelAnalysis &Analysis,
                             const RewriteOptions &Options,
                             const LangOptions &LO, const SourceManager &SM) {
  Manifest M;
  M.RuntimeVersion = runtimeVersion().str();
  M.Source = sys::path::filename(Options.InputName).str();
  M.ClStd = clStdName(LO);
  M.DeferUnusedResults = Options.DeferUnusedResults;
  M.CombineMode = Options.CombineMode;
  M.Placement =
      Options.CoordinatorPlacement == RewriteOptions::Placement::Robust
          ? "robust"
          : "static";
  M.Profile = Options.Profile;
  for (const FunctionDecl *K : Analysis.RewrittenKernels) {
    KernelManifest Entry;
    Entry.Name = K->getName().str();
    Entry.UserArgs = K->getNumParams();
    Entry.AtomicSites = Analysis.AtomicSites.lookup(K);
    Entry.DeferredSites = Analysis.DeferredSites.lookup(K);
    Entry.FloatAddLoops = Analysis.FloatAddLoops.lookup(K);
    Entry.ItemsWait = Analysis.WaitingKernels.contains(K);
    notePrivate(Entry, K, Analysis, SM);
    Entry.ReproducibleSites = Analysis.ReproducibleSites.lookup(K);
    Entry.ReproducibleDoubles = Analysis.ReproducibleDoubles.contains(K);
    if (Options.Profile) {
      for (const ParmVarDecl *P : K->parameters()) {
        QualType T = P->getType();
        if (!P->getName().empty() && T->isPointerType() &&
            T->getPointeeType().getAddressSpace() == LangAS::opencl_global) {
          Entry.GlobalPointerArgs.push_back(P->getFunctionScopeIndex());
          Entry.GlobalPointerNames.push_back(P->getName().str());
        }
      }
      for (size_t Id = 0; Id < Analysis.ProfileSites.size(); ++Id)
        if (llvm::is_contained(Analysis.ProfileSites[Id].Kernels, Entry.Name))
          Entry.ProfileSites.push_back(Id);
    }
    M.Kernels.push_back(std::move(Entry));
  }
  M.Sites = Analysis.ProfileSites;
  M.ReproducibleFloats =
      Options.FloatAtomicMode == RewriteOptions::FloatAtomics::Reproducible;
  M.FloatSites = Analysis.FloatSites;
  for (const KeptKernel &Kept : Analysis.KeptKernels)
    M.NativeKernels.push_back(Kept.Kernel->getName().str());
  return M;
}

namespace {

class RewriteConsumer : public ASTConsumer {
public:
  RewriteConsumer(const RewriteOptions &Options, RewriteResult &Result,
                  Preprocessor &PP)
      : Options(Options), Result(Result), PP(PP) {
    PP.addPPCallbacks(
        recordIncludes(PP.getSourceManager(), PP.getLangOpts(), Includes));
  }
  RewriteConsumer(const RewriteConsumer &) = delete;
  RewriteConsumer &operator=(const RewriteConsumer &) = delete;

  void HandleTranslationUnit(ASTContext &Ctx) override;

private:
  /// One analysis and rewrite with \p Choices. Returns, when the edits
  /// failed and \p Held has errors that keeping kernels native removes,
  /// those kernels (driver/KeepNative.h); else nothing.
  std::vector<KeptKernel> attempt(ASTContext &Ctx,
                                  const AnalysisOptions &Choices,
                                  const HeldDiagnostics *Held);
  bool keepUnchanged(const SourceManager &SM, DiagnosticsEngine &Diags);
  bool rewrite(ASTContext &Ctx, const KernelAnalysis &Analysis,
               const Manifest &M);

  const RewriteOptions &Options;
  RewriteResult &Result;
  Preprocessor &PP;
  /// The #include directives of the user's files, in the parse's order.
  std::vector<IncludeDirective> Includes;
};

/// The kernels \p Analysis keeps native, reported, with their reasons;
/// with --warn-kernels-left-alone, the main file's kernels that reach no
/// global atomic are reported too (those that reach only atomic_flag
/// calls, which stay native, as such).
static std::vector<std::pair<std::string, std::string>>
reportNativeKernels(const KernelAnalysis &Analysis,
                    const RewriteOptions &Options, const SourceManager &SM,
                    DiagnosticsEngine &Diags) {
  DenseSet<const FunctionDecl *> Kept;
  std::vector<std::pair<std::string, std::string>> NativeKernels;
  for (const KeptKernel &K : Analysis.KeptKernels) {
    Kept.insert(K.Kernel);
    NativeKernels.emplace_back(K.Kernel->getName().str(), K.Reason);
    report(Diags, Diag::KernelKeptNative, K.Kernel->getLocation())
        << K.Kernel->getName() << K.Reason;
    if (K.Where.isValid())
      report(Diags, Diag::NoteRefusedHere, K.Where) << K.Kernel->getName();
  }
  if (Options.WarnKernelsLeftAlone)
    for (const auto &[FD, Info] : Analysis.Functions)
      if (Info.IsKernel && !Analysis.RewrittenKernels.contains(FD) &&
          !Kept.contains(FD) && SM.isInMainFile(FD->getLocation()))
        report(Diags,
               Analysis.NativeFlagKernels.contains(FD)
                   ? Diag::KernelLeftAloneNativeFlag
                   : Diag::KernelLeftAlone,
               FD->getLocation())
            << FD->getName();
  return NativeKernels;
}

/// \p Input with \p Edits applied; std::nullopt, reported, when they do
/// not apply.
static std::optional<std::string> applyEdits(StringRef Input,
                                             const tooling::Replacements &Edits,
                                             const SourceManager &SM,
                                             DiagnosticsEngine &Diags) {
  Expected<std::string> Text = tooling::applyAllReplacements(Input, Edits);
  if (Text)
    return std::move(*Text);
  report(Diags, Diag::InternalError,
         SM.getLocForStartOfFile(SM.getMainFileID()))
      << toString(Text.takeError());
  return std::nullopt;
}

/// No kernel rewritten: the output is the input (with
/// --inline-all-headers, its headers inlined).
bool RewriteConsumer::keepUnchanged(const SourceManager &SM,
                                    DiagnosticsEngine &Diags) {
  StringRef Input = SM.getBufferData(SM.getMainFileID());
  Result.Input = Input.str();
  Result.Output = Input.str();
  if (Options.InlineAllHeaders) {
    std::optional<tooling::Replacements> Inlined =
        inlineEditedHeaders(SM, PP.getHeaderSearchInfo(), Diags, Includes, {},
                            Options.InputName, /*InlineAll=*/true);
    if (!Inlined)
      return false;
    std::optional<std::string> Text = applyEdits(Input, *Inlined, SM, Diags);
    if (!Text)
      return false;
    Result.Output = std::move(*Text);
  }
  Result.Changed = false;
  return true;
}

/// Some kernel rewritten: the edits, applied, after the prefix.
bool RewriteConsumer::rewrite(ASTContext &Ctx, const KernelAnalysis &Analysis,
                              const Manifest &M) {
  const SourceManager &SM = Ctx.getSourceManager();
  DiagnosticsEngine &Diags = Ctx.getDiagnostics();
  MapVector<const FileEntry *, tooling::Replacements> FileEdits;
  PrefixFacts Facts;
  Facts.WideAtomics = Analysis.HasWideAtomics;
  Facts.Reproducible = !Analysis.ReproducibleSites.empty();
  if (!buildRewriteEdits(Ctx, Analysis, Options.InputName, FileEdits,
                         Facts.NoWarpProgram, Facts.ScopedContext,
                         Options.Profile))
    return false;
  std::optional<tooling::Replacements> MainEdits = inlineEditedHeaders(
      SM, PP.getHeaderSearchInfo(), Diags, Includes, FileEdits,
      Options.InputName, Options.InlineAllHeaders);
  if (!MainEdits)
    return false;
  StringRef Input = SM.getBufferData(SM.getMainFileID());
  std::optional<std::string> Edited = applyEdits(Input, *MainEdits, SM, Diags);
  if (!Edited)
    return false;
  assembleOutput(Result, Input, *Edited,
                 outputPrefix(M, Options, Facts, *Edited));
  Result.Edits = std::move(*MainEdits);
  for (const FunctionDecl *K : Analysis.RewrittenKernels)
    Result.RewrittenKernels.push_back(K->getName().str());
  Result.FloatSites = Analysis.FloatSites;
  Result.Changed = true;
  return true;
}

std::vector<KeptKernel> RewriteConsumer::attempt(ASTContext &Ctx,
                                                 const AnalysisOptions &Choices,
                                                 const HeldDiagnostics *Held) {
  DiagnosticsEngine &Diags = Ctx.getDiagnostics();
  std::optional<KernelAnalysis> Analysis = analyzeKernels(Ctx, Choices);
  if (!Analysis)
    return {};
  const SourceManager &SM = Ctx.getSourceManager();
  auto NativeKernels = reportNativeKernels(*Analysis, Options, SM, Diags);
  if (Options.Profile)
    numberProfileSites(*Analysis, SM);
  Manifest M = makeManifest(*Analysis, Options, Ctx.getLangOpts(), SM);
  bool Done = Analysis->RewrittenKernels.empty() ? keepUnchanged(SM, Diags)
                                                 : rewrite(Ctx, *Analysis, M);
  if (!Done)
    return Held ? kernelsOfErrors(*Analysis, Held->held(), SM)
                : std::vector<KeptKernel>();
  Result.ManifestJSON = manifestJSON(M, /*Pretty=*/true);
  Result.PrivateNotes = privateNotes(M);
  Result.NativeKernels = std::move(NativeKernels);
  Result.Succeeded = true;
  return {};
}

void RewriteConsumer::HandleTranslationUnit(ASTContext &Ctx) {
  DiagnosticsEngine &Diags = Ctx.getDiagnostics();
  // Clang has already said what is wrong with the input.
  if (Diags.hasErrorOccurred())
    return;
  AnalysisOptions Choices = analysisOptions(Options);
  if (!Options.KeepNativeOnError) {
    attempt(Ctx, Choices, nullptr);
    return;
  }
  // Each attempt keeps more kernels native, so this ends.
  HeldDiagnostics Held(Diags);
  for (;;) {
    std::vector<KeptKernel> More = attempt(Ctx, Choices, &Held);
    if (More.empty())
      break;
    Held.drop();
    Choices.KeepNative.insert(Choices.KeepNative.end(), More.begin(),
                              More.end());
  }
  Held.show();
}

class RewriteAction : public ASTFrontendAction {
public:
  RewriteAction(const RewriteOptions &Options, RewriteResult &Result)
      : Options(Options), Result(Result) {}

protected:
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI,
                                                 StringRef) override {
    limitMacroExpansion(CI.getPreprocessor(), Options.MaxMacroExpansionTokens);
    return std::make_unique<RewriteConsumer>(Options, Result,
                                             CI.getPreprocessor());
  }

  /// Where to point at the manifest found at \p Marker in the main file.
  /// Clang shows the whole line a diagnostic points into, and the
  /// manifest's line is hundreds of characters of JSON: the diagnostic
  /// points into a copy of the line's start instead, under the input's
  /// name, at the same line and column.
  static SourceLocation manifestLocation(SourceManager &SM, size_t Marker) {
    constexpr size_t Shown = 60;
    FileID Main = SM.getMainFileID();
    StringRef Input = SM.getBufferData(Main);
    StringRef Line = Input.substr(0, Input.find('\n'));
    if (Marker >= Line.size() || Line.size() <= Shown)
      return SM.getComposedLoc(Main, Marker);
    FileID Copy = SM.createFileID(MemoryBuffer::getMemBufferCopy(
        (Line.take_front(Shown) + " ...").str(),
        SM.getBufferOrFake(Main).getBufferIdentifier()));
    return SM.getComposedLoc(Copy, Marker);
  }

  void ExecuteAction() override {
    // A rewritten file would be rewritten again around the runtime it
    // already carries; refuse it before parsing.
    CompilerInstance &CI = getCompilerInstance();
    // The runtime and the edits are OpenCL C; C++ for OpenCL
    // (-cl-std=clc++) would parse, and be rewritten wrong.
    std::string Language = notOpenCLC(CI.getLangOpts());
    if (!Language.empty()) {
      report(CI.getDiagnostics(), Diag::NotOpenCLC, SourceLocation())
          << Language;
      return;
    }
    SourceManager &SM = CI.getSourceManager();
    StringRef Input = SM.getBufferData(SM.getMainFileID());
    size_t Marker = Input.find(ManifestMarker);
    if (Marker != StringRef::npos) {
      report(CI.getDiagnostics(), Diag::AlreadyRewritten,
             manifestLocation(SM, Marker));
      return;
    }
    ASTFrontendAction::ExecuteAction();
  }

private:
  const RewriteOptions &Options;
  RewriteResult &Result;
};

class RewriteActionFactory : public tooling::FrontendActionFactory {
public:
  RewriteActionFactory(const RewriteOptions &Options, RewriteResult &Result)
      : Options(Options), Result(Result) {}

  std::unique_ptr<FrontendAction> create() override {
    return std::make_unique<RewriteAction>(Options, Result);
  }

private:
  RewriteOptions Options;
  RewriteResult &Result;
};

} // namespace

std::unique_ptr<tooling::FrontendActionFactory>
newRewriteActionFactory(const RewriteOptions &Options, RewriteResult &Result) {
  return std::make_unique<RewriteActionFactory>(Options, Result);
}

} // namespace softatomic
