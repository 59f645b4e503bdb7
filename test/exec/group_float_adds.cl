// REQUIRES: pocl
// Float and double adds that the whole work-group makes (relaxed
// cl_ext_float_atomics fetch_add and fetch_sub whose old values are used,
// in the work-group and predicated forms): under
// --float-reassociation=allow, the default, summed in the group (one
// atomic per address, part 8), each old value the base plus the
// work-item's prefix. Operands are small integers, whose sums are exact in
// any order: the targets must match the kernels as written bit for bit,
// and adds of 1 return each counter's 0 .. n-1 in some order. The
// reference is the same kernels as compare-exchange loops
// (Inputs/group_float_adds_cas.cl: PoCL 3.1 has no float atomics).
// RUN: softatomic-rewrite --combine-mode %s -o %t.sa.cl -- -cl-std=CL3.0
// RUN: FileCheck %s --input-file %t.sa.cl
// CHECK: static inline float __sa_wg_atomic_add_float(volatile __global float *p, float v, __sa_ctx_t *ctx) { {{.*}}return as_float((uint)__sa_wg_add(ctx, SA_OP_ADD | SA_OP_FLOAT, p, as_uint(v), 1)); }
// CHECK: old[gid] = __sa_wg_atomic_fetch_add_explicit_float(&f[gid % n], 1.0f, memory_order_relaxed, __sa_ctx);
// CHECK: __sa_wgp_atomic_fetch_add_explicit_float(__sa_p0,
// CHECK: __sa_wg_atomic_fetch_sub_explicit_float(&f[gid % 5u], v, memory_order_relaxed, __sa_ctx);
// CHECK: old[gid] = __sa_wg_atomic_fetch_add_explicit_double(&d[gid % 3u], 1.0, memory_order_relaxed, __sa_ctx);
// RUN: sa-difftest %S/Inputs/group_float_adds_cas.cl %t.sa.cl --build-options -cl-std=CL3.0 --kernel counts --global 8192 --local 64 --arg buf:float:4 --arg buf:float:8192 --arg scalar:uint:4 --check 0:equal --check 1:multiset
// RUN: sa-difftest %S/Inputs/group_float_adds_cas.cl %t.sa.cl --build-options -cl-std=CL3.0 --kernel counts --global 4096 --local 256 --arg buf:float:4:fill=-0.0 --arg buf:float:4096 --arg scalar:uint:4 --check 0:equal --check 1:multiset
// RUN: sa-difftest %S/Inputs/group_float_adds_cas.cl %t.sa.cl --build-options -cl-std=CL3.0 --kernel guarded --global 8192 --local 128 --arg buf:float:4 --arg buf:float:8192 --check 0:equal --check 1:multiset
// RUN: sa-difftest %S/Inputs/group_float_adds_cas.cl %t.sa.cl --build-options -cl-std=CL3.0 --kernel powers --global 8192 --local 64 --arg buf:float:5:fill=1000 --arg buf:float:8192 --check 0:equal --check 1:ignore
// RUN: sa-difftest %S/Inputs/group_float_adds_cas.cl %t.sa.cl --build-options -cl-std=CL3.0 --kernel dcounts --global 4096 --local 64 --arg buf:double:3 --arg buf:double:4096 --check 0:equal --check 1:multiset
//
// keep-order: nothing float combines; each add is a request of its own.
// RUN: softatomic-rewrite --combine-mode --float-reassociation=keep-order %s -o %t.keep.sa.cl -- -cl-std=CL3.0
// RUN: %sa_user_code %t.keep.sa.cl | FileCheck %s --check-prefix=KEEP
// KEEP: old[gid] = __sa_atomic_fetch_add_explicit_float(&f[gid % n], 1.0f, memory_order_relaxed, __sa_ctx);
// KEEP-NOT: {{__sa_wgp?_atomic}}
// RUN: sa-difftest %S/Inputs/group_float_adds_cas.cl %t.keep.sa.cl --build-options -cl-std=CL3.0 --kernel counts --global 4096 --local 64 --arg buf:float:4 --arg buf:float:4096 --arg scalar:uint:4 --check 0:equal --check 1:multiset

__kernel void counts(__global atomic_float *f, __global float *old, uint n) {
  uint gid = (uint)get_global_id(0);
  old[gid] = atomic_fetch_add_explicit(&f[gid % n], 1.0f, memory_order_relaxed);
}

__kernel void guarded(__global atomic_float *f, __global float *old) {
  uint gid = (uint)get_global_id(0);
  if (gid % 3u != 0u)
    old[gid] = atomic_fetch_add_explicit(&f[gid % 4u], 1.0f, memory_order_relaxed);
}

__kernel void powers(__global atomic_float *f, __global float *old) {
  uint gid = (uint)get_global_id(0);
  float v = (float)(1u << (gid % 4u));
  old[gid] = atomic_fetch_sub_explicit(&f[gid % 5u], v, memory_order_relaxed);
}

__kernel void dcounts(__global atomic_double *d, __global double *old) {
  uint gid = (uint)get_global_id(0);
  old[gid] = atomic_fetch_add_explicit(&d[gid % 3u], 1.0, memory_order_relaxed);
}
