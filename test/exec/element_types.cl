// Arguments of every scalar type the command line names, and vectors of
// them (tool/support/KernelArgs): bytes counted into a histogram, a
// uchar4's lanes, shorts from negative values, halves (read with
// vload_half) and doubles, each summed with atomics; results agree in
// every mode, and each sum is what the values make. An unknown type's error lists the accepted ones.
// RUN: softatomic-rewrite --combine-mode %s -o %t.sa.cl
// RUN: sa-difftest %s %t.sa.cl --kernel types --global 1024 --local 64 --arg buf:uchar:1024:random=1 --arg buf:uint:256 --arg buf:uchar4:1024:iota --arg buf:uint:4 --arg buf:short:1024:fill=-3 --arg buf:int:1 --arg buf:half:1024:fill=1.5 --arg buf:int:1 --arg buf:double:1024:fill=2.25 --arg buf:int:1 --arg buf:char3:1024:fill=-1 --arg buf:int:1 --check 5:range=-3072,-3072 --check 7:range=3072,3072 --check 9:range=9216,9216 --check 11:range=-3072,-3072 2>&1 | FileCheck %s
// CHECK: combine: arg 1 uint[256] equal ok
// CHECK: combine: arg 5 int[1] range=-3072,-3072 ok
// CHECK: auto: arg 7 int[1] range=3072,3072 ok
// CHECK: auto: arg 9 int[1] range=9216,9216 ok
// CHECK: auto: arg 11 int[1] range=-3072,-3072 ok
// CHECK: PASS
// RUN: not sa-difftest %s %t.sa.cl --kernel types --global 64 --arg buf:uchar5:4 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// UNKNOWN: unknown element type 'uchar5' (TYPE: char, uchar, short, ushort, int, uint, long, ulong, half, float, double, or a vector of 2, 3, 4, 8 or 16 of one (uchar4))

#pragma OPENCL EXTENSION cl_khr_fp64 : enable

__kernel void types(__global const uchar *bytes, __global uint *hist,
                    __global const uchar4 *quads, __global uint *lanes,
                    __global const short *shorts, __global int *short_sum,
                    __global const half *halves, __global int *half_sum,
                    __global const double *doubles, __global int *double_sum,
                    __global const char3 *triples, __global int *triple_sum) {
  size_t i = get_global_id(0);
  atomic_inc(&hist[bytes[i]]);
  uchar4 q = quads[i];
  atomic_add(&lanes[0], q.x);
  atomic_add(&lanes[1], q.y);
  atomic_add(&lanes[2], q.z);
  atomic_add(&lanes[3], q.w);
  atomic_add(short_sum, shorts[i]);
  atomic_add(half_sum, (int)(vload_half(i, halves) * 2.0f));
  atomic_add(double_sum, (int)(doubles[i] * 4.0));
  char3 t = triples[i];
  atomic_add(triple_sum, t.x + t.y + t.z);
}
