// The OpenCL 2.0 atomics on __global atomic_long and atomic_ulong, as on
// atomic_int and atomic_uint (cl20-atomics.cl): each form's callee becomes
// its runtime function with the type long or ulong, `, __sa_ctx` is
// appended, the memory_order and memory_scope arguments stay as written;
// a compare-exchange names the address space of its expected pointer;
// atomic_store becomes a software exchange, atomic_load and atomic_init
// stay native (relaxed ones: cl20-deferred-64.cl). The 64-bit wrappers
// compile under both standards (SA_INT64_ATOMICS).
// RUN: softatomic-rewrite %s -o %t20.cl -- -cl-std=CL2.0
// RUN: %filecheck_kernel %s --match-full-lines --strict-whitespace --input-file %t20.cl
// RUN: %clang_cl_check -cl-std=CL2.0 %t20.cl
// RUN: softatomic-rewrite %s -o %t30.cl --manifest %t30.json -- -cl-std=CL3.0
// RUN: %filecheck_kernel %s --match-full-lines --strict-whitespace --input-file %t30.cl
// RUN: FileCheck %s --check-prefix=JSON --input-file %t30.json
// RUN: %clang_cl_check -cl-std=CL3.0 %t30.cl

ulong sub_volatile(volatile __global atomic_ulong *p, ulong v) {
  return atomic_fetch_sub_explicit(p, v, memory_order_release, memory_scope_device);
}
bool cas_helper(volatile __global atomic_long *p, long *expected, long v) {
  return atomic_compare_exchange_weak(p, expected, v);
}

__kernel void forms(volatile __global atomic_long *a, __global atomic_ulong *u,
                    __global long *out, __global long *g) {
  __local long le;
  long e = 5;
  ulong ue = 7ul;
  out[0] = atomic_fetch_add(a, 1L);
  out[1] = atomic_fetch_add_explicit(a, 1L, memory_order_acq_rel);
  out[2] = atomic_fetch_sub(&a[1], 0x100000000L);
  out[3] = atomic_fetch_or_explicit(a, 4L, memory_order_acquire, memory_scope_device);
  out[4] = atomic_fetch_xor(a, 3L);
  out[5] = atomic_fetch_and(&a[2], 6L);
  out[6] = atomic_fetch_min(a, -3L);
  out[7] = atomic_fetch_max(u, 7ul);
  out[8] = atomic_fetch_min_explicit(u, 1ul, memory_order_acq_rel);
  out[9] = atomic_fetch_max_explicit(a, -1L, memory_order_seq_cst);
  out[10] = atomic_exchange(u + 1, 9ul);
  out[11] = atomic_exchange_explicit(a, 9L, memory_order_relaxed, memory_scope_device);
  out[12] = atomic_compare_exchange_strong(a, &e, 6L);
  out[13] = atomic_compare_exchange_weak_explicit(u, &ue, 6ul, memory_order_acq_rel, memory_order_relaxed);
  out[14] = atomic_compare_exchange_strong_explicit(a, g, 6L, memory_order_acq_rel, memory_order_acquire, memory_scope_device);
  out[15] = atomic_compare_exchange_strong(a, &le, 1L);
  atomic_store(&a[3], 3L);
  atomic_store_explicit(u, 4ul, memory_order_release);
  out[16] = atomic_load(&a[3]);
  out[17] = sub_volatile(u, 1ul) + cas_helper(a, &e, 8L);
}

