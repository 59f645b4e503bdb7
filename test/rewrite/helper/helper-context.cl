// A helper with a global atomic takes the context: its prototype and its
// definition get the parameter, and every call site passes __sa_ctx. So
// does a helper that only calls it. A kernel prototype gets the kernel's
// parameters too.
// RUN: softatomic-rewrite %s -o %t.cl
// RUN: %filecheck_kernel %s --match-full-lines --strict-whitespace --input-file %t.cl
// RUN: %clang_cl_check -cl-std=CL1.2 %t.cl

int bump(__global int *c, int v);
__kernel void k(__global int *c);

void twice(__global int *c) {
  bump(c, 1);
  bump(c, bump(c, 2));
}

__kernel void k(__global int *c) {
  int old = bump(c, 3);
  twice(c);
  c[1] = old;
}

int bump(__global int *c, int v) {
  return atomic_add(c, v);
}

// CHECK:int bump(__global int *c, int v, __sa_ctx_t *__sa_ctx);
// CHECK-NEXT:__kernel void k(__global int *c, __local uint *__sa_scratch, __global uint *__sa_state);
// CHECK-EMPTY:
// CHECK-NEXT:void twice(__global int *c, __sa_ctx_t *__sa_ctx) {
// CHECK-NEXT:  bump(c, 1, __sa_ctx);
// CHECK-NEXT:  bump(c, bump(c, 2, __sa_ctx), __sa_ctx);
// CHECK-NEXT:}
// CHECK-EMPTY:
// CHECK-NEXT:__kernel void k(__global int *c, __local uint *__sa_scratch, __global uint *__sa_state) { [[PROLOGUE]] do { __sa_group_begin(__sa_ctx);{{( SA_VARYING_ARG\(__(global|local), [A-Za-z_0-9]+\);)*}}
// CHECK-NEXT:  int old = bump(c, 3, __sa_ctx);
// CHECK-NEXT:  twice(c, __sa_ctx);
// CHECK-NEXT:  c[1] = old;
// CHECK-NEXT: [[EPILOGUE]] }
// CHECK-EMPTY:
// CHECK-NEXT:int bump(__global int *c, int v, __sa_ctx_t *__sa_ctx) {
// CHECK-NEXT:  return __sa_atomic_add_int(c, v, __sa_ctx);
// CHECK-NEXT:}
