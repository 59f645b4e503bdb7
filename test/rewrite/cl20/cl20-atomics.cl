// The OpenCL 2.0 atomics on __global atomic_int and atomic_uint: each
// form's callee becomes its runtime function (docs/REWRITE.md, "The OpenCL
// 2.0 forms") and gets `, __sa_ctx`; the memory_order and memory_scope
// arguments stay as written, so they are evaluated as before (next_order
// has a side effect). A compare-exchange's runtime function names the
// address space of its expected pointer; weak is done as strong. Pointers
// plain and volatile, in the kernel and in helpers. atomic_store becomes a
// software exchange; atomic_load, atomic_init and atomic_flag_* stay
// native, as do the __local atomics. Implicit (seq_cst) and non-relaxed
// forms are neither deferred nor combined per work-group, and their
// presence keeps the relaxed ones from being deferred (cl20-deferred.cl).
// RUN: softatomic-rewrite %s -o %t20.cl -- -cl-std=CL2.0
// RUN: %filecheck_kernel %s --match-full-lines --strict-whitespace --input-file %t20.cl
// RUN: %clang_cl_check -cl-std=CL2.0 %t20.cl
// RUN: softatomic-rewrite %s -o %t30.cl --manifest %t30.json -- -cl-std=CL3.0
// RUN: %filecheck_kernel %s --match-full-lines --strict-whitespace --input-file %t30.cl
// RUN: FileCheck %s --check-prefix=JSON --input-file %t30.json
// RUN: %clang_cl_check -cl-std=CL3.0 %t30.cl

int calls;
memory_order next_order(__global int *n) { n[0]++; return memory_order_acq_rel; }
memory_scope next_scope(__global int *n) { n[1]++; return memory_scope_device; }

int add_plain(__global atomic_int *p, int v) { return atomic_fetch_add(p, v); }
uint sub_volatile(volatile __global atomic_uint *p, uint v) {
  return atomic_fetch_sub_explicit(p, v, memory_order_release, memory_scope_device);
}
bool cas_helper(volatile __global atomic_int *p, int *expected, int v) {
  return atomic_compare_exchange_weak(p, expected, v);
}

__kernel void forms(volatile __global atomic_int *a, __global atomic_uint *u,
                    __global int *out, __global int *n, __global int *g) {
  __local atomic_int loc;
  __local int le;
  int e = 5;
  uint ue = 7u;
  atomic_init(&loc, 0);
  if (get_local_id(0) == 0) {
    out[0] = atomic_fetch_add(a, 1);
    out[1] = atomic_fetch_add_explicit(a, 1, next_order(n));
    out[2] = atomic_fetch_add_explicit(a, 1, next_order(n), next_scope(n));
    out[3] = atomic_fetch_sub(&a[1], 2);
    out[4] = atomic_fetch_or_explicit(a, 4, memory_order_acquire);
    out[5] = atomic_fetch_xor_explicit(a, 3, memory_order_seq_cst, memory_scope_work_group);
    out[6] = atomic_fetch_and(&a[2], 6);
    out[7] = atomic_fetch_min(a, -3);
    out[8] = atomic_fetch_max(u, 7u);
    out[9] = atomic_fetch_min_explicit(u, 1u, memory_order_acq_rel);
    out[10] = atomic_exchange(u + 1, 9u);
    out[11] = atomic_exchange_explicit(a, 9, memory_order_relaxed, memory_scope_device);
    out[12] = atomic_compare_exchange_strong(a, &e, 6);
    out[13] = atomic_compare_exchange_weak_explicit(u, &ue, 6u, next_order(n), memory_order_relaxed);
    out[14] = atomic_compare_exchange_strong_explicit(a, g, 6, memory_order_acq_rel, memory_order_acquire, next_scope(n));
    out[15] = atomic_compare_exchange_strong(a, &le, 1);
    atomic_store(&a[3], 3);
    atomic_store_explicit(u, 4u, memory_order_release);
    out[16] = atomic_load(&a[3]);
    out[17] = atomic_flag_test_and_set((volatile __global atomic_flag *)&n[2]);
    out[18] = add_plain((__global atomic_int *)&a[4], 1) + sub_volatile(u, 1u);
    out[19] = cas_helper(a, &e, 8);
  }
  atomic_fetch_add(&loc, 1);
  (void)atomic_fetch_add(a, 1);
  out[20] = atomic_fetch_add_explicit(a, 1, memory_order_seq_cst);
}

