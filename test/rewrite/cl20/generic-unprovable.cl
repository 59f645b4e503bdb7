// Generic pointers that cannot be proved __global or __local in rewritten
// code: the error names the call, and notes follow the pointer to the step
// that could not be taken. Nothing is written.
// RUN: rm -f %t.out
// RUN: not softatomic-rewrite %s -o %t.out -- -cl-std=CL2.0 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=note:
// RUN: not softatomic-rewrite %s -o %t.out -- -cl-std=CL3.0 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=note:
// RUN: not test -e %t.out

atomic_int *pass(atomic_int *p) { return p; }

// Called with a __global pointer from rewritten code, a __local one from
// a kernel that is not rewritten.
int mixed(atomic_int *p) { return atomic_fetch_add(p, 1); }
// CHECK-DAG: {{.*}}generic-unprovable.cl:[[@LINE-1]]:35: error: cannot prove that 'atomic_fetch_add' acts on __global or __local memory (its pointer is '__generic atomic_int *'); kernel 'k' is rewritten to software atomics, which a native global atomic would bypass
__kernel void plain(__local atomic_int *l) { mixed(l); }
// CHECK-DAG: {{.*}}generic-unprovable.cl:[[@LINE-1]]:46: note: the pointer comes from parameter 'p' of 'mixed', and this call passes a __local pointer where another passes a __global one

// Through a chain of helpers down to a private object.
int inner(atomic_int *p) { return atomic_fetch_add(p, 2); }
// CHECK-DAG: {{.*}}generic-unprovable.cl:[[@LINE-1]]:35: error: cannot prove that 'atomic_fetch_add' acts on __global or __local memory (its pointer is '__generic atomic_int *'); kernel 'k' is rewritten to software atomics, which a native global atomic would bypass
int outer(atomic_int *q) { return inner(q + 1); }
// CHECK-DAG: {{.*}}generic-unprovable.cl:[[@LINE-1]]:35: note: the pointer comes from parameter 'p' of 'inner', and this call passes a pointer that is not provably __global or __local

__kernel void k(__global atomic_int *a, __global int *out) {
// CHECK-DAG: {{.*}}generic-unprovable.cl:[[@LINE-1]]:15: note: 'inner' is reached from rewritten kernel 'k'
// CHECK-DAG: {{.*}}generic-unprovable.cl:[[@LINE-2]]:15: note: 'mixed' is reached from rewritten kernel 'k'
  atomic_int mine;
  __local atomic_int loc;
  atomic_fetch_add(a, 1);
  mixed(a);
  outer(&mine);
// CHECK-DAG: {{.*}}generic-unprovable.cl:[[@LINE-1]]:3: note: the pointer comes from parameter 'q' of 'outer', and this call passes a pointer that is not provably __global or __local
// CHECK-DAG: {{.*}}generic-unprovable.cl:[[@LINE-2]]:9: note: the pointer here points to __private memory
  atomic_fetch_add(pass(a), 1);
// CHECK-DAG: {{.*}}generic-unprovable.cl:[[@LINE-1]]:3: error: cannot prove that 'atomic_fetch_add' acts on __global or __local memory (its pointer is '__generic atomic_int *'); kernel 'k' is rewritten to software atomics, which a native global atomic would bypass
// CHECK-DAG: {{.*}}generic-unprovable.cl:[[@LINE-2]]:20: note: the pointer is returned by 'pass' here, and results of calls are not followed
  atomic_int *t = a;
  atomic_int **tt = &t;
// CHECK-DAG: {{.*}}generic-unprovable.cl:[[@LINE-1]]:21: note: the pointer comes from variable 't', whose address is taken here: it may change through a pointer
  atomic_fetch_add(t, 1);
// CHECK-DAG: {{.*}}generic-unprovable.cl:[[@LINE-1]]:3: error: cannot prove
  atomic_fetch_add(*tt, 1);
// CHECK-DAG: {{.*}}generic-unprovable.cl:[[@LINE-1]]:3: error: cannot prove
// CHECK-DAG: {{.*}}generic-unprovable.cl:[[@LINE-2]]:20: note: the pointer is read from memory here, and memory is not followed
  atomic_int *m = a;
  if (out[0])
    m = &loc;
// CHECK-DAG: {{.*}}generic-unprovable.cl:[[@LINE-1]]:9: note: the pointer comes from variable 'm', and this value of it is __local where another is __global
  atomic_fetch_add(m, 1);
// CHECK-DAG: {{.*}}generic-unprovable.cl:[[@LINE-1]]:3: error: cannot prove
  atomic_fetch_add(out[1] ? (atomic_int *)a : (atomic_int *)&loc, 1);
// CHECK-DAG: {{.*}}generic-unprovable.cl:[[@LINE-1]]:3: error: cannot prove
// CHECK-DAG: {{.*}}generic-unprovable.cl:[[@LINE-2]]:27: note: one side of this '?:' is a __global pointer, the other a __local one
  atomic_int *never;
  atomic_fetch_add(never, 1);
// CHECK-DAG: {{.*}}generic-unprovable.cl:[[@LINE-1]]:3: error: cannot prove
// CHECK-DAG: {{.*}}generic-unprovable.cl:[[@LINE-3]]:15: note: the pointer comes from variable 'never', which is never given a value that says where it points
}
