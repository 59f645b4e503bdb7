// Kernels called as functions: a rewritten kernel gains parameters, so it
// cannot be called; a kernel that is not rewritten but uses the geometry
// cannot be called from rewritten code (it would see physical groups).
// RUN: rm -f %t.out
// RUN: not softatomic-rewrite %s -o %t.out 2>&1 | FileCheck %s
// RUN: not test -e %t.out

__kernel void fill(__global int *c) { c[get_global_id(0)] = 0; }

__kernel void count(__global int *c) {
  atom_inc(c);
  fill(c);
// CHECK-DAG: {{.*}}kernel-calls.cl:[[@LINE-1]]:3: error: kernel 'fill' uses the work-group geometry and cannot be called from rewritten kernel 'count'
}

__kernel void outer(__global int *c) { count(c); }
// CHECK-DAG: {{.*}}kernel-calls.cl:[[@LINE-1]]:40: error: kernel 'count' is rewritten (it gains parameters) and cannot be called from 'outer'
