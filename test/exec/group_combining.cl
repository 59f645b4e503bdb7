// The work-group form of add: every work-item of a group adds at the same
// point. Many distinct addresses per group (more than the group's buckets,
// so some collide and are asked for alone), a group call and a per-item
// call on the same counters in one kernel, and return values that must fit
// a linearization of all the adds.
// RUN: softatomic-rewrite --combine-mode %s -o %t.sa.cl
// RUN: FileCheck %s --input-file %t.sa.cl
// CHECK: old[gid] = __sa_wg_atomic_add_uint(&bin[b], v, __sa_ctx);
// CHECK: __sa_atomic_add_uint(&bin[b], 1u, __sa_ctx);
// RUN: sa-difftest %s %t.sa.cl --kernel spread --global 16384 --local 64 --arg buf:uint:4096:fill=7 --arg buf:uint:16384 --arg buf:uint:16384 --arg buf:uint:16384 --arg scalar:uint:4096 --check 1:ignore --check-add 1,2,3,0
// RUN: sa-difftest %s %t.sa.cl --kernel spread --global 8192 --local 256 --arg buf:uint:1:fill=7 --arg buf:uint:8192 --arg buf:uint:8192 --arg buf:uint:8192 --arg scalar:uint:1 --check 1:ignore --check-add 1,2,3,0
// RUN: sa-difftest %s %t.sa.cl --build-options -cl-std=CL1.2 --kernel spread --global 8192 --local 128 --arg buf:uint:100:fill=7 --arg buf:uint:8192 --arg buf:uint:8192 --arg buf:uint:8192 --arg scalar:uint:100 --check 1:ignore --check-add 1,2,3,0
// RUN: sa-difftest %s %t.sa.cl --kernel mixed --global 8192 --local 64 --arg buf:uint:13 --arg buf:uint:8192 --check 1:ignore
// As the warp program (each warp's adds combined on NVIDIA):
// RUN: sa-difftest %s %t.sa.cl --kernel spread --global 16384 --local 64 --arg buf:uint:4096:fill=7 --arg buf:uint:16384 --arg buf:uint:16384 --arg buf:uint:16384 --arg scalar:uint:4096 --check 1:ignore --check-add 1,2,3,0 --warp-program
// RUN: sa-difftest %s %t.sa.cl --kernel spread --global 8192 --local 256 --arg buf:uint:1:fill=7 --arg buf:uint:8192 --arg buf:uint:8192 --arg buf:uint:8192 --arg scalar:uint:1 --check 1:ignore --check-add 1,2,3,0 --warp-program
// RUN: sa-difftest %s %t.sa.cl --build-options -cl-std=CL1.2 --kernel spread --global 8192 --local 128 --arg buf:uint:100:fill=7 --arg buf:uint:8192 --arg buf:uint:8192 --arg buf:uint:8192 --arg scalar:uint:100 --check 1:ignore --check-add 1,2,3,0 --warp-program
// RUN: sa-difftest %s %t.sa.cl --kernel mixed --global 8192 --local 64 --arg buf:uint:13 --arg buf:uint:8192 --check 1:ignore --warp-program
__kernel void spread(__global uint *bin, __global uint *old, __global uint *target,
                     __global uint *inc, uint bins) {
  uint gid = get_global_id(0);
  uint b = (gid * 2654435761u) % bins;
  uint v = gid % 7u + 1u;
  target[gid] = b;
  inc[gid] = v;
  old[gid] = atom_add(&bin[b], v);
}

__kernel void mixed(__global uint *bin, __global uint *old) {
  uint gid = get_global_id(0);
  uint b = gid % 13u;
  old[gid] = atom_add(&bin[b], gid);
  if (gid % 3u == 0u)
    atom_add(&bin[b], 1u);
}
