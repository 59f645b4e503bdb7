// Kernels that one macro writes whole, whose own analysis would give them
// different prologues: k1's counter could take a privatized copy and every
// atomic of k1 is deferred, while k2 reads its atomic's result. The
// definition's edits serve both, so neither takes what differs per kernel
// (no privatized target, no private deferral) and both are rewritten; the
// manifest names no target for them (docs/REWRITE.md, "Macros").
// RUN: softatomic-rewrite %s -o %t.cl --manifest %t.json 2>&1 | FileCheck %s --check-prefix=DIAG --allow-empty --implicit-check-not=error: --implicit-check-not=warning:
// RUN: %filecheck_kernel %s --match-full-lines --strict-whitespace --input-file %t.cl
// RUN: %clang_cl_check -cl-std=CL1.2 -Werror %t.cl
// RUN: FileCheck %s --check-prefix=MANIFEST --input-file %t.json

#define K(N, BODY) __kernel void k##N(__global int *c) { BODY; }
// CHECK:#define K(N, BODY) __kernel void k##N(__global int *c, __local uint *__sa_scratch, __global uint *__sa_state) { [[PROLOGUE]] do { __sa_group_begin(__sa_ctx); SA_VARYING_ARG(__global, c); BODY;  [[EPILOGUE]] }
K(1, atomic_inc(c))
K(2, c[1] = atomic_add(c, 2))
// CHECK:{{^}}K(1, __sa_nr_atomic_inc_int(c, __sa_ctx))
// CHECK-NEXT:K(2, c[1] = __sa_wg_atomic_add_int(c, 2, __sa_ctx))

// MANIFEST-NOT: "private_targets"
// MANIFEST: "reason": "its kernel 'k1' is written by a macro whose definition another rewritten kernel shares"
// MANIFEST-NOT: "private_targets"
// DIAG-NOT: error:
