// Loops that wait on __global memory the runtime does not see (a volatile
// read, an OpenCL 2.0 atomic_load) and make no software atomic: their
// guard is __sa_waiting, which ends the wait once the launch has failed
// and tells the coordinator that the worker waits, so that its stall bound
// ends a launch whose running groups all wait for groups that cannot start
// (docs/REWRITE.md, "Loops"). A loop that also makes a software atomic
// keeps __sa_live (the atomic's own bounds hold); a loop reading __local
// or plain __global memory gets no guard.
// RUN: softatomic-rewrite %s -o %t.cl -- -cl-std=CL3.0
// RUN: FileCheck %s --input-file %t.cl
// RUN: %clang_cl_check -cl-std=CL3.0 %t.cl

__kernel void volatile_barrier(__global uint *count,
                               volatile __global uint *seen) {
  if (get_local_id(0) == 0) {
    atomic_inc(count);
    while (*(volatile __global uint *)count < get_num_groups(0))
      ;
    for (uint i = 0; seen[i] == 0u; ++i)
      ;
  }
}
// CHECK-LABEL: __kernel void volatile_barrier(
// CHECK: {{^}}    while (__sa_waiting(__sa_ctx) && (*(volatile __global uint *)count < __sa_get_num_groups(0, __sa_ctx)))
// CHECK: {{^}}    for (uint i = 0; __sa_waiting(__sa_ctx) && (seen[i] == 0u); ++i)

__kernel void load_barrier(__global atomic_uint *count, __global uint *out) {
  atomic_fetch_add(count, 1u);
  do {
    out[get_global_id(0)] += 1u;
  } while (atomic_load_explicit(count, memory_order_acquire) <
           get_num_groups(0));
  while (atomic_fetch_add(count, 0u) < 2u * get_num_groups(0))
    (void)atomic_load(count);
}
// CHECK-LABEL: __kernel void load_barrier(
// CHECK: {{^}}  } while (__sa_waiting(__sa_ctx) && (atomic_load_explicit(count, memory_order_acquire) <
// CHECK: {{^}}  while (__sa_live(__sa_ctx) && (

__kernel void not_waits(__global uint *count, __global uint *plain) {
  volatile __local uint flag;
  atomic_inc(count);
  while (flag == 0u)
    flag = 1u;
  for (uint i = 0; plain[i] != 0u; ++i)
    ;
}
// CHECK-LABEL: __kernel void not_waits(
// CHECK: {{^}}  while (flag == 0u)
// CHECK: {{^}}  for (uint i = 0; plain[i] != 0u; ++i)
