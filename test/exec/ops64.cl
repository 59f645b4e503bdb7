// Every 64-bit operation (cl_khr_int64_base_atomics and
// cl_khr_int64_extended_atomics, which PoCL reports) on long and ulong,
// against native atomics: final values of operands that carry and borrow
// across bit 32 and act on the high word, signed vs unsigned min/max with
// negative values and the top bit set, inc/dec return values (each old
// value exactly once: permutations across 2^32), exchange as a chain whose
// old values and final value hold each exchanged value exactly once, and
// compare-exchange as a lock-free counter (on ulong across 2^64 to 0).
// RUN: softatomic-rewrite --combine-mode %s -o %t.sa.cl
// RUN: grep -c "^#define SA_INT64_ATOMICS 1$" %t.sa.cl | FileCheck %s --check-prefix=DEFINED
// DEFINED: 1
// c: 8 longs from 2^32 - 2048; u: 8 ulongs from 2^63 - 1; inc_old, dec_old,
// x, ux: N + 1 elements, the last the target of the chain that leaves the
// old values in the others, so that each holds a permutation.
// RUN: sa-difftest %s %t.sa.cl --build-options -cl-std=CL1.2 --kernel ops --global 4096 --local 64 --arg buf:long:8:fill=4294965248 --arg buf:ulong:8:fill=9223372036854775807 --arg buf:long:4097:fill=4294965248 --arg buf:long:4097:fill=4294969344 --arg buf:long:4097:fill=2048 --arg buf:ulong:4097:fill=4294971392 --check 2:perm=4294965248 --check 3:perm=4294965248 --check 4:perm=-2048 --check 5:perm=4294967296
// RUN: sa-difftest %s %t.sa.cl --build-options -cl-std=CL3.0 --kernel ops --global 2048 --local 256 --arg buf:long:8:fill=4294965248 --arg buf:ulong:8:fill=9223372036854775807 --arg buf:long:2049:fill=4294966272 --arg buf:long:2049:fill=4294968320 --arg buf:long:2049:fill=0 --arg buf:ulong:2049:fill=4294969344 --check 2:perm=4294966272 --check 3:perm=4294966272 --check 4:perm=-2048 --check 5:perm=4294967296
// RUN: sa-difftest %s %t.sa.cl --build-options -cl-std=CL1.2 --kernel ops --global 96 --local 1 --arg buf:long:8:fill=4294965248 --arg buf:ulong:8:fill=9223372036854775807 --arg buf:long:97:fill=4294967248 --arg buf:long:97:fill=4294967344 --arg buf:long:97:fill=-1952 --arg buf:ulong:97:fill=4294967392 --check 2:perm=4294967248 --check 3:perm=4294967248 --check 4:perm=-2048 --check 5:perm=4294967296
// A request inside a loop whose exit differs between work-items, in both
// memory-model modes, and with one work-item per group; the ulong counter
// starts at 2^64 - 1024 and wraps to 0.
// RUN: sa-difftest %s %t.sa.cl --build-options -cl-std=CL3.0 --kernel cas_counter --global 2048 --local 64 --arg buf:long:1:fill=4294966272 --arg buf:long:2048 --arg buf:ulong:1:fill=-1024 --arg buf:ulong:2048 --check 1:perm=4294966272 --check 3:perm=-1024
// RUN: sa-difftest %s %t.sa.cl --build-options -cl-std=CL1.2 --kernel cas_counter --global 1024 --local 256 --arg buf:long:1:fill=4294966272 --arg buf:long:1024 --arg buf:ulong:1:fill=-1024 --arg buf:ulong:1024 --check 1:perm=4294966272 --check 3:perm=-1024
// RUN: sa-difftest %s %t.sa.cl --build-options -cl-std=CL1.2 --kernel cas_counter --global 64 --local 1 --arg buf:long:1:fill=4294966272 --arg buf:long:64 --arg buf:ulong:1:fill=-1024 --arg buf:ulong:64 --check 1:perm=4294966272 --check 3:perm=-1024
// Each operation is the device's own instruction (atom_add, atom_min, ...
// on a 64-bit target); the compare-exchange loop that a device without
// them gets, forced with SA_WIDE_CAS_ONLY:
// RUN: sa-difftest %s %t.sa.cl --build-options "-cl-std=CL1.2 -DSA_WIDE_CAS_ONLY" --kernel ops --global 4096 --local 64 --arg buf:long:8:fill=4294965248 --arg buf:ulong:8:fill=9223372036854775807 --arg buf:long:4097:fill=4294965248 --arg buf:long:4097:fill=4294969344 --arg buf:long:4097:fill=2048 --arg buf:ulong:4097:fill=4294971392 --check 2:perm=4294965248 --check 3:perm=4294965248 --check 4:perm=-2048 --check 5:perm=4294967296
// RUN: sa-difftest %s %t.sa.cl --build-options "-cl-std=CL1.2 -DSA_WIDE_CAS_ONLY" --kernel cas_counter --global 1024 --local 256 --arg buf:long:1:fill=4294966272 --arg buf:long:1024 --arg buf:ulong:1:fill=-1024 --arg buf:ulong:1024 --check 1:perm=4294966272 --check 3:perm=-1024
// 32-bit and 64-bit requests in one kernel: the coordinator's runs change
// width between entries.
// RUN: sa-difftest %s %t.sa.cl --build-options -cl-std=CL1.2 --kernel mixed --global 4096 --local 64 --arg buf:int:2:fill=100 --arg buf:long:2:fill=4294967000 --arg buf:int:4096 --arg buf:long:4096 --check 2:perm=100 --check 3:perm=4294967000

