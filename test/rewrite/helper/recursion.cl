// Recursion is an error (OpenCL C forbids it), reported at the call that
// closes the cycle; nothing is written.
// RUN: rm -f %t.out
// RUN: not softatomic-rewrite %s -o %t.out 2>&1 | FileCheck %s
// RUN: not test -e %t.out

int even(__global int *c, int n);

int odd(__global int *c, int n) { return n == 0 ? 0 : even(c, n - 1); }

int even(__global int *c, int n) {
  if (n == 0)
    return atom_inc(c);
  return odd(c, n - 1);
// CHECK: {{.*}}recursion.cl:[[@LINE-1]]:10: error: recursive call of 'odd': OpenCL C forbids recursion
}

int self(int n) { return n > 0 ? self(n - 1) : 0; }
// CHECK: {{.*}}recursion.cl:[[@LINE-1]]:34: error: recursive call of 'self': OpenCL C forbids recursion

__kernel void k(__global int *c) { c[0] = even(c, 4) + self(2); }
