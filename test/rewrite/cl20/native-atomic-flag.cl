// The atomic_flag functions on a __global (or generic) flag stay native
// atomics, with a warning each: the runtime has no atomic_flag, and only
// the flag functions reach a flag object. A __local flag is fast and
// silent; a file whose only global atomics are flag calls is rewritten
// nowhere, and one beside a software atomic keeps its flag calls as they
// are.
// RUN: softatomic-rewrite %s -o %t.cl -- -cl-std=CL3.0 2> %t.err
// RUN: FileCheck %s --input-file %t.cl
// RUN: FileCheck %s --check-prefix=WARN --input-file %t.err
// RUN: test $(grep -c 'warning:' %t.err) -eq 3
// RUN: %clang_cl_check -cl-std=CL3.0 %t.cl

__kernel void spin(__global atomic_flag *f, __global int *c) {
  // WARN: native-atomic-flag.cl:[[@LINE+1]]:10: warning: 'atomic_flag_test_and_set' on a global flag stays a native atomic: the software runtime has no atomic_flag
  while (atomic_flag_test_and_set(f))
    ;
  c[0] += 1;
  // WARN: native-atomic-flag.cl:[[@LINE+1]]:3: warning: 'atomic_flag_clear' on a global flag stays a native atomic
  atomic_flag_clear(f);
}

__kernel void local_flag(__global int *c) {
  __local atomic_flag l;
  atomic_flag_clear(&l);
}

// CHECK: __kernel void counted(__global atomic_flag *f, __global atomic_int *n, __local uint *__sa_scratch, __global uint *__sa_state)
// CHECK: atomic_flag_test_and_set_explicit(f, memory_order_acquire)
// CHECK: __sa_atomic_fetch_add_int(n, 1, __sa_ctx)
__kernel void counted(__global atomic_flag *f, __global atomic_int *n) {
  // WARN: native-atomic-flag.cl:[[@LINE+1]]:8: warning: 'atomic_flag_test_and_set_explicit' on a global flag
  if (!atomic_flag_test_and_set_explicit(f, memory_order_acquire))
    atomic_fetch_add(n, 1);
}
