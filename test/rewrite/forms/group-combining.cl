// Atomics that every work-item of a group makes at the same point become
// the runtime's work-group form (__sa_wg_): adds combined in the group
// before the coordinator sees them, any other operation (the exchange
// here) each work-item's request, the group's published together before
// any is awaited; so does a call that an `if` the group reaches
// guards (the predicated form, __sa_wgp_; test predicated.cl), and so does
// one in a loop that every work-item runs equally often (uniform-loops.cl);
// any other call that some work-items may skip, or make more than once,
// stays a per-work-item request.
// RUN: softatomic-rewrite %s --defer-unused=false -o %t.cl
// RUN: FileCheck %s --input-file %t.cl
// RUN: %clang_cl_check -cl-std=CL1.2 %t.cl

__kernel void k(__global int *c, __global uint *u, int n) {
  atom_add(c, 1);
  int a = atomic_sub(c, 2) + 1;
  { u[a] = atom_inc(u) + atomic_dec(u); }
  atom_xchg(c, 3);
  if (n > 0)
    atom_add(c, 4);
  for (int i = 0; i < n; ++i)
    atom_add(c, 5);
  int b = n ? atom_add(c, 6) : 0;
  int d = n && atom_add(c, 7);
  if (get_global_id(0) >= (size_t)n)
    return;
  atom_add(c, b + d);
}

int helper(__global int *c) { return atom_add(c, 8); }

__kernel void via_helper(__global int *c) {
  helper(c);
  atom_add(c, 9);
}

__kernel void with_label(__global int *c) {
again:
  atom_add(c, 10);
  if (*c < 0)
    goto again;
}

// CHECK: {{^}}  __sa_wg_atomic_add_int(c, 1, __sa_ctx);
// CHECK: {{^}}  int a = __sa_wg_atomic_sub_int(c, 2, __sa_ctx) + 1;
// CHECK: {{^}}  { u[a] = __sa_wg_atomic_inc_uint(u, __sa_ctx) + __sa_wg_atomic_dec_uint(u, __sa_ctx); }
// CHECK: {{^}}  __sa_wg_atomic_xchg_int(c, 3, __sa_ctx);
// CHECK: {{^}}  const int __sa_p0 = !! (n > 0); int __sa_r0 = __sa_wgp_atomic_add_int(__sa_p0, __sa_p0 ? (c) : 0, 4, __sa_ctx); if (__sa_p0)
// CHECK-NEXT: {{^}}    (void)__sa_r0;
// CHECK: {{^}}    __sa_wg_atomic_add_int(c, 5, __sa_ctx);
// CHECK: {{^}}  int b = n ? __sa_atomic_add_int(c, 6, __sa_ctx) : 0;
// CHECK: {{^}}  int d = n && __sa_atomic_add_int(c, 7, __sa_ctx);
// CHECK: {{^}}  __sa_atomic_add_int(c, b + d, __sa_ctx);
// CHECK: {{^}}int helper(__global int *c, __sa_ctx_t *__sa_ctx) { return __sa_atomic_add_int(c, 8, __sa_ctx); }
// CHECK: {{^}}  __sa_wg_atomic_add_int(c, 9, __sa_ctx);
// CHECK: {{^}}  __sa_atomic_add_int(c, 10, __sa_ctx);
