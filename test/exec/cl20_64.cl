// REQUIRES: pocl
// (as cl20.cl: OpenCL C 2.0 atomics, which PoCL has, here on atomic_long
// and atomic_ulong, whose cl_khr_int64_base_atomics and
// cl_khr_int64_extended_atomics PoCL 3.1 reports.)
// The OpenCL 2.0 atomics on atomic_long / atomic_ulong, native against
// software, as OpenCL C 3.0: returned values (fetch_add of 1 gives a
// permutation across 2^32, implicit and explicit), final values of every
// fetch operation with operands beyond 32 bits, exchange and store,
// compare-exchange as a lock-free counter on atomic_ulong across 2^64
// (exact count; the expected value written back), and a compare-exchange
// that fails.
// RUN: softatomic-rewrite --combine-mode %s -o %t.sa.cl -- -cl-std=CL3.0
// A relaxed fetch_add that every work-item makes at the same point takes the
// work-group form at 64 bits too (its sums carried past 2^32 here):
// RUN: FileCheck %s --check-prefix=FORM --input-file %t.sa.cl
// FORM: a[gid] = __sa_wg_atomic_fetch_add_explicit_long(&c[0], 1L, memory_order_relaxed, __sa_ctx);
// RUN: sa-difftest %s %t.sa.cl --build-options -cl-std=CL3.0 --kernel relaxed_perm --global 4096 --local 64 --arg buf:long:1:fill=4294965248 --arg buf:long:4096 --check 1:perm=4294965248
// RUN: sa-difftest %s %t.sa.cl --build-options -cl-std=CL3.0 --kernel fetch_add_perm --global 4096 --local 64 --arg buf:long:2:fill=4294965248 --arg buf:long:4096 --arg buf:long:4096 --check 1:perm=4294965248 --check 2:perm=4294965248
// RUN: sa-difftest %s %t.sa.cl --build-options -cl-std=CL3.0 --kernel fetch_add_perm --global 96 --local 1 --arg buf:long:2:fill=4294967250 --arg buf:long:96 --arg buf:long:96 --check 1:perm=4294967250 --check 2:perm=4294967250
// RUN: sa-difftest %s %t.sa.cl --build-options -cl-std=CL3.0 --kernel ops --global 4096 --local 64 --arg buf:long:8:fill=4294965248 --arg buf:ulong:4:fill=9223372036854775807 --arg buf:ulong:2
// RUN: sa-difftest %s %t.sa.cl --build-options -cl-std=CL3.0 --kernel exchange_chain --global 4096 --local 64 --arg buf:long:4097:fill=4294971392 --check 0:perm=4294967296
// RUN: sa-difftest %s %t.sa.cl --build-options -cl-std=CL3.0 --kernel cas_counter --global 2048 --local 64 --arg buf:ulong:2:fill=-1024 --arg buf:ulong:2048 --arg buf:ulong:2048 --check 1:perm=-1024 --check 2:perm=-1024
// RUN: sa-difftest %s %t.sa.cl --build-options -cl-std=CL3.0 --kernel cas_counter --global 64 --local 1 --arg buf:ulong:2:fill=-32 --arg buf:ulong:64 --arg buf:ulong:64 --check 1:perm=-32 --check 2:perm=-32
// RUN: sa-difftest %s %t.sa.cl --build-options -cl-std=CL3.0 --kernel cas_fail --global 1024 --local 32 --arg buf:long:1:fill=4294967338 --arg buf:int:1024 --arg buf:long:1024

// Two counters from just below 2^32: implicit (seq_cst), and explicit
// acq_rel with a scope.
__kernel void relaxed_perm(__global atomic_long *c, __global long *a) {
  size_t gid = get_global_id(0);
  a[gid] = atomic_fetch_add_explicit(&c[0], 1L, memory_order_relaxed);
}

__kernel void fetch_add_perm(__global atomic_long *c, __global long *a,
                             __global long *b) {
  size_t gid = get_global_id(0);
  a[gid] = atomic_fetch_add(&c[0], 1L);
  b[gid] = atomic_fetch_add_explicit(&c[1], 1L, memory_order_acq_rel,
                                     memory_scope_device);
}

