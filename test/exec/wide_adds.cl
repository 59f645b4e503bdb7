// 64-bit adds on a few hot counters, the result unused and used: each is
// the device's atom_add (cl_khr_int64_base_atomics) in the kernel as
// written and in the combining mode, and, with SA_WIDE_CAS_ONLY (what a
// device without the instruction gets), the compare-exchange loop. On the
// H200 at 1M work-items the loop was 10,000 times slower than native, the
// instruction 1.00-1.05x (docs/BENCHMARKS.md, "Runtime 0.14.1").
// RUN: softatomic-rewrite --combine-mode %s -o %t.sa.cl
// RUN: sa-difftest %s %t.sa.cl --kernel add64 --global 65536 --local 256 --arg buf:ulong:8 --repeat 3 2>&1 | FileCheck %s
// RUN: sa-difftest %s %t.sa.cl --kernel add64_used --global 65536 --local 256 --arg buf:ulong:8 --arg buf:ulong:65536 --check 1:multiset --repeat 3 2>&1 | FileCheck %s
// RUN: sa-difftest %s %t.sa.cl --build-options -DSA_WIDE_CAS_ONLY --kernel add64_used --global 4096 --local 64 --arg buf:ulong:8 --arg buf:ulong:4096 --check 1:multiset 2>&1 | FileCheck %s
// CHECK: combine: arg 0 ulong[8] equal ok
// CHECK: auto: arg 0 ulong[8] equal ok
// CHECK: PASS

#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable

__kernel void add64(__global ulong *c) {
  atom_add(&c[get_global_id(0) % 8], 1ul);
}

__kernel void add64_used(__global ulong *c, __global ulong *old) {
  old[get_global_id(0)] = atom_add(&c[get_global_id(0) % 8], 1ul);
}
