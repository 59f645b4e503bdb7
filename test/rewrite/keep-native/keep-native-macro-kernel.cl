// A kernel that a macro writes, whose edits would land in the macro's
// definition, cannot be rewritten when another kernel that the macro
// writes is not rewritten: the definition serves both. Without
// --keep-native-on-error that is an error and nothing is written; with
// it, that kernel stays native and the rest of the file is rewritten.
// So too kernels that one macro writes whose edits of the definition
// differ (t1 and t2: the atomic it spells names another runtime function
// on each pointee type): both stay native, the definition as written
// serving them.
// RUN: rm -f %t.strict.cl
// RUN: not softatomic-rewrite %s -o %t.strict.cl 2>&1 | FileCheck %s --check-prefix=STRICT --implicit-check-not=error:
// RUN: not test -e %t.strict.cl
// RUN: softatomic-rewrite %s -o %t.cl --keep-native-on-error 2>&1 | FileCheck %s --check-prefix=WARN --implicit-check-not=error: --implicit-check-not=warning:
// RUN: %filecheck_kernel %s --match-full-lines --strict-whitespace --input-file %t.cl
// RUN: %clang_cl_check -cl-std=CL1.2 -Werror %t.cl

#define T(N, TYPE) __kernel void t##N(__global TYPE *c) { atomic_inc(c); }
// CHECK:#define T(N, TYPE) __kernel void t##N(__global TYPE *c) { atomic_inc(c); }
T(1, int)
// WARN: {{.*}}keep-native-macro-kernel.cl:[[@LINE-1]]:1: warning: kernel 't1' stays native (as written): global atomic 'atomic_inc' is spelled in the definition of macro 'T', whose expansions need different edits of it: here it becomes '__sa_nr_atomic_inc_uint', in another expansion it becomes '__sa_nr_atomic_inc_int' (this expansion is in kernel 't2')
// WARN: keep-native-macro-kernel.cl:[[@LINE-2]]:1: note: what keeps 't1' native is here
// CHECK:{{^}}T(1, int)
T(2, uint)
// WARN: {{.*}}keep-native-macro-kernel.cl:[[@LINE-1]]:1: warning: kernel 't2' stays native (as written): global atomic 'atomic_inc' {{.*}}
// WARN: keep-native-macro-kernel.cl:[[@LINE-2]]:1: note: what keeps 't2' native is here
// CHECK:{{^}}T(2, uint)

#define K(N, BODY) __kernel void k##N(__global int *c) { BODY; }
// CHECK:#define K(N, BODY) __kernel void k##N(__global int *c) { BODY; }
K(1, atomic_inc(c))
// STRICT: {{.*}}keep-native-macro-kernel.cl:[[@LINE-1]]:1: error: kernel 'k1' is written by macro 'K', which also writes 'k2', a function that is not rewritten: the edits of the definition would change both
// WARN: {{.*}}keep-native-macro-kernel.cl:[[@LINE-2]]:1: warning: kernel 'k1' stays native (as written): kernel 'k1' is written by macro 'K', which also writes 'k2', a function that is not rewritten: the edits of the definition would change both
// WARN: note:
// CHECK:{{^}}K(1, atomic_inc(c))
K(2, c[0] = 1)
// CHECK:{{^}}K(2, c[0] = 1)

__kernel void plain(__global int *c) { atomic_inc(c); }
// CHECK:__kernel void plain(__global int *c, __local uint *__sa_scratch, __global uint *__sa_state) { [[PROLOGUE]] __sa_defer_privately(__sa_ctx); __sa_private_target(__sa_ctx, 0, (__global void *)c); do { __sa_group_begin(__sa_ctx); SA_VARYING_ARG(__global, c); __sa_nr_atomic_inc_int(c, __sa_ctx);  [[EPILOGUE]] }
