// The predicated work-group form (docs/REWRITE.md): an integer atomic of
// either width that is the first thing the then branch of an `if`
// evaluates, where the `if` is reached by the whole group, is hoisted before the
// `if` with its guard: the condition once, into __sa_pN, then the call by
// every work-item with whether it is the caller, its arguments moved with
// their own edits (geometry, a helper's context) and guarded unless
// constant; the branch reads __sa_rN. In `refused` every call stays per
// item: not first in its branch, in an else branch, under a nested `if`,
// in a loop, an argument that names a variable of the branch, after a
// comma, an `if` spelled in a macro, after a return; a discarded result on
// memory nothing reads keeps the deferred form. There a 64-bit add and an
// exchange are hoisted as the 32-bit adds are.
// RUN: softatomic-rewrite %s -o %t.cl
// RUN: FileCheck %s --input-file %t.cl
// RUN: %clang_cl_check -cl-std=CL1.2 %t.cl
// Six hoisted calls in all, the four of `taken` and two of `refused`, in
// the kernel and again in its copy for the warp program:
// RUN: test $(grep -c '^  const int __sa_p[0-9]' %t.cl) -eq 12
// CHECK: {{^}}  const int __sa_p0 = !! (in[gid] > 3u); unsigned int __sa_r0 = __sa_wgp_atomic_inc_uint(__sa_p0, __sa_p0 ? (n) : 0, __sa_ctx); if (__sa_p0) {
// CHECK-NEXT: {{^}}    uint s = __sa_r0;
// CHECK: {{^}}  const int __sa_p1 = !! (in[gid] & 1u); unsigned int __sa_r1 = __sa_wgp_atomic_add_uint(__sa_p1, __sa_p1 ? (&n[bucket(__sa_get_group_id(0, __sa_ctx))]) : 0, 2u, __sa_ctx); if (__sa_p1)
// CHECK-NEXT: {{^}}    out[__sa_r1] = gid;
// CHECK-NEXT: {{^}}  else
// CHECK-NEXT: {{^}}    out[gid] = 0u;
// CHECK-NEXT: {{^}}  const int __sa_p2 = !! (gid < 7u); int __sa_r2 = __sa_wgp_atomic_dec_int(__sa_p2, __sa_p2 ? (&m[get_local_id(0) % 2u]) : 0, __sa_ctx); if (__sa_p2)
// CHECK-NEXT: {{^}}    o = (uint)__sa_r2 + 1u;
// CHECK-NEXT: {{^}}  const int __sa_p3 = !! (gid > 1u); unsigned int __sa_r3 = __sa_wgp_atomic_sub_uint(__sa_p3, __sa_p3 ? (n) : 0, __sa_p3 ? (gid) : 0, __sa_ctx); if (__sa_p3) {
// CHECK-NEXT: {{^}}    o += __sa_r3 + __sa_atomic_add_uint(n, 1u, __sa_ctx);
// CHECK: {{^}}__kernel void refused(
// CHECK-NOT: __sa_wgp_atomic
// CHECK: {{^}}    o += __sa_atomic_inc_uint(n, __sa_ctx);
// CHECK: {{^}}    o += __sa_atomic_inc_uint(n, __sa_ctx);
// CHECK: {{^}}      o += __sa_atomic_inc_uint(n, __sa_ctx);
// CHECK: {{^}}      o += __sa_atomic_inc_uint(n, __sa_ctx);
// CHECK: {{^}}    uint k, s = __sa_atomic_inc_uint(&n[k = 1u], __sa_ctx);
// CHECK: {{^}}    (y = 1u, o += __sa_atomic_inc_uint(n, __sa_ctx));
// CHECK: {{^}}    o += __sa_atomic_inc_uint(n, __sa_ctx);
// CHECK: {{^}}  const int __sa_p4 = !! (gid > 9u); unsigned long __sa_r4 = __sa_wgp_atomic_add_ulong(__sa_p4, __sa_p4 ? (w) : 0, 1ul, __sa_ctx); if (__sa_p4)
// CHECK-NEXT: {{^}}    o += (uint)__sa_r4;
// CHECK-NEXT: {{^}}  const int __sa_p5 = !! (gid > 10u); unsigned int __sa_r5 = __sa_wgp_atomic_xchg_uint(__sa_p5, __sa_p5 ? (n) : 0, __sa_p5 ? (gid) : 0, __sa_ctx); if (__sa_p5)
// CHECK-NEXT: {{^}}    o += __sa_r5;
// CHECK: {{^}}    __sa_nr_atomic_add_uint(d, 5u, __sa_ctx);
// CHECK: {{^}}    out[__sa_atomic_inc_uint(n, __sa_ctx)] = 1u;
#define GUARD(c) if (c)
#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable

uint bucket(uint x) { return x % 8u; }

__kernel void taken(__global uint *n, __global int *m, __global uint *out,
                    __global const uint *in) {
  uint gid = get_global_id(0);
  uint o = 0;
  if (in[gid] > 3u) {
    uint s = atomic_inc(n);
    out[s] = gid;
  }
  if (in[gid] & 1u)
    out[atom_add(&n[bucket(get_group_id(0))], 2u)] = gid;
  else
    out[gid] = 0u;
  if (gid < 7u)
    o = (uint)atomic_dec(&m[get_local_id(0) % 2u]) + 1u;
  if (gid > 1u) {
    o += atomic_sub(n, gid) + atomic_add(n, 1u);
  }
  out[gid] += o;
}

__kernel void refused(__global uint *n, __global ulong *w, __global uint *out,
                      __global const uint *in, __global uint *d) {
  uint gid = get_global_id(0);
  uint o = 0, y = 0;
  if (gid > 2u) {
    y = in[gid];
    o += atomic_inc(n);
  }
  if (gid > 3u)
    y = 1u;
  else
    o += atomic_inc(n);
  if (gid > 4u) {
    if (gid > 5u)
      o += atomic_inc(n);
  }
  for (uint i = 0; i < 2u; ++i)
    if (gid > i)
      o += atomic_inc(n);
  if (gid > 6u) {
    uint k, s = atomic_inc(&n[k = 1u]);
    o += s + k;
  }
  if (gid > 7u)
    (y = 1u, o += atomic_inc(n));
  GUARD(gid > 8u)
    o += atomic_inc(n);
  if (gid > 9u)
    o += (uint)atom_add(w, 1ul);
  if (gid > 10u)
    o += atomic_xchg(n, gid);
  if (gid > 11u)
    atomic_add(d, 5u);
  out[gid] = o + y;
  if (gid > 12u)
    return;
  if (gid > 13u)
    out[atomic_inc(n)] = 1u;
}
