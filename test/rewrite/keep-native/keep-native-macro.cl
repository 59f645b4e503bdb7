// --keep-native-on-error with a macro that spells a global atomic for both
// the rewritten kernel and the kept one: the definition gets the scoped
// form, which the rewritten kernel's own __sa_ctx makes the software
// atomic and the kept kernel (no __sa_ctx but the runtime's null one) the
// native builtin (docs/REWRITE.md, "Macros").
// RUN: softatomic-rewrite %s -o %t.cl --keep-native-on-error 2>&1 | FileCheck %s --check-prefix=WARN --implicit-check-not=error: --implicit-check-not=warning:
// RUN: %filecheck_kernel %s --match-full-lines --strict-whitespace --input-file %t.cl
// RUN: %clang_cl_check -cl-std=CL1.2 %t.cl
//
// On another pointee the kept kernel's atomic is another runtime atomic,
// which no one definition names for both: that error of the edits is in
// the rewritten kernel, which stays native too, and the file is written
// as it is.
// RUN: softatomic-rewrite %s -o %t.uint.cl --keep-native-on-error -- -DKEPT_T=uint 2>&1 | FileCheck %s --check-prefix=UINT --implicit-check-not=error: --implicit-check-not=warning:
// RUN: cmp %s %t.uint.cl

#ifndef KEPT_T
#define KEPT_T int
#endif

// CHECK:#define SA_SCOPED_CONTEXT 1
#define INC(p) atomic_inc(p)
// CHECK:#define INC(p) __sa_scoped_atomic_inc_int(p, __sa_ctx)

__kernel void good(__global int *c) { INC(c); }
// UINT: {{.*}}keep-native-macro.cl:[[@LINE-1]]:15: warning: kernel 'good' stays native (as written): global atomic 'atomic_inc' is spelled in the definition of macro 'INC', whose expansions need different edits of it: here it stays as written, in another expansion it becomes '__sa_nr_atomic_inc_int'
// UINT: {{.*}}keep-native-macro.cl:[[@LINE-2]]:39: note: what keeps 'good' native is here
// CHECK:__kernel void good(__global int *c, __local uint *__sa_scratch, __global uint *__sa_state) { [[PROLOGUE]] do { __sa_group_begin(__sa_ctx);{{( SA_VARYING_ARG\(__(global|local), [A-Za-z_0-9]+\);)*}} INC(c);  [[EPILOGUE]] }

__kernel void stamp(__global float *f) { f[0] = (float)get_global_id(0); }

__kernel void kept(__global KEPT_T *c, __global float *f) {
// WARN: {{.*}}keep-native-macro.cl:[[@LINE-1]]:15: warning: kernel 'kept' stays native (as written): kernel 'stamp' uses the work-group geometry and cannot be called from rewritten kernel 'kept'
// UINT: {{.*}}keep-native-macro.cl:[[@LINE-2]]:15: warning: kernel 'kept' stays native (as written): kernel 'stamp' uses the work-group geometry and cannot be called from rewritten kernel 'kept'
// CHECK:__kernel void kept(__global KEPT_T *c, __global float *f) {
  INC(c);
// CHECK:  INC(c);
  stamp(f);
}
