// Adds whose results are used, where a few work-items of each warp share an
// address: in the combining mode on NVIDIA (-DSA_WARP_COMBINE=1, from
// saGetBuildOptions) the lanes of a warp group themselves by address and
// each group makes one native atomic of its sum, every lane's old value
// the group's base plus the adds of the lanes below it. Per-item calls
// (after a divergent return, so not the work-group form) and work-group
// calls; the same value in every lane of a group (one multiply) and
// different values (a scan); lanes alone on their address; subtracts. The
// returned values must fit a linearization of all the adds. The same in
// the warp program (--warp-program), which takes the same path.
// RUN: softatomic-rewrite %s -o %t.sa.cl
// RUN: FileCheck %s --input-file %t.sa.cl
// CHECK: {{^}}  old[gid] = __sa_atomic_add_uint(&bin[b], v, __sa_ctx);
// CHECK: {{^}}  old[gid] = __sa_wg_atomic_add_uint(&bin[b], v, __sa_ctx);
// CHECK: {{^}}  old[gid] = __sa_atomic_sub_uint(&bin[b], v, __sa_ctx);
// RUN: sa-difftest %s %t.sa.cl --kernel item --global 16384 --local 128 --arg buf:uint:64:fill=5 --arg buf:uint:16384 --arg buf:uint:16384 --arg buf:uint:16384 --arg scalar:uint:64 --arg scalar:uint:4 --arg scalar:uint:0 --check 1:ignore --check-add 1,2,3,0
// RUN: sa-difftest %s %t.sa.cl --kernel item --global 16384 --local 256 --arg buf:uint:64:fill=5 --arg buf:uint:16384 --arg buf:uint:16384 --arg buf:uint:16384 --arg scalar:uint:64 --arg scalar:uint:4 --arg scalar:uint:1 --check 1:ignore --check-add 1,2,3,0
// RUN: sa-difftest %s %t.sa.cl --kernel item --global 8192 --local 64 --arg buf:uint:3:fill=5 --arg buf:uint:8192 --arg buf:uint:8192 --arg buf:uint:8192 --arg scalar:uint:3 --arg scalar:uint:1 --arg scalar:uint:0 --check 1:ignore --check-add 1,2,3,0
// RUN: sa-difftest %s %t.sa.cl --kernel item --global 8192 --local 64 --arg buf:uint:8192 --arg buf:uint:8192 --arg buf:uint:8192 --arg buf:uint:8192 --arg scalar:uint:8192 --arg scalar:uint:1 --arg scalar:uint:0 --check 1:ignore --check-add 1,2,3,0
// RUN: sa-difftest %s %t.sa.cl --kernel group --global 16384 --local 128 --arg buf:uint:64:fill=5 --arg buf:uint:16384 --arg buf:uint:16384 --arg buf:uint:16384 --arg scalar:uint:64 --arg scalar:uint:8 --check 1:ignore --check-add 1,2,3,0
// RUN: sa-difftest %s %t.sa.cl --kernel sub --global 16384 --local 128 --arg buf:uint:64:fill=100000000 --arg buf:uint:16384 --arg scalar:uint:64 --arg scalar:uint:4 --check 1:ignore
// RUN: sa-difftest %s %t.sa.cl --kernel item --global 16384 --local 128 --arg buf:uint:64:fill=5 --arg buf:uint:16384 --arg buf:uint:16384 --arg buf:uint:16384 --arg scalar:uint:64 --arg scalar:uint:4 --arg scalar:uint:0 --check 1:ignore --check-add 1,2,3,0 --warp-program
// RUN: sa-difftest %s %t.sa.cl --kernel item --global 16384 --local 256 --arg buf:uint:64:fill=5 --arg buf:uint:16384 --arg buf:uint:16384 --arg buf:uint:16384 --arg scalar:uint:64 --arg scalar:uint:4 --arg scalar:uint:1 --check 1:ignore --check-add 1,2,3,0 --warp-program
// RUN: sa-difftest %s %t.sa.cl --kernel item --global 8192 --local 64 --arg buf:uint:3:fill=5 --arg buf:uint:8192 --arg buf:uint:8192 --arg buf:uint:8192 --arg scalar:uint:3 --arg scalar:uint:1 --arg scalar:uint:0 --check 1:ignore --check-add 1,2,3,0 --warp-program
// RUN: sa-difftest %s %t.sa.cl --kernel item --global 8192 --local 64 --arg buf:uint:8192 --arg buf:uint:8192 --arg buf:uint:8192 --arg buf:uint:8192 --arg scalar:uint:8192 --arg scalar:uint:1 --arg scalar:uint:0 --check 1:ignore --check-add 1,2,3,0 --warp-program
// RUN: sa-difftest %s %t.sa.cl --kernel group --global 16384 --local 128 --arg buf:uint:64:fill=5 --arg buf:uint:16384 --arg buf:uint:16384 --arg buf:uint:16384 --arg scalar:uint:64 --arg scalar:uint:8 --check 1:ignore --check-add 1,2,3,0 --warp-program
// RUN: sa-difftest %s %t.sa.cl --kernel sub --global 16384 --local 128 --arg buf:uint:64:fill=100000000 --arg buf:uint:16384 --arg scalar:uint:64 --arg scalar:uint:4 --check 1:ignore --warp-program
__kernel void item(__global uint *bin, __global uint *old, __global uint *target,
                   __global uint *inc, uint bins, uint share, uint same) {
  uint gid = get_global_id(0);
  target[gid] = 0xffffffffu;
  if (gid % 7u == 3u)
    return;
  uint b = (gid / share) % bins;
  uint v = same ? 3u : gid % 5u + 1u;
  target[gid] = b;
  inc[gid] = v;
  old[gid] = atom_add(&bin[b], v);
}

__kernel void group(__global uint *bin, __global uint *old, __global uint *target,
                    __global uint *inc, uint bins, uint share) {
  uint gid = get_global_id(0);
  uint b = (gid / share) % bins;
  uint v = gid % 3u + 1u;
  target[gid] = b;
  inc[gid] = v;
  old[gid] = atom_add(&bin[b], v);
}

__kernel void sub(__global uint *bin, __global uint *old, uint bins, uint share) {
  uint gid = get_global_id(0);
  if (gid % 5u == 1u)
    return;
  uint b = (gid / share) % bins;
  uint v = gid % 4u + 1u;
  old[gid] = atom_sub(&bin[b], v);
}
