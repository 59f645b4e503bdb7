// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- EditBuilder.h - The edits of docs/REWRITE.md, built ------*- C++ -*-===//
//
// The builder behind buildRewriteEdits (edits/RewriteEdits.h), private to
// edits/: RewriteEdits.cpp makes the edits of rewritten code, and
// FunctionCopies.cpp the copies (functions in two forms, the warp
// program's kernels) beside the code they copy.
//
//===----------------------------------------------------------------------===//

#ifndef SOFTATOMIC_EDITS_EDITBUILDER_H
#define SOFTATOMIC_EDITS_EDITBUILDER_H

#include "edits/EditCollector.h"
#include "edits/LoopGuards.h"
#include "edits/MacroBodies.h"
#include "model/CallSites.h"
#include "clang/AST/ASTContext.h"
#include "clang/Basic/FileEntry.h"
#include "clang/Tooling/Core/Replacement.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/StringRef.h"
#include <optional>
#include <string>
#include <vector>

namespace softatomic {

// The exact texts of docs/REWRITE.md. None holds a line break: every line
// of the user's file keeps its number.
inline constexpr llvm::StringLiteral KernelParameters =
    "__local uint *__sa_scratch, __global uint *__sa_state";
/// A kernel with reproducible float adds (--float-atomics=reproducible)
/// also takes the launch's accumulators, after KernelParameters, and hands
/// them to its context after the prologue.
inline constexpr llvm::StringLiteral ReproducibleParameter =
    ", __global ulong *__sa_repro";
inline constexpr llvm::StringLiteral ReproducibleBegin =
    " __sa_repro_begin(__sa_ctx, __sa_repro);";
inline constexpr llvm::StringLiteral ContextParameter = "__sa_ctx_t *__sa_ctx";
inline constexpr llvm::StringLiteral ContextArgument = "__sa_ctx";
inline constexpr llvm::StringLiteral Prologue =
    " __sa_ctx_t __sa_ctx_v; __sa_ctx_t *__sa_ctx = &__sa_ctx_v; if "
    "(__sa_kernel_begin(__sa_ctx, __sa_scratch, __sa_state)) return;";
inline constexpr llvm::StringLiteral PrivateDeferral =
    " __sa_defer_privately(__sa_ctx);";
inline constexpr llvm::StringLiteral GroupLoop =
    " do { __sa_group_begin(__sa_ctx);";
/// A pointer parameter's copy, at the top of the group loop (docs/REWRITE.md,
/// "Parameters' copies"; an empty macro but on PoCL).
inline constexpr llvm::StringLiteral VaryingArgument = "SA_VARYING_ARG";
inline constexpr llvm::StringLiteral GroupEndLabel = " __sa_group_end: ;";
inline constexpr llvm::StringLiteral Epilogue =
    " } while (__sa_next_group(__sa_ctx)); __sa_kernel_end(__sa_ctx); ";
inline constexpr llvm::StringLiteral EarlyReturn = "goto __sa_group_end";
/// The warp program's kernels (docs/REWRITE.md, "The warp program").
inline constexpr llvm::StringLiteral WarpProgram = "SA_WARP_PROGRAM";
inline constexpr llvm::StringLiteral WarpPrologue =
    " __sa_ctx_t __sa_ctx_v; __sa_ctx_t *__sa_ctx = &__sa_ctx_v; "
    "__sa_warp_program_begin(__sa_ctx);";
inline constexpr llvm::StringLiteral WarpEpilogue =
    " __sa_warp_program_end(__sa_ctx); ";

/// Builds every edit of one translation unit (buildRewriteEdits).
class EditBuilder {
public:
  EditBuilder(clang::ASTContext &Ctx, const KernelAnalysis &Analysis,
              llvm::StringRef MainName, std::string &NoWarpProgram,
              bool Profile)
      : Ctx(Ctx), SM(Ctx.getSourceManager()), Diags(Ctx.getDiagnostics()),
        Analysis(Analysis), MainName(MainName), NoWarpProgram(NoWarpProgram),
        Profile(Profile), Edits(SM, Ctx.getLangOpts(), Diags),
        Guards(Ctx, Analysis) {}
  EditBuilder(const EditBuilder &) = delete;
  EditBuilder &operator=(const EditBuilder &) = delete;

  bool run(llvm::MapVector<const clang::FileEntry *,
                           clang::tooling::Replacements> &Out);
  /// After run: the output must define SA_SCOPED_CONTEXT.
  bool scopedContext() const { return ScopedContext; }

private:
  void editParameters(const clang::FunctionDecl *FD, llvm::StringRef Parameters,
                      EditCollector &Out);
  void editKernelBody(const clang::FunctionDecl *Kernel);
  void editCalls(const FunctionInfo &Info, EditCollector &Out);
  void addContextArgument(const clang::CallExpr *Call, const llvm::Twine &What,
                          EditCollector &Out, bool Scoped = false,
                          llvm::StringRef Argument = ContextArgument);
  std::string calleeName(const CallSite &Site) const;
  std::string contextArguments(const CallSite &Site) const;
  void addContextFreeUses(const FunctionInfo &Info);
  bool servesBothForms(const clang::FunctionDecl *Decl,
                       llvm::ArrayRef<MacroBodyEdit> InBody);
  std::optional<clang::SourceLocation>
  macroBodyToken(clang::SourceLocation Loc) const;
  void hoistGuardedCall(const CallSite &Site, EditCollector &Out);
  void replaceFloatAddLoop(const CallSite &Site, EditCollector &Out);
  void addClone(const clang::FunctionDecl *Decl, llvm::StringRef Name);
  void addWarpCopy(const clang::FunctionDecl *Kernel);
  void placeAfter(clang::SourceLocation Last, unsigned FirstLine,
                  llvm::StringRef Text, llvm::StringRef Before,
                  llvm::StringRef After);
  std::optional<clang::SourceLocation>
  endOfDeclaration(clang::SourceLocation Loc) const;
  const clang::LangOptions &LO() const { return Ctx.getLangOpts(); }

  clang::ASTContext &Ctx;
  const clang::SourceManager &SM;
  clang::DiagnosticsEngine &Diags;
  const KernelAnalysis &Analysis;
  /// What `#line` calls the main file.
  llvm::StringRef MainName;
  /// Why the file has no warp program (empty: it has one).
  std::string &NoWarpProgram;
  /// A --profile rewrite: each global atomic's call names its site.
  bool Profile;
  EditCollector Edits;
  LoopGuards Guards;
  /// The copies of functions in two forms, by where they go.
  llvm::MapVector<clang::SourceLocation, std::string> CloneTexts;
  /// Numbers the predicated calls' variables (__sa_p<N>, __sa_r<N>).
  unsigned Guarded = 0;
  /// Geometry calls and global atomics in code without the context whose
  /// name and `)` are spelled in macro bodies (MacroBodyEdit::Scoped).
  std::vector<MacroBodyEdit> ContextFree;
  /// Set by refusals that are not the collector's.
  bool Failed = false;
  /// Some macro-body edit took its scoped form.
  bool ScopedContext = false;
};

} // namespace softatomic

#endif // SOFTATOMIC_EDITS_EDITBUILDER_H
