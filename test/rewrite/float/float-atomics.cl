// Float atomics on __global memory: OpenCL 1.1's atomic_xchg on float,
// OpenCL 2.0's atomic_exchange, compare-exchange and store on atomic_float
// and atomic_double, and cl_ext_float_atomics' fetch_add, fetch_sub,
// fetch_min and fetch_max on them. Each becomes the runtime function of
// its type, float or double; a relaxed float add, sub, min or max whose
// result is unused takes the deferred form (double ones never: 64-bit),
// and no float call takes a work-group form. The output compiles under
// both standards; double calls define SA_INT64_ATOMICS.
// RUN: softatomic-rewrite %s -o %t.cl -- -cl-std=CL3.0
// RUN: FileCheck %s --input-file %t.cl
// RUN: %clang_cl_check -cl-std=CL3.0 %t.cl
// RUN: %clang_cl_check -cl-std=CL3.0 -DSA_WARP_PROGRAM %t.cl
// With --float-reassociation=keep-order the float adds and subs are
// requests of their own; min and max, whose order does not matter, are
// still deferred.
// RUN: softatomic-rewrite --float-reassociation=keep-order %s -o %t.keep.cl -- -cl-std=CL3.0
// RUN: FileCheck %s --check-prefix=KEEP --input-file %t.keep.cl
// RUN: %clang_cl_check -cl-std=CL3.0 %t.keep.cl
// A value it does not take is a usage error.
// RUN: not softatomic-rewrite --float-reassociation=fast %s -o %t.bad.cl -- -cl-std=CL3.0 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: float-reassociation

// CHECK: #define SA_INT64_ATOMICS 1

float exchange_helper(volatile __global float *p, float v) {
  return atomic_xchg(p, v);
}
// CHECK: float exchange_helper(volatile __global float *p, float v, __sa_ctx_t *__sa_ctx) {
// CHECK-NEXT:   return __sa_atomic_xchg_float(p, v, __sa_ctx);

__kernel void exchanges(__global float *f, __global atomic_float *a,
                        __global atomic_double *d, __global float *out) {
  size_t gid = get_global_id(0);
  out[gid] = atomic_xchg(&f[0], 1.5f) + exchange_helper(&f[1], 2.5f);
  out[gid] += atomic_exchange(&a[0], 3.0f);
  out[gid] += (float)atomic_exchange_explicit(&d[0], 4.0, memory_order_acq_rel,
                                              memory_scope_device);
  float expected = 0.0f;
  atomic_compare_exchange_strong(&a[1], &expected, 5.0f);
  atomic_store(&a[2], 6.0f);
  atomic_store_explicit(&d[1], 7.0, memory_order_release);
}
// CHECK: out[gid] = __sa_atomic_xchg_float(&f[0], 1.5f, __sa_ctx) + exchange_helper(&f[1], 2.5f, __sa_ctx);
// CHECK-NEXT: out[gid] += __sa_atomic_exchange_float(&a[0], 3.0f, __sa_ctx);
// CHECK-NEXT: out[gid] += (float)__sa_atomic_exchange_explicit_scope_double(&d[0], 4.0, memory_order_acq_rel,
// CHECK: __sa_atomic_compare_exchange_private_float(&a[1], &expected, 5.0f, __sa_ctx);
// CHECK-NEXT: __sa_atomic_store_float(&a[2], 6.0f, __sa_ctx);
// CHECK-NEXT: __sa_atomic_store_explicit_double(&d[1], 7.0, memory_order_release, __sa_ctx);

__kernel void sums(__global atomic_float *f, __global atomic_double *d) {
  atomic_fetch_add_explicit(&f[0], 1.0f, memory_order_relaxed);
  atomic_fetch_sub_explicit(&f[1], 1.0f, memory_order_relaxed,
                            memory_scope_device);
  atomic_fetch_min_explicit(&f[2], 1.0f, memory_order_relaxed);
  atomic_fetch_max_explicit(&f[3], 1.0f, memory_order_relaxed);
  atomic_fetch_add_explicit(&d[0], 1.0, memory_order_relaxed);
  atomic_fetch_max_explicit(&d[1], 1.0, memory_order_relaxed);
}
// CHECK: __sa_nr_atomic_fetch_add_explicit_float(&f[0], 1.0f, memory_order_relaxed, __sa_ctx);
// CHECK-NEXT: __sa_nr_atomic_fetch_sub_explicit_scope_float(&f[1], 1.0f, memory_order_relaxed,
// CHECK: __sa_nr_atomic_fetch_min_explicit_float(&f[2], 1.0f, memory_order_relaxed, __sa_ctx);
// CHECK-NEXT: __sa_nr_atomic_fetch_max_explicit_float(&f[3], 1.0f, memory_order_relaxed, __sa_ctx);
// CHECK-NEXT: __sa_atomic_fetch_add_explicit_double(&d[0], 1.0, memory_order_relaxed, __sa_ctx);
// CHECK-NEXT: __sa_atomic_fetch_max_explicit_double(&d[1], 1.0, memory_order_relaxed, __sa_ctx);
// KEEP: __sa_atomic_fetch_add_explicit_float(&f[0], 1.0f, memory_order_relaxed, __sa_ctx);
// KEEP-NEXT: __sa_atomic_fetch_sub_explicit_scope_float(&f[1], 1.0f, memory_order_relaxed,
// KEEP: __sa_nr_atomic_fetch_min_explicit_float(&f[2], 1.0f, memory_order_relaxed, __sa_ctx);
// KEEP-NEXT: __sa_nr_atomic_fetch_max_explicit_float(&f[3], 1.0f, memory_order_relaxed, __sa_ctx);
