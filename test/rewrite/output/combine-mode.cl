// --combine-mode (the default) compiles the runtime's combining mode in:
// the define after the manifest, "combine_mode": true in the manifest
// (comment and JSON), and the same rewritten calls as without it; the
// output builds as OpenCL C 1.2 and 3.0. With --combine-mode=false the
// manifest says false and no define appears.
// RUN: softatomic-rewrite --combine-mode %s -o %t.cl --manifest %t.json
// RUN: FileCheck %s --input-file %t.cl
// RUN: FileCheck %s --check-prefix=JSON --input-file %t.json
// RUN: %clang_cl_check -cl-std=CL1.2 %t.cl
// RUN: %clang_cl_check -cl-std=CL3.0 %t.cl
// NVIDIA's warp path (-DSA_WARP_COMBINE=1, saGetBuildOptions) lowers to
// match.any.sync (the lanes on one address), vote.sync.ballot, fns (the
// scan of values that may differ between lanes, as old[i]'s does) and
// shfl.sync in the PTX it compiles to.
// RUN: %clang_cl_ptx -cl-std=CL1.2 -DSA_WARP_COMBINE=1 %t.cl -o %t.ptx
// RUN: FileCheck %s --check-prefix=PTX --input-file %t.ptx
// PTX-DAG: match.any.sync.b64
// PTX-DAG: vote.sync.ballot.b32
// PTX-DAG: fns.b32
// PTX-DAG: shfl.sync.idx.b32
// RUN: softatomic-rewrite %s -o %t.default.cl
// RUN: FileCheck %s --input-file %t.default.cl
// RUN: softatomic-rewrite --combine-mode=false %s -o %t.paper.cl
// RUN: FileCheck %s --check-prefix=PAPER --input-file %t.paper.cl
// CHECK:      {{^}}/* softatomic{{-}}manifest: {{.*}}"deferred_atomics":true,"combine_mode":true}{{.*}} */{{$}}
// CHECK-NEXT: {{^}}#define SA_COMBINE_MODE 1{{$}}
// CHECK:      {{^}}  const int __sa_p0 = !! (i % 2u); unsigned int __sa_r0 = __sa_wgp_atomic_add_uint(__sa_p0, {{.*}}, __sa_ctx); if (__sa_p0)
// CHECK:      {{^}}  __sa_nr_atomic_add_uint(&d[i % 5u], 2u, __sa_ctx);
// JSON:       "combine_mode": true
// PAPER:      {{^}}/* softatomic{{-}}manifest: {{.*}}"combine_mode":false}{{.*}} */{{$}}
// PAPER-NOT:  {{^}}#define SA_COMBINE_MODE
__kernel void k(__global uint *c, __global uint *old, __global uint *d) {
  uint i = get_global_id(0);
  if (i % 2u)
    old[i] = atomic_add(&c[i % 3u], i % 4u);
  atomic_add(&d[i % 5u], 2u);
}
