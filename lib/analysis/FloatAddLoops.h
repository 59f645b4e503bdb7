// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- FloatAddLoops.h - Float adds written as compare-exchange loops -*- C++
//-*-===//
//
// Code for devices without float atomics adds a float with a loop around a
// 32-bit compare-exchange on its bits:
//   do { old = *p; new = as_uint(as_float(old) + v); }
//   while (atomic_cmpxchg(p, old, new) != old);
// and a double with the same loop around a 64-bit one (atom_cmpxchg on
// ulong bits, as_double).
// Where such a loop is provably one float add (docs/REWRITE.md, "Float
// adds written as compare-exchange loops"), its compare-exchange site
// becomes that add, which the runtime combines like an integer add; any
// other loop stays the compare-exchange it is.
//
//===----------------------------------------------------------------------===//

#ifndef SOFTATOMIC_ANALYSIS_FLOATADDLOOPS_H
#define SOFTATOMIC_ANALYSIS_FLOATADDLOOPS_H

#include "llvm/ADT/DenseSet.h"

namespace clang {
class ASTContext;
class FunctionDecl;
} // namespace clang

namespace softatomic {

class StmtParents;
struct KernelAnalysis;

/// Turns every 32-bit (64-bit) global compare-exchange site in \p Code
/// whose loop is provably a float (double) add or subtract into that add's
/// site (CallSite::Loop set, its Builtin, Entry and FloatSum those of the
/// add, per item).
void markFloatAddLoops(KernelAnalysis &Result,
                       const llvm::DenseSet<const clang::FunctionDecl *> &Code,
                       const StmtParents &Parents, clang::ASTContext &Ctx);

} // namespace softatomic

#endif // SOFTATOMIC_ANALYSIS_FLOATADDLOOPS_H
