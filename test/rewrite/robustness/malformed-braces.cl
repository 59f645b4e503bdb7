// Malformed input (unbalanced braces): Clang's own errors, exit status 1,
// and no output file. The tool never rewrites a file that does not parse.
// RUN: rm -f %t.out
// RUN: not softatomic-rewrite %s -o %t.out 2>&1 | FileCheck %s
// RUN: not test -e %t.out

__kernel void k(__global int *c) {
  if (c[0]) {
    atom_add(c, 1);
}

__kernel void j(__global int *c) { atom_inc(c); }
// CHECK: {{.*}}malformed-braces.cl:[[@LINE-1]]:1: error: expected expression
// CHECK: {{.*}}malformed-braces.cl:{{[0-9]+}}:{{[0-9]+}}: error: expected '}'
// CHECK: 2 errors generated.
