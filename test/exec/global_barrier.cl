// Work-groups that wait for each other: a global barrier (each group's
// first work-item counts itself in and waits until every group has), 2
// groups of 4. Natively, on two PoCL threads, both groups run at once. In
// the coordinator mode the coordinator takes one of the two threads, so
// the groups run one after the other on the one worker: the first waits
// for the second, which cannot start. The runtime must not hang: the
// coordinator sees every running worker wait on targets that nothing
// changes and ends the launch with SA_NO_PROGRESS (SOFTATOMIC_STALL_LIMIT,
// default here). The combining mode (no coordinator) runs it. On three
// threads the coordinator mode has a worker per group and runs it too.
// REQUIRES: pocl
// RUN: softatomic-rewrite --combine-mode %s -o %t.sa.cl
// RUN: env POCL_MAX_PTHREAD_COUNT=2 timeout 300 sa-difftest %s %t.sa.cl --kernel gbar --global 8 --local 4 --arg buf:uint:1 --arg buf:uint:8 --allow-error 2>&1 | FileCheck %s --check-prefix=TWO
// TWO: software run (coordinator mode) reported (allowed): SA_NO_PROGRESS: kernel 'gbar': its work-groups wait for each other
// TWO: combine: arg 1 uint[8] equal ok
// TWO: PASS
// RUN: env POCL_MAX_PTHREAD_COUNT=3 timeout 300 sa-difftest %s %t.sa.cl --kernel gbar --global 8 --local 4 --arg buf:uint:1 --arg buf:uint:8 2>&1 | FileCheck %s --check-prefix=THREE
// THREE: coordinator: arg 1 uint[8] equal ok
// THREE: combine: arg 1 uint[8] equal ok
// THREE: PASS

__kernel void gbar(__global uint *count, __global uint *out) {
  uint seen = 0u;
  if (get_local_id(0) == 0) {
    atomic_inc(count);
    while ((seen = atomic_add(count, 0u)) < get_num_groups(0))
      ;
  }
  barrier(CLK_GLOBAL_MEM_FENCE);
  out[get_global_id(0)] = get_local_id(0) == 0 ? seen : get_group_id(0);
}
