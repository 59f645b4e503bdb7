// Kernels that one macro writes whole, each rewritten, whose edits of the
// definition differ: the atomic it spells names another runtime function
// on each pointee type. The definition cannot serve both: without
// --keep-native-on-error that is an error naming the kernel and nothing
// is written; with it, both kernels stay native (the definition as
// written serves them) and the rest of the file is rewritten.
// RUN: rm -f %t.strict.cl
// RUN: not softatomic-rewrite %s -o %t.strict.cl 2>&1 | FileCheck %s --check-prefix=STRICT --implicit-check-not=error:
// RUN: not test -e %t.strict.cl
// RUN: softatomic-rewrite %s -o %t.cl --keep-native-on-error 2>&1 | FileCheck %s --check-prefix=WARN --implicit-check-not=error: --implicit-check-not=warning:
// RUN: %filecheck_kernel %s --match-full-lines --strict-whitespace --input-file %t.cl
// RUN: %clang_cl_check -cl-std=CL1.2 -Werror %t.cl

#define K(N, T) __kernel void k##N(__global T *c) { atomic_inc(c); }
// CHECK:#define K(N, T) __kernel void k##N(__global T *c) { atomic_inc(c); }
K(1, int)
// WARN: {{.*}}keep-native-macro-kernel-edits.cl:[[@LINE-1]]:1: warning: kernel 'k1' stays native (as written): global atomic 'atomic_inc' is spelled in the definition of macro 'K', whose expansions need different edits of it: here it becomes '__sa_nr_atomic_inc_uint', in another expansion it becomes '__sa_nr_atomic_inc_int' (this expansion is in kernel 'k2')
// WARN: keep-native-macro-kernel-edits.cl:[[@LINE-2]]:1: note: what keeps 'k1' native is here
// CHECK:{{^}}K(1, int)
K(2, uint)
// STRICT: {{.*}}keep-native-macro-kernel-edits.cl:[[@LINE-1]]:1: error: global atomic 'atomic_inc' is spelled in the definition of macro 'K', whose expansions need different edits of it: here it becomes '__sa_nr_atomic_inc_uint', in another expansion it becomes '__sa_nr_atomic_inc_int' (this expansion is in kernel 'k2')
// STRICT: note: spelled here, in macro 'K'
// STRICT: keep-native-macro-kernel-edits.cl:[[@LINE-7]]:1: note: the other expansion of macro 'K' is here
// WARN: {{.*}}keep-native-macro-kernel-edits.cl:[[@LINE-4]]:1: warning: kernel 'k2' stays native (as written): global atomic 'atomic_inc' {{.*}}
// WARN: keep-native-macro-kernel-edits.cl:[[@LINE-5]]:1: note: what keeps 'k2' native is here
// CHECK:{{^}}K(2, uint)

__kernel void plain(__global int *c) { atomic_inc(c); }
// CHECK:__kernel void plain(__global int *c, __local uint *__sa_scratch, __global uint *__sa_state) { [[PROLOGUE]] __sa_defer_privately(__sa_ctx); __sa_private_target(__sa_ctx, 0, (__global void *)c); do { __sa_group_begin(__sa_ctx); SA_VARYING_ARG(__global, c); __sa_nr_atomic_inc_int(c, __sa_ctx);  [[EPILOGUE]] }
