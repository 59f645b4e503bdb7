// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- RewriteEdits.cpp - The edits of docs/REWRITE.md --------------------===//

#include "edits/RewriteEdits.h"
#include "edits/EditBuilder.h"
#include "edits/EditCollector.h"
#include "edits/LineDirectives.h"
#include "edits/LoopGuards.h"
#include "edits/MacroBodies.h"
#include "model/CallSites.h"
#include "support/Diagnostics.h"
#include "support/MacroLocations.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/Stmt.h"
#include "clang/AST/TypeLoc.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

using namespace clang;
using namespace llvm;

namespace softatomic {

/// The scoped form of \p Site's runtime call (docs/REWRITE.md, "Macros"):
/// `__sa_scoped_get_global_id` for `__sa_get_global_id`, which the runtime
/// defines for geometry, the 1.x fences and the per-item 1.x atomics; empty for
/// the other forms, which code without the context cannot call.
static std::string scopedName(const CallSite &Site) {
  bool Served = Site.SiteKind == CallSite::Kind::ContextCall ||
                (Site.SiteKind == CallSite::Kind::Atomic &&
                 Site.Atomic == AtomicKind::Global && !Site.Builtin->Cl20 &&
                 Site.Form == CallForm::PerItem && !Site.Guard &&
                 Site.GlobalCast.empty());
  if (!Served)
    return "";
  std::string Name = Site.runtimeName();
  StringRef Rest = StringRef(Name).drop_front(strlen("__sa_"));
  return ("__sa_scoped_" + Rest).str();
}

/// True for a declaration of __local variables (the ones OpenCL allows only
/// at a kernel's outermost scope, which the prologue's loop would leave).
static bool declaresLocal(const DeclStmt *DS) {
  return llvm::any_of(DS->decls(), [](const Decl *D) {
    const auto *VD = dyn_cast<VarDecl>(D);
    return VD && VD->getType().getAddressSpace() == LangAS::opencl_local;
  });
}

/// A variable that \p DS declares beside its __local ones (`p` in
/// `__local int a[4], *p;`), or null.
static const NamedDecl *nonLocalDecl(const DeclStmt *DS) {
  for (const Decl *D : DS->decls()) {
    const auto *VD = dyn_cast<VarDecl>(D);
    if (VD && VD->getType().getAddressSpace() != LangAS::opencl_local)
      return VD;
  }
  return nullptr;
}

namespace {

/// Finds a declaration of the kernel's body that the __local declaration
/// \p Moved refers to (a local typedef, struct or enumerator): moved to the
/// start of the body, \p Moved would come before it.
class BodyDependencyFinder : public RecursiveASTVisitor<BodyDependencyFinder> {
public:
  BodyDependencyFinder(const FunctionDecl *Kernel, const DeclStmt *Moved)
      : Kernel(Kernel), Moved(Moved) {}
  BodyDependencyFinder(const BodyDependencyFinder &) = delete;
  BodyDependencyFinder &operator=(const BodyDependencyFinder &) = delete;

  bool VisitDeclRefExpr(DeclRefExpr *E) { return check(E->getDecl()); }
  bool VisitTypedefTypeLoc(TypedefTypeLoc TL) {
    return check(TL.getTypedefNameDecl());
  }
  bool VisitTagTypeLoc(TagTypeLoc TL) { return check(TL.getDecl()); }

  const NamedDecl *Found = nullptr;

private:
  /// False (stop) once \p D is a dependency that would be left behind.
  bool check(const NamedDecl *D) {
    if (isa<ParmVarDecl>(D) || D->getParentFunctionOrMethod() != Kernel ||
        movesAlong(D))
      return true;
    Found = D;
    return false;
  }

  /// True when \p D is declared by the moved statement itself
  /// (`__local struct { int a; } s;`).
  bool movesAlong(const Decl *D) const {
    for (const Decl *Cur = D; Cur && Cur != Kernel;
         Cur = dyn_cast<Decl>(Cur->getDeclContext()))
      if (llvm::is_contained(Moved->decls(), Cur))
        return true;
    return false;
  }

