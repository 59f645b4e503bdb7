// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- UniformSites.h - Calls every work-item of a group reaches -*- C++
//-*-===//
//
// A global atomic that every work-item of a work-group calls, once, at the
// same point of the kernel can be combined across the group with barriers
// (the paper's hierarchical design, made correct without lockstep): the
// group sums its requests in local memory and one work-item per address
// asks the coordinator. This file decides which calls are such calls; only
// 32-bit ones get the group form (the group's buckets hold 32-bit sums), so
// KernelAnalysis asks about no 64-bit call (CallSite::Wide).
//
//===----------------------------------------------------------------------===//

#ifndef SOFTATOMIC_ANALYSIS_UNIFORMSITES_H
#define SOFTATOMIC_ANALYSIS_UNIFORMSITES_H

#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallPtrSet.h"

#include <string>

namespace clang {
class Stmt;
class CallExpr;
class FunctionDecl;
class Expr;
class ForStmt;
class IfStmt;
class VarDecl;
class SourceManager;
} // namespace clang

namespace softatomic {

class StmtParents;

/// Decides, for calls in kernels, whether every work-item that starts the
/// kernel evaluates the call exactly once: the call is in the body's
/// top-level statements (plain blocks allowed), nothing on the way up from
/// it evaluates it conditionally (no ?:, &&, ||), and no return, goto or
/// label comes before it in the body. Conservative: false whenever it
/// cannot tell. Remembers each kernel's first exit.
class WholeGroupSites {
public:
  WholeGroupSites(const clang::SourceManager &SM, const StmtParents &Parents)
      : SM(SM), Parents(Parents) {}
  bool reached(const clang::Stmt *S, const clang::FunctionDecl *Kernel);
  /// Why \p S is not reached so, in words ("the `if` at 12:5 decides per
  /// work-item whether it is called", "the exit at 9:5 (a return, goto or
  /// label) comes before it"); empty where it is.
  std::string whyNotReached(const clang::Stmt *S,
                            const clang::FunctionDecl *Kernel);

  /// The `if` that guards \p Call when the group can still combine it,
  /// predicated: the `if` is reached (as above), is a statement of a block,
  /// has no else branch of interest here (the call is in its then branch),
  /// and the call is the
  /// first thing that branch evaluates (the first statement's operands
  /// before it are only ones evaluated in no fixed order with it). Its
  /// condition and arguments can then be evaluated before the branch, the
  /// condition once by every work-item and the call by all, with whether
  /// each is its caller (docs/REWRITE.md, "The predicated work-group
  /// form"). The `if`, its parentheses and the call must be written in one
  /// file, outside macros, since the rewrite moves the call's arguments.
  /// Null otherwise.
  const clang::IfStmt *guardingIf(const clang::CallExpr *Call,
                                  const clang::FunctionDecl *Kernel);

private:
  /// What keeps \p Child of \p S from being evaluated once by every
  /// work-item, or empty.
  std::string blockedBy(const clang::Stmt *S, const clang::Stmt *Child,
                        const clang::FunctionDecl *Kernel);
  bool uniformFor(const clang::ForStmt *For, const clang::FunctionDecl *Kernel);
  bool
  uniformValue(const clang::Expr *E, const clang::FunctionDecl *Kernel,
               const llvm::SmallPtrSetImpl<const clang::VarDecl *> &Counters);
  bool uniformStep(const clang::Expr *E, const clang::FunctionDecl *Kernel,
                   llvm::SmallPtrSetImpl<const clang::VarDecl *> &Counters,
                   bool Declares);
  const llvm::DenseSet<const clang::VarDecl *> &
  written(const clang::FunctionDecl *Kernel);

  const clang::SourceManager &SM;
  const StmtParents &Parents;
  llvm::DenseMap<const clang::FunctionDecl *, const clang::Stmt *> FirstExit;
  llvm::DenseMap<const clang::ForStmt *, bool> UniformLoops;
  llvm::DenseMap<const clang::FunctionDecl *,
                 llvm::DenseSet<const clang::VarDecl *>>
      Written;
};

} // namespace softatomic

#endif // SOFTATOMIC_ANALYSIS_UNIFORMSITES_H
