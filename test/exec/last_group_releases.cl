// Work-groups that wait for each other: the last group releases the
// others (atomic_xchg of a flag), which spin on it with atomic_or(flag, 0);
// 2 groups of one work-item. On two PoCL threads the coordinator mode runs
// the groups in turn on one worker, so the releasing group never starts,
// and the coordinator's serving of the waiter's polls kept both the spin
// and the idle limit from firing: it hung. It must end with SA_NO_PROGRESS
// (SOFTATOMIC_STALL_LIMIT). The combining mode runs it; so does the
// coordinator mode on three threads (a worker per group).
// REQUIRES: pocl
// RUN: softatomic-rewrite --combine-mode %s -o %t.sa.cl
// RUN: env POCL_MAX_PTHREAD_COUNT=2 timeout 300 sa-difftest %s %t.sa.cl --kernel release --global 2 --local 1 --arg buf:uint:1 --arg buf:uint:2 --allow-error 2>&1 | FileCheck %s --check-prefix=TWO
// TWO: software run (coordinator mode) reported (allowed): SA_NO_PROGRESS: kernel 'release'
// TWO: combine: arg 1 uint[2] equal ok
// TWO: PASS
// RUN: env POCL_MAX_PTHREAD_COUNT=3 timeout 300 sa-difftest %s %t.sa.cl --kernel release --global 2 --local 1 --arg buf:uint:1 --arg buf:uint:2 2>&1 | FileCheck %s --check-prefix=THREE
// THREE: coordinator: arg 1 uint[2] equal ok
// THREE: combine: arg 1 uint[2] equal ok
// THREE: PASS

__kernel void release(__global uint *flag, __global uint *out) {
  uint g = get_group_id(0);
  if (g == get_num_groups(0) - 1u)
    atomic_xchg(flag, 1u);
  else
    while (atomic_or(flag, 0u) == 0u)
      ;
  out[g] = g + 1u;
}
