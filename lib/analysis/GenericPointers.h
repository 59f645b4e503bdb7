// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- GenericPointers.h - Proving where a generic pointer points -*- C++
//-*-===//
//
// OpenCL 2.0's generic address space hides whether an atomic acts on
// __global or __local memory. Where clang's types allow it, the pointer is
// followed back to an expression whose type names the space: through
// casts, parentheses, &*, subscripts, member accesses, pointer arithmetic,
// ?:, local variables (every value assigned to them) and the parameters of
// helpers (the argument of every call in the file). docs/REWRITE.md,
// "Generic pointers".
//
//===----------------------------------------------------------------------===//

#ifndef SOFTATOMIC_ANALYSIS_GENERICPOINTERS_H
#define SOFTATOMIC_ANALYSIS_GENERICPOINTERS_H

#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/DenseMap.h"
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace clang {
class Expr;
class FunctionDecl;
class VarDecl;
} // namespace clang

namespace softatomic {

struct KernelAnalysis;
struct FunctionAssignments;

/// What a pointer was proved to point to, and, when nothing was proved,
/// why: notes from the outermost step to the one that could not be taken.
struct SpaceProof {
  /// Pending: only while proving, a value that refers back to a variable
  /// being proved; prove() never returns it.
  enum class Space { Global, Local, Unknown, Pending };
  Space Result = Space::Unknown;
  std::vector<std::pair<clang::SourceLocation, std::string>> Why;
};

/// Proves the address space of generic pointers in the functions of a
/// KernelAnalysis (whose call graph must be acyclic). Memoizes per variable.
class GenericPointerProver {
public:
  explicit GenericPointerProver(const KernelAnalysis &Analysis);
  ~GenericPointerProver();
  GenericPointerProver(const GenericPointerProver &) = delete;
  GenericPointerProver &operator=(const GenericPointerProver &) = delete;

  /// The space the pointer \p Pointer points to.
  SpaceProof prove(const clang::Expr *Pointer);

private:
  /// A value a variable may hold, and where a note about it goes.
  struct Value {
    const clang::Expr *E;
    clang::SourceLocation At;
  };
  SpaceProof follow(const clang::Expr *Pointer);
  SpaceProof proveObject(const clang::Expr *Object);
  SpaceProof proveVariable(const clang::VarDecl *Var,
                           clang::SourceLocation Use);
  SpaceProof combine(const clang::VarDecl *Var,
                     const std::vector<Value> &Values);
  const FunctionAssignments &assignmentsIn(const clang::FunctionDecl *F);

  const KernelAnalysis &Analysis;
  llvm::DenseMap<const clang::VarDecl *, SpaceProof> Proved;
  /// Variables being proved, with their depth; a value that refers back to
  /// one of them adds nothing (it holds what the others hold).
  llvm::DenseMap<const clang::VarDecl *, unsigned> InProgress;
  /// The lowest depth of an in-progress variable hit since it was reset: a
  /// proof that leaned on an unfinished one is not remembered.
  unsigned LowestPendingHit = ~0u;
  llvm::DenseMap<const clang::FunctionDecl *,
                 std::unique_ptr<FunctionAssignments>>
      ByFunction;
};

} // namespace softatomic

#endif // SOFTATOMIC_ANALYSIS_GENERICPOINTERS_H
