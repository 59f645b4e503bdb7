// Of two kernels only the one with a global atomic is rewritten; the other
// (geometry calls, a __local atomic, a helper) stays byte for byte.
// RUN: softatomic-rewrite %s -o %t.cl
// RUN: %filecheck_kernel %s --match-full-lines --strict-whitespace --input-file %t.cl
// RUN: %clang_cl_check -cl-std=CL1.2 %t.cl
// The untouched kernel: its lines in the output equal the input's.
// RUN: sed -n '/^__kernel void copy/,/^}/p' %s > %t.orig
// RUN: sed -n '/^__kernel void copy/,/^}/p' %t.cl > %t.out
// RUN: diff %t.orig %t.out

int twice(int x) { return 2 * x; }

__kernel void count(__global uint *n) {
  atom_inc(n);
}

__kernel void copy(__global int *dst, __global const int *src) {
  __local int seen;
  size_t i = get_global_id(0);
  atomic_add(&seen, 1);
  dst[i] = twice(src[i]) + (int)get_group_id(0);
}

// CHECK:int twice(int x) { return 2 * x; }
// CHECK-EMPTY:
// CHECK-NEXT:#ifndef SA_WARP_PROGRAM
// CHECK-NEXT:#line {{[0-9]+}} "{{.*}}"
// CHECK-NEXT:__kernel void count(__global uint *n, __local uint *__sa_scratch, __global uint *__sa_state) { [[PROLOGUE]] __sa_defer_privately(__sa_ctx); __sa_private_target(__sa_ctx, 0, (__global void *)n); do { __sa_group_begin(__sa_ctx);{{( SA_VARYING_ARG\(__(global|local), [A-Za-z_0-9]+\);)*}}
// CHECK-NEXT:  __sa_nr_atomic_inc_uint(n, __sa_ctx);
// CHECK-NEXT: [[EPILOGUE]] }
// CHECK-NEXT:#else /* SA_WARP_PROGRAM */
// CHECK:#endif /* SA_WARP_PROGRAM */
// CHECK-NEXT:#line {{[0-9]+}} "{{.*}}"
// CHECK-EMPTY:
// CHECK-NEXT:__kernel void copy(__global int *dst, __global const int *src) {
// CHECK-NEXT:  __local int seen;
// CHECK-NEXT:  size_t i = get_global_id(0);
// CHECK-NEXT:  atomic_add(&seen, 1);
// CHECK-NEXT:  dst[i] = twice(src[i]) + (int)get_group_id(0);
// CHECK-NEXT:}
