// Global atomics the runtime cannot carry out in this version (64-bit and
// float pointees) are errors naming the call; the file is not rewritten
// at all, not even the supported atomic beside them.
// RUN: rm -f %t.out
// RUN: not softatomic-rewrite %s -o %t.out 2>&1 | FileCheck %s
// RUN: not test -e %t.out

#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable

void add64(__global ulong *u) { atom_add(u, 1ul); }

__kernel void k(__global int *c, __global long *l, __global float *f) {
  atom_add(c, 1);
  atom_inc(l);
// CHECK: {{.*}}unsupported-types.cl:[[@LINE-1]]:3: error: 'atom_inc' on a global 'long' cannot be rewritten: software atomics support only 32-bit 'int' and 'uint' in this version
  atomic_xchg(f, 2.0f);
// CHECK: {{.*}}unsupported-types.cl:[[@LINE-1]]:3: error: 'atomic_xchg' on a global 'float' cannot be rewritten: software atomics support only 32-bit 'int' and 'uint' in this version
  add64((__global ulong *)l);
}
// CHECK: {{.*}}unsupported-types.cl:10:33: error: 'atom_add' on a global 'ulong' cannot be rewritten: software atomics support only 32-bit 'int' and 'uint' in this version
// CHECK: {{.*}}unsupported-types.cl:12:15: note: 'add64' is reached from rewritten kernel 'k'
