// Double adds written as compare-exchange loops on the bits (atom_cmpxchg
// of cl_khr_int64_base_atomics), as code for devices without double
// atomics writes them: recognised as one double add each, like the float
// loops (float_add_loops.cl), so that a device's double add instruction
// serves them (NVIDIA's atom.global.add.f64 under SA_NV_F64_ADD), and the
// work-group form sums a group's doubles before one global add (the loop
// in the kernel's body is reached by every work-item: the group form).
// The operands are integer-valued, so the sums are exact in any order and
// the results must be bit-identical to the loops run natively, in every
// mode and in the warp program.
// RUN: softatomic-rewrite %s -o %t.sa.cl
// RUN: %sa_user_code %t.sa.cl | FileCheck %s
// CHECK: {{^}}(void)__sa_atomic_add_double((volatile __global double *)(bits), (v), __sa_ctx);
// CHECK: {{^}}__kernel void histogram(
// CHECK: {{^}}(void)__sa_wg_atomic_add_double((volatile __global double *)((volatile __global ulong *)&h[i % 8u]), (x[i]), __sa_ctx);
// CHECK: {{^}}(void)__sa_wg_atomic_sub_double((volatile __global double *)((volatile __global ulong *)&h[8]), (1.0), __sa_ctx);
// CHECK: {{^}}(void)__sa_wg_atomic_add_double((volatile __global double *)((volatile __global ulong *)h + 9), (x[i] * 2.0), __sa_ctx);
// CHECK: {{^}}__kernel void ticket(
// CHECK: {{^  }}} while (__sa_live(__sa_ctx) && (__sa_atomic_cmpxchg_ulong(p, old, next, __sa_ctx) != old));
// The manifest counts the four loops, and no loop waits: the coordinator
// is a way for auto.
// RUN: head -1 %t.sa.cl | FileCheck %s --check-prefix=MANIFEST
// MANIFEST: "name":"histogram",{{.*}}"float_add_loops":4,"items_wait":false
// RUN: sa-difftest %s %t.sa.cl --kernel histogram --global 4096 --local 64 --arg buf:double:10 --arg buf:double:4096:random=3,100 --check 0:equal
// RUN: sa-difftest %s %t.sa.cl --kernel histogram --global 777 --local 7 --arg buf:double:10 --arg buf:double:777:random=5,1000 --check 0:equal
// RUN: sa-difftest %s %t.sa.cl --kernel histogram --global 4096 --local 64 --arg buf:double:10 --arg buf:double:4096:random=3,100 --check 0:equal --warp-program
// Where the device has no double add instruction (forced here), the
// runtime's own compare-exchange loop applies each add.
// RUN: sa-difftest %s %t.sa.cl --build-options -DSA_FLOAT_CAS_ONLY --kernel histogram --global 4096 --local 64 --arg buf:double:10 --arg buf:double:4096:random=3,100 --check 0:equal
// With --float-reassociation=keep-order each is a double add of its own.
// RUN: softatomic-rewrite --float-reassociation=keep-order %s -o %t.keep.sa.cl
// RUN: %sa_user_code %t.keep.sa.cl | FileCheck %s --check-prefix=KEEP
// KEEP: {{^}}(void)__sa_atomic_add_double((volatile __global double *)((volatile __global ulong *)&h[i % 8u]), (x[i]), __sa_ctx);
// RUN: sa-difftest %s %t.keep.sa.cl --kernel histogram --global 4096 --local 64 --arg buf:double:10 --arg buf:double:4096:random=3,100 --check 0:equal
// Adds of 1.0 to a few hot doubles, a work-group form each:
// RUN: sa-difftest %s %t.sa.cl --kernel dadd_cas --global 16384 --local 256 --arg buf:double:4 --arg scalar:uint:4 --check 0:equal
// A loop whose old value is used afterwards stays the compare-exchange.
// RUN: sa-difftest %s %t.sa.cl --kernel ticket --mode coordinator --global 2048 --local 64 --arg buf:double:1 --arg buf:double:2048 --check 0:equal --check 1:ignore

#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable

// (Signed bits, the value on the left.)
void add_bits(volatile __global long *bits, double v) {
  long old, next;
  do {
    old = *bits;
    next = as_long(v + as_double(old));
  } while (atom_cmpxchg(bits, old, next) != old);
}

__kernel void histogram(__global double *h, __global const double *x) {
  uint i = (uint)get_global_id(0);
  // The do-while of a helper, on the bits.
  add_bits((volatile __global long *)&h[i % 8u], 1.0);
  // An endless loop that breaks, on double variables.
  while (1) {
    double seen = h[i % 8u];
    double want = seen + x[i];
    if (atom_cmpxchg((volatile __global ulong *)&h[i % 8u], as_ulong(seen),
                     as_ulong(want)) == as_ulong(seen))
      break;
  }
  // A subtraction, with the new bits computed in the call.
  for (;;) {
    ulong old = *(volatile __global ulong *)&h[8];
    if (atom_cmpxchg((volatile __global ulong *)&h[8], old,
                     as_ulong(as_double(old) - 1.0)) == old)
      break;
  }
  // A union of the bits and the double.
  union {
    ulong u;
    double d;
  } old, next;
  do {
    old.u = *((volatile __global ulong *)h + 9);
    next.d = old.d + x[i] * 2.0;
  } while (atom_cmpxchg((volatile __global ulong *)h + 9, old.u, next.u) !=
           old.u);
}

// The value before the add is the work-item's ticket: not a plain add.
__kernel void ticket(__global double *counter, __global double *mine) {
  volatile __global ulong *p = (volatile __global ulong *)counter;
  ulong old, next;
  do {
    old = *p;
    next = as_ulong(as_double(old) + 1.0);
  } while (atom_cmpxchg(p, old, next) != old);
  mine[get_global_id(0)] = as_double(old);
}

// The shape of docs/BENCHMARKS.md's auto table: every work-item adds 1.0
// to one of nbins doubles (bench/auto/auto-table.sh runs it hot).
__kernel void dadd_cas(__global double *bins, uint nbins) {
  volatile __global ulong *p =
      (volatile __global ulong *)&bins[get_global_id(0) % nbins];
  ulong old, next;
  do {
    old = *p;
    next = as_ulong(as_double(old) + 1.0);
  } while (atom_cmpxchg(p, old, next) != old);
}
