// Every 64-bit operation of the table (cl_khr_int64_base_atomics and
// cl_khr_int64_extended_atomics), on long and ulong pointees: the callee
// becomes a runtime entry point of the operation and type and __sa_ctx is
// appended; the arguments are not touched. 64-bit calls do not take the
// deferred form (in ops their results are unused and l and u are used
// only by atomics, yet no __sa_nr_), while the 32-bit one beside them
// does; where every work-item calls, they take the work-group form, each
// work-item's own request (the group's published together); in a helper,
// the per-item form. The file defines SA_INT64_ATOMICS, which compiles the
// runtime's 64-bit part.
// RUN: softatomic-rewrite %s -o %t.cl
// RUN: %filecheck_kernel %s --match-full-lines --strict-whitespace --input-file %t.cl
// RUN: %clang_cl_check -cl-std=CL1.2 %t.cl
// RUN: %clang_cl_check -cl-std=CL3.0 %t.cl
// A file with 32-bit atomics only leaves the 64-bit part out.
// RUN: softatomic-rewrite %S/atomic-int-uint.cl -o %t32.cl
// RUN: not grep -x "#define SA_INT64_ATOMICS 1" %t32.cl

#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable
#pragma OPENCL EXTENSION cl_khr_int64_extended_atomics : enable

long helper(__global long *p) { return atom_add(p, 1L) + atom_min(p, -1L); }

__kernel void ops(__global long *l, __global ulong *u, __global int *d) {
  atom_add(l, 1L);
  atom_add(u, 1ul);
  atom_sub(l, 2L);
  atom_sub(u, 2ul);
  atom_xchg(l, 3L);
  atom_xchg(u, 3ul);
  atom_min(l, -4L);
  atom_min(u, 4ul);
  atom_max(l, -5L);
  atom_max(u, 5ul);
  atom_and(l, 6L);
  atom_and(u, 6ul);
  atom_or(l, 7L);
  atom_or(u, 7ul);
  atom_xor(l, 8L);
  atom_xor(u, 8ul);
  atom_inc(l);
  atom_inc(u);
  atom_dec(l);
  atom_dec(u);
  atom_cmpxchg(l, 9L, 10L);
  atom_cmpxchg(u, 9ul, 10ul);
  atom_add(d, 1);
}

__kernel void returns(__global long *l, __global int *i) {
  l[1] = atom_add(l, 0x100000000L) + helper(l);
  i[1] = atomic_inc(i);
}

// CHECK:/* softatomic{{-}}manifest: {{.*}} */
// CHECK-NEXT:#define SA_COMBINE_MODE 1
// CHECK-NEXT:#define SA_INT64_ATOMICS 1
// CHECK:long helper(__global long *p, __sa_ctx_t *__sa_ctx) { return __sa_atomic_add_long(p, 1L, __sa_ctx) + __sa_atomic_min_long(p, -1L, __sa_ctx); }
// CHECK:__kernel void ops(__global long *l, __global ulong *u, __global int *d, __local uint *__sa_scratch, __global uint *__sa_state) { [[PROLOGUE]] __sa_private_target(__sa_ctx, 2, (__global void *)d); do { __sa_group_begin(__sa_ctx);{{( SA_VARYING_ARG\(__(global|local), [A-Za-z_0-9]+\);)*}}
// CHECK-NEXT:  __sa_wg_atomic_add_long(l, 1L, __sa_ctx);
// CHECK-NEXT:  __sa_wg_atomic_add_ulong(u, 1ul, __sa_ctx);
// CHECK-NEXT:  __sa_wg_atomic_sub_long(l, 2L, __sa_ctx);
// CHECK-NEXT:  __sa_wg_atomic_sub_ulong(u, 2ul, __sa_ctx);
// CHECK-NEXT:  __sa_wg_atomic_xchg_long(l, 3L, __sa_ctx);
// CHECK-NEXT:  __sa_wg_atomic_xchg_ulong(u, 3ul, __sa_ctx);
// CHECK-NEXT:  __sa_wg_atomic_min_long(l, -4L, __sa_ctx);
// CHECK-NEXT:  __sa_wg_atomic_min_ulong(u, 4ul, __sa_ctx);
// CHECK-NEXT:  __sa_wg_atomic_max_long(l, -5L, __sa_ctx);
// CHECK-NEXT:  __sa_wg_atomic_max_ulong(u, 5ul, __sa_ctx);
// CHECK-NEXT:  __sa_wg_atomic_and_long(l, 6L, __sa_ctx);
// CHECK-NEXT:  __sa_wg_atomic_and_ulong(u, 6ul, __sa_ctx);
// CHECK-NEXT:  __sa_wg_atomic_or_long(l, 7L, __sa_ctx);
// CHECK-NEXT:  __sa_wg_atomic_or_ulong(u, 7ul, __sa_ctx);
// CHECK-NEXT:  __sa_wg_atomic_xor_long(l, 8L, __sa_ctx);
// CHECK-NEXT:  __sa_wg_atomic_xor_ulong(u, 8ul, __sa_ctx);
// CHECK-NEXT:  __sa_wg_atomic_inc_long(l, __sa_ctx);
// CHECK-NEXT:  __sa_wg_atomic_inc_ulong(u, __sa_ctx);
// CHECK-NEXT:  __sa_wg_atomic_dec_long(l, __sa_ctx);
// CHECK-NEXT:  __sa_wg_atomic_dec_ulong(u, __sa_ctx);
// CHECK-NEXT:  __sa_wg_atomic_cmpxchg_long(l, 9L, 10L, __sa_ctx);
// CHECK-NEXT:  __sa_wg_atomic_cmpxchg_ulong(u, 9ul, 10ul, __sa_ctx);
// CHECK-NEXT:  __sa_nr_atomic_add_int(d, 1, __sa_ctx);
// CHECK-NEXT: [[EPILOGUE]] }
// CHECK:__kernel void returns(__global long *l, __global int *i, __local uint *__sa_scratch, __global uint *__sa_state) { [[PROLOGUE]] do { __sa_group_begin(__sa_ctx);{{( SA_VARYING_ARG\(__(global|local), [A-Za-z_0-9]+\);)*}}
// CHECK-NEXT:  l[1] = __sa_wg_atomic_add_long(l, 0x100000000L, __sa_ctx) + helper(l, __sa_ctx);
// CHECK-NEXT:  i[1] = __sa_wg_atomic_inc_int(i, __sa_ctx);
// CHECK-NEXT: [[EPILOGUE]] }
