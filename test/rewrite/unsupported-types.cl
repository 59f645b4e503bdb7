// Global atomics the runtime cannot carry out in this version (float
// pointees) are errors naming the call; the file is not rewritten at all,
// not even the supported atomics beside them (32-bit and 64-bit integers).
// RUN: rm -f %t.out
// RUN: not softatomic-rewrite %s -o %t.out 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: not test -e %t.out

#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable

void xchg_float(__global float *f) { atomic_xchg(f, 1.0f); }

__kernel void k(__global int *c, __global long *l, __global float *f) {
  atom_add(c, 1);
  atom_inc(l);
  atomic_xchg(f, 2.0f);
// CHECK: {{.*}}unsupported-types.cl:[[@LINE-1]]:3: error: 'atomic_xchg' on a global 'float' cannot be rewritten: software atomics support only 32-bit and 64-bit integers in this version
  xchg_float(f + 1);
}
// CHECK: {{.*}}unsupported-types.cl:10:38: error: 'atomic_xchg' on a global 'float' cannot be rewritten: software atomics support only 32-bit and 64-bit integers in this version
// CHECK: {{.*}}unsupported-types.cl:12:15: note: 'xchg_float' is reached from rewritten kernel 'k'
