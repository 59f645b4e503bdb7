//===- UniformSites.h - Calls every work-item of a group reaches -*- C++ -*-===//
//
// A global atomic that every work-item of a work-group calls, once, at the
// same point of the kernel can be combined across the group with barriers
// (the paper's hierarchical design, made correct without lockstep): the
// group sums its requests in local memory and one work-item per address
// asks the coordinator. This file decides which calls are such calls.
//
//===----------------------------------------------------------------------===//

#ifndef SOFTATOMIC_UNIFORMSITES_H
#define SOFTATOMIC_UNIFORMSITES_H

namespace clang {
class ASTContext;
class CallExpr;
class FunctionDecl;
} // namespace clang

namespace softatomic {

/// True when every work-item that starts \p Kernel evaluates \p Call exactly
/// once: the call is in the body's top-level statements (plain blocks
/// allowed), nothing on the way up from it evaluates it conditionally (no
/// ?:, &&, ||), and no return, goto or label comes before it in the body.
/// Conservative: false whenever it cannot tell.
bool reachedByWholeWorkGroup(const clang::CallExpr *Call,
                             const clang::FunctionDecl *Kernel,
                             clang::ASTContext &Ctx);

} // namespace softatomic

#endif // SOFTATOMIC_UNIFORMSITES_H
