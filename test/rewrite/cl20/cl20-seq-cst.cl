// Implicit OpenCL 2.0 atomics are seq_cst: never deferred, even with the
// result unused, nor combined per work-group, even where every work-item
// of the group reaches them; and while one of them (or any 2.0 atomic on
// global memory whose order is not the constant memory_order_relaxed, such
// as an order held in a variable) is in the rewritten code, no call is
// deferred: a deferred atomic sequenced before it could be missed by a
// work-item that synchronises with it. Relaxed calls may still take the
// work-group form (or its predicated form, under an `if`), which
// completes before it returns.
// RUN: softatomic-rewrite %s -o %t.cl --manifest %t.json -- -cl-std=CL3.0
// RUN: %filecheck_kernel %s --match-full-lines --strict-whitespace --input-file %t.cl
// RUN: FileCheck %s --check-prefix=JSON --input-file %t.json
// RUN: %clang_cl_check -cl-std=CL3.0 %t.cl
// RUN: softatomic-rewrite %s -o %t.order.cl -- -cl-std=CL3.0 -DORDER_VARIABLE
// RUN: FileCheck %s --check-prefix=VARIABLE --match-full-lines --strict-whitespace --input-file %t.order.cl
// RUN: %clang_cl_check -cl-std=CL3.0 %t.order.cl

__kernel void seq_cst(__global atomic_int *sum, __global atomic_uint *ticket,
                      __global atomic_uint *flag, __global uint *out) {
  uint gid = get_global_id(0);
  if (gid & 1)
    atomic_fetch_add_explicit(sum, 2, memory_order_relaxed);
  atomic_fetch_sub_explicit(&sum[2], 2, memory_order_relaxed);
#ifndef ORDER_VARIABLE
  atomic_fetch_add(&sum[1], 1);
#else
  memory_order o = memory_order_relaxed;
  atomic_fetch_add_explicit(&sum[1], 1, o);
#endif
  out[gid] = atomic_fetch_add(ticket, 1u);
  out[gid] += atomic_fetch_add_explicit(&ticket[1], 1u, memory_order_relaxed);
  atomic_fetch_or_explicit(flag, 1u, memory_order_release);
}

// VARIABLE:    (void)__sa_r0;
// VARIABLE-NEXT:  __sa_wg_atomic_fetch_sub_explicit_int(&sum[2], 2, memory_order_relaxed, __sa_ctx);
// VARIABLE:  __sa_atomic_fetch_add_explicit_int(&sum[1], 1, o, __sa_ctx);

// CHECK:__kernel void seq_cst(__global atomic_int *sum, __global atomic_uint *ticket,
// CHECK-NEXT:                      __global atomic_uint *flag, __global uint *out, __local uint *__sa_scratch, __global uint *__sa_state) { [[PROLOGUE]] do { __sa_group_begin(__sa_ctx);{{( SA_VARYING_ARG\(__(global|local), [A-Za-z_0-9]+\);)*}}
// CHECK-NEXT:  uint gid = __sa_get_global_id(0, __sa_ctx);
// CHECK-NEXT:  const int __sa_p0 = !! (gid & 1); int __sa_r0 = __sa_wgp_atomic_fetch_add_explicit_int(__sa_p0, __sa_p0 ? (sum) : 0, 2, memory_order_relaxed, __sa_ctx); if (__sa_p0)
// CHECK-NEXT:    (void)__sa_r0;
// CHECK-NEXT:  __sa_wg_atomic_fetch_sub_explicit_int(&sum[2], 2, memory_order_relaxed, __sa_ctx);
// CHECK-NEXT:#ifndef ORDER_VARIABLE
// CHECK-NEXT:  __sa_atomic_fetch_add_int(&sum[1], 1, __sa_ctx);
// CHECK-NEXT:#else
// CHECK-NEXT:  memory_order o = memory_order_relaxed;
// CHECK-NEXT:  atomic_fetch_add_explicit(&sum[1], 1, o);
// CHECK-NEXT:#endif
// CHECK-NEXT:  out[gid] = __sa_atomic_fetch_add_uint(ticket, 1u, __sa_ctx);
// CHECK-NEXT:  out[gid] += __sa_wg_atomic_fetch_add_explicit_uint(&ticket[1], 1u, memory_order_relaxed, __sa_ctx);
// CHECK-NEXT:  __sa_atomic_fetch_or_explicit_uint(flag, 1u, memory_order_release, __sa_ctx);
// CHECK-NEXT: [[EPILOGUE]] }

// JSON: "atomic_sites": 6,
// JSON: "deferred_sites": 0
