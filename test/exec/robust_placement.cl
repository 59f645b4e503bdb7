// Robust placement (--placement=robust): the coordinator is whichever group
// takes the first ticket. Returned values must still be a permutation, the
// deferred and work-group-combined adds must still sum up, in both
// memory-model modes and with one work-item per group.
// RUN: softatomic-rewrite --combine-mode %s --placement=robust -o %t.sa.cl
// RUN: sa-difftest %s %t.sa.cl --kernel tickets --global 8192 --local 64 --arg buf:uint:1 --arg buf:uint:8192 --arg buf:uint:64 --check 1:perm=0
// RUN: sa-difftest %s %t.sa.cl --build-options -cl-std=CL3.0 --kernel tickets --global 4096 --local 256 --arg buf:uint:1 --arg buf:uint:4096 --arg buf:uint:64 --check 1:perm=0
// RUN: sa-difftest %s %t.sa.cl --build-options -cl-std=CL1.2 --kernel tickets --global 96 --local 1 --arg buf:uint:1 --arg buf:uint:96 --arg buf:uint:64 --check 1:perm=0
__kernel void tickets(__global uint *next, __global uint *mine, __global uint *hist) {
  uint gid = get_global_id(0);
  if (gid % 3 != 1)
    mine[gid] = atom_inc(next);       // divergent, returns
  else
    mine[gid] = atomic_add(next, 1u); // the same counter, another site
  atom_add(&hist[gid % 64], gid);     // deferred
}
