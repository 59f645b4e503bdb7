// A kernel whose every global atomic is deferred reads no target, so the
// prologue tells the runtime it may fold a work-item's repeated deferred
// atomics in private memory (__sa_defer_privately, docs/REWRITE.md,
// "Deferred atomics"). One returning atomic anywhere the kernel reaches, a
// helper's included, or --defer-unused=false, and the call is left out.
// RUN: softatomic-rewrite %s -o %t.cl
// RUN: FileCheck %s --input-file %t.cl
// RUN: %clang_cl_check -cl-std=CL1.2 %t.cl
// RUN: softatomic-rewrite %s --defer-unused=false -o %t.off.cl
// RUN: FileCheck %s --check-prefix=OFF --input-file %t.off.cl
// CHECK:      {{^}}__kernel void all_deferred({{.*}}return; __sa_defer_privately(__sa_ctx); do { __sa_group_begin(__sa_ctx);{{( SA_VARYING_ARG\(__(global|local), [A-Za-z_0-9]+\);)*}}{{$}}
// CHECK:      {{^}}__kernel void one_returns({{.*}}return; do { __sa_group_begin(__sa_ctx);{{( SA_VARYING_ARG\(__(global|local), [A-Za-z_0-9]+\);)*}}{{$}}
// CHECK:      {{^}}__kernel void helper_returns({{.*}}return; do { __sa_group_begin(__sa_ctx);{{( SA_VARYING_ARG\(__(global|local), [A-Za-z_0-9]+\);)*}}{{$}}
// OFF-NOT:    {{^}}__kernel {{.*}}__sa_defer_privately
void bump(__global uint *c, uint i, __global uint *o) { o[i] = atomic_inc(&c[i % 4u]); }

__kernel void all_deferred(__global uint *c) {
  uint i = get_global_id(0);
  for (uint k = 0; k < i % 9u; ++k)
    atomic_add(&c[(i + k / 3u) % 16u], k);
  atomic_max(&c[16 + i % 2u], i);
}

__kernel void one_returns(__global uint *c, __global uint *o) {
  uint i = get_global_id(0);
  atomic_add(&c[i % 16u], 1u);
  if (i == 0)
    o[0] = atomic_add(&c[3], 0u);
}

__kernel void helper_returns(__global uint *c, __global uint *o) {
  uint i = get_global_id(0);
  atomic_add(&c[i % 16u], 1u);
  bump(c, i, o);
}
