// OpenCL 2.0 atomics whose memory order is the constant
// memory_order_relaxed behave as the 1.x ones: with the result unused and
// the target touched only through atomics, fetch_{add,sub,or,xor,and,min,
// max}_explicit are deferred (__sa_nr_, with or without a memory_scope, in
// the kernel and in a helper); a relaxed fetch_add or fetch_sub whose value
// every work-item of the group reads at the same point takes the work-group
// form (__sa_wg_). A relaxed exchange is neither. Any other 2.0 atomic on
// global memory keeps all of them from being deferred (cl20-seq-cst.cl).
// RUN: softatomic-rewrite %s -o %t.cl --manifest %t.json -- -cl-std=CL3.0
// RUN: %filecheck_kernel %s --match-full-lines --strict-whitespace --input-file %t.cl
// RUN: FileCheck %s --check-prefix=JSON --input-file %t.json
// RUN: %clang_cl_check -cl-std=CL3.0 %t.cl
// RUN: softatomic-rewrite %s -o %t20.cl -- -cl-std=CL2.0
// RUN: %clang_cl_check -cl-std=CL2.0 %t20.cl
#define RELAXED memory_order_relaxed

void bump_max(__global atomic_int *m, int v) {
  atomic_fetch_max_explicit(m, v, memory_order_relaxed);
}

__kernel void relaxed(__global atomic_int *sum, __global atomic_uint *bits,
                      __global atomic_uint *ticket, __global atomic_int *m,
                      __global atomic_int *x, __global uint *out) {
  uint gid = get_global_id(0);
  atomic_fetch_add_explicit(sum, 2, memory_order_relaxed);
  (void)atomic_fetch_sub_explicit(sum, 1, RELAXED, memory_scope_device);
  atomic_fetch_or_explicit(&bits[gid % 4], 1u << (gid % 32), (memory_order_relaxed));
  atomic_fetch_xor_explicit(&bits[4], gid, memory_order_relaxed);
  atomic_fetch_and_explicit(&bits[5], ~gid, memory_order_relaxed, memory_scope_work_group);
  atomic_fetch_min_explicit(m, (int)gid, memory_order_relaxed);
  bump_max(&m[1], (int)gid);
  out[gid] = atomic_fetch_add_explicit(ticket, 1u, memory_order_relaxed);
  out[gid] -= atomic_fetch_sub_explicit(&ticket[2], 2u, RELAXED, memory_scope_device);
  if (gid & 1)
    out[gid] += atomic_fetch_sub_explicit(&ticket[1], 1u, memory_order_relaxed);
  atomic_exchange_explicit(x, (int)gid, memory_order_relaxed);
}

// CHECK:void bump_max(__global atomic_int *m, int v, __sa_ctx_t *__sa_ctx) {
// CHECK-NEXT:  __sa_nr_atomic_fetch_max_explicit_int(m, v, memory_order_relaxed, __sa_ctx);
// CHECK-NEXT:}
// CHECK-EMPTY:
// CHECK-NEXT:#ifndef SA_WARP_PROGRAM
// CHECK-NEXT:#line {{[0-9]+}} "{{.*}}"
// CHECK-NEXT:__kernel void relaxed(__global atomic_int *sum, __global atomic_uint *bits,
// CHECK-NEXT:                      __global atomic_uint *ticket, __global atomic_int *m,
// CHECK-NEXT:                      __global atomic_int *x, __global uint *out, __local uint *__sa_scratch, __global uint *__sa_state) { [[PROLOGUE]] __sa_private_target(__sa_ctx, 0, (__global void *)sum); do { __sa_group_begin(__sa_ctx);{{( SA_VARYING_ARG\(__(global|local), [A-Za-z_0-9]+\);)*}}
// CHECK-NEXT:  uint gid = __sa_get_global_id(0, __sa_ctx);
// CHECK-NEXT:  __sa_nr_atomic_fetch_add_explicit_int(sum, 2, memory_order_relaxed, __sa_ctx);
// CHECK-NEXT:  (void)__sa_nr_atomic_fetch_sub_explicit_scope_int(sum, 1, RELAXED, memory_scope_device, __sa_ctx);
// CHECK-NEXT:  __sa_nr_atomic_fetch_or_explicit_uint(&bits[gid % 4], 1u << (gid % 32), (memory_order_relaxed), __sa_ctx);
// CHECK-NEXT:  __sa_nr_atomic_fetch_xor_explicit_uint(&bits[4], gid, memory_order_relaxed, __sa_ctx);
// CHECK-NEXT:  __sa_nr_atomic_fetch_and_explicit_scope_uint(&bits[5], ~gid, memory_order_relaxed, memory_scope_work_group, __sa_ctx);
// CHECK-NEXT:  __sa_nr_atomic_fetch_min_explicit_int(m, (int)gid, memory_order_relaxed, __sa_ctx);
// CHECK-NEXT:  bump_max(&m[1], (int)gid, __sa_ctx);
// CHECK-NEXT:  out[gid] = __sa_wg_atomic_fetch_add_explicit_uint(ticket, 1u, memory_order_relaxed, __sa_ctx);
// CHECK-NEXT:  out[gid] -= __sa_wg_atomic_fetch_sub_explicit_scope_uint(&ticket[2], 2u, RELAXED, memory_scope_device, __sa_ctx);
// CHECK-NEXT:  const int __sa_p0 = !! (gid & 1); unsigned int __sa_r0 = __sa_wgp_atomic_fetch_sub_explicit_uint(__sa_p0, __sa_p0 ? (&ticket[1]) : 0, 1u, memory_order_relaxed, __sa_ctx); if (__sa_p0)
// CHECK-NEXT:    out[gid] += __sa_r0;
// CHECK-NEXT:  __sa_atomic_exchange_explicit_int(x, (int)gid, memory_order_relaxed, __sa_ctx);
// CHECK-NEXT: [[EPILOGUE]] }

// JSON: "atomic_sites": 11,
// JSON: "deferred_sites": 7