// CHECK:int calls;
// CHECK-NEXT:memory_order next_order(__global int *n) { n[0]++; return memory_order_acq_rel; }
// CHECK-NEXT:memory_scope next_scope(__global int *n) { n[1]++; return memory_scope_device; }
// CHECK-EMPTY:
// CHECK-NEXT:int add_plain(__global atomic_int *p, int v, __sa_ctx_t *__sa_ctx) { return __sa_atomic_fetch_add_int(p, v, __sa_ctx); }
// CHECK-NEXT:uint sub_volatile(volatile __global atomic_uint *p, uint v, __sa_ctx_t *__sa_ctx) {
// CHECK-NEXT:  return __sa_atomic_fetch_sub_explicit_scope_uint(p, v, memory_order_release, memory_scope_device, __sa_ctx);
// CHECK-NEXT:}
// CHECK-NEXT:bool cas_helper(volatile __global atomic_int *p, int *expected, int v, __sa_ctx_t *__sa_ctx) {
// CHECK-NEXT:  return __sa_atomic_compare_exchange_generic_int(p, expected, v, __sa_ctx);
// CHECK-NEXT:}
// CHECK-EMPTY:
// CHECK-NEXT:#ifndef SA_WARP_PROGRAM
// CHECK-NEXT:#line {{[0-9]+}} "{{.*}}"
// CHECK-NEXT:__kernel void forms(volatile __global atomic_int *a, __global atomic_uint *u,
// CHECK-NEXT:                    __global int *out, __global int *n, __global int *g, __local uint *__sa_scratch, __global uint *__sa_state) { __local atomic_int loc; __local int le; [[PROLOGUE]] do { __sa_group_begin(__sa_ctx);{{( SA_VARYING_ARG\(__(global|local), [A-Za-z_0-9]+\);)*}}
// CHECK-NEXT:{{^}}  {{$}}
// CHECK-NEXT:{{^}}  {{$}}
// CHECK-NEXT:  int e = 5;
// CHECK-NEXT:  uint ue = 7u;
// CHECK-NEXT:  atomic_init(&loc, 0);
// CHECK-NEXT:  if (get_local_id(0) == 0) {
// CHECK-NEXT:    out[0] = __sa_atomic_fetch_add_int(a, 1, __sa_ctx);
// CHECK-NEXT:    out[1] = __sa_atomic_fetch_add_explicit_int(a, 1, next_order(n), __sa_ctx);
// CHECK-NEXT:    out[2] = __sa_atomic_fetch_add_explicit_scope_int(a, 1, next_order(n), next_scope(n), __sa_ctx);
// CHECK-NEXT:    out[3] = __sa_atomic_fetch_sub_int(&a[1], 2, __sa_ctx);
// CHECK-NEXT:    out[4] = __sa_atomic_fetch_or_explicit_int(a, 4, memory_order_acquire, __sa_ctx);
// CHECK-NEXT:    out[5] = __sa_atomic_fetch_xor_explicit_scope_int(a, 3, memory_order_seq_cst, memory_scope_work_group, __sa_ctx);
// CHECK-NEXT:    out[6] = __sa_atomic_fetch_and_int(&a[2], 6, __sa_ctx);
// CHECK-NEXT:    out[7] = __sa_atomic_fetch_min_int(a, -3, __sa_ctx);
// CHECK-NEXT:    out[8] = __sa_atomic_fetch_max_uint(u, 7u, __sa_ctx);
// CHECK-NEXT:    out[9] = __sa_atomic_fetch_min_explicit_uint(u, 1u, memory_order_acq_rel, __sa_ctx);
// CHECK-NEXT:    out[10] = __sa_atomic_exchange_uint(u + 1, 9u, __sa_ctx);
// CHECK-NEXT:    out[11] = __sa_atomic_exchange_explicit_scope_int(a, 9, memory_order_relaxed, memory_scope_device, __sa_ctx);
// CHECK-NEXT:    out[12] = __sa_atomic_compare_exchange_private_int(a, &e, 6, __sa_ctx);
// CHECK-NEXT:    out[13] = __sa_atomic_compare_exchange_explicit_private_uint(u, &ue, 6u, next_order(n), memory_order_relaxed, __sa_ctx);
// CHECK-NEXT:    out[14] = __sa_atomic_compare_exchange_explicit_scope_global_int(a, g, 6, memory_order_acq_rel, memory_order_acquire, next_scope(n), __sa_ctx);
// CHECK-NEXT:    out[15] = __sa_atomic_compare_exchange_local_int(a, &le, 1, __sa_ctx);
// CHECK-NEXT:    __sa_atomic_store_int(&a[3], 3, __sa_ctx);
// CHECK-NEXT:    __sa_atomic_store_explicit_uint(u, 4u, memory_order_release, __sa_ctx);
// CHECK-NEXT:    out[16] = atomic_load(&a[3]);
// CHECK-NEXT:    out[17] = atomic_flag_test_and_set((volatile __global atomic_flag *)&n[2]);
// CHECK-NEXT:    out[18] = add_plain((__global atomic_int *)&a[4], 1, __sa_ctx) + sub_volatile(u, 1u, __sa_ctx);
// CHECK-NEXT:    out[19] = cas_helper(a, &e, 8, __sa_ctx);
// CHECK-NEXT:  }
// CHECK-NEXT:  atomic_fetch_add(&loc, 1);
// CHECK-NEXT:  (void)__sa_atomic_fetch_add_int(a, 1, __sa_ctx);
// CHECK-NEXT:  out[20] = __sa_atomic_fetch_add_explicit_int(a, 1, memory_order_seq_cst, __sa_ctx);
// CHECK-NEXT: [[EPILOGUE]] }

// JSON: "atomic_sites": 23,
// JSON: "deferred_sites": 0