// CHECK:/* softatomic{{-}}manifest: {{.*}} */
// CHECK-NEXT:#define SA_COMBINE_MODE 1
// CHECK-NEXT:#define SA_INT64_ATOMICS 1
// CHECK:ulong sub_volatile(volatile __global atomic_ulong *p, ulong v, __sa_ctx_t *__sa_ctx) {
// CHECK-NEXT:  return __sa_atomic_fetch_sub_explicit_scope_ulong(p, v, memory_order_release, memory_scope_device, __sa_ctx);
// CHECK-NEXT:}
// CHECK-NEXT:bool cas_helper(volatile __global atomic_long *p, long *expected, long v, __sa_ctx_t *__sa_ctx) {
// CHECK-NEXT:  return __sa_atomic_compare_exchange_generic_long(p, expected, v, __sa_ctx);
// CHECK-NEXT:}
// CHECK-EMPTY:
// CHECK-NEXT:#ifndef SA_WARP_PROGRAM
// CHECK-NEXT:#line {{[0-9]+}} "{{.*}}"
// CHECK-NEXT:__kernel void forms(volatile __global atomic_long *a, __global atomic_ulong *u,
// CHECK-NEXT:                    __global long *out, __global long *g, __local uint *__sa_scratch, __global uint *__sa_state) { __local long le; [[PROLOGUE]] do { __sa_group_begin(__sa_ctx);{{( SA_VARYING_ARG\(__(global|local), [A-Za-z_0-9]+\);)*}}
// CHECK-NEXT:{{^}}  {{$}}
// CHECK-NEXT:  long e = 5;
// CHECK-NEXT:  ulong ue = 7ul;
// CHECK-NEXT:  out[0] = __sa_atomic_fetch_add_long(a, 1L, __sa_ctx);
// CHECK-NEXT:  out[1] = __sa_atomic_fetch_add_explicit_long(a, 1L, memory_order_acq_rel, __sa_ctx);
// CHECK-NEXT:  out[2] = __sa_atomic_fetch_sub_long(&a[1], 0x100000000L, __sa_ctx);
// CHECK-NEXT:  out[3] = __sa_atomic_fetch_or_explicit_scope_long(a, 4L, memory_order_acquire, memory_scope_device, __sa_ctx);
// CHECK-NEXT:  out[4] = __sa_atomic_fetch_xor_long(a, 3L, __sa_ctx);
// CHECK-NEXT:  out[5] = __sa_atomic_fetch_and_long(&a[2], 6L, __sa_ctx);
// CHECK-NEXT:  out[6] = __sa_atomic_fetch_min_long(a, -3L, __sa_ctx);
// CHECK-NEXT:  out[7] = __sa_atomic_fetch_max_ulong(u, 7ul, __sa_ctx);
// CHECK-NEXT:  out[8] = __sa_atomic_fetch_min_explicit_ulong(u, 1ul, memory_order_acq_rel, __sa_ctx);
// CHECK-NEXT:  out[9] = __sa_atomic_fetch_max_explicit_long(a, -1L, memory_order_seq_cst, __sa_ctx);
// CHECK-NEXT:  out[10] = __sa_atomic_exchange_ulong(u + 1, 9ul, __sa_ctx);
// CHECK-NEXT:  out[11] = __sa_atomic_exchange_explicit_scope_long(a, 9L, memory_order_relaxed, memory_scope_device, __sa_ctx);
// CHECK-NEXT:  out[12] = __sa_atomic_compare_exchange_private_long(a, &e, 6L, __sa_ctx);
// CHECK-NEXT:  out[13] = __sa_atomic_compare_exchange_explicit_private_ulong(u, &ue, 6ul, memory_order_acq_rel, memory_order_relaxed, __sa_ctx);
// CHECK-NEXT:  out[14] = __sa_atomic_compare_exchange_explicit_scope_global_long(a, g, 6L, memory_order_acq_rel, memory_order_acquire, memory_scope_device, __sa_ctx);
// CHECK-NEXT:  out[15] = __sa_atomic_compare_exchange_local_long(a, &le, 1L, __sa_ctx);
// CHECK-NEXT:  __sa_atomic_store_long(&a[3], 3L, __sa_ctx);
// CHECK-NEXT:  __sa_atomic_store_explicit_ulong(u, 4ul, memory_order_release, __sa_ctx);
// CHECK-NEXT:  out[16] = atomic_load(&a[3]);
// CHECK-NEXT:  out[17] = sub_volatile(u, 1ul, __sa_ctx) + cas_helper(a, &e, 8L, __sa_ctx);
// CHECK-NEXT: [[EPILOGUE]] }

// JSON: "atomic_sites": 20,
// JSON: "deferred_sites": 0
