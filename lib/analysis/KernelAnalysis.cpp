// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- KernelAnalysis.cpp - Which kernels and functions change ------------===//

#include "analysis/KernelAnalysis.h"
#include "analysis/BodyScan.h"
#include "analysis/DeferredSites.h"
#include "analysis/FloatAddLoops.h"
#include "analysis/GenericPointers.h"
#include "analysis/GroupForms.h"
#include "analysis/KernelCounts.h"
#include "analysis/MacroKernels.h"
#include "analysis/MacroSpelledForms.h"
#include "analysis/PrivateTargets.h"
#include "analysis/ReproducibleSites.h"
#include "support/Diagnostics.h"
#include "support/StmtParents.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/Stmt.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringSet.h"

using namespace clang;
using namespace llvm;

namespace softatomic {

namespace {

/// Holds what checking one kernel reports instead of printing it, so that
/// --keep-native-on-error can say why the kernel stays native: the first
/// error is the reason, the rest (and the notes) are dropped.
class RefusalCapture : public DiagnosticConsumer {
public:
  RefusalCapture(DiagnosticsEngine &Diags)
      : Diags(Diags), Owner(Diags.takeClient()), Previous(Diags.getClient()) {
    Diags.setClient(this, /*ShouldOwnClient=*/false);
  }
  ~RefusalCapture() override {
    bool Owned = Owner != nullptr;
    Diags.setClient(Previous, Owned);
    (void)Owner.release();
  }
  RefusalCapture(const RefusalCapture &) = delete;
  RefusalCapture &operator=(const RefusalCapture &) = delete;

  void HandleDiagnostic(DiagnosticsEngine::Level Level,
                        const Diagnostic &Info) override {
    DiagnosticConsumer::HandleDiagnostic(Level, Info);
    if (Level < DiagnosticsEngine::Error || !Reason.empty())
      return;
    SmallString<128> Text;
    Info.FormatDiagnostic(Text);
    Reason = Text.str().str();
    Where = Info.getLocation();
  }

  std::string Reason;
  SourceLocation Where;

private:
  DiagnosticsEngine &Diags;
  std::unique_ptr<DiagnosticConsumer> Owner;
  DiagnosticConsumer *Previous;
};

/// The whole-translation-unit reasoning of docs/REWRITE.md.
class Analyzer {
public:
  Analyzer(ASTContext &Ctx, const AnalysisOptions &Options)
      : Ctx(Ctx), SM(Ctx.getSourceManager()), Diags(Ctx.getDiagnostics()),
        Options(Options) {}
  Analyzer(const Analyzer &) = delete;
  Analyzer &operator=(const Analyzer &) = delete;

  std::optional<KernelAnalysis> run();

private:
  void collectFunctions();
  bool checkRecursion();
  void proveGenericPointers();
  void visitForRecursion(const FunctionDecl *F);
  void reachFrom(const FunctionDecl *F, SetVector<const FunctionDecl *> &Out);
  bool hasGlobalAtomic(const FunctionDecl *F) const;
  bool hasGlobalReadModifyWrite(const FunctionDecl *F) const;
  bool hasContextCall(const FunctionDecl *F) const;
  bool hasGeometryCall(const FunctionDecl *F) const;
  bool needsContext(const FunctionDecl *F);
  /// True when \p Pred holds for kernel \p K or a function it reaches.
  template <typename Pred> bool reachesAny(const FunctionDecl *K, Pred P) {
    return P(K) || llvm::any_of(Reach[K], P);
  }
  bool checkRewrittenKernel(const FunctionDecl *K);
  bool checkCallers(const FunctionDecl *Only = nullptr);
  void chooseRewrittenKernels();
  bool keepIfRefused(const FunctionDecl *K);
  void chooseClones();
  void chooseCallForms();
  std::string cloneName(StringRef Name, const StringSet<> &Taken) const;
  bool needsEdit(const CallSite &Site) const;
  const FunctionInfo &info(const FunctionDecl *F) const {
    auto It = Result.Functions.find(F);
    assert(It != Result.Functions.end() && "not a function of the user's");
    return It->second;
  }

