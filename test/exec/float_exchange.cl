// Float exchange, OpenCL 1.1's atomic_xchg on a __global float (PoCL
// builds it natively, so the kernel as written is the reference): an
// exchange of the bits, through the integer exchange of the runtime, in
// every mode and in the warp program.
// exchange_chain: every value gid + 0.5 goes into element n once and comes
// out once into some element, so both runs hold the same values in some
// order (one stays in element n).
// RUN: softatomic-rewrite %s -o %t.sa.cl
// RUN: %sa_user_code %t.sa.cl | FileCheck %s
// CHECK: x[gid] = __sa_atomic_xchg_float(&x[n], (float)gid + 0.5f, __sa_ctx);
// CHECK: return __sa_atomic_xchg_float(p, v, __sa_ctx);
// RUN: sa-difftest %s %t.sa.cl --kernel exchange_chain --global 4096 --local 64 --arg buf:float:4097:fill=5000 --check 0:multiset
// RUN: sa-difftest %s %t.sa.cl --kernel exchange_chain --global 96 --local 1 --arg buf:float:97:fill=5000 --check 0:multiset
// RUN: sa-difftest %s %t.sa.cl --kernel exchange_chain --global 4096 --local 64 --arg buf:float:4097:fill=5000 --check 0:multiset --warp-program
// A -0.0 and a NaN go through as bits (a float's value would lose them).
// RUN: sa-difftest %s %t.sa.cl --kernel odd_values --global 64 --local 64 --arg buf:float:3 --arg buf:float:64 --check 0:equal --check 1:multiset

__kernel void exchange_chain(__global float *x) {
  size_t gid = get_global_id(0), n = get_global_size(0);
  x[gid] = atomic_xchg(&x[n], (float)gid + 0.5f);
}

float swap(volatile __global float *p, float v) { return atomic_xchg(p, v); }

__kernel void odd_values(__global float *x, __global float *seen) {
  size_t gid = get_global_id(0);
  seen[gid] = swap(&x[gid % 2], gid % 2 ? as_float(0x7fc00123u) : -0.0f);
  if (gid == 0)
    atomic_xchg(&x[2], -0.0f);
}
