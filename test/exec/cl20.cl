// REQUIRES: pocl
// (OpenCL C 2.0 atomics, which PoCL has; whether NVIDIA's OpenCL driver
// compiles them was not tried, so scripts/gpu-bundle.sh leaves this out.)
// The OpenCL 2.0 atomics on atomic_int / atomic_uint, native against
// software, as OpenCL C 3.0 (and 2.0 where the device takes it): returned
// values (fetch_add of 1 gives a permutation, implicit, explicit and in the
// work-group form), final values of every fetch operation, exchange,
// compare-exchange as a lock-free counter (exact count; the expected value
// written back), through volatile pointers in
// helpers, and relaxed calls whose result is unused (deferred).
// RUN: softatomic-rewrite --combine-mode %s -o %t.sa.cl -- -cl-std=CL3.0
// RUN: sa-difftest %s %t.sa.cl --build-options -cl-std=CL3.0 --kernel fetch_add_perm --global 8192 --local 64 --arg buf:uint:3 --arg buf:uint:8192 --arg buf:uint:8192 --arg buf:uint:8192 --check 1:perm=0 --check 2:perm=0 --check 3:perm=0
// RUN: sa-difftest %s %t.sa.cl --build-options -cl-std=CL3.0 --kernel fetch_add_perm --global 96 --local 1 --arg buf:uint:3 --arg buf:uint:96 --arg buf:uint:96 --arg buf:uint:96 --check 1:perm=0 --check 2:perm=0 --check 3:perm=0
// RUN: sa-difftest %s %t.sa.cl --build-options -cl-std=CL3.0 --kernel ops --global 4096 --local 64 --arg buf:int:8:fill=1000 --arg buf:uint:4:fill=2147483648 --arg buf:int:1:fill=-1 --arg buf:int:4096 --arg buf:uint:2 --check 2:range=0,4095 --check 3:range=-1,4095
// RUN: sa-difftest %s %t.sa.cl --build-options -cl-std=CL3.0 --kernel cas_counter --global 2048 --local 64 --arg buf:uint:2 --arg buf:uint:2048 --arg buf:uint:2048 --check 1:perm=0 --check 2:perm=0
// RUN: sa-difftest %s %t.sa.cl --build-options -cl-std=CL3.0 --kernel cas_counter --global 64 --local 1 --arg buf:uint:2 --arg buf:uint:64 --arg buf:uint:64 --check 1:perm=0 --check 2:perm=0
// RUN: sa-difftest %s %t.sa.cl --build-options -cl-std=CL3.0 --kernel cas_fail --global 1024 --local 32 --arg buf:int:1:fill=42 --arg buf:int:1024 --arg buf:int:1024
// RUN: sa-difftest %s %t.sa.cl --build-options -cl-std=CL3.0 --kernel exchange_chain --global 4096 --local 64 --arg buf:int:1:fill=-1 --arg buf:int:4096 --check 0:range=0,4095 --check 1:range=-1,4095
// The deferred (relaxed, result unused) calls are in a file of their own:
// any other 2.0 atomic in the file turns deferral off.
// RUN: softatomic-rewrite --combine-mode %S/Inputs/cl20_relaxed.cl -o %t.relaxed.sa.cl -- -cl-std=CL3.0
// RUN: %sa_user_code %t.relaxed.sa.cl | grep -c "__sa_nr_atomic_fetch_" | FileCheck %s --check-prefix=DEFERRED
// DEFERRED: 5
// RUN: sa-difftest %S/Inputs/cl20_relaxed.cl %t.relaxed.sa.cl --build-options -cl-std=CL3.0 --kernel relaxed --global 16384 --local 64 --arg buf:uint:64 --arg buf:int:8:fill=100 --arg buf:uint:16384 --arg buf:uint:2
// RUN: sa-difftest %S/Inputs/cl20_relaxed.cl %t.relaxed.sa.cl --build-options -cl-std=CL3.0 --kernel relaxed --global 777 --local 7 --arg buf:uint:64 --arg buf:int:8:fill=100 --arg buf:uint:777 --arg buf:uint:2
// As the warp program (each warp's adds combined on NVIDIA):
// RUN: sa-difftest %s %t.sa.cl --build-options -cl-std=CL3.0 --kernel fetch_add_perm --global 8192 --local 64 --arg buf:uint:3 --arg buf:uint:8192 --arg buf:uint:8192 --arg buf:uint:8192 --check 1:perm=0 --check 2:perm=0 --check 3:perm=0 --warp-program
// RUN: sa-difftest %s %t.sa.cl --build-options -cl-std=CL3.0 --kernel fetch_add_perm --global 96 --local 1 --arg buf:uint:3 --arg buf:uint:96 --arg buf:uint:96 --arg buf:uint:96 --check 1:perm=0 --check 2:perm=0 --check 3:perm=0 --warp-program
// RUN: sa-difftest %s %t.sa.cl --build-options -cl-std=CL3.0 --kernel ops --global 4096 --local 64 --arg buf:int:8:fill=1000 --arg buf:uint:4:fill=2147483648 --arg buf:int:1:fill=-1 --arg buf:int:4096 --arg buf:uint:2 --check 2:range=0,4095 --check 3:range=-1,4095 --warp-program
// RUN: sa-difftest %s %t.sa.cl --build-options -cl-std=CL3.0 --kernel cas_counter --global 2048 --local 64 --arg buf:uint:2 --arg buf:uint:2048 --arg buf:uint:2048 --check 1:perm=0 --check 2:perm=0 --warp-program
// RUN: sa-difftest %s %t.sa.cl --build-options -cl-std=CL3.0 --kernel cas_counter --global 64 --local 1 --arg buf:uint:2 --arg buf:uint:64 --arg buf:uint:64 --check 1:perm=0 --check 2:perm=0 --warp-program
// RUN: sa-difftest %s %t.sa.cl --build-options -cl-std=CL3.0 --kernel cas_fail --global 1024 --local 32 --arg buf:int:1:fill=42 --arg buf:int:1024 --arg buf:int:1024 --warp-program
// RUN: sa-difftest %s %t.sa.cl --build-options -cl-std=CL3.0 --kernel exchange_chain --global 4096 --local 64 --arg buf:int:1:fill=-1 --arg buf:int:4096 --check 0:range=0,4095 --check 1:range=-1,4095 --warp-program
// RUN: sa-difftest %S/Inputs/cl20_relaxed.cl %t.relaxed.sa.cl --build-options -cl-std=CL3.0 --kernel relaxed --global 16384 --local 64 --arg buf:uint:64 --arg buf:int:8:fill=100 --arg buf:uint:16384 --arg buf:uint:2 --warp-program
// RUN: sa-difftest %S/Inputs/cl20_relaxed.cl %t.relaxed.sa.cl --build-options -cl-std=CL3.0 --kernel relaxed --global 777 --local 7 --arg buf:uint:64 --arg buf:int:8:fill=100 --arg buf:uint:777 --arg buf:uint:2 --warp-program

