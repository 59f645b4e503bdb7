// Atomics two helper calls deep, and geometry read inside a helper: the
// helpers get the runtime context and must see the user's geometry. The
// values returned through the helpers form a permutation.
// RUN: softatomic-rewrite --combine-mode %s -o %t.sa.cl
// RUN: sa-difftest %s %t.sa.cl --kernel through_helpers --global 4096 --local 64 --arg buf:uint:2 --arg buf:uint:4096 --arg buf:uint:4096 --check 1:perm=0 --check 2:equal
// As the warp program (each warp's adds combined on NVIDIA):
// RUN: sa-difftest %s %t.sa.cl --kernel through_helpers --global 4096 --local 64 --arg buf:uint:2 --arg buf:uint:4096 --arg buf:uint:4096 --check 1:perm=0 --check 2:equal --warp-program
uint my_group(void) { return get_group_id(0); }

uint bump(__global uint *c, uint v) { return atomic_add(c, v); }

uint record(__global uint *counters, __global uint *groups) {
  uint gid = get_global_id(0);
  groups[gid] = my_group() * 1000u + get_num_groups(0);
  bump(&counters[1], gid);
  return bump(&counters[0], 1u);
}

__kernel void through_helpers(__global uint *counters, __global uint *old,
                              __global uint *groups) {
  old[get_global_id(0)] = record(counters, groups);
}
