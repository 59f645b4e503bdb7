// A ticket counter taken by a compare-exchange loop, whose last plain read
// of the counter is the work-item's ticket after the loop: every work-item
// must hold its own ticket, the tickets a permutation, in every mode and in
// the warp program. On PoCL 3.1 the rewritten kernel's barriers (the group
// loop's) made its kernel compiler take this loop for one that the whole
// group leaves together, its values the same in every work-item (they come
// from the kernel's arguments alone): one ticket for all, and with other
// groups contending, lost and extra increments. The rewritten kernel's
// copies of its pointer parameters (docs/REWRITE.md) prevent that.
// RUN: softatomic-rewrite %s -o %t.sa.cl
// RUN: sa-difftest %s %t.sa.cl --kernel ticket --global 2048 --local 64 --arg buf:uint:1 --arg buf:uint:2048 --check 0:equal --check 1:perm=1000
// RUN: sa-difftest %s %t.sa.cl --kernel ticket --global 2048 --local 64 --arg buf:uint:1 --arg buf:uint:2048 --check 0:equal --check 1:perm=1000 --warp-program
// RUN: sa-difftest %s %t.sa.cl --kernel ticket_in_helper --global 2048 --local 128 --arg buf:uint:2 --arg buf:uint:2048 --arg local:512 --check 0:equal --check 1:perm=0
__kernel void ticket(__global uint *counter, __global uint *mine) {
  volatile __global uint *p = counter;
  uint old, next;
  do {
    old = *p;
    next = old + 1u;
  } while (atomic_cmpxchg(p, old, next) != old);
  mine[get_global_id(0)] = old + 1000u;
}

static uint take(volatile __global uint *p) {
  uint old;
  do {
    old = *p;
  } while (atomic_cmpxchg(p, old, old + 1u) != old);
  return old;
}

// Two counters, one per half of each group: the helper's loop, and a
// barrier in the kernel between the ticket and its use; a const pointer
// parameter and a __local one (their copies are const and __local).
__kernel void ticket_in_helper(__global uint *const restrict counters,
                               __global uint *mine, __local uint *seen) {
  uint lid = get_local_id(0);
  seen[lid] = take(counters + (lid < 64u ? 0 : 1));
  barrier(CLK_LOCAL_MEM_FENCE);
  uint second = lid < 64u ? 0u : (uint)get_global_size(0) / 2u;
  mine[seen[lid] + second] = seen[lid] + second;
}