// Three counters: implicit (seq_cst), explicit acq_rel with a scope, and
// relaxed at the kernel's top level (the work-group form).
__kernel void fetch_add_perm(__global atomic_uint *c, __global uint *a,
                             __global uint *b, __global uint *w) {
  uint gid = get_global_id(0);
  a[gid] = atomic_fetch_add(&c[0], 1u);
  b[gid] = atomic_fetch_add_explicit(&c[1], 1u, memory_order_acq_rel,
                                     memory_scope_device);
  w[gid] = atomic_fetch_add_explicit(&c[2], 1u, memory_order_relaxed);
}

int sub_through(volatile __global atomic_int *p, int v) {
  return atomic_fetch_sub_explicit(p, v, memory_order_seq_cst);
}

// Final values of every operation (order-independent), and exchange's
// returned values (-1 or another work-item's id).
__kernel void ops(__global atomic_int *c, volatile __global atomic_uint *u,
                  __global atomic_int *x, __global int *x_old,
                  __global atomic_uint *stored) {
  int gid = get_global_id(0);
  sub_through(&c[0], gid % 7);
  atomic_fetch_add(&c[1], gid % 5);
  atomic_fetch_min(&c[2], gid % 1000 - 700);                 // signed
  atomic_fetch_max_explicit(&c[3], 3000 - gid % 2000, memory_order_acquire);
  atomic_fetch_and(&c[4], ~(1 << (gid % 9)));
  atomic_fetch_or_explicit(&c[5], 1 << (gid % 20), memory_order_release,
                           memory_scope_device);
  atomic_fetch_xor(&c[6], gid);
  atomic_fetch_sub(&c[7], 3);
  atomic_fetch_min(&u[0], (uint)gid * 977u);                 // unsigned
  atomic_fetch_max(&u[1], 0x80000000u + (uint)gid);
  atomic_fetch_and_explicit(&u[2], ~(uint)gid, memory_order_seq_cst);
  atomic_fetch_xor_explicit(&u[3], (uint)gid * 3u, memory_order_acq_rel);
  x_old[gid] = atomic_exchange(x, gid);
  atomic_store(&stored[0], 77u);
  atomic_store_explicit(&stored[1], 88u, memory_order_release);
}

bool cas_weak(volatile __global atomic_uint *p, __global uint *expected) {
  uint e = *expected;
  bool ok = atomic_compare_exchange_weak_explicit(p, &e, e + 1u,
                                                  memory_order_acq_rel,
                                                  memory_order_relaxed,
                                                  memory_scope_device);
  *expected = e;
  return ok;
}

// Compare-exchange as a lock-free increment: each failed attempt writes
// the value it found to the expected variable, which the next attempt
// tries from; each work-item's last expected value is the count it saw.
__kernel void cas_counter(__global atomic_uint *counter, __global uint *mine,
                          __global uint *mine_global) {
  uint gid = get_global_id(0);
  uint expected = 0;
  while (!atomic_compare_exchange_strong(&counter[0], &expected, expected + 1u))
    ;
  mine[gid] = expected;
  mine_global[gid] = 0;
  while (!cas_weak(&counter[1], &mine_global[gid]))
    ;
}

// A compare-exchange that cannot succeed: false, and the object's value in
// the expected variable.
__kernel void cas_fail(__global atomic_int *k, __global int *ok,
                       __global int *seen) {
  int gid = get_global_id(0);
  int expected = -1 - gid;
  ok[gid] = atomic_compare_exchange_strong_explicit(
      k, &expected, gid, memory_order_acq_rel, memory_order_acquire);
  seen[gid] = expected;
}

// Exchange as a chain: every work-item's id goes in once and comes out
// once (the last one stays in x), so the returned values and x's final
// value are together the ids and -1.
__kernel void exchange_chain(__global atomic_int *x, __global int *old) {
  int gid = get_global_id(0);
  old[gid] = atomic_exchange_explicit(x, gid, memory_order_acq_rel,
                                      memory_scope_device);
}