#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable
#pragma OPENCL EXTENSION cl_khr_int64_extended_atomics : enable

__kernel void ops(__global long *c, __global ulong *u, __global long *inc,
                  __global long *dec, __global long *x, __global ulong *ux) {
  long gid = get_global_id(0);
  size_t n = get_global_size(0);
  atom_add(&c[0], 0xffffffffL + gid % 5);     // carries into the high word
  atom_sub(&c[1], (gid % 7) << 33);           // high word only: goes negative
  atom_min(&c[2], gid % 1000 - 700 - ((gid % 3) << 32)); // signed: negative
  atom_max(&c[3], (gid % 2000) << 22);        // signed, up to 2^33
  atom_and(&c[4], ~(1L << (gid % 20 + 12)));
  atom_or(&c[5], 1L << (gid % 63));
  atom_xor(&c[6], gid * 0x10001001L);
  atom_max(&c[7], -gid - 0x500000000L);       // signed: every operand below
  atom_min(&u[0], ((ulong)gid + 1) * 0x123456789ul); // unsigned
  atom_max(&u[1], 0x8000000000000000ul + (ulong)gid); // unsigned: top bit wins
  atom_and(&u[2], ~(1ul << (gid % 50 + 14)));
  atom_add(&u[3], 0xfffffffful);
  atom_sub(&u[4], (ulong)gid << 31);
  atom_or(&u[5], 1ul << (gid % 64));
  atom_xor(&u[6], (ulong)gid << 40);
  atom_min(&u[7], 0x8000000000000000ul + (ulong)gid); // unsigned: 2^63 - 1 stays
  // Chains on element n, each old value going to element gid: inc from
  // just below 2^32 (crosses it upwards), dec from just above (borrows
  // across it), exchanges of base + gid into base + n.
  inc[gid] = atom_inc(&inc[n]);
  dec[gid] = atom_dec(&dec[n]);
  x[gid] = atom_xchg(&x[n], gid - 2048);
  ux[gid] = atom_xchg(&ux[n], (ulong)gid + 4294967296ul);
}

// Compare-exchange as a retry loop: each work-item increments once, learning
// the current value from every failed attempt.
__kernel void cas_counter(__global long *counter, __global long *mine,
                          __global ulong *ucounter, __global ulong *umine) {
  long cur = 0;
  for (;;) {
    long prev = atom_cmpxchg(counter, cur, cur + 1);
    if (prev == cur)
      break;
    cur = prev;
  }
  mine[get_global_id(0)] = cur;
  ulong ucur = 0;
  for (;;) {
    ulong prev = atom_cmpxchg(ucounter, ucur, ucur + 1ul);
    if (prev == ucur)
      break;
    ucur = prev;
  }
  umine[get_global_id(0)] = ucur;
}

// 32-bit and 64-bit counters side by side, from every work-item.
__kernel void mixed(__global int *i, __global long *l, __global int *i_old,
                    __global long *l_old) {
  size_t gid = get_global_id(0);
  i_old[gid] = atomic_inc(&i[gid % 2]) + (gid % 2 ? 2048 : 0);
  l_old[gid] = atom_add(&l[gid % 2], 1L) + (gid % 2 ? 2048 : 0);
}
