// A global barrier whose groups wait by reading the count, with a volatile
// load (OpenCL C 1.2) or atomic_load (3.0), which the runtime does not see
// (2 groups of 4). On two PoCL threads the coordinator takes one, so the
// groups run in turn on the one worker and the first waits for one that
// cannot start: no bound fired, and the launch hung. The rewriter now
// guards such a loop with __sa_waiting, which tells the coordinator that
// the worker waits: its stall bound ends the launch (SA_NO_PROGRESS), and
// the wait ends with it. The combining mode, and the coordinator mode on
// three threads (a worker per group), run them.
// REQUIRES: pocl
// RUN: softatomic-rewrite --combine-mode %s -o %t.sa.cl -- -cl-std=CL3.0
// RUN: env POCL_MAX_PTHREAD_COUNT=2 timeout 300 sa-difftest %s %t.sa.cl --build-options -cl-std=CL3.0 --kernel volatile_barrier --global 8 --local 4 --arg buf:uint:1 --arg buf:uint:8 --allow-error 2>&1 | FileCheck %s --check-prefix=TWO -DK=volatile_barrier
// RUN: env POCL_MAX_PTHREAD_COUNT=2 timeout 300 sa-difftest %s %t.sa.cl --build-options -cl-std=CL3.0 --kernel load_barrier --global 8 --local 4 --arg buf:uint:1 --arg buf:uint:8 --allow-error 2>&1 | FileCheck %s --check-prefix=TWO -DK=load_barrier
// TWO: software run (coordinator mode) reported (allowed): SA_NO_PROGRESS: kernel '[[K]]'
// TWO: combine: arg 1 uint[8] equal ok
// TWO: PASS
// RUN: env POCL_MAX_PTHREAD_COUNT=3 timeout 300 sa-difftest %s %t.sa.cl --build-options -cl-std=CL3.0 --kernel volatile_barrier --global 8 --local 4 --arg buf:uint:1 --arg buf:uint:8 2>&1 | FileCheck %s --check-prefix=THREE
// RUN: env POCL_MAX_PTHREAD_COUNT=3 timeout 300 sa-difftest %s %t.sa.cl --build-options -cl-std=CL3.0 --kernel load_barrier --global 8 --local 4 --arg buf:uint:1 --arg buf:uint:8 2>&1 | FileCheck %s --check-prefix=THREE
// THREE: coordinator: arg 1 uint[8] equal ok
// THREE: combine: arg 1 uint[8] equal ok
// THREE: PASS

__kernel void volatile_barrier(__global uint *count, __global uint *out) {
  uint seen = 0u;
  if (get_local_id(0) == 0) {
    atomic_inc(count);
    while ((seen = *(volatile __global uint *)count) < get_num_groups(0))
      ;
  }
  barrier(CLK_GLOBAL_MEM_FENCE);
  out[get_global_id(0)] = get_local_id(0) == 0 ? seen : (uint)get_group_id(0);
}

__kernel void load_barrier(__global atomic_uint *count, __global uint *out) {
  uint seen = 0u;
  if (get_local_id(0) == 0) {
    atomic_fetch_add(count, 1u);
    while ((seen = atomic_load(count)) < get_num_groups(0))
      ;
  }
  barrier(CLK_GLOBAL_MEM_FENCE);
  out[get_global_id(0)] = get_local_id(0) == 0 ? seen : (uint)get_group_id(0);
}