  ASTContext &Ctx;
  const SourceManager &SM;
  DiagnosticsEngine &Diags;
  const AnalysisOptions Options;
  KernelAnalysis Result;
  bool Failed = false;
  /// Per kernel: the functions it reaches through calls.
  ReachMap Reach;
  /// Functions reached from some rewritten kernel.
  DenseSet<const FunctionDecl *> RewrittenReach;
  DenseMap<const FunctionDecl *, bool> NeedsContext;
  /// Depth-first colours for the recursion check: absent, on the stack
  /// (true) or done (false).
  DenseMap<const FunctionDecl *, bool> OnStack;
  /// Each offending call is reported once, however many kernels reach it.
  DenseSet<const CallExpr *> Reported;
};

void Analyzer::collectFunctions() {
  for (const Decl *D : Ctx.getTranslationUnitDecl()->decls()) {
    const auto *FD = dyn_cast<FunctionDecl>(D);
    if (!FD || !FD->doesThisDeclarationHaveABody() ||
        SM.isInSystemHeader(FD->getLocation()))
      continue;
    FunctionInfo &Info = Result.Functions[FD];
    Info.Definition = FD;
    Info.IsKernel = FD->hasAttr<OpenCLKernelAttr>();
    scanBody(Info, SM);
    for (const CallExpr *Call : Info.NativeFlagCalls)
      report(Ctx.getDiagnostics(), Diag::NativeAtomicFlag, calleeNameLoc(Call))
          << Call->getDirectCallee()->getName();
  }
  // Calls of functions defined elsewhere (a system header) are opaque:
  // nothing there can be edited or needs to be.
  for (auto &Entry : Result.Functions)
    llvm::erase_if(Entry.second.Sites, [&](const CallSite &Site) {
      return Site.SiteKind == CallSite::Kind::UserCall &&
             !Result.Functions.count(Site.Callee);
    });
}

void Analyzer::visitForRecursion(const FunctionDecl *F) {
  OnStack[F] = true;
  for (const CallSite &Site : info(F).Sites) {
    if (Site.SiteKind != CallSite::Kind::UserCall)
      continue;
    auto It = OnStack.find(Site.Callee);
    if (It == OnStack.end())
      visitForRecursion(Site.Callee);
    else if (It->second) {
      report(Diags, Diag::RecursiveCall, Site.Call->getBeginLoc())
          << Site.Callee->getName();
      Failed = true;
    }
  }
  OnStack[F] = false;
}

/// Atomics on generic pointers: proved __global (rewritten, the pointer
/// cast to __global), proved __local (left alone), or Unprovable with the
/// reason.
void Analyzer::proveGenericPointers() {
  GenericPointerProver Prover(Result);
  for (auto &Entry : Result.Functions) {
    for (CallSite &Site : Entry.second.Sites) {
      if (Site.SiteKind != CallSite::Kind::Atomic ||
          Site.Atomic != AtomicKind::Unprovable || Site.PointerType.isNull() ||
          !Site.PointerType->isPointerType() ||
          Site.PointerType->getPointeeType().getAddressSpace() !=
              LangAS::opencl_generic)
        continue;
      SpaceProof Proof =
          Prover.prove(stripParameterConversions(Site.Call->getArg(0)));
      if (Proof.Result == SpaceProof::Space::Local) {
        Site.Atomic = AtomicKind::Local;
      } else if (Proof.Result == SpaceProof::Space::Global) {
        classifyAtomicIn(Site, LangAS::opencl_global);
        QualType Pointee = Ctx.getAddrSpaceQualType(
            Ctx.removeAddrSpaceQualType(Site.PointerType->getPointeeType()),
            LangAS::opencl_global);
        Site.GlobalCast =
            Ctx.getPointerType(Pointee).getAsString(Ctx.getPrintingPolicy());
      } else
        Site.Unproved = std::move(Proof.Why);
    }
    // As when the pointer says __global: a 64-bit or float atomic_store
    // stays native.
    llvm::erase_if(Entry.second.Sites, [](const CallSite &S) {
      return S.SiteKind == CallSite::Kind::Atomic && S.Builtin &&
             !S.Builtin->ReadModifyWrite &&
             S.Atomic == AtomicKind::GlobalUnsupportedType;
    });
  }
}

bool Analyzer::checkRecursion() {
  for (const auto &Entry : Result.Functions)
    if (!OnStack.count(Entry.first))
      visitForRecursion(Entry.first);
  return !Failed;
}

void Analyzer::reachFrom(const FunctionDecl *F,
                         SetVector<const FunctionDecl *> &Out) {
  for (const CallSite &Site : info(F).Sites)
    if (Site.SiteKind == CallSite::Kind::UserCall && Out.insert(Site.Callee))
      reachFrom(Site.Callee, Out);
}

bool Analyzer::hasGlobalAtomic(const FunctionDecl *F) const {
  return llvm::any_of(info(F).Sites,
                      [](const CallSite &S) { return S.isGlobalAtomic(); });
}

bool Analyzer::hasGlobalReadModifyWrite(const FunctionDecl *F) const {
  return llvm::any_of(info(F).Sites, [](const CallSite &S) {
    return S.isGlobalReadModifyWrite();
  });
}

bool Analyzer::hasContextCall(const FunctionDecl *F) const {
  return llvm::any_of(info(F).Sites, [](const CallSite &S) {
    return S.SiteKind == CallSite::Kind::ContextCall && !S.unservedFence();
  });
}

bool Analyzer::hasGeometryCall(const FunctionDecl *F) const {
  return llvm::any_of(info(F).Sites, [](const CallSite &S) {
    return S.SiteKind == CallSite::Kind::ContextCall && !S.Served->Fence;
  });
}

/// docs/REWRITE.md: a function reached from a rewritten kernel takes the
/// context when it has a global atomic, a call the context serves
/// (geometry, 1.x fences), or a call of a
/// function that takes the context. Kernels called as functions never do.
bool Analyzer::needsContext(const FunctionDecl *F) {
  auto Known = NeedsContext.find(F);
  if (Known != NeedsContext.end())
    return Known->second;
  bool Needs = hasGlobalAtomic(F) || hasContextCall(F);
  for (const CallSite &Site : info(F).Sites)
    if (!Needs && Site.SiteKind == CallSite::Kind::UserCall &&
        !info(Site.Callee).IsKernel)
      Needs = needsContext(Site.Callee);
  NeedsContext[F] = Needs;
  return Needs;
}

/// True when the rewrite must edit \p Site (in rewritten code).
bool Analyzer::needsEdit(const CallSite &Site) const {
  switch (Site.SiteKind) {
  case CallSite::Kind::Atomic:
    return Site.isGlobalAtomic();
  case CallSite::Kind::ContextCall:
    return !Site.unservedFence();
  case CallSite::Kind::UserCall:
    return Result.takesContext(Site.Callee);
  }
  return false;
}

/// Refuses what kernel \p K and the functions it reaches hold that the
/// runtime cannot carry out. Returns false when it refuses something.
bool Analyzer::checkRewrittenKernel(const FunctionDecl *K) {
  bool Accepted = true;
  SmallVector<const FunctionDecl *, 8> Code{K};
  Code.append(Reach[K].begin(), Reach[K].end());
  for (const FunctionDecl *F : Code) {
    for (const CallSite &Site : info(F).Sites) {
      // Reported for another kernel, which refuses this one too.
      if (Reported.contains(Site.Call)) {
        Accepted = false;
        continue;
      }
      StringRef Name = Site.Callee->getName();
      bool Bad = true;
      if (Site.SiteKind == CallSite::Kind::Atomic &&
          Site.Atomic == AtomicKind::GlobalUnsupportedType)
        report(Diags, Diag::UnsupportedAtomicType, Site.Call->getBeginLoc())
            << Name
            << Site.PointerType->getPointeeType()
                   .getUnqualifiedType()
                   .getAsString(Ctx.getPrintingPolicy());
      else if (Site.SiteKind == CallSite::Kind::Atomic &&
               Site.Atomic == AtomicKind::GlobalUnsupportedForm)
        report(Diags, Diag::UnsupportedAtomicForm, Site.Call->getBeginLoc())
            << Name;
      else if (Site.SiteKind == CallSite::Kind::Atomic &&
               Site.Atomic == AtomicKind::Unprovable) {
        report(Diags, Diag::UnprovableAddressSpace, Site.Call->getBeginLoc())
            << Name << Site.PointerType.getAsString(Ctx.getPrintingPolicy())
            << K->getName();
        for (const auto &[Loc, Why] : Site.Unproved)
          report(Diags, Diag::NoteGenericPointer, Loc) << Why;
      } else if (Site.InBlock && (F == K || Result.takesContext(F)) &&
                 needsEdit(Site))
        report(Diags, Diag::InBlock, Site.Call->getBeginLoc())
            << describeCall(Site);
      else if (Site.SiteKind == CallSite::Kind::UserCall &&
               info(Site.Callee).IsKernel &&
               !Result.RewrittenKernels.contains(Site.Callee) &&
               reachesAny(Site.Callee, [&](const FunctionDecl *G) {
                 return hasGeometryCall(G);
               }))
        report(Diags, Diag::GeometryKernelCalled, Site.Call->getBeginLoc())
            << Name << K->getName();
      // Its global atomics (an atomic_store: a read-modify-write would have
      // made it rewritten) would run natively beside the software ones.
      else if (Site.SiteKind == CallSite::Kind::UserCall &&
               info(Site.Callee).IsKernel &&
               !Result.RewrittenKernels.contains(Site.Callee) &&
               reachesAny(Site.Callee, [&](const FunctionDecl *G) {
                 return hasGlobalAtomic(G);
               }))
        report(Diags, Diag::AtomicKernelCalled, Site.Call->getBeginLoc())
            << Name << K->getName();
      else
        Bad = false;
      if (!Bad)
        continue;
      Reported.insert(Site.Call);
      Accepted = false;
      if (F != K)
        report(Diags, Diag::NoteReachedFrom, K->getLocation())
            << F->getName() << K->getName();
    }
  }
  for (const ReturnStmt *Return : info(K).Returns) {
    if (!Return->getRetValue())
      continue;
    report(Diags, Diag::ReturnWithValue, Return->getBeginLoc()) << K->getName();
    Accepted = false;
  }
  return checkMacroWrittenKernel(Ctx, K, Result) && Accepted;
}

/// Refuses a rewritten kernel (only \p Only, when given) called as a
/// function (its parameter list changes). A context taker called from code
/// without the context is not refused: it gets a clone (chooseClones).
/// Returns false when it refuses something.
bool Analyzer::checkCallers(const FunctionDecl *Only) {
  bool Accepted = true;
  for (const auto &Entry : Result.Functions)
    for (const CallSite &Site : Entry.second.Sites)
      if (Site.SiteKind == CallSite::Kind::UserCall &&
          Result.RewrittenKernels.contains(Site.Callee) &&
          (!Only || Site.Callee == Only)) {
        report(Diags, Diag::RewrittenKernelCalled, Site.Call->getBeginLoc())
            << Site.Callee->getName() << Entry.first->getName();
        Accepted = false;
      }
  return Accepted;
}

/// --keep-native-on-error: checks kernel \p K with what it would report
/// held back; when something refuses it, records it as kept (with the
/// first refusal as the reason) and returns true.
bool Analyzer::keepIfRefused(const FunctionDecl *K) {
  RefusalCapture Capture(Diags);
  // Every kernel is judged on its own: a call reported for another kernel
  // must be reported again to give this one its reason.
  Reported.clear();
  bool Accepted = checkRewrittenKernel(K);
  Accepted &= checkCallers(K);
  if (Accepted)
    return false;
  Result.KeptKernels.push_back({K, Capture.Reason, Capture.Where});
  return true;
}

/// The kernels that reach a global read-modify-write are rewritten, and
/// what they reach is rewritten code; the checks refuse what cannot be.
/// With --keep-native-on-error a refused kernel stays as written instead,
/// and the others are checked again without it, since what they may call
/// depends on which kernels are rewritten (a kept kernel with a global
/// atomic cannot be called from rewritten code); this ends, as kernels
/// only ever leave the set.
void Analyzer::chooseRewrittenKernels() {
  for (const auto &Entry : Result.Functions) {
    const FunctionDecl *K = Entry.first;
    if (Entry.second.IsKernel && reachesAny(K, [&](const FunctionDecl *F) {
          return hasGlobalReadModifyWrite(F);
        }))
      Result.RewrittenKernels.insert(K);
  }
  for (const KeptKernel &Kept : Options.KeepNative)
    if (Result.RewrittenKernels.remove(Kept.Kernel))
      Result.KeptKernels.push_back(Kept);
  for (;;) {
    RewrittenReach.clear();
    for (const FunctionDecl *K : Result.RewrittenKernels)
      RewrittenReach.insert(Reach[K].begin(), Reach[K].end());
    Result.ContextFunctions.clear();
    for (const auto &Entry : Result.Functions)
      if (!Entry.second.IsKernel && RewrittenReach.contains(Entry.first) &&
          needsContext(Entry.first))
        Result.ContextFunctions.insert(Entry.first);
    if (!Options.KeepNativeOnError) {
      for (const FunctionDecl *K : Result.RewrittenKernels)
        Failed |= !checkRewrittenKernel(K);
      Failed |= !checkCallers();
      return;
    }
    SmallVector<const FunctionDecl *, 4> Refused;
    for (const FunctionDecl *K : Result.RewrittenKernels)
      if (keepIfRefused(K))
        Refused.push_back(K);
    if (Refused.empty())
      return;
    for (const FunctionDecl *K : Refused)
      Result.RewrittenKernels.remove(K);
  }
}

/// The clone's name for a function named \p Name: in the runtime's reserved
/// `__sa_` space, under a prefix the runtime does not use, and different
/// from every identifier the parse saw (the user's own `__sa_fn_` names
/// included) and from the clones named before (\p Taken).
std::string Analyzer::cloneName(StringRef Name,
                                const StringSet<> &Taken) const {
  std::string Base = ("__sa_fn_" + Name).str();
  std::string Candidate = Base;
  for (unsigned N = 2; Ctx.Idents.find(Candidate) != Ctx.Idents.end() ||
                       Taken.contains(Candidate);
       ++N)
    Candidate = Base + "_" + std::to_string(N);
  return Candidate;
}

/// docs/REWRITE.md, "Functions in two forms": a context taker that code
/// without the context also reaches keeps its definition for that code, and
/// rewritten code calls a clone. Code without the context is every kernel
/// that is not rewritten, every function no rewritten kernel reaches, and,
/// through calls, everything they reach.
void Analyzer::chooseClones() {
  SetVector<const FunctionDecl *> Plain;
  for (const auto &Entry : Result.Functions) {
    const FunctionDecl *F = Entry.first;
    bool Rewritten = Entry.second.IsKernel ? Result.RewrittenKernels.contains(F)
                                           : RewrittenReach.contains(F);
    if (!Rewritten && Plain.insert(F))
      reachFrom(F, Plain);
  }
  StringSet<> Taken;
  for (const FunctionDecl *F : Result.ContextFunctions)
    if (Plain.contains(F)) {
      std::string Name = cloneName(F->getName(), Taken);
      Taken.insert(Name);
      Result.Clones[F] = std::move(Name);
    }
}

std::optional<KernelAnalysis> Analyzer::run() {
  collectFunctions();
  // Everything below walks the call graph; it must be acyclic first.
  if (!checkRecursion())
    return std::nullopt;
  proveGenericPointers();

  for (const auto &Entry : Result.Functions)
    if (Entry.second.IsKernel) {
      reachFrom(Entry.first, Reach[Entry.first]);
      if (reachesAny(Entry.first, [&](const FunctionDecl *F) {
            return !info(F).NativeFlagCalls.empty();
          }))
        Result.NativeFlagKernels.insert(Entry.first);
    }

  chooseRewrittenKernels();
  chooseClones();
  if (Failed)
    return std::nullopt;

  chooseCallForms();
  countKernelSites(Result, Reach);
  return std::move(Result);
}

/// The form of each call in rewritten code, as a list of passes; their
/// order is the precedence, stated here once. Whether each result is read
/// comes first (the deferred form and the profile ask). A compare-exchange
/// loop that is a float add is that add for every pass after. An atomic
/// whose result nobody reads is combined in the worker and sent later
/// (CallForm::Deferred) before any group form is asked about. A call still
/// per item that the whole work-group makes together takes a work-group
/// form (CallForm::WorkGroup: 32-bit adds combined in the group first, any
/// other the group's requests published together), one under an `if` the
/// group reaches the predicated form; every other call goes alone. Last,
/// the calls one macro spells, where their forms differ, all go alone.
/// Then the kernel arguments that a privatized copy may serve (deferred
/// sites alone), and why every other site cannot take it.
void Analyzer::chooseCallForms() {
  DenseSet<const FunctionDecl *> Code(RewrittenReach.begin(),
                                      RewrittenReach.end());
  Code.insert(Result.RewrittenKernels.begin(), Result.RewrittenKernels.end());
  StmtParents Parents;
  for (const FunctionDecl *F : Code)
    Parents.addBody(F->getBody());
  markResultsRead(Result, Code, Parents);
  markFloatAddLoops(Result, Code, Parents, Ctx);
  if (Options.DeferUnusedResults)
    markDeferredSites(Result, Code, Parents, Options.ReassociateFloats);
  chooseGroupForms(Result, Parents, SM, Options.ReassociateFloats);
  // Reproducible float adds take their form over any combining one.
  if (Options.ReproducibleFloats)
    markReproducibleSites(Result, Code);
  unifyMacroSpelledForms(Result, SM);
  // Last: a privatized copy serves deferred sites alone, and no kernel
  // whose macro definition another rewritten kernel shares.
  Result.SharedDefinitionKernels = sharedDefinitionKernels(SM, Result);
  markPrivateTargets(Result, Code, Ctx, Options.DeferUnusedResults);
  if (Options.ReproducibleFloats)
    reportFloatSites(Result, Code, Ctx);
}

} // namespace

AnalysisOptions analysisOptions(const RewriteOptions &Options) {
  AnalysisOptions Analysis;
  Analysis.DeferUnusedResults = Options.DeferUnusedResults;
  Analysis.KeepNativeOnError = Options.KeepNativeOnError;
  Analysis.ReassociateFloats =
      Options.FloatSums == RewriteOptions::FloatReassociation::Allow;
  Analysis.ReproducibleFloats =
      Options.FloatAtomicMode == RewriteOptions::FloatAtomics::Reproducible;
  return Analysis;
}

std::optional<KernelAnalysis> analyzeKernels(ASTContext &Ctx,
                                             const AnalysisOptions &Options) {
  return Analyzer(Ctx, Options).run();
}

} // namespace softatomic
