// A token spelled in a macro definition is edited there only when every
// expansion needs the same edit. Otherwise: an error at each expansion
// that differs from the first edited one (naming its function), a note at
// the spelling and one at that other expansion; nothing is written.
// RUN: rm -f %t.out
// RUN: not softatomic-rewrite %s -o %t.out 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: not test -e %t.out

#define COUNT(p) atom_inc(p)
#define GID get_global_id
#define BAIL return

// Not rewritten: its get_global_id keeps the true geometry.
__kernel void plain(__global int *out) {
  out[GID(0)] = 0;
// CHECK-DAG: {{.*}}macro-disagree.cl:[[@LINE-1]]:7: error: geometry call 'get_global_id' is spelled in the definition of macro 'GID', whose expansions need different edits of it: here it stays as written, in another expansion it becomes '__sa_get_global_id' (this expansion is in kernel 'plain')
}

// A helper's return stays a return.
void helper(__global int *c) {
  if (c[0])
    BAIL;
// CHECK-DAG: {{.*}}macro-disagree.cl:[[@LINE-1]]:5: error: 'return' in kernel 'k' is spelled in the definition of macro 'BAIL', whose expansions need different edits of it: here it stays as written, in another expansion it becomes 'goto __sa_group_end' (this expansion is in function 'helper')
}

__kernel void k(__global int *c, __global uint *u) {
  __local int l;
  COUNT(c);
  COUNT(&l);
// CHECK-DAG: {{.*}}macro-disagree.cl:[[@LINE-1]]:3: error: global atomic 'atom_inc' is spelled in the definition of macro 'COUNT', whose expansions need different edits of it: here it stays as written, in another expansion it becomes '__sa_wg_atomic_inc_int'
  COUNT(u);
// CHECK-DAG: {{.*}}macro-disagree.cl:[[@LINE-1]]:3: error: global atomic 'atom_inc' is spelled in the definition of macro 'COUNT', whose expansions need different edits of it: here it becomes '__sa_nr_atomic_inc_uint', in another expansion it becomes '__sa_wg_atomic_inc_int' (this expansion is in kernel 'k')
  c[GID(0)] = 1;
  helper(c);
  if (c[1])
    BAIL;
}

// CHECK-DAG: {{.*}}macro-disagree.cl:9:18: note: spelled here, in macro 'COUNT'
// CHECK-DAG: {{.*}}macro-disagree.cl:10:13: note: spelled here, in macro 'GID'
// CHECK-DAG: {{.*}}macro-disagree.cl:11:14: note: spelled here, in macro 'BAIL'
// CHECK-DAG: {{.*}}macro-disagree.cl:28:3: note: the other expansion of macro 'COUNT' is here
// CHECK-DAG: {{.*}}macro-disagree.cl:33:5: note: the other expansion of macro 'GID' is here
// CHECK-DAG: {{.*}}macro-disagree.cl:36:5: note: the other expansion of macro 'BAIL' is here
