// A __local declaration that cannot move to the start of the kernel is an
// error: it uses a type declared earlier in the body, or it declares a
// variable that is not __local beside its __local ones.
// RUN: rm -f %t.out
// RUN: not softatomic-rewrite %s -o %t.out 2>&1 | FileCheck %s
// RUN: not test -e %t.out

__kernel void k(__global int *c) {
  typedef int cell;
  __local cell grid[4];
// CHECK: {{.*}}local-hoist-errors.cl:[[@LINE-1]]:3: error: this __local declaration must move to the start of kernel 'k', before 'cell', which it uses
// CHECK-NEXT: __local cell grid[4];
// CHECK: {{.*}}local-hoist-errors.cl:[[@LINE-4]]:15: note: 'cell' is declared here
  __local int row[4], *cursor;
// CHECK: {{.*}}local-hoist-errors.cl:[[@LINE-1]]:24: error: 'cursor' is declared together with __local variables, which move to the start of kernel 'k'; declare it separately
  atom_add(c, grid[0] + row[0]);
}
