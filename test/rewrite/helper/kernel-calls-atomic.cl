// A kernel that is not rewritten but reaches a global atomic (here an
// atomic_store, which alone does not make it rewritten) cannot be called
// from rewritten code: the call would run that atomic natively, beside the
// software ones, even though its helper has a copy with the context.
// RUN: rm -f %t.out
// RUN: not softatomic-rewrite %s -o %t.out -- -cl-std=CL2.0 2>&1 | FileCheck %s
// RUN: not test -e %t.out

void publish(volatile __global atomic_uint *f) { atomic_store(f, 1u); }

__kernel void setter(volatile __global atomic_uint *f) { publish(f); }

__kernel void counter(volatile __global atomic_uint *c) {
  atomic_fetch_add(c, 1u);
  publish(c);
  setter(c);
// CHECK: {{.*}}kernel-calls-atomic.cl:[[@LINE-1]]:3: error: kernel 'setter' uses a global atomic and cannot be called from rewritten kernel 'counter' (the call would run that atomic natively)
}
