// Every operation of the table, on int and on uint pointees: the callee
// becomes a runtime entry point of the operation and type (here, where
// every work-item calls, the deferred form where the result is unused and
// the operation commutes, else the work-group form) and __sa_ctx is
// appended; the arguments are not touched.
// RUN: softatomic-rewrite %s -o %t.cl
// RUN: %filecheck_kernel %s --match-full-lines --strict-whitespace --input-file %t.cl
// RUN: %clang_cl_check -cl-std=CL1.2 %t.cl

__kernel void ops(__global int *i, __global uint *u) {
  atomic_add(i, 1);
  atom_add(u, 1u);
  atom_sub(i, 2);
  atomic_sub(u, 2u);
  atomic_xchg(i, 3);
  atom_xchg(u, 3u);
  atom_min(i, -4);
  atomic_min(u, 4u);
  atomic_max(i, -5);
  atom_max(u, 5u);
  atom_and(i, 6);
  atomic_and(u, 6u);
  atomic_or(i, 7);
  atom_or(u, 7u);
  atom_xor(i, 8);
  atomic_xor(u, 8u);
  atomic_inc(i);
  atom_inc(u);
  atom_dec(i);
  atomic_dec(u);
  atom_cmpxchg(i, 9, 10);
  atomic_cmpxchg(u, 9u, 10u);
}

// CHECK:__kernel void ops(__global int *i, __global uint *u, __local uint *__sa_scratch, __global uint *__sa_state) { [[PROLOGUE]] do { __sa_group_begin(__sa_ctx);{{( SA_VARYING_ARG\(__(global|local), [A-Za-z_0-9]+\);)*}}
// CHECK-NEXT:  __sa_nr_atomic_add_int(i, 1, __sa_ctx);
// CHECK-NEXT:  __sa_nr_atomic_add_uint(u, 1u, __sa_ctx);
// CHECK-NEXT:  __sa_nr_atomic_sub_int(i, 2, __sa_ctx);
// CHECK-NEXT:  __sa_nr_atomic_sub_uint(u, 2u, __sa_ctx);
// CHECK-NEXT:  __sa_wg_atomic_xchg_int(i, 3, __sa_ctx);
// CHECK-NEXT:  __sa_wg_atomic_xchg_uint(u, 3u, __sa_ctx);
// CHECK-NEXT:  __sa_nr_atomic_min_int(i, -4, __sa_ctx);
// CHECK-NEXT:  __sa_nr_atomic_min_uint(u, 4u, __sa_ctx);
// CHECK-NEXT:  __sa_nr_atomic_max_int(i, -5, __sa_ctx);
// CHECK-NEXT:  __sa_nr_atomic_max_uint(u, 5u, __sa_ctx);
// CHECK-NEXT:  __sa_nr_atomic_and_int(i, 6, __sa_ctx);
// CHECK-NEXT:  __sa_nr_atomic_and_uint(u, 6u, __sa_ctx);
// CHECK-NEXT:  __sa_nr_atomic_or_int(i, 7, __sa_ctx);
// CHECK-NEXT:  __sa_nr_atomic_or_uint(u, 7u, __sa_ctx);
// CHECK-NEXT:  __sa_nr_atomic_xor_int(i, 8, __sa_ctx);
// CHECK-NEXT:  __sa_nr_atomic_xor_uint(u, 8u, __sa_ctx);
// CHECK-NEXT:  __sa_nr_atomic_inc_int(i, __sa_ctx);
// CHECK-NEXT:  __sa_nr_atomic_inc_uint(u, __sa_ctx);
// CHECK-NEXT:  __sa_nr_atomic_dec_int(i, __sa_ctx);
// CHECK-NEXT:  __sa_nr_atomic_dec_uint(u, __sa_ctx);
// CHECK-NEXT:  __sa_wg_atomic_cmpxchg_int(i, 9, 10, __sa_ctx);
// CHECK-NEXT:  __sa_wg_atomic_cmpxchg_uint(u, 9u, 10u, __sa_ctx);
// CHECK-NEXT: [[EPILOGUE]] }
