// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- LoopGuards.h - Loops that end once the runtime has failed -*- C++
//-*-===//
//
// docs/REWRITE.md, "Loops": after a device-side failure every software
// atomic returns at once, so a loop that waits for a value another
// work-group writes would spin forever. Every loop of a rewritten function
// whose statement reaches the runtime (a global atomic, or a call of a
// function that makes one) gets a guard first in its condition that leaves
// it once the launch has failed: `while (c) S` becomes
// `while (__sa_live(__sa_ctx) && (c)) S`. A loop that waits on __global
// memory the runtime does not see (atomic_load, a volatile read) gets
// `__sa_waiting(__sa_ctx)`, which also bounds the wait.
//
//===----------------------------------------------------------------------===//

#ifndef SOFTATOMIC_EDITS_LOOPGUARDS_H
#define SOFTATOMIC_EDITS_LOOPGUARDS_H

#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringRef.h"
#include <optional>

namespace clang {
class ASTContext;
class ForStmt;
class LangOptions;
class SourceManager;
} // namespace clang

namespace softatomic {

class EditCollector;
struct FunctionInfo;
struct KernelAnalysis;

/// The guards of one translation unit's loops.
class LoopGuards {
public:
  /// Looks at every loop of the file once: a loop spelled in a macro's
  /// definition is guarded (in the definition) only when every loop
  /// expanded from it needs the guard.
  LoopGuards(clang::ASTContext &Ctx, const KernelAnalysis &Analysis);
  LoopGuards(const LoopGuards &) = delete;
  LoopGuards &operator=(const LoopGuards &) = delete;

  /// Adds the guard of every loop of \p Info's function (a rewritten
  /// kernel, a function that takes the context, or its copy) that reaches
  /// a runtime call, with no work-group form in it (then a uniform `for`
  /// loop: no atomic decides its trip count), to \p Out; warns about one
  /// that cannot take it.
  void add(const FunctionInfo &Info, EditCollector &Out);

private:
  clang::ASTContext &Ctx;
  const KernelAnalysis &Analysis;
  /// Per spelling of a macro-spelled loop's keyword: the guard every loop
  /// expanded from it needs, or empty if they do not all need the same.
  llvm::DenseMap<clang::SourceLocation, llvm::StringRef> MacroSpelled;
};

/// Where a `for` loop's guard goes: before the first token of its
/// condition (none without one) and before the `;` that ends it, as
/// locations in the loop's own expansion (a file, or a macro body).
struct ForGuardTokens {
  clang::SourceLocation CondBegin;
  clang::SourceLocation SecondSemi;
};
/// std::nullopt when the header is not one stretch of text.
std::optional<ForGuardTokens> forGuardTokens(const clang::ForStmt *For,
                                             const clang::SourceManager &SM,
                                             const clang::LangOptions &LO);

} // namespace softatomic

#endif // SOFTATOMIC_EDITS_LOOPGUARDS_H