  const FunctionDecl *Kernel;
  const DeclStmt *Moved;
};

} // namespace

/// Appends \p Parameters to the parameter list of the declaration \p FD:
/// after a comma when it has parameters, in place of `void` for `(void)`,
/// alone for `()`.
void EditBuilder::editParameters(const FunctionDecl *FD, StringRef Parameters,
                                 EditCollector &Out) {
  std::string What = ("parameter list of '" + FD->getName() + "'").str();
  FunctionTypeLoc Proto = FD->getFunctionTypeLoc();
  if (!Proto) {
    report(Diags, Diag::UnsupportedParameterList, FD->getLocation())
        << FD->getName();
    Failed = true;
    return;
  }
  // A kernel that a macro writes is edited in the definition, which
  // serves each kernel it writes (analysis/MacroKernels.h).
  if (FD->getNumParams() > 0) {
    Out.insertBefore(Proto.getRParenLoc(), (", " + Parameters).str(), What,
                     EditCollector::InMacroBody::EditDefinition);
    return;
  }
  std::optional<SourceLocation> LParen =
      Out.fileLocation(Proto.getLParenLoc(), What);
  if (!LParen)
    return;
  std::optional<Token> First =
      Lexer::findNextToken(*LParen, SM, Ctx.getLangOpts());
  if (First && First->is(tok::r_paren)) {
    Out.insertBefore(Proto.getRParenLoc(), Parameters, What);
    return;
  }
  std::optional<Token> Next =
      First ? Lexer::findNextToken(First->getLocation(), SM, Ctx.getLangOpts())
            : std::nullopt;
  if (First && First->is(tok::raw_identifier) &&
      First->getRawIdentifier() == "void" && Next && Next->is(tok::r_paren)) {
    Out.replaceToken(First->getLocation(), Parameters, What);
    return;
  }
  // `(VOID)` with a macro, say: nothing sure to replace.
  report(Diags, Diag::UnsupportedParameterList, Proto.getLParenLoc())
      << FD->getName();
  Failed = true;
}

/// ` SA_VARYING_ARG(__global, p);` for each named parameter of \p Kernel
/// that points to __global or __local memory: on PoCL, a copy of the
/// parameter that the kernel compiler cannot take for the same in every
/// work-item (the runtime's 02_context.cl says why).
static std::string varyingArguments(const FunctionDecl *Kernel) {
  std::string Text;
  for (const ParmVarDecl *P : Kernel->parameters()) {
    QualType T = P->getType();
    if (P->getName().empty() || !T->isPointerType())
      continue;
    LangAS AS = T->getPointeeType().getAddressSpace();
    StringRef Space = AS == LangAS::opencl_global  ? "__global"
                      : AS == LangAS::opencl_local ? "__local"
                                                   : "";
    if (!Space.empty())
      Text += (" " + VaryingArgument + "(" + Space + ", " + P->getName() + ");")
                  .str();
  }
  return Text;
}

/// ` SA_PROFILE_ARG(__sa_ctx, 1, p);` for each named parameter of \p Kernel
/// that points to __global memory, by its index: a recording launch notes
/// where each points, so that the profile names a target by its buffer
/// argument and index (docs/PROFILE.md).
static std::string profiledArguments(const FunctionDecl *Kernel) {
  std::string Text;
  for (const ParmVarDecl *P : Kernel->parameters()) {
    QualType T = P->getType();
    if (!P->getName().empty() && T->isPointerType() &&
        T->getPointeeType().getAddressSpace() == LangAS::opencl_global)
      Text += (" SA_PROFILE_ARG(__sa_ctx, " +
               Twine(P->getFunctionScopeIndex()) + ", " + P->getName() + ");")
                  .str();
  }
  return Text;
}

/// ` __sa_private_target(__sa_ctx, 0, (__global void *)bins);` for each
/// argument of \p Kernel that a privatized copy may serve
/// (analysis/PrivateTargets.h): where the launch privatizes that argument,
/// the runtime learns where its buffer starts (docs/REWRITE.md, "The
/// privatized form").
static std::string privateTargets(const KernelAnalysis &Analysis,
                                  const FunctionDecl *Kernel) {
  std::string Text;
  auto It = Analysis.PrivateTargets.find(Kernel);
  if (It == Analysis.PrivateTargets.end())
    return Text;
  for (const PrivateTarget &T : It->second)
    Text +=
        (" __sa_private_target(__sa_ctx, " + Twine(T.Arg) +
         ", (__global void *)" + Kernel->getParamDecl(T.Arg)->getName() + ");")
            .str();
  return Text;
}

/// Prologue (with the hoisted __local declarations), epilogue and early
/// returns of a rewritten kernel.
void EditBuilder::editKernelBody(const FunctionDecl *Kernel) {
  const auto *Body = cast<CompoundStmt>(Kernel->getBody());
  std::string Name = Kernel->getName().str();
  std::string Start;
  for (const Stmt *S : Body->body()) {
    const auto *DS = dyn_cast<DeclStmt>(S);
    if (!DS || !declaresLocal(DS))
      continue;
    if (const NamedDecl *Other = nonLocalDecl(DS)) {
      report(Diags, Diag::MixedLocalDeclaration, Other->getLocation())
          << Other->getName() << Name;
      Failed = true;
      continue;
    }
    BodyDependencyFinder Dependency(Kernel, DS);
    Dependency.TraverseStmt(const_cast<DeclStmt *>(DS));
    if (Dependency.Found) {
      report(Diags, Diag::HoistDependency, DS->getBeginLoc())
          << Dependency.Found->getName() << Name;
      report(Diags, Diag::NoteDeclaredHere, Dependency.Found->getLocation())
          << Dependency.Found->getName();
      Failed = true;
      continue;
    }
    std::optional<std::string> Text = Edits.moveOut(
        DS->getSourceRange(), "__local declaration in kernel '" + Name + "'",
        Body->getLBracLoc());
    if (Text)
      Start += " " + *Text;
  }
  Start += Prologue;
  if (Analysis.ReproducibleSites.count(Kernel))
    Start += ReproducibleBegin;
  // Every atomic the kernel reaches deferred: nothing reads a target. Not
  // in a definition that other kernels share, whose sites may differ.
  unsigned Sites = Analysis.AtomicSites.lookup(Kernel);
  if (Sites != 0 && Analysis.DeferredSites.lookup(Kernel) == Sites &&
      !Analysis.SharedDefinitionKernels.contains(Kernel))
    Start += PrivateDeferral;
  Start += privateTargets(Analysis, Kernel);
  if (Profile)
    Start += profiledArguments(Kernel);
  Start += GroupLoop;
  Start += varyingArguments(Kernel);
  Edits.insertAfter(Body->getLBracLoc(), Start,
                    "opening brace of kernel '" + Name + "'",
                    EditCollector::InMacroBody::EditDefinition);

  bool RewroteReturn = false;
  for (const ReturnStmt *Return :
       Analysis.Functions.find(Kernel)->second.Returns) {
    Edits.replaceToken(Return->getReturnLoc(), EarlyReturn,
                       "'return' in kernel '" + Name + "'",
                       EditCollector::InMacroBody::EditDefinition);
    RewroteReturn = true;
  }
  std::string End =
      RewroteReturn ? (GroupEndLabel + Epilogue).str() : Epilogue.str();
  Edits.insertBefore(Body->getRBracLoc(), End,
                     "closing brace of kernel '" + Name + "'",
                     EditCollector::InMacroBody::EditDefinition);
}

/// Inserts the context argument before \p Call's `)`. \p Scoped: the
/// callee is the runtime's, whose scoped form takes the same argument
/// (where no rewrite declared __sa_ctx, the runtime's null one).
void EditBuilder::addContextArgument(const CallExpr *Call, const Twine &What,
                                     EditCollector &Out, bool Scoped,
                                     StringRef Argument) {
  std::string Text =
      Call->getNumArgs() ? (", " + Argument).str() : Argument.str();
  Out.insertBefore(Call->getRParenLoc(), Text, What,
                   EditCollector::InMacroBody::EditDefinition,
                   Scoped ? StringRef(Text) : StringRef());
}

/// The runtime function \p Site's call becomes: in a --profile rewrite, a
/// global atomic's profiled form (RuntimeCalls.def, SA_PROFILED_PREFIX).
std::string EditBuilder::calleeName(const CallSite &Site) const {
  if (!Profile || Site.SiteKind != CallSite::Kind::Atomic)
    return Site.runtimeName();
  return profiledAtomicName(Site.Entry, Site.Form);
}

/// What a runtime call of \p Site gets after its own arguments: the
/// context, and in a --profile rewrite a global atomic's site.
std::string EditBuilder::contextArguments(const CallSite &Site) const {
  if (!Profile || Site.SiteKind != CallSite::Kind::Atomic)
    return ContextArgument.str();
  return (ContextArgument + ", " +
          Twine(Analysis.ProfileSiteIds.lookup(Site.Call)))
      .str();
}

/// Where the token at \p Loc is spelled when that is in the body of a
/// macro of a user file (not made by ##): where an edit would go.
std::optional<SourceLocation>
EditBuilder::macroBodyToken(SourceLocation Loc) const {
  SourceLocation L = outOfMacroArguments(SM, Loc);
  if (!L.isMacroID())
    return std::nullopt;
  SourceLocation Spelling = SM.getSpellingLoc(L);
  if (SM.isWrittenInScratchSpace(Spelling) || SM.isInSystemHeader(Spelling) ||
      !SM.getFileEntryForID(SM.getFileID(Spelling)))
    return std::nullopt;
  return L;
}

/// Records the geometry calls and global atomics of \p Info, a function
/// without the context, whose name and `)` are both spelled in macro
/// bodies: the scoped form of an edit there serves them, as written.
void EditBuilder::addContextFreeUses(const FunctionInfo &Info) {
  for (const CallSite &Site : Info.Sites) {
    if (Site.SiteKind == CallSite::Kind::UserCall ||
        (Site.SiteKind == CallSite::Kind::Atomic &&
         Site.Atomic != AtomicKind::Global))
      continue;
    // A profiled atomic has no scoped form (it names its site).
    std::string Scoped = Profile && Site.SiteKind == CallSite::Kind::Atomic
                             ? ""
                             : scopedName(Site);
    std::optional<SourceLocation> Name =
        macroBodyToken(calleeNameLoc(Site.Call));
    std::optional<SourceLocation> RParen =
        macroBodyToken(Site.Call->getRParenLoc());
    if (Scoped.empty() || !Name || !RParen)
      continue;
    std::string What = describeCall(Site);
    SourceLocation NameSpelling = SM.getSpellingLoc(*Name);
    ContextFree.push_back(
        {NameSpelling, *Name,
         Lexer::MeasureTokenLength(NameSpelling, SM, Ctx.getLangOpts()), "",
         What, Scoped});
    ContextFree.push_back({SM.getSpellingLoc(*RParen), *RParen, 0, "", What,
                           Site.Call->getNumArgs()
                               ? (", " + ContextArgument).str()
                               : ContextArgument.str()});
  }
}

/// docs/REWRITE.md, "The predicated work-group form": `if (C) ...f(a, b)...`
/// becomes `const int __sa_pN = !!(C); T __sa_rN = g(__sa_pN, __sa_pN ?
/// (a) : 0, __sa_pN ? (b) : 0, __sa_ctx); if (__sa_pN) ...__sa_rN...`,
/// where g is f's predicated work-group form, each argument moved with its
/// own edits; a constant argument needs no guard.
void EditBuilder::hoistGuardedCall(const CallSite &Site, EditCollector &Out) {
  std::string N = std::to_string(Guarded++);
  std::string Predicate = "__sa_p" + N, Result = "__sa_r" + N;
  Out.replaceToken(Site.Guard->getIfLoc(), "const int " + Predicate + " = !!",
                   describeCall(Site));
  std::vector<SourceRange> Args;
  std::vector<std::string> Glue = {"; " + Site.Call->getType().getAsString() +
                                   " " + Result + " = " + calleeName(Site) +
                                   "(" + Predicate};
  for (const Expr *Arg : Site.Call->arguments()) {
    bool Constant = Arg->isEvaluatable(Ctx);
    Glue.back() += Constant ? ", " : ", " + Predicate + " ? (";
    Args.push_back(Arg->getSourceRange());
    Glue.push_back(Constant ? "" : ") : 0");
  }
  Glue.back() += ", " + contextArguments(Site) + "); if (" + Predicate + ")";
  // A discarded result stays discarded (no "expression result unused").
  const Stmt *Then = Site.Guard->getThen();
  const auto *Block = dyn_cast<CompoundStmt>(Then);
  bool Discarded =
      Then == Site.Call || (Block && Block->body_front() == Site.Call);
  Out.moveWithEdits(Site.Guard->getRParenLoc(), Site.Call->getSourceRange(),
                    Discarded ? "(void)" + Result : Result, Args, Glue);
}

/// docs/REWRITE.md, "Float adds written as compare-exchange loops": the
/// loop becomes one call of the float add, which keeps the pointer's and
/// the value's text with their own edits; the loop's line breaks stay
/// and the call follows them, on the loop's last line, so that every line
/// keeps its number. A do-while loop's `;` stays after it.
void EditBuilder::replaceFloatAddLoop(const CallSite &Site,
                                      EditCollector &Out) {
  const FloatAddLoop &Loop = *Site.Loop;
  SourceRange Whole = Loop.Loop->getSourceRange();
  StringRef Text = Lexer::getSourceText(CharSourceRange::getTokenRange(Whole),
                                        SM, Ctx.getLangOpts());
  std::vector<std::string> Glue = {
      "(void)" + calleeName(Site) + "((volatile __global " +
          (Site.Wide ? "double" : "float") + " *)(",
      "), (", "), " + contextArguments(Site) + ")" + (Loop.DoWhile ? "" : ";")};
  Out.moveWithEdits(Whole.getEnd(), Whole, std::string(Text.count('\n'), '\n'),
                    {Loop.PointerText, Loop.ValueText}, Glue);
}

/// Atomics, geometry calls and calls of context takers in \p Info.
void EditBuilder::editCalls(const FunctionInfo &Info, EditCollector &Out) {
  for (const CallSite &Site : Info.Sites) {
    std::string What = describeCall(Site);
    switch (Site.SiteKind) {
    case CallSite::Kind::Atomic:
      if (Site.Atomic != AtomicKind::Global)
        continue; // __local: left alone; the rest was refused before.
      if (Site.Loop) {
        replaceFloatAddLoop(Site, Out);
        break;
      }
      [[fallthrough]];
    case CallSite::Kind::ContextCall: {
      if (Site.unservedFence())
        break;
      if (!Site.GlobalCast.empty()) {
        // Proved __global through the generic address space: say so.
        const Expr *Pointer = Site.Call->getArg(0);
        Out.insertBefore(Pointer->getBeginLoc(), "(" + Site.GlobalCast + ")(",
                         What);
        Out.insertAfter(Pointer->getEndLoc(), ")", What);
      }
      if (Site.Guard) {
        hoistGuardedCall(Site, Out);
        break;
      }
      // A profiled call names its site: it has no scoped form.
      bool Profiled = Profile && Site.SiteKind == CallSite::Kind::Atomic;
      std::string Scoped = Profiled ? "" : scopedName(Site);
      Out.replaceToken(calleeNameLoc(Site.Call), calleeName(Site), What,
                       EditCollector::InMacroBody::EditDefinition, Scoped);
      addContextArgument(Site.Call, What, Out, !Scoped.empty(),
                         contextArguments(Site));
      break;
    }
    case CallSite::Kind::UserCall:
      if (!Analysis.takesContext(Site.Callee))
        break;
      if (Analysis.Clones.count(Site.Callee))
        Out.replaceToken(calleeNameLoc(Site.Call),
                         Analysis.contextName(Site.Callee), What);
      addContextArgument(Site.Call,
                         What + ", which takes the softatomic context,", Out);
      break;
    }
  }
}

/// True when every edit of \p InBody, made in a macro's definition for the
/// copy of \p Decl, has a scoped form that also serves the expansion in
/// \p Decl itself (its name and `)` both in macro bodies).
bool EditBuilder::servesBothForms(const FunctionDecl *Decl,
                                  ArrayRef<MacroBodyEdit> InBody) {
  size_t Before = ContextFree.size();
  addContextFreeUses(Analysis.Functions.find(Decl)->second);
  std::vector<MacroBodyEdit> Original(ContextFree.begin() + Before,
                                      ContextFree.end());
  ContextFree.resize(Before); // run() records them once, for all functions
  return llvm::all_of(InBody, [&](const MacroBodyEdit &E) {
    return !E.Scoped.empty() &&
           llvm::any_of(Original, [&](const MacroBodyEdit &O) {
             return O.Expansion == E.Expansion && O.Scoped == E.Scoped;
           });
  });
}

bool EditBuilder::run(
    MapVector<const FileEntry *, tooling::Replacements> &Out) {
  for (const FunctionDecl *Kernel : Analysis.RewrittenKernels) {
    // Prototypes too: a kernel declared before its definition must agree.
    std::string Parameters = KernelParameters.str();
    if (Analysis.ReproducibleSites.count(Kernel))
      Parameters += ReproducibleParameter;
    for (const FunctionDecl *Decl : Kernel->redecls())
      editParameters(Decl, Parameters, Edits);
    editKernelBody(Kernel);
    editCalls(Analysis.Functions.find(Kernel)->second, Edits);
    Guards.add(Analysis.Functions.find(Kernel)->second, Edits);
  }
  for (const FunctionDecl *F : Analysis.ContextFunctions) {
    auto Clone = Analysis.Clones.find(F);
    if (Clone != Analysis.Clones.end()) {
      for (const FunctionDecl *Decl : F->redecls())
        addClone(Decl, Clone->second);
      continue;
    }
    for (const FunctionDecl *Decl : F->redecls())
      editParameters(Decl, ContextParameter, Edits);
    editCalls(Analysis.Functions.find(F)->second, Edits);
    Guards.add(Analysis.Functions.find(F)->second, Edits);
  }
  // The warp program's copies have the kernels' edits, which must be
  // sound first.
  if (!Failed && !Edits.failed())
    for (const FunctionDecl *Kernel : Analysis.RewrittenKernels)
      addWarpCopy(Kernel);
  for (const auto &[Loc, Text] : CloneTexts)
    Edits.insertBefore(Loc, Text, "copy of a function");
  // An edit in a macro definition holds for all its expansions; in code
  // without the context (as written, and the originals of functions in two
  // forms) its scoped form may serve them.
  for (const auto &[F, Info] : Analysis.Functions)
    if (!Analysis.RewrittenKernels.contains(F) &&
        (!Analysis.takesContext(F) || Analysis.Clones.count(F)))
      addContextFreeUses(Info);
  SmallVector<SourceLocation, 4> Scoped;
  if (!checkMacroBodyEdits(Ctx, Edits.macroBodyEdits(), ContextFree, Scoped))
    Failed = true;
  for (SourceLocation Spelling : Scoped)
    Edits.useScopedForm(Spelling);
  ScopedContext = !Scoped.empty();
  if (Failed || Edits.failed())
    return false;
  return Edits.finish(Out);
}

bool buildRewriteEdits(ASTContext &Ctx, const KernelAnalysis &Analysis,
                       StringRef MainName,
                       MapVector<const FileEntry *, tooling::Replacements> &Out,
                       std::string &NoWarpProgram, bool &ScopedContext,
                       bool Profile) {
  EditBuilder Builder(Ctx, Analysis, MainName, NoWarpProgram, Profile);
  bool Built = Builder.run(Out);
  ScopedContext = Builder.scopedContext();
  return Built;
}

} // namespace softatomic
