// The coordinator's stall bound (SOFTATOMIC_STALL_LIMIT) ends a launch
// whose running workers wait on targets that nothing changes. Two launches
// that only look like that must run to the end:
// - a worker that starts late: before it starts nothing waits, yet every
//   round counted towards the bound, so a worker that the operating system
//   started a few thousand rounds after the coordinator ended the launch
//   with SA_NO_PROGRESS;
// - compare-exchanges that all fail, made one after another by the user's
//   groups that run in turn on one worker: no request changes its target,
//   but each group ends, which a waiter never does.
// On two PoCL threads there is one worker; a low bound makes both show at
// once (each failed before the fix, on its own, in three runs of three).
// On a GPU, where many workers start together, it must pass as well.
// RUN: softatomic-rewrite --combine-mode %s -o %t.sa.cl
// RUN: env POCL_MAX_PTHREAD_COUNT=2 SOFTATOMIC_STALL_LIMIT=1024 sa-difftest %s %t.sa.cl --kernel cas_miss --global 16384 --local 1 --arg buf:int:1:fill=42 --arg buf:int:16384 | FileCheck %s
// RUN: env POCL_MAX_PTHREAD_COUNT=2 SOFTATOMIC_STALL_LIMIT=4096 sa-difftest %s %t.sa.cl --kernel cas_miss --global 8192 --local 8 --arg buf:int:1:fill=42 --arg buf:int:8192 | FileCheck %s
// CHECK: coordinator: arg 1 int[{{[0-9]+}}] equal ok
// CHECK: PASS

// Every compare-exchange fails (the target holds 42, each work-item
// expects a negative number) and returns 42.
__kernel void cas_miss(__global int *k, __global int *seen) {
  int gid = get_global_id(0);
  seen[gid] = atomic_cmpxchg(k, -1 - gid, gid);
}
