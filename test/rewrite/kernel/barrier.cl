// Barriers stay where they are: every work-item of a worker group runs the
// same user groups, so they stay uniform.
// RUN: softatomic-rewrite %s -o %t.cl
// RUN: %filecheck_kernel %s --match-full-lines --strict-whitespace --input-file %t.cl
// RUN: %clang_cl_check -cl-std=CL1.2 %t.cl

__kernel void reduce(__global uint *sum, __global const uint *in) {
  uint lid = get_local_id(0);
  uint v = in[get_global_id(0)];
  barrier(CLK_LOCAL_MEM_FENCE);
  if (lid == 0)
    atom_add(sum, v);
  barrier(CLK_GLOBAL_MEM_FENCE | CLK_LOCAL_MEM_FENCE);
}

// CHECK:__kernel void reduce(__global uint *sum, __global const uint *in, __local uint *__sa_scratch, __global uint *__sa_state) { [[PROLOGUE]] __sa_defer_privately(__sa_ctx); __sa_private_target(__sa_ctx, 0, (__global void *)sum); do { __sa_group_begin(__sa_ctx);{{( SA_VARYING_ARG\(__(global|local), [A-Za-z_0-9]+\);)*}}
// CHECK-NEXT:  uint lid = get_local_id(0);
// CHECK-NEXT:  uint v = in[__sa_get_global_id(0, __sa_ctx)];
// CHECK-NEXT:  barrier(CLK_LOCAL_MEM_FENCE);
// CHECK-NEXT:  if (lid == 0)
// CHECK-NEXT:    __sa_nr_atomic_add_uint(sum, v, __sa_ctx);
// CHECK-NEXT:  barrier(CLK_GLOBAL_MEM_FENCE | CLK_LOCAL_MEM_FENCE);
// CHECK-NEXT: [[EPILOGUE]] }
