// Relaxed OpenCL 2.0 atomics on atomic_long and atomic_ulong are not
// deferred (the worker's table holds 32-bit operands): with the result
// unused and the target touched only through atomics they go per
// work-item, or, an add that every work-item makes at the same point, in
// the work-group form (its 64-bit sums take a pair of buckets). The same
// calls on atomic_int beside them take both forms.
// RUN: softatomic-rewrite %s -o %t.cl --manifest %t.json -- -cl-std=CL3.0
// RUN: %filecheck_kernel %s --match-full-lines --strict-whitespace --input-file %t.cl
// RUN: FileCheck %s --check-prefix=JSON --input-file %t.json
// RUN: %clang_cl_check -cl-std=CL3.0 %t.cl
// RUN: softatomic-rewrite %s -o %t20.cl -- -cl-std=CL2.0
// RUN: %clang_cl_check -cl-std=CL2.0 %t20.cl

__kernel void relaxed(__global atomic_long *l, __global atomic_ulong *u,
                      __global atomic_int *i, __global atomic_long *t,
                      __global atomic_int *ti, __global long *out) {
  size_t gid = get_global_id(0);
  atomic_fetch_add_explicit(l, 0x100000000L, memory_order_relaxed);
  atomic_fetch_max_explicit(&l[1], -5L, memory_order_relaxed);
  atomic_fetch_or_explicit(u, 1ul << 40, memory_order_relaxed, memory_scope_device);
  atomic_fetch_add_explicit(i, 1, memory_order_relaxed);
  out[gid] = atomic_fetch_add_explicit(t, 1L, memory_order_relaxed);
  out[gid] += atomic_fetch_add_explicit(ti, 1, memory_order_relaxed);
}

// CHECK:/* softatomic{{-}}manifest: {{.*}} */
// CHECK-NEXT:#define SA_COMBINE_MODE 1
// CHECK-NEXT:#define SA_INT64_ATOMICS 1
// CHECK:__kernel void relaxed(__global atomic_long *l, __global atomic_ulong *u,
// CHECK-NEXT:                      __global atomic_int *i, __global atomic_long *t,
// CHECK-NEXT:                      __global atomic_int *ti, __global long *out, __local uint *__sa_scratch, __global uint *__sa_state) { [[PROLOGUE]] __sa_private_target(__sa_ctx, 2, (__global void *)i); do { __sa_group_begin(__sa_ctx);{{( SA_VARYING_ARG\(__(global|local), [A-Za-z_0-9]+\);)*}}
// CHECK-NEXT:  size_t gid = __sa_get_global_id(0, __sa_ctx);
// CHECK-NEXT:  __sa_wg_atomic_fetch_add_explicit_long(l, 0x100000000L, memory_order_relaxed, __sa_ctx);
// CHECK-NEXT:  __sa_atomic_fetch_max_explicit_long(&l[1], -5L, memory_order_relaxed, __sa_ctx);
// CHECK-NEXT:  __sa_atomic_fetch_or_explicit_scope_ulong(u, 1ul << 40, memory_order_relaxed, memory_scope_device, __sa_ctx);
// CHECK-NEXT:  __sa_nr_atomic_fetch_add_explicit_int(i, 1, memory_order_relaxed, __sa_ctx);
// CHECK-NEXT:  out[gid] = __sa_wg_atomic_fetch_add_explicit_long(t, 1L, memory_order_relaxed, __sa_ctx);
// CHECK-NEXT:  out[gid] += __sa_wg_atomic_fetch_add_explicit_int(ti, 1, memory_order_relaxed, __sa_ctx);
// CHECK-NEXT: [[EPILOGUE]] }

// JSON: "atomic_sites": 6,
// JSON: "deferred_sites": 1
