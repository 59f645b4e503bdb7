// A global atomic in an #included file cannot be rewritten (the output
// must stay self-contained): an error in the header, after Clang's
// "In file included from" line.
// RUN: rm -f %t.out
// RUN: not softatomic-rewrite %s -o %t.out -- -I %S/Inputs 2>&1 | FileCheck %s
// RUN: not test -e %t.out

#include "atomic-helper.h"
// CHECK: In file included from {{.*}}include-header.cl:[[@LINE-1]]:
// CHECK-NEXT: {{.*}}atomic-helper.h:3:10: error: global atomic 'atomic_inc' is in an #included file and cannot be rewritten: the rewritten source must be self-contained

__kernel void k(__global int *c) { count_hit(c); }
