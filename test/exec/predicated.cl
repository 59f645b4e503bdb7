// The predicated work-group form: a call that an `if` guards, evaluated
// first in its then branch, is combined in the group with whether each
// work-item is its caller (docs/REWRITE.md). Divergent guards, several
// addresses per group, return values that must fit a linearization of all
// the adds, stream compaction through the returned slot, and an else
// branch that must still run.
// RUN: softatomic-rewrite --combine-mode %s -o %t.sa.cl
// RUN: FileCheck %s --input-file %t.sa.cl
// CHECK: {{^}}  const int __sa_p0 = !! ((gid * 7u) % 5u < 2u); unsigned int __sa_r0 = __sa_wgp_atomic_add_uint(__sa_p0, __sa_p0 ? (&counter[b]) : 0, __sa_p0 ? (v) : 0, __sa_ctx); if (__sa_p0) {
// CHECK: {{^}}    uint o = __sa_r0;
// CHECK: __sa_wgp_atomic_inc_uint(__sa_p1, __sa_p1 ? (count) : 0, __sa_ctx); if (__sa_p1)
// CHECK: {{^}}    out[__sa_r1] = in[gid];
// CHECK: __sa_wgp_atomic_dec_int(__sa_p2, __sa_p2 ? (&level[gid % 3u]) : 0, __sa_ctx); if (__sa_p2)
// RUN: sa-difftest %s %t.sa.cl --kernel guarded --global 16384 --local 64 --arg buf:uint:37:fill=5 --arg buf:uint:16384 --arg buf:uint:16384 --arg buf:uint:16384 --arg scalar:uint:37 --check 1:ignore --check-add 1,2,3,0
// RUN: sa-difftest %s %t.sa.cl --kernel guarded --global 8192 --local 256 --arg buf:uint:1 --arg buf:uint:8192 --arg buf:uint:8192 --arg buf:uint:8192 --arg scalar:uint:1 --check 1:ignore --check-add 1,2,3,0
// RUN: sa-difftest %s %t.sa.cl --build-options -cl-std=CL3.0 --kernel guarded --global 4096 --local 128 --arg buf:uint:4096 --arg buf:uint:4096 --arg buf:uint:4096 --arg buf:uint:4096 --arg scalar:uint:4096 --check 1:ignore --check-add 1,2,3,0
// As the warp program (each warp's adds combined on NVIDIA):
// RUN: sa-difftest %s %t.sa.cl --kernel guarded --global 16384 --local 64 --arg buf:uint:37:fill=5 --arg buf:uint:16384 --arg buf:uint:16384 --arg buf:uint:16384 --arg scalar:uint:37 --check 1:ignore --check-add 1,2,3,0 --warp-program
// RUN: sa-difftest %s %t.sa.cl --kernel guarded --global 8192 --local 256 --arg buf:uint:1 --arg buf:uint:8192 --arg buf:uint:8192 --arg buf:uint:8192 --arg scalar:uint:1 --check 1:ignore --check-add 1,2,3,0 --warp-program
// RUN: sa-difftest %s %t.sa.cl --build-options -cl-std=CL3.0 --kernel guarded --global 4096 --local 128 --arg buf:uint:4096 --arg buf:uint:4096 --arg buf:uint:4096 --arg buf:uint:4096 --arg scalar:uint:4096 --check 1:ignore --check-add 1,2,3,0 --warp-program
// RUN: sa-difftest %s %t.sa.cl --kernel guarded --global 96 --local 1 --arg buf:uint:3 --arg buf:uint:96 --arg buf:uint:96 --arg buf:uint:96 --arg scalar:uint:3 --check 1:ignore --check-add 1,2,3,0
// RUN: sa-difftest %s %t.sa.cl --kernel compact --global 32768 --local 256 --arg buf:uint:32768:random=7,100 --arg buf:uint:32768:fill=4242 --arg buf:uint:1 --check 1:multiset
// RUN: sa-difftest %s %t.sa.cl --kernel compact --global 4096 --local 64 --arg buf:uint:4096:random=9,3 --arg buf:uint:4096:fill=4242 --arg buf:uint:1 --check 1:multiset
// RUN: sa-difftest %s %t.sa.cl --kernel levels --global 8192 --local 128 --arg buf:int:3:fill=100000 --arg buf:int:8192 --check 1:multiset
__kernel void guarded(__global uint *counter, __global uint *old,
                      __global uint *target, __global uint *inc, uint bins) {
  uint gid = get_global_id(0);
  uint b = (gid * 2654435761u) % bins;
  uint v = gid % 13u + 1u;
  target[gid] = 0xffffffffu;
  inc[gid] = v;
  if ((gid * 7u) % 5u < 2u) { // 40% of the work-items, scattered
    uint o = atomic_add(&counter[b], v);
    old[gid] = o;
    target[gid] = b;
  }
}

// Keeps the inputs below 50; `in` holds 0..99 (or 0..2).
__kernel void compact(__global const uint *in, __global uint *out,
                      __global uint *count) {
  uint gid = get_global_id(0);
  if (in[gid] < 50u)
    out[atomic_inc(count)] = in[gid];
}

// Every third work-item takes a level down; the others record -1. Which
// work-item sees which level differs between runs, the set of them cannot.
__kernel void levels(__global int *level, __global int *seen) {
  uint gid = get_global_id(0);
  if (gid % 3u == 0u)
    seen[gid] = atomic_dec(&level[gid % 3u]);
  else
    seen[gid] = -1;
}
