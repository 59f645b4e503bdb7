// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- StmtParents.h - The statements of some bodies, and their parents -*- C++
//-*-===//
//
// The site classifiers (DeferredSites, UniformSites) look at every
// statement of the rewritten code and walk up from a call or a reference
// to see how its value is used. Clang's ParentMapContext would answer that,
// but it is built over whole declarations with DynTypedNodes and type
// locations, and cost a third of the rewrite on a large file; one walk over
// the bodies of the rewritten code, recording each statement and its
// parent, serves every classifier.
//
//===----------------------------------------------------------------------===//

#ifndef SOFTATOMIC_SUPPORT_STMTPARENTS_H
#define SOFTATOMIC_SUPPORT_STMTPARENTS_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"
#include <vector>

namespace clang {
class Stmt;
} // namespace clang

namespace softatomic {

/// Every statement under the bodies added, and the parent of each, through
/// Stmt::children() (a variable's initializer is a child of its DeclStmt)
/// and into the bodies of block literals (a child of their BlockExpr).
class StmtParents {
public:
  /// Indexes the statements under \p Body (a function's body).
  void addBody(const clang::Stmt *Body);

  /// The statements under \p Body, which addBody indexed; \p Body first.
  llvm::ArrayRef<const clang::Stmt *> statements(const clang::Stmt *Body) const;

  /// The single parent of \p S; null for a body itself, for a statement
  /// outside the bodies added, and for one reached along two paths (shared
  /// subexpressions), whose context is not one place.
  const clang::Stmt *parent(const clang::Stmt *S) const {
    return Parent.lookup(S);
  }

private:
  llvm::DenseMap<const clang::Stmt *, const clang::Stmt *> Parent;
  std::vector<const clang::Stmt *> All;
  llvm::DenseMap<const clang::Stmt *, std::pair<size_t, size_t>> Bodies;
};

} // namespace softatomic

#endif // SOFTATOMIC_SUPPORT_STMTPARENTS_H
