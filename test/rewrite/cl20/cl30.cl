// OpenCL C 3.0 input: the 2.0-style atomics on __local memory are left
// alone beside the rewritten global atomic, and the output compiles as
// OpenCL C 3.0 (the runtime picks its memory model from the feature macros).
// RUN: softatomic-rewrite %s -o %t.cl --manifest %t.json -- -cl-std=CL3.0
// RUN: %filecheck_kernel %s --match-full-lines --strict-whitespace --input-file %t.cl
// RUN: FileCheck %s --check-prefix=JSON --input-file %t.json
// RUN: %clang_cl_check -cl-std=CL3.0 %t.cl

__kernel void k(__global int *c) {
  __local atomic_int hits;
  if (get_local_id(0) == 0)
    atomic_init(&hits, 0);
  barrier(CLK_LOCAL_MEM_FENCE);
  atomic_fetch_add(&hits, 1);
  atom_add(c, 1);
}

// CHECK:__kernel void k(__global int *c, __local uint *__sa_scratch, __global uint *__sa_state) { __local atomic_int hits; [[PROLOGUE]] __sa_defer_privately(__sa_ctx); __sa_private_target(__sa_ctx, 0, (__global void *)c); do { __sa_group_begin(__sa_ctx);{{( SA_VARYING_ARG\(__(global|local), [A-Za-z_0-9]+\);)*}}
// CHECK-NEXT:  
// CHECK-NEXT:  if (get_local_id(0) == 0)
// CHECK-NEXT:    atomic_init(&hits, 0);
// CHECK-NEXT:  barrier(CLK_LOCAL_MEM_FENCE);
// CHECK-NEXT:  atomic_fetch_add(&hits, 1);
// CHECK-NEXT:  __sa_nr_atomic_add_int(c, 1, __sa_ctx);
// CHECK-NEXT: [[EPILOGUE]] }

// JSON: "cl_std": "CL3.0",
