// OpenCL 2.0 atomics in a rewritten kernel: atomic_fetch_* on global memory
// is an error naming the call, and so is an atomic whose pointer is generic
// (its address space cannot be proved, and a native global atomic would
// bypass the software ones). __local ones are fine.
// RUN: rm -f %t.out
// RUN: not softatomic-rewrite %s -o %t.out -- -cl-std=CL2.0 2>&1 | FileCheck %s
// RUN: not test -e %t.out

int generic_add(atomic_int *p) { return atomic_fetch_add(p, 1); }
// CHECK-DAG: {{.*}}unsupported-cl20.cl:[[@LINE-1]]:41: error: cannot prove that 'atomic_fetch_add' acts on __global or __local memory (its pointer is '__generic atomic_int *'); kernel 'k' is rewritten to software atomics, which a native global atomic would bypass

__kernel void k(__global int *c, __global atomic_int *a) {
  __local atomic_int l;
  atomic_fetch_add(&l, 1);
  atom_add(c, 1);
  atomic_fetch_add_explicit(a, 1, memory_order_relaxed);
// CHECK-DAG: {{.*}}unsupported-cl20.cl:[[@LINE-1]]:3: error: 'atomic_fetch_add_explicit' on global memory cannot be rewritten: software atomics do not support the OpenCL 2.0 atomic functions in this version
  generic_add(a);
}
