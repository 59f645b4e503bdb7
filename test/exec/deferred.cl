// Atomics whose result is unused are deferred: combined in the worker's
// local table and sent to the coordinator later (docs/REWRITE.md). Final
// values must equal native ones when
// - the table overflows: 4096 hashed bins from groups of 64 (a 64-entry
//   table), so entries are sent between the user's groups and calls that
//   find no room go at once;
// - one work-item mixes operations on its own address (their order
//   matters: a pending entry of another operation goes first);
// - the calls are divergent and made through a helper.
// Memory that an atomic reads back (mine, group_count: a work-item reads
// what it and its group added before a barrier) is never deferred: another
// group could be waiting there (deferred_release.cl); those calls take their
// usual forms, checked here all the same.
// RUN: softatomic-rewrite --combine-mode %s -o %t.sa.cl
// RUN: %sa_user_code %t.sa.cl | grep -cE "^ *(\(void\))?__sa_nr_atomic_" | FileCheck %s --check-prefix=SITES
// SITES: 3
// RUN: sa-difftest %s %t.sa.cl --kernel deferred --global 65536 --local 64 --arg buf:uint:4096 --arg buf:uint:65536:fill=7 --arg buf:uint:65536 --arg buf:uint:1024 --arg buf:uint:1024 --arg buf:int:16:fill=100
// As the warp program (each warp's adds combined on NVIDIA):
// RUN: sa-difftest %s %t.sa.cl --kernel deferred --global 65536 --local 64 --arg buf:uint:4096 --arg buf:uint:65536:fill=7 --arg buf:uint:65536 --arg buf:uint:1024 --arg buf:uint:1024 --arg buf:int:16:fill=100 --warp-program
// RUN: sa-difftest %s %t.sa.cl --build-options -cl-std=CL3.0 --kernel deferred --global 8192 --local 256 --arg buf:uint:4096 --arg buf:uint:8192:fill=7 --arg buf:uint:8192 --arg buf:uint:32 --arg buf:uint:32 --arg buf:int:16:fill=100
// RUN: sa-difftest %s %t.sa.cl --build-options -cl-std=CL1.2 --kernel deferred --global 777 --local 7 --arg buf:uint:4096 --arg buf:uint:777:fill=7 --arg buf:uint:777 --arg buf:uint:111 --arg buf:uint:111 --arg buf:int:16:fill=100
// The same kernel rewritten without deferral, as a baseline of the text.
// RUN: softatomic-rewrite --combine-mode %s --defer-unused=false -o %t.plain.cl
// RUN: %sa_user_code %t.plain.cl | not grep -qE "^ *(\(void\))?__sa_nr_atomic_"

void count_odd(__global int *signs, uint gid) {
  if (gid & 1)
    atomic_dec(&signs[gid % 16]);
  else
    (void)atom_max(&signs[gid % 16], (int)(gid % 1000));
}

__kernel void deferred(__global uint *bins, __global uint *mine,
                       __global uint *seen, __global uint *group_count,
                       __global uint *group_seen, __global int *signs) {
  uint gid = get_global_id(0);
  uint h = gid * 2654435761u;
  atom_add(&bins[(h >> 7) % 4096], gid & 15);
  // Own address, mixed operations, then read back with a returning atomic.
  atom_add(&mine[gid], 3);
  atomic_or(&mine[gid], 0x100u << (gid % 4));
  atom_add(&mine[gid], 1);
  seen[gid] = atom_add(&mine[gid], 0);
  // The group's increments, read by one work-item after a barrier.
  atom_inc(&group_count[get_group_id(0)]);
  barrier(CLK_LOCAL_MEM_FENCE);
  if (get_local_id(0) == 0)
    group_seen[get_group_id(0)] = atom_add(&group_count[get_group_id(0)], 0);
  if (h % 3 != 0)
    count_odd(signs, gid);
}
