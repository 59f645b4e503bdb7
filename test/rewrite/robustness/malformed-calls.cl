// Malformed atomic calls (wrong argument counts, an undeclared identifier)
// are Clang's errors; the tool stops there, writes nothing and exits 1.
// RUN: rm -f %t.out
// RUN: not softatomic-rewrite %s -o %t.out 2>&1 | FileCheck %s
// RUN: not test -e %t.out

__kernel void k(__global int *c) {
  atom_add(c);
// CHECK: {{.*}}malformed-calls.cl:[[@LINE-1]]:3: error: no matching function for call to 'atom_add'
  atomic_cmpxchg(c, 1);
// CHECK: {{.*}}malformed-calls.cl:[[@LINE-1]]:3: error: no matching function for call to 'atomic_cmpxchg'
  atom_inc(c, 1, 2);
// CHECK: {{.*}}malformed-calls.cl:[[@LINE-1]]:3: error: no matching function for call to 'atom_inc'
  atom_add(c, undeclared_thing);
// CHECK: {{.*}}malformed-calls.cl:[[@LINE-1]]:15: error: use of undeclared identifier 'undeclared_thing'
  atom_add(nowhere, 1);
// CHECK: {{.*}}malformed-calls.cl:[[@LINE-1]]:12: error: use of undeclared identifier 'nowhere'
}
