// The deferred form through local pointer variables (docs/REWRITE.md): a
// pointer held in a local variable is based on a parameter when every
// value the variable is given (its initialiser, `v = e`) is, and it may be
// stepped (++, --, +=, -=); memory reached that way is atomics-only when
// every read of the variable is. Left per call: a variable read through
// (`*s`), one given two parameters' pointers, one whose address is taken,
// one given a `?:` of two pointers.
// RUN: softatomic-rewrite %s -o %t.cl
// RUN: FileCheck %s --input-file %t.cl
// RUN: %clang_cl_check -cl-std=CL1.2 %t.cl
// CHECK: {{^}}  __sa_nr_atomic_add_uint(p, 1u, __sa_ctx);
// CHECK: {{^}}    __sa_nr_atomic_inc_uint(q, __sa_ctx);
// CHECK: {{^}}  __sa_nr_atomic_max_uint(r, gid, __sa_ctx);
// CHECK: {{^}}  __sa_nr_atomic_or_uint(r, gid, __sa_ctx);
// CHECK: {{^}}  __sa_wg_atomic_add_uint(s, 1u, __sa_ctx);
// CHECK: {{^}}  __sa_wg_atomic_add_uint(p, 1u, __sa_ctx);
// CHECK: {{^}}  __sa_wg_atomic_add_uint(*pp, 1u, __sa_ctx);
// CHECK: {{^}}  __sa_wg_atomic_add_uint(t, 1u, __sa_ctx);
__kernel void locals(__global uint *hist, uint n) {
  uint gid = get_global_id(0);
  __global uint *p = hist + gid % 8u;
  atomic_add(p, 1u);
  __global uint *q;
  q = &hist[8];
  for (uint i = 0; i < n; ++i, ++q)
    atomic_inc(q);
  __global uint *r = p;
  r += 2;
  atomic_max(r, gid);
  r = r - 1;
  atomic_or(r, gid);
}
__kernel void read_through_local(__global uint *a, __global uint *seen) {
  __global uint *s = a;
  atomic_add(s, 1u);
  seen[get_global_id(0)] = *s;
}
__kernel void mixed_roots(__global uint *a, __global uint *b) {
  __global uint *p = a;
  if (get_global_id(0) & 1)
    p = b;
  atomic_add(p, 1u);
}
__kernel void address_taken(__global uint *a) {
  __global uint *p = a;
  __global uint **pp = &p;
  atomic_add(*pp, 1u);
}
__kernel void chosen(__global uint *a, __global uint *b) {
  __global uint *t = get_global_id(0) & 1 ? a : b;
  atomic_add(t, 1u);
}
