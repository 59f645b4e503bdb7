// Each named __global or __local pointer parameter of a rewritten kernel
// gets SA_VARYING_ARG at the top of the group loop (docs/REWRITE.md,
// "Parameters' copies"): on PoCL a copy of the same name that its kernel
// compiler cannot take for the same value in every work-item. __constant
// pointers (read only), scalars and unnamed parameters get none; a const
// pointer's copy is const too. The output compiles as PoCL builds it (the
// macro a declaration of the copy) and as any other device does (empty).
// RUN: softatomic-rewrite %s -o %t.cl
// RUN: %filecheck_kernel %s --match-full-lines --strict-whitespace --input-file %t.cl
// RUN: %clang_cl_check -cl-std=CL1.2 %t.cl
// RUN: %clang_cl_check -cl-std=CL1.2 -DPOCL_DEVICE_ADDRESS_BITS=64 %t.cl

#define COUNTER_T __global uint *
__kernel void k(COUNTER_T counter, __global uint *const restrict out,
                __local uint *scratch, __constant uint *table, uint n,
                __global float *) {
  scratch[get_local_id(0)] = table[0];
  out[get_global_id(0)] = atomic_add(counter, n) + scratch[0];
}

// CHECK:__kernel void k(COUNTER_T counter, __global uint *const restrict out,
// CHECK-NEXT:                __local uint *scratch, __constant uint *table, uint n,
// CHECK-NEXT:                __global float *, __local uint *__sa_scratch, __global uint *__sa_state) { [[PROLOGUE]] do { __sa_group_begin(__sa_ctx); SA_VARYING_ARG(__global, counter); SA_VARYING_ARG(__global, out); SA_VARYING_ARG(__local, scratch);
