// The call keeps its value: an old value that is used stays used, one that
// is discarded stays discarded.
// RUN: softatomic-rewrite %s -o %t.cl
// RUN: %filecheck_kernel %s --match-full-lines --strict-whitespace --input-file %t.cl
// RUN: %clang_cl_check -cl-std=CL1.2 %t.cl

__kernel void k(__global int *counter, __global int *slots, __global uint *old) {
  int mine = atom_inc(counter);
  slots[mine] = 1;
  old[mine] = atomic_add((__global uint *)counter, 0u) + atom_add(counter, 1);
  atomic_sub(counter, 1);
  (void)atom_xchg(counter, 5);
  if (atomic_cmpxchg(counter, 5, 6) == 5)
    slots[0] = 2;
}

// CHECK:__kernel void k(__global int *counter, __global int *slots, __global uint *old, __local uint *__sa_scratch, __global uint *__sa_state) { [[PROLOGUE]] do { __sa_group_begin(__sa_ctx);{{( SA_VARYING_ARG\(__(global|local), [A-Za-z_0-9]+\);)*}}
// CHECK-NEXT:  int mine = __sa_wg_atomic_inc_int(counter, __sa_ctx);
// CHECK-NEXT:  slots[mine] = 1;
// CHECK-NEXT:  old[mine] = __sa_wg_atomic_add_uint((__global uint *)counter, 0u, __sa_ctx) + __sa_wg_atomic_add_int(counter, 1, __sa_ctx);
// CHECK-NEXT:  __sa_wg_atomic_sub_int(counter, 1, __sa_ctx);
// CHECK-NEXT:  (void)__sa_wg_atomic_xchg_int(counter, 5, __sa_ctx);
// CHECK-NEXT:  if (__sa_atomic_cmpxchg_int(counter, 5, 6, __sa_ctx) == 5)
// CHECK-NEXT:    slots[0] = 2;
// CHECK-NEXT: [[EPILOGUE]] }
