// --keep-native-on-error with a macro that spells a global atomic for both
// the rewritten kernel and the kept one: editing its definition for the
// rewritten kernel would break the kept one, and an edit that serves one
// kernel's expansion only is not attributed to a kernel: the whole file
// fails, as without the option, and nothing is written.
// RUN: rm -f %t.cl
// RUN: not softatomic-rewrite %s -o %t.cl --keep-native-on-error 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning:
// RUN: not test -e %t.cl

#define INC(p) atomic_inc(p)

__kernel void good(__global int *c) { INC(c); }

__kernel void kept(__global int *c, __global float *f) {
// CHECK: {{.*}}keep-native-macro.cl:[[@LINE-1]]:15: warning: kernel 'kept' stays native (as written): 'atomic_xchg' on a global 'float' cannot be rewritten
  INC(c);
  atomic_xchg(f, 1.0f);
// CHECK: {{.*}}keep-native-macro.cl:[[@LINE-2]]:3: error: global atomic 'atomic_inc' is spelled in the definition of macro 'INC', whose expansions need different edits of it: here it stays as written, in another expansion it becomes '__sa_atomic_inc_int'
}
