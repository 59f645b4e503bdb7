// A chain of helpers down to the atomic: every function on the path takes
// the context; a helper off the path (no atomic, no geometry) is unchanged.
// RUN: softatomic-rewrite %s -o %t.cl
// RUN: %filecheck_kernel %s --match-full-lines --strict-whitespace --input-file %t.cl
// RUN: %clang_cl_check -cl-std=CL1.2 %t.cl

int leaf(__global int *c) { return atom_inc(c); }
int middle(__global int *c) { return leaf(c) + 1; }
int top(__global int *c) { return middle(c) * 2; }
int pure(int x) { return x * 3; }

__kernel void k(__global int *c, __global int *out) {
  out[0] = top(c) + pure(1);
}

// CHECK:int leaf(__global int *c, __sa_ctx_t *__sa_ctx) { return __sa_atomic_inc_int(c, __sa_ctx); }
// CHECK-NEXT:int middle(__global int *c, __sa_ctx_t *__sa_ctx) { return leaf(c, __sa_ctx) + 1; }
// CHECK-NEXT:int top(__global int *c, __sa_ctx_t *__sa_ctx) { return middle(c, __sa_ctx) * 2; }
// CHECK-NEXT:int pure(int x) { return x * 3; }
// CHECK-EMPTY:
// CHECK-NEXT:#ifndef SA_WARP_PROGRAM
// CHECK-NEXT:#line {{[0-9]+}} "{{.*}}"
// CHECK-NEXT:__kernel void k(__global int *c, __global int *out, __local uint *__sa_scratch, __global uint *__sa_state) { [[PROLOGUE]] do { __sa_group_begin(__sa_ctx);{{( SA_VARYING_ARG\(__(global|local), [A-Za-z_0-9]+\);)*}}
// CHECK-NEXT:  out[0] = top(c, __sa_ctx) + pure(1);
// CHECK-NEXT: [[EPILOGUE]] }
