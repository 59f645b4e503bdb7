// The manifest says, per kernel, whether its work-items may wait on one
// another ("items_wait"): a loop whose exit may depend on what other
// work-items write. The automatic mode lets the coordinator run only a
// kernel that never waits (docs/REWRITE.md, "The manifest"), and counts
// its float-add loops ("float_add_loops") to order its trials.
// RUN: softatomic-rewrite %s -o %t.cl --manifest %t.json
// RUN: FileCheck %s --input-file %t.json
// RUN: %clang_cl_check -cl-std=CL1.2 %t.cl

// A grid-stride loop ends on its own index: it never waits, though its
// body reads __global memory.
// CHECK:      "name": "histogram",
// CHECK:      "float_add_loops": 0,
// CHECK-NEXT: "items_wait": false
__kernel void histogram(__global const uint *data, uint n,
                        __global uint *bins) {
  for (uint i = get_global_id(0); i < n; i += get_global_size(0))
    atomic_inc(&bins[data[i] & 255u]);
}

// A spin lock: the compare-exchange's result ends the loop.
// CHECK:      "name": "spin_lock",
// CHECK:      "items_wait": true
__kernel void spin_lock(__global int *lock, __global int *sum) {
  while (atomic_cmpxchg(lock, 0, 1) != 0)
    ;
  *sum += 1;
  atomic_xchg(lock, 0);
}

// A flag read through a volatile pointer.
// CHECK:      "name": "volatile_flag",
// CHECK:      "items_wait": true
__kernel void volatile_flag(__global int *flag, __global int *c) {
  if (get_global_id(0) == 0)
    atomic_xchg(flag, 1);
  while (*(volatile __global int *)flag == 0)
    ;
  atomic_inc(c);
}

// A counter read plainly in the loop's condition.
// CHECK:      "name": "plain_counter",
// CHECK:      "items_wait": true
__kernel void plain_counter(__global int *done, int n) {
  atomic_inc(done);
  while (done[0] < n)
    ;
}

// The value that ends the loop comes from __global memory through a
// variable, and a break.
// CHECK:      "name": "break_on_read",
// CHECK:      "items_wait": true
__kernel void break_on_read(__global int *flag, __global int *c) {
  atomic_inc(c);
  for (;;) {
    int seen = flag[0];
    int ready = seen + 1;
    if (ready > 1)
      break;
  }
}

// A float add written as a compare-exchange loop is one add: no wait.
// CHECK:      "name": "float_add",
// CHECK:      "float_add_loops": 1,
// CHECK-NEXT: "items_wait": false
__kernel void float_add(__global float *sum, __global const float *x) {
  float v = x[get_global_id(0)];
  __global uint *p = (__global uint *)sum;
  uint old, next;
  do {
    old = *p;
    next = as_uint(as_float(old) + v);
  } while (atomic_cmpxchg(p, old, next) != old);
}

// The last group to finish reads the others' results: an atomic's result
// is read, but in no loop.
// CHECK:      "name": "last_block",
// CHECK:      "items_wait": false
__kernel void last_block(__global int *count, __global int *partial,
                         __global int *total) {
  partial[get_group_id(0)] = 1;
  if (atomic_inc(count) == (int)get_num_groups(0) - 1)
    for (uint g = 0; g < get_num_groups(0); ++g)
      *total += partial[g];
}

// A helper that waits makes the kernel that calls it wait.
int acquire(__global int *lock) {
  int tries = 0;
  while (atomic_xchg(lock, 1) != 0)
    ++tries;
  return tries;
}
// CHECK:      "name": "through_helper",
// CHECK:      "items_wait": true
__kernel void through_helper(__global int *lock, __global int *out) {
  out[get_global_id(0)] = acquire(lock);
}
