// Calls in a loop that every work-item of a group runs equally often (a
// `for` whose counters, condition and step are uniform: docs/REWRITE.md)
// take the work-group form each iteration, and under a guarding `if` in
// such a loop the predicated form; returned values must fit a
// linearization of all the adds. Local sizes 1 and 2 too (PoCL runs a
// group's work-items as a loop around the barriers).
// RUN: softatomic-rewrite --combine-mode %s -o %t.sa.cl
// RUN: FileCheck %s --input-file %t.sa.cl
// CHECK: old[rec] = __sa_wg_atomic_add_uint(&ctr[b], v, __sa_ctx);
// CHECK: __sa_wgp_atomic_add_uint(__sa_p0, __sa_p0 ? (&ctr[b]) : 0, __sa_p0 ? (v) : 0, __sa_ctx); if (__sa_p0) {
// RUN: sa-difftest %s %t.sa.cl --kernel looped --global 4096 --local 64 --arg buf:uint:13 --arg buf:uint:32768 --arg buf:uint:32768 --arg buf:uint:32768 --arg scalar:uint:8 --arg scalar:uint:13 --check 1:ignore --check-add 1,2,3,0
// RUN: sa-difftest %s %t.sa.cl --kernel looped --global 2048 --local 256 --arg buf:uint:1:fill=9 --arg buf:uint:10240 --arg buf:uint:10240 --arg buf:uint:10240 --arg scalar:uint:5 --arg scalar:uint:1 --check 1:ignore --check-add 1,2,3,0
// As the warp program (each warp's adds combined on NVIDIA):
// RUN: sa-difftest %s %t.sa.cl --kernel looped --global 4096 --local 64 --arg buf:uint:13 --arg buf:uint:32768 --arg buf:uint:32768 --arg buf:uint:32768 --arg scalar:uint:8 --arg scalar:uint:13 --check 1:ignore --check-add 1,2,3,0 --warp-program
// RUN: sa-difftest %s %t.sa.cl --kernel looped --global 2048 --local 256 --arg buf:uint:1:fill=9 --arg buf:uint:10240 --arg buf:uint:10240 --arg buf:uint:10240 --arg scalar:uint:5 --arg scalar:uint:1 --check 1:ignore --check-add 1,2,3,0 --warp-program
// RUN: sa-difftest %s %t.sa.cl --kernel looped --global 96 --local 1 --arg buf:uint:3 --arg buf:uint:384 --arg buf:uint:384 --arg buf:uint:384 --arg scalar:uint:4 --arg scalar:uint:3 --check 1:ignore --check-add 1,2,3,0
// RUN: sa-difftest %s %t.sa.cl --kernel looped --global 256 --local 2 --arg buf:uint:5 --arg buf:uint:768 --arg buf:uint:768 --arg buf:uint:768 --arg scalar:uint:3 --arg scalar:uint:5 --check 1:ignore --check-add 1,2,3,0
// RUN: sa-difftest %s %t.sa.cl --build-options -cl-std=CL3.0 --kernel guarded --global 4096 --local 128 --arg buf:uint:7 --arg buf:uint:24576 --arg buf:uint:24576:fill=-1 --arg buf:uint:24576 --arg scalar:uint:6 --arg scalar:uint:7 --check 1:ignore --check-add 1,2,3,0
// RUN: sa-difftest %s %t.sa.cl --kernel guarded --global 64 --local 1 --arg buf:uint:2 --arg buf:uint:192 --arg buf:uint:192:fill=-1 --arg buf:uint:192 --arg scalar:uint:3 --arg scalar:uint:2 --check 1:ignore --check-add 1,2,3,0
__kernel void looped(__global uint *ctr, __global uint *old, __global uint *target,
                     __global uint *inc, uint iters, uint bins) {
  uint gid = get_global_id(0);
  for (uint k = 0; k < iters; ++k) {
    uint rec = gid * iters + k;
    uint b = (gid / 4u + k) % bins;
    uint v = (gid + k) % 5u + 1u;
    target[rec] = b;
    inc[rec] = v;
    old[rec] = atomic_add(&ctr[b], v);
  }
}

__kernel void guarded(__global uint *ctr, __global uint *old, __global uint *target,
                      __global uint *inc, uint iters, uint bins) {
  uint gid = get_global_id(0);
  for (uint k = 0; k < iters; ++k) {
    uint rec = gid * iters + k;
    uint b = (gid + 3u * k) % bins;
    uint v = k + 1u;
    inc[rec] = v;
    if ((gid + k) % 3u == 0u) {
      uint o = atomic_add(&ctr[b], v);
      old[rec] = o;
      target[rec] = b;
    }
  }
}
