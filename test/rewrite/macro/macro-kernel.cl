// Kernels that one macro writes whole (silentarmy's KERNEL_ROUND(N)): each
// kernel's edits (parameter list, prologue with its hoisted __local
// declaration, epilogue, the calls' context) are spelled in the macro's
// definition and every kernel it writes needs the same ones, so they are
// made there, once (docs/REWRITE.md, "Macros"). Such a kernel has no warp
// program copy.
// CHECK:#error "softatomic: no warp program: kernel 'round1' is written by a macro"
// RUN: softatomic-rewrite %s -o %t.cl 2>&1 | FileCheck %s --check-prefix=DIAG --allow-empty --implicit-check-not=error: --implicit-check-not=warning:
// RUN: %filecheck_kernel %s --match-full-lines --strict-whitespace --input-file %t.cl
// RUN: %clang_cl_check -cl-std=CL1.2 -Werror %t.cl

uint step(uint n, __global uint *rows, __local uint *seen) {
  atomic_inc(seen);
  return atomic_add(rows + n, 1u);
}

#define ROUND(N) \
__kernel void round##N(__global uint *rows, __global uint *out) \
{ \
  __local uint seen; \
  if (get_local_id(0) == 0) seen = 0; \
  barrier(CLK_LOCAL_MEM_FENCE); \
  out[get_global_id(0)] = step(N, rows, &seen); \
}
// CHECK:#define ROUND(N) \
// CHECK-NEXT:__kernel void round##N(__global uint *rows, __global uint *out, __local uint *__sa_scratch, __global uint *__sa_state) \
// CHECK-NEXT:{ __local uint seen; [[PROLOGUE]] do { __sa_group_begin(__sa_ctx);{{( SA_VARYING_ARG\(__(global|local), [A-Za-z_0-9]+\);)*}} \
// CHECK-NEXT:   \
// CHECK-NEXT:  if (get_local_id(0) == 0) seen = 0; \
// CHECK-NEXT:  barrier(CLK_LOCAL_MEM_FENCE); \
// CHECK-NEXT:  out[__sa_get_global_id(0, __sa_ctx)] = step(N, rows, &seen, __sa_ctx); \
// CHECK-NEXT: [[EPILOGUE]] }

ROUND(1)
ROUND(2)
// CHECK:{{^}}ROUND(1)
// CHECK-NEXT:ROUND(2)

__kernel void plain(__global uint *c) { atomic_inc(c); }
// CHECK:__kernel void plain(__global uint *c, __local uint *__sa_scratch, __global uint *__sa_state) { [[PROLOGUE]] __sa_defer_privately(__sa_ctx); __sa_private_target(__sa_ctx, 0, (__global void *)c); do { __sa_group_begin(__sa_ctx); SA_VARYING_ARG(__global, c); __sa_nr_atomic_inc_uint(c, __sa_ctx);  [[EPILOGUE]] }

// DIAG-NOT: error:
