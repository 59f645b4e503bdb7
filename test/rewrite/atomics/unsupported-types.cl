// Global atomics the runtime cannot carry out in this version (atomic_half
// objects: requests and the coordinator's stores are 32 or 64 bits wide,
// and a 16-bit target shares its word with a neighbour) are errors naming
// the call; the file is not rewritten at all, not even the supported
// atomics beside them (integers, float: float-atomics.cl).
// RUN: rm -f %t.out
// RUN: not softatomic-rewrite %s -o %t.out --device-extensions=cl_khr_fp16 -- -cl-std=CL3.0 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: not test -e %t.out

#pragma OPENCL EXTENSION cl_khr_fp16 : enable

void min_half(__global atomic_half *h) {
  atomic_fetch_min_explicit(h, (half)1.0f, memory_order_relaxed);
}

__kernel void k(__global atomic_int *c, __global atomic_float *f,
                __global atomic_half *h) {
  atomic_fetch_add(c, 1);
  atomic_fetch_add(f, 1.0f);
  atomic_fetch_add(h, (half)2.0f);
// CHECK: {{.*}}unsupported-types.cl:[[@LINE-1]]:3: error: 'atomic_fetch_add' on a global 'atomic_half' cannot be rewritten: software atomics support only 32-bit and 64-bit integers, float and double in this version
  min_half(h + 1);
}
// CHECK: {{.*}}unsupported-types.cl:13:3: error: 'atomic_fetch_min_explicit' on a global 'atomic_half' cannot be rewritten: software atomics support only 32-bit and 64-bit integers, float and double in this version
// CHECK: {{.*}}unsupported-types.cl:16:15: note: 'min_half' is reached from rewritten kernel 'k'
