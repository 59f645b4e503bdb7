// A macro body that cannot be edited: a callee made by token pasting, whose
// text is written nowhere (macro-header.cl: a macro of an #included header
// is edited in the header's inlined text).
// RUN: rm -f %t.out
// RUN: not softatomic-rewrite %s -o %t.out 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: not test -e %t.out

#define CAT(a, b) a##b
#define PASTED(p) CAT(atom_, inc)(p)

__kernel void k(__global int *c) {
  PASTED(c + 2);
// CHECK-DAG: {{.*}}macro-refused.cl:[[@LINE-1]]:3: error: global atomic 'atom_inc' is made by token pasting ('##') in macro 'CAT' and cannot be rewritten: its text is written nowhere
}
// CHECK-DAG: {{.*}}macro-refused.cl:8:19: note: spelled here, in macro 'CAT'
