// Two edits that would overlap (an atomic inside a __local declaration that
// moves) are reported, never applied half-way: every edit is dropped, no
// output is written.
// RUN: rm -f %t.out
// RUN: not softatomic-rewrite %s -o %t.out 2>&1 | FileCheck %s
// RUN: not test -e %t.out

__kernel void k(__global int *c) {
  __local int buf[sizeof(atom_add(c, 1))];
// CHECK: {{.*}}overlapping-edits.cl:[[@LINE-1]]:26: error: internal error in softatomic-rewrite: overlapping edits: The new replacement overlaps with an existing replacement.
  buf[0] = atom_inc(c);
}
