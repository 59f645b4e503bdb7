// Attributes and qualifiers of a rewritten kernel are kept as written.
// RUN: softatomic-rewrite %s -o %t.cl
// RUN: %filecheck_kernel %s --match-full-lines --strict-whitespace --input-file %t.cl
// RUN: %clang_cl_check -cl-std=CL1.2 %t.cl

__attribute__((reqd_work_group_size(64, 1, 1)))
__kernel void sized(__global int *c) {
  atom_add(c, 1);
}

kernel __attribute__((work_group_size_hint(32, 1, 1))) void hinted(global uint *restrict c,
                                                                   const int n) {
  atomic_add(c, (uint)n);
}

__kernel __attribute__((vec_type_hint(float4))) void typed(__global int *c) { atom_inc(c); }

// CHECK:__attribute__((reqd_work_group_size(64, 1, 1)))
// CHECK-NEXT:__kernel void sized(__global int *c, __local uint *__sa_scratch, __global uint *__sa_state) { [[PROLOGUE]] __sa_defer_privately(__sa_ctx); __sa_private_target(__sa_ctx, 0, (__global void *)c); do { __sa_group_begin(__sa_ctx);{{( SA_VARYING_ARG\(__(global|local), [A-Za-z_0-9]+\);)*}}
// CHECK-NEXT:  __sa_nr_atomic_add_int(c, 1, __sa_ctx);
// CHECK-NEXT: [[EPILOGUE]] }
// CHECK-NEXT:#else /* SA_WARP_PROGRAM */
// CHECK:#endif /* SA_WARP_PROGRAM */
// CHECK-NEXT:#line {{[0-9]+}} "{{.*}}"
// CHECK-EMPTY:
// CHECK-NEXT:#ifndef SA_WARP_PROGRAM
// CHECK-NEXT:#line {{[0-9]+}} "{{.*}}"
// CHECK-NEXT:kernel __attribute__((work_group_size_hint(32, 1, 1))) void hinted(global uint *restrict c,
// CHECK-NEXT:                                                                   const int n, __local uint *__sa_scratch, __global uint *__sa_state) { [[PROLOGUE]] __sa_defer_privately(__sa_ctx); __sa_private_target(__sa_ctx, 0, (__global void *)c); do { __sa_group_begin(__sa_ctx);{{( SA_VARYING_ARG\(__(global|local), [A-Za-z_0-9]+\);)*}}
// CHECK-NEXT:  __sa_nr_atomic_add_uint(c, (uint)n, __sa_ctx);
// CHECK-NEXT: [[EPILOGUE]] }
// CHECK-NEXT:#else /* SA_WARP_PROGRAM */
// CHECK:#endif /* SA_WARP_PROGRAM */
// CHECK-NEXT:#line {{[0-9]+}} "{{.*}}"
// CHECK-EMPTY:
// CHECK-NEXT:#ifndef SA_WARP_PROGRAM
// CHECK-NEXT:#line {{[0-9]+}} "{{.*}}"
// CHECK-NEXT:__kernel __attribute__((vec_type_hint(float4))) void typed(__global int *c, __local uint *__sa_scratch, __global uint *__sa_state) { [[PROLOGUE]] __sa_defer_privately(__sa_ctx); __sa_private_target(__sa_ctx, 0, (__global void *)c); do { __sa_group_begin(__sa_ctx);{{( SA_VARYING_ARG\(__(global|local), [A-Za-z_0-9]+\);)*}} __sa_nr_atomic_inc_int(c, __sa_ctx);  [[EPILOGUE]] }
