// softatomic-rewrite --profile (docs/PROFILE.md): each global atomic takes
// the profiled form of the form it would take, with its site after the
// context; a site is where its call is spelled (both expansions of BUMP
// are site 0, in the macro's definition), numbered in source order; each
// kernel notes its __global pointer parameters' addresses; the output
// defines SA_SITE_PROFILE; the manifest lists the sites and, per kernel, the
// sites it reaches (a helper's, for both kernels that call it) and its
// pointer parameters. The output compiles.
// RUN: softatomic-rewrite --profile %s -o %t.cl --manifest %t.json
// RUN: %filecheck_kernel %s --input-file %t.cl
// RUN: FileCheck %s --check-prefix=MANIFEST --input-file %t.json
// RUN: %clang_cl_check -cl-std=CL1.2 %t.cl
// RUN: %clang_cl_check -cl-std=CL3.0 %t.cl
// RUN: softatomic-rewrite %s -o %t.plain.cl --manifest %t.plain.json
// RUN: %sa_user_code %t.plain.cl | grep -v "^//" | FileCheck %s --check-prefix=PLAIN
// RUN: FileCheck %s --check-prefix=PLAIN --input-file %t.plain.json

#define BUMP(p) atomic_inc(p)

uint helper(__global uint *c) { return BUMP(&c[0]) + BUMP(&c[1]); }

__kernel void first(__global uint *c, __global const uint *in, uint n,
                    __global uint *out) {
  uint i = get_global_id(0);
  atomic_add(&c[2], in[i]);
  if (i < n)
    out[i] = atomic_max(&c[3], i);
  out[i] += helper(c);
}

__kernel void second(__global uint *c, __global uint *w) {
  helper(c);
  atomic_or(w, 1u);
}

// CHECK: {{^}}#define SA_SITE_PROFILE 1{{$}}
// CHECK-LABEL: #line 1 "{{.*}}profile.cl"
// CHECK: #define BUMP(p) __sa_pf_atomic_inc_uint(p, __sa_ctx, 0)
// CHECK: uint helper(__global uint *c, __sa_ctx_t *__sa_ctx) { return BUMP(&c[0]) + BUMP(&c[1]); }
// CHECK: __global uint *out, __local uint *__sa_scratch, __global uint *__sa_state) { [[PROLOGUE]] SA_PROFILE_ARG(__sa_ctx, 0, c); SA_PROFILE_ARG(__sa_ctx, 1, in); SA_PROFILE_ARG(__sa_ctx, 3, out); do {
// CHECK-NEXT: uint i = __sa_get_global_id(0, __sa_ctx);
// CHECK-NEXT: __sa_pf_wg_atomic_add_uint(&c[2], in[i], __sa_ctx, 1);
// CHECK-NEXT: __sa_pf_wgp_atomic_max_uint(__sa_p0, __sa_p0 ? (&c[3]) : 0, __sa_p0 ? (i) : 0, __sa_ctx, 2);
// CHECK: __kernel void second(__global uint *c, __global uint *w, __local uint *__sa_scratch, __global uint *__sa_state) { [[PROLOGUE]] __sa_private_target(__sa_ctx, 1, (__global void *)w); SA_PROFILE_ARG(__sa_ctx, 0, c); SA_PROFILE_ARG(__sa_ctx, 1, w); do {
// CHECK-NEXT: helper(c, __sa_ctx);
// CHECK-NEXT: __sa_pf_nr_atomic_or_uint(w, 1u, __sa_ctx, 3);

// MANIFEST: "profile": true
// MANIFEST: "name": "first",
// MANIFEST: "global_pointer_args": [
// MANIFEST-NEXT: 0,
// MANIFEST-NEXT: 1,
// MANIFEST-NEXT: 3
// MANIFEST-NEXT: ],
// MANIFEST-NEXT: "global_pointer_names": [
// MANIFEST-NEXT: "c",
// MANIFEST-NEXT: "in",
// MANIFEST-NEXT: "out"
// MANIFEST-NEXT: ],
// MANIFEST-NEXT: "profile_sites": [
// MANIFEST-NEXT: 0,
// MANIFEST-NEXT: 1,
// MANIFEST-NEXT: 2
// MANIFEST-NEXT: ]
// MANIFEST: "name": "second",
// MANIFEST: "profile_sites": [
// MANIFEST-NEXT: 0,
// MANIFEST-NEXT: 3
// MANIFEST-NEXT: ]
// MANIFEST: "sites": [
// MANIFEST-NEXT: {
// MANIFEST-NEXT: "id": 0,
// MANIFEST-NEXT: "file": "{{.*}}profile.cl",
// MANIFEST-NEXT: "line": 18,
// MANIFEST-NEXT: "column": 17,
// MANIFEST-NEXT: "operation": "atomic_inc",
// MANIFEST-NEXT: "type": "uint",
// MANIFEST-NEXT: "width": 32,
// MANIFEST-NEXT: "result_used": true,
// MANIFEST-NEXT: "form": "per-item",
// MANIFEST-NEXT: "kernels": [
// MANIFEST-NEXT: "first",
// MANIFEST-NEXT: "second"
// MANIFEST-NEXT: ]
// MANIFEST: "id": 1,
// MANIFEST: "line": 25,
// MANIFEST-NEXT: "column": 3,
// MANIFEST: "result_used": false,
// MANIFEST-NEXT: "form": "work-group",
// MANIFEST: "id": 2,
// MANIFEST: "form": "predicated work-group",
// MANIFEST: "id": 3,
// MANIFEST: "operation": "atomic_or",
// MANIFEST: "form": "deferred",
// (A site the privatized form can serve says so: the profile times it.)
// MANIFEST-NEXT: "private": true,
// MANIFEST-NEXT: "kernels": [
// MANIFEST-NEXT: "second"
// MANIFEST-NEXT: ]

// Without --profile nothing of it: no profiled call, no sites.
// PLAIN-NOT: __sa_pf_
// PLAIN-NOT: SA_PROFILE_ARG
// PLAIN-NOT: "sites"
