// A global atomic, a geometry call, a return or a call of a context taker
// spelled inside a macro definition cannot be edited in the user's text:
// an error at the expansion, with a note at the spelling in the macro.
// RUN: rm -f %t.out
// RUN: not softatomic-rewrite %s -o %t.out 2>&1 | FileCheck %s
// RUN: not test -e %t.out

#define COUNT(p) atom_inc(p)
#define GID get_global_id
#define BAIL return
#define BUMP(p) bump(p)

int bump(__global int *c) { return atomic_add(c, 2); }

__kernel void k(__global int *c) {
  COUNT(c);
  c[GID(0)] = 1;
  if (c[0] > 4)
    BAIL;
  BUMP(c);
}

// CHECK-DAG: {{.*}}macro-body.cl:16:3: error: global atomic 'atom_inc' is spelled in the definition of macro 'COUNT' and cannot be rewritten in this version
// CHECK-DAG: {{.*}}macro-body.cl:8:18: note: spelled here, in macro 'COUNT'
// CHECK-DAG: {{.*}}macro-body.cl:17:5: error: geometry call 'get_global_id' is spelled in the definition of macro 'GID' and cannot be rewritten in this version
// CHECK-DAG: {{.*}}macro-body.cl:9:13: note: spelled here, in macro 'GID'
// CHECK-DAG: {{.*}}macro-body.cl:19:5: error: 'return' in kernel 'k' is spelled in the definition of macro 'BAIL' and cannot be rewritten in this version
// CHECK-DAG: {{.*}}macro-body.cl:10:14: note: spelled here, in macro 'BAIL'
// CHECK-DAG: {{.*}}macro-body.cl:20:3: error: call of 'bump', which takes the softatomic context, is spelled in the definition of macro 'BUMP' and cannot be rewritten in this version
// CHECK-DAG: {{.*}}macro-body.cl:11:23: note: spelled here, in macro 'BUMP'