long sub_through(volatile __global atomic_long *p, long v) {
  return atomic_fetch_sub_explicit(p, v, memory_order_seq_cst);
}

// Final values of every operation (order-independent), with operands that
// carry across bit 32 and live in the high word; signed min/max on
// atomic_long, unsigned on atomic_ulong; stores of 64-bit values.
__kernel void ops(__global atomic_long *c, volatile __global atomic_ulong *u,
                  __global atomic_ulong *stored) {
  long gid = get_global_id(0);
  sub_through(&c[0], (gid % 7) << 33);
  atomic_fetch_add(&c[1], 0xffffffffL + gid % 5);
  atomic_fetch_min(&c[2], gid % 1000 - 700 - ((gid % 3) << 32)); // signed
  atomic_fetch_max_explicit(&c[3], (gid % 2000) << 22, memory_order_acquire);
  atomic_fetch_and(&c[4], ~(1L << (gid % 20 + 12)));
  atomic_fetch_or_explicit(&c[5], 1L << (gid % 63), memory_order_release,
                           memory_scope_device);
  atomic_fetch_xor(&c[6], gid * 0x10001001L);
  atomic_fetch_max(&c[7], -gid - 0x500000000L);                   // signed
  atomic_fetch_min(&u[0], ((ulong)gid + 1) * 0x123456789ul);      // unsigned
  atomic_fetch_max(&u[1], 0x8000000000000000ul + (ulong)gid);
  atomic_fetch_and_explicit(&u[2], ~((ulong)gid << 30), memory_order_seq_cst);
  atomic_fetch_xor_explicit(&u[3], (ulong)gid << 40, memory_order_acq_rel);
  atomic_store(&stored[0], 0x123456789abcdeful);
  atomic_store_explicit(&stored[1], 0xfedcba9876543210ul, memory_order_release);
}

// Exchange as a chain on element n: every value 2^32 + gid goes in once and
// comes out once into element gid (the last one stays in element n, which
// starts at 2^32 + n), so the buffer ends as a permutation.
__kernel void exchange_chain(__global long *x) {
  size_t gid = get_global_id(0), n = get_global_size(0);
  x[gid] = atomic_exchange_explicit((__global atomic_long *)&x[n],
                                    (long)gid + 4294967296L,
                                    memory_order_acq_rel, memory_scope_device);
}

// (A private expected variable: PoCL 3.1's library lacks the native
// 64-bit compare-exchange on a global one.)
bool cas_weak(volatile __global atomic_ulong *p, __global ulong *expected) {
  ulong e = *expected;
  bool ok = atomic_compare_exchange_weak_explicit(p, &e, e + 1ul,
                                                  memory_order_acq_rel,
                                                  memory_order_relaxed,
                                                  memory_scope_device);
  *expected = e;
  return ok;
}

// Compare-exchange as a lock-free increment: each failed attempt writes
// the value it found to the expected variable, which the next attempt
// tries from; each work-item's last expected value is the count it saw.
__kernel void cas_counter(__global atomic_ulong *counter, __global ulong *mine,
                          __global ulong *mine_global) {
  size_t gid = get_global_id(0);
  ulong expected = 0;
  while (!atomic_compare_exchange_strong(&counter[0], &expected, expected + 1ul))
    ;
  mine[gid] = expected;
  mine_global[gid] = 0;
  while (!cas_weak(&counter[1], &mine_global[gid]))
    ;
}

// A compare-exchange that cannot succeed (the object holds 2^32 + 42):
// false, and the object's value in the expected variable.
__kernel void cas_fail(__global atomic_long *k, __global int *ok,
                       __global long *seen) {
  long gid = get_global_id(0);
  long expected = 42 - gid;
  ok[gid] = atomic_compare_exchange_strong_explicit(
      k, &expected, gid, memory_order_acq_rel, memory_order_acquire);
  seen[gid] = expected;
}
