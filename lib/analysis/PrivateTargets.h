// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- PrivateTargets.h - Targets a work-group may keep a copy of -*- C++
//-*-===//
//
// The privatized form (docs/REWRITE.md, "The privatized form"): where every
// atomic a kernel makes on one of its arguments is the same commutative
// and associative operation, with its result unused, and nothing else
// touches that memory, each work-group may keep a private copy of it in
// local memory, start it at the operation's identity, and merge it into
// global memory once when it ends. Which arguments qualify, how many
// elements an index can reach where that is provable, and for every other
// global atomic why it cannot take the form, is decided here.
//
//===----------------------------------------------------------------------===//

#ifndef SOFTATOMIC_ANALYSIS_PRIVATETARGETS_H
#define SOFTATOMIC_ANALYSIS_PRIVATETARGETS_H

#include "model/CallSites.h"
#include "llvm/ADT/DenseSet.h"

namespace softatomic {

/// The operation a privatized copy would combine \p Site with ("add" for
/// add, sub, inc and dec), or empty where it has none (exchange,
/// compare-exchange, store).
std::string privateOperation(const CallSite &Site);

/// The number of elements the index of \p Site's pointer can reach
/// (`&p[i & 255]`, `p + i % K` on an unsigned i, a uchar index), or 0.
uint64_t provenIndexBound(const CallSite &Site, clang::ASTContext &Ctx);

/// Fills KernelAnalysis::PrivateTargets for each rewritten kernel, and
/// CallSite::NotPrivate for every global atomic in \p Code that no
/// privatized copy can serve. Runs after every pass that chooses a form:
/// only deferred sites (CallForm::Deferred) qualify. \p Deferral: the
/// deferred form was on (--defer-unused).
void markPrivateTargets(KernelAnalysis &Result,
                        const llvm::DenseSet<const clang::FunctionDecl *> &Code,
                        clang::ASTContext &Ctx, bool Deferral);

} // namespace softatomic

#endif // SOFTATOMIC_ANALYSIS_PRIVATETARGETS_H
