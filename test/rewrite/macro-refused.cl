// Macro bodies that cannot be edited: a macro defined in an #included file
// (the output must stay self-contained, and the header is not part of it),
// directly or under a macro of the main file, and a callee made by token
// pasting, whose text is written nowhere.
// RUN: rm -f %t.out
// RUN: not softatomic-rewrite %s -o %t.out -- -I %S/Inputs 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: not test -e %t.out

#include "atomic-macro.h"
#define OUTER(p) HDR_COUNT(p)
#define CAT(a, b) a##b
#define PASTED(p) CAT(atom_, inc)(p)

__kernel void k(__global int *c) {
  HDR_COUNT(c);
// CHECK-DAG: {{.*}}macro-refused.cl:[[@LINE-1]]:3: error: global atomic 'atom_inc' is spelled in the definition of macro 'HDR_COUNT' and cannot be rewritten in this version
  OUTER(c + 1);
// CHECK-DAG: {{.*}}macro-refused.cl:[[@LINE-1]]:3: error: global atomic 'atom_inc' is spelled in the definition of macro 'HDR_COUNT' and cannot be rewritten in this version
  PASTED(c + 2);
// CHECK-DAG: {{.*}}macro-refused.cl:[[@LINE-1]]:3: error: global atomic 'atom_inc' is made by token pasting ('##') in macro 'CAT' and cannot be rewritten: its text is written nowhere
}
// CHECK-DAG: {{.*}}atomic-macro.h:2:22: note: spelled here, in macro 'HDR_COUNT'
// CHECK-DAG: {{.*}}macro-refused.cl:11:19: note: spelled here, in macro 'CAT'
