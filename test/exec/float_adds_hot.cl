// A float add written as a compare-exchange loop on the bits (the usual
// OpenCL 1.x idiom), on a few hot addresses: recognised as one float add,
// it is applied with NVIDIA's float add instruction in the kernel as
// written and the combining mode there (PTX atom.global.add.f32), and with
// a compare-exchange loop elsewhere (PoCL). Adds of 1.0 stay exact in any
// order, so every mode's bits match native.
// RUN: softatomic-rewrite --combine-mode %s -o %t.sa.cl
// RUN: sa-difftest %s %t.sa.cl --kernel fadd_cas --global 65536 --local 256 --arg buf:float:64 --arg scalar:uint:64 --repeat 3 2>&1 | FileCheck %s
// RUN: sa-difftest %s %t.sa.cl --kernel fadd_cas --global 4096 --local 64 --arg buf:float:1 --arg scalar:uint:1 2>&1 | FileCheck %s
// CHECK: combine: arg 0 float[{{[0-9]+}}] equal ok
// CHECK: auto: arg 0 float[{{[0-9]+}}] equal ok
// CHECK: PASS

__kernel void fadd_cas(__global float *bins, uint nbins) {
  volatile __global uint *p =
      (volatile __global uint *)&bins[get_global_id(0) % nbins];
  uint old, next;
  do {
    old = *p;
    next = as_uint(as_float(old) + 1.0f);
  } while (atomic_cmpxchg(p, old, next) != old);
}
