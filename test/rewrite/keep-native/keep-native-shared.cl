// --keep-native-on-error where refusals are shared: a refusal inside a
// helper belongs to every kernel that reaches it, and both stay native. A
// kernel called as a function is refused (rewritten, it would gain
// parameters); its caller, which now calls a kept kernel with a global
// atomic, is refused in turn. The kernel that is left is rewritten.
// RUN: softatomic-rewrite %s -o %t.cl --keep-native-on-error 2>&1 | FileCheck %s --check-prefix=WARN --implicit-check-not=warning: --implicit-check-not=error:
// RUN: FileCheck %s --match-full-lines --input-file %t.cl
// RUN: %clang_cl_check -cl-std=CL1.2 %t.cl

__kernel void stamp(__global float *f) { f[0] = (float)get_global_id(0); }
int swap(__global float *f) { stamp(f); return 0; }

__kernel void a(__global int *c, __global float *f) { atomic_inc(c); swap(f); }
// WARN: {{.*}}keep-native-shared.cl:[[@LINE-1]]:15: warning: kernel 'a' stays native (as written): kernel 'stamp' uses the work-group geometry and cannot be called from rewritten kernel 'a'
// WARN: {{.*}}keep-native-shared.cl:11:31: note: what keeps 'a' native is here
__kernel void b(__global int *c, __global float *f) { atomic_dec(c); swap(f); }
// WARN: {{.*}}keep-native-shared.cl:[[@LINE-1]]:15: warning: kernel 'b' stays native (as written): kernel 'stamp' uses the work-group geometry and cannot be called from rewritten kernel 'b'
// WARN: {{.*}}keep-native-shared.cl:11:31: note: what keeps 'b' native is here

__kernel void inner(__global int *c) { atomic_inc(c); }
// WARN: {{.*}}keep-native-shared.cl:[[@LINE-1]]:15: warning: kernel 'inner' stays native (as written): kernel 'inner' is rewritten (it gains parameters) and cannot be called from 'outer'
__kernel void outer(__global int *c) { atomic_add(c, 2); inner(c); }
// WARN: {{.*}}keep-native-shared.cl:[[@LINE-1]]:58: note: what keeps 'inner' native is here
// WARN: {{.*}}keep-native-shared.cl:[[@LINE-2]]:15: warning: kernel 'outer' stays native (as written): kernel 'inner' uses a global atomic and cannot be called from rewritten kernel 'outer'
// WARN: {{.*}}keep-native-shared.cl:[[@LINE-3]]:58: note: what keeps 'outer' native is here

__kernel void good(__global int *c) { atomic_add(c, 3); }

// CHECK:__kernel void stamp(__global float *f) { f[0] = (float)get_global_id(0); }
// CHECK:int swap(__global float *f) { stamp(f); return 0; }
// CHECK:__kernel void a(__global int *c, __global float *f) { atomic_inc(c); swap(f); }
// CHECK:__kernel void b(__global int *c, __global float *f) { atomic_dec(c); swap(f); }
// CHECK:__kernel void inner(__global int *c) { atomic_inc(c); }
// CHECK:__kernel void outer(__global int *c) { atomic_add(c, 2); inner(c); }
// CHECK:__kernel void good(__global int *c, __local uint *__sa_scratch, __global uint *__sa_state) {{.*}}
