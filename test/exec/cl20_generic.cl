// REQUIRES: opencl-generic-address-space
// (PoCL 3.1 has no generic address space: there this test is unsupported.)
// A kernel whose atomics go through generic helpers called with __global
// pointers (proved __global, cast, rewritten): returned values a
// permutation, final values equal to the native run's.
// RUN: softatomic-rewrite --combine-mode %s -o %t.sa.cl -- -cl-std=CL3.0
// RUN: grep -c "__sa_atomic_fetch_add_uint((__global atomic_uint \*)(p), v, __sa_ctx)" %t.sa.cl
// RUN: sa-difftest %s %t.sa.cl --build-options -cl-std=CL3.0 --kernel through_generic --global 4096 --local 64 --arg buf:uint:2 --arg buf:uint:4096 --check 0:equal --check 1:perm=0
// RUN: sa-difftest %s %t.sa.cl --build-options -cl-std=CL3.0 --kernel through_generic --global 96 --local 1 --arg buf:uint:2 --arg buf:uint:96 --check 0:equal --check 1:perm=0

uint generic_add(atomic_uint *p, uint v) { return atomic_fetch_add(p, v); }

uint through_variable(atomic_uint *q) {
  atomic_uint *r = q + 1;
  return atomic_fetch_max(r, (uint)get_global_id(0));
}

__kernel void through_generic(__global atomic_uint *c, __global uint *old) {
  uint gid = get_global_id(0);
  old[gid] = generic_add(&c[0], 1u);
  through_variable(c);
}
