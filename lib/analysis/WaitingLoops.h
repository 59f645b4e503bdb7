// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- WaitingLoops.h - Loops that may wait on other work-items -*- C++ -*-===//
//
// A work-item waits on others in a loop whose exit depends on what they
// write: a lock's compare-exchange, a ticket's atomic result, a flag read
// through a volatile pointer or atomic_load, a counter read plainly. A
// kernel whose work-items never wait may run through the coordinator in
// the automatic mode (docs/REWRITE.md, "The manifest"): its launch never
// depends on which groups run at once, so no bound on them can be missed.
// The test is conservative: a loop is taken to wait unless every way it
// can end depends only on values the work-item computes itself.
//
//===----------------------------------------------------------------------===//

#ifndef SOFTATOMIC_ANALYSIS_WAITINGLOOPS_H
#define SOFTATOMIC_ANALYSIS_WAITINGLOOPS_H

namespace clang {
class Expr;
} // namespace clang

namespace softatomic {

struct FunctionInfo;

/// Whether \p E reads __global memory that other work-items write, in a
/// way the runtime does not see: an OpenCL 2.0 atomic_load, or a read of
/// a volatile __global object.
bool readsGlobalWait(const clang::Expr *E);

/// Whether a loop of \p Info's body may wait on other work-items: it has
/// a global atomic whose result is read (a float-add loop the rewrite
/// replaces is one add, and none), or a read that readsGlobalWait, or one
/// of the conditions that may end it (its own, and, where its body can
/// leave it with break, return or goto, every condition in its body)
/// reads __global memory, calls a function, or reads a variable the loop
/// assigns from such a value.
bool hasWaitingLoop(const FunctionInfo &Info);

} // namespace softatomic

#endif // SOFTATOMIC_ANALYSIS_WAITINGLOOPS_H
