// A function in two forms whose declaration cannot be copied as text is
// an error (no output): here part of its body is #included from another
// file, which the copy would not carry.
// RUN: rm -f %t.out
// RUN: not softatomic-rewrite %s -o %t.out -- -I %S/../include/Inputs 2>&1 | FileCheck %s
// RUN: not test -e %t.out

uint shared(__global int *c) {
#include "body-atomic.inc"
  return get_global_id(0);
}
// CHECK: {{.*}}helper-clone-errors.cl:[[@LINE-4]]:6: error: 'shared' is called both from rewritten code and from code that is not rewritten, but this declaration of it cannot be copied: part of its text is in an #included file

__kernel void counted(__global int *c) { atomic_inc(c); shared(c); }

void never_launched(__global int *c) { shared(c); }
