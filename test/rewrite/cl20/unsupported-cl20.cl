// OpenCL 2.0 atomics in a rewritten kernel that the runtime cannot carry
// out: an atomic whose pointer is generic and cannot be proved __global or
// __local (a native global atomic would bypass the software ones; the
// notes say why: generic-proofs.cl has every reason). atomic_int,
// atomic_uint, atomic_long, atomic_ulong and atomic_float on __global
// memory are rewritten (cl20-atomics.cl, cl20-atomics-64.cl,
// float-atomics.cl), __local ones left alone (atomic_half:
// unsupported-types.cl).
// RUN: rm -f %t.out
// RUN: not softatomic-rewrite %s -o %t.out -- -cl-std=CL2.0 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: not test -e %t.out

int generic_add(atomic_int *p) { return atomic_fetch_add(p, 1); }
// CHECK-DAG: {{.*}}unsupported-cl20.cl:[[@LINE-1]]:41: error: cannot prove that 'atomic_fetch_add' acts on __global or __local memory (its pointer is '__generic atomic_int *'); kernel 'k' is rewritten to software atomics, which a native global atomic would bypass

void generic_store(atomic_int *p) { atomic_store(p, 1); }
// CHECK-DAG: {{.*}}unsupported-cl20.cl:[[@LINE-1]]:37: error: cannot prove that 'atomic_store' acts on __global or __local memory (its pointer is '__generic atomic_int *'); kernel 'k' is rewritten to software atomics, which a native global atomic would bypass

__kernel void k(__global int *c, __global atomic_int *a,
                __global atomic_long *l, __global atomic_float *f) {
  __local atomic_int loc;
  atomic_fetch_add(&loc, 1);
  atom_add(c, 1);
  atomic_fetch_add_explicit(a, 1, memory_order_relaxed);
  atomic_fetch_add_explicit(l, 1, memory_order_relaxed);
  atomic_exchange(f, 1.0f);
  atomic_store(f, 2.0f);
  generic_add(a);
  generic_add(&loc);
// CHECK-DAG: {{.*}}unsupported-cl20.cl:[[@LINE-1]]:3: note: the pointer comes from parameter 'p' of 'generic_add', and this call passes a __local pointer where another passes a __global one
  atomic_int mine;
  generic_store(&mine);
// CHECK-DAG: {{.*}}unsupported-cl20.cl:[[@LINE-1]]:3: note: the pointer comes from parameter 'p' of 'generic_store', and this call passes a pointer that is not provably __global or __local
// CHECK-DAG: {{.*}}unsupported-cl20.cl:[[@LINE-2]]:17: note: the pointer here points to __private memory
}
