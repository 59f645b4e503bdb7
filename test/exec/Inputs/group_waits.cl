// Work-groups that wait for each other (test/exec/group_waits.cl; the
// stress test's `waits` family takes these kernels from here too).

// A global barrier: each group's first work-item counts itself in and
// waits until every group has.
__kernel void gbar(__global uint *count, __global uint *out) {
  uint seen = 0u;
  if (get_local_id(0) == 0) {
    atomic_inc(count);
    while ((seen = atomic_add(count, 0u)) < get_num_groups(0))
      ;
  }
  barrier(CLK_GLOBAL_MEM_FENCE);
  out[get_global_id(0)] = get_local_id(0) == 0 ? seen : (uint)get_group_id(0);
}

// The last group releases the others, which spin on the flag.
__kernel void release(__global uint *flag, __global uint *out) {
  uint g = get_group_id(0), seen = 1u;
  if (get_local_id(0) == 0) {
    if (g == get_num_groups(0) - 1u)
      atomic_xchg(flag, 1u);
    else
      while ((seen = atomic_or(flag, 0u)) == 0u)
        ;
  }
  barrier(CLK_GLOBAL_MEM_FENCE);
  out[get_global_id(0)] = seen + g;
}
