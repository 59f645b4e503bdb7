// What the OpenCL conformance suite's atomics tests check, on kernels of
// the suite's shapes: every work-item of the launch calls the operation on
// one address, at the kernel's top level, and keeps what it returned (such
// calls take the work-group form: each work-item's request, the group's
// published together before any is awaited). Adds and subtracts must
// chain (each old value is the sum of the adds before it), subtracts sum;
// exchanges must
// return, with the final value, the initial value and every value written,
// each once; increments and decrements a permutation; min, max, and, or
// and xor the native final values; an add built from a compare-exchange
// loop must chain as an add does; and the particle demo's index and bin
// adds must give each work-item its own slot. 32-bit and 64-bit, every
// mode, in groups of one work-item, of 64, and of 256.
// RUN: softatomic-rewrite --combine-mode %s -o %t.sa.cl
// RUN: FileCheck %s --input-file %t.sa.cl
//
// CHECK-LABEL: __kernel void add32(
// CHECK: old[tid] = __sa_wg_atomic_add_uint(&dest[0], tid + 3u, __sa_ctx);
// CHECK-LABEL: __kernel void xchg32(
// CHECK: old[tid] = __sa_wg_atomic_xchg_uint(&dest[0], tid + 1u, __sa_ctx);
// CHECK-LABEL: __kernel void bits32(
// CHECK: __sa_wg_atomic_min_int(&dest[0], v, __sa_ctx);
// CHECK: __sa_wg_atomic_and_uint(&bits[which], ~(1u << bit), __sa_ctx);
// CHECK-LABEL: __kernel void cas_add32(
// CHECK: __sa_atomic_cmpxchg_uint(&dest[0], orig, orig + tid + 2u, __sa_ctx);
// CHECK-LABEL: __kernel void cas_own(
// CHECK: __sa_wg_atomic_cmpxchg_uint(&dest[tid], tid, 2u * tid + 1u, __sa_ctx);
// CHECK-LABEL: __kernel void add64(
// CHECK: __sa_wg_atomic_add_ulong(&dest[0], v, __sa_ctx);
// CHECK-LABEL: __kernel void xchg64(
// CHECK: __sa_wg_atomic_xchg_ulong(&dest[0], v, __sa_ctx);
//
// RUN: sa-difftest %s %t.sa.cl --kernel add32 --global 4096 --local 256 --arg buf:uint:1:fill=7 --arg buf:uint:4096 --arg buf:uint:4096 --arg buf:uint:4096 --check 1:ignore --check-add 1,2,3,0
// RUN: sa-difftest %s %t.sa.cl --kernel sub32 --global 2048 --local 64 --arg buf:uint:1:fill=100 --arg buf:uint:2048 --arg buf:uint:2048 --arg buf:uint:2048 --check 1:ignore --check-sum 2,3,0
// RUN: sa-difftest %s %t.sa.cl --kernel xchg32 --global 4096 --local 256 --arg buf:uint:1:fill=0 --arg buf:uint:4096 --arg buf:uint:4096 --arg buf:uint:4096 --check 0:range=1,4096 --check 1:range=0,4096 --check-exchange 1,2,3,0
// RUN: sa-difftest %s %t.sa.cl --kernel xchg32 --global 96 --local 1 --arg buf:uint:1:fill=0 --arg buf:uint:96 --arg buf:uint:96 --arg buf:uint:96 --check 0:range=1,96 --check 1:range=0,96 --check-exchange 1,2,3,0
// RUN: sa-difftest %s %t.sa.cl --kernel incdec32 --global 4096 --local 64 --arg buf:uint:2:fill=4096 --arg buf:uint:4096 --arg buf:uint:4096 --check 1:perm=4096 --check 2:perm=1
// RUN: sa-difftest %s %t.sa.cl --kernel bits32 --global 4096 --local 256 --arg buf:int:2:fill=1000 --arg buf:uint:128:fill=4294967295 --arg buf:uint:256 --arg buf:int:4096:random=3,100000 --arg buf:int:8192 --check 4:range=-50000,49999
// RUN: sa-difftest %s %t.sa.cl --kernel cas_add32 --global 2048 --local 64 --arg buf:uint:1:fill=5 --arg buf:uint:2048 --arg buf:uint:2048 --arg buf:uint:2048 --check 1:ignore --check-add 1,2,3,0
// RUN: sa-difftest %s %t.sa.cl --kernel cas_own --global 4096 --local 256 --arg buf:uint:4096:iota --arg buf:uint:4096
// RUN: sa-difftest %s %t.sa.cl --kernel add64 --global 4096 --local 256 --arg buf:ulong:1:fill=4294967000 --arg buf:ulong:4096 --arg buf:ulong:4096 --arg buf:ulong:4096 --check 1:ignore --check-add 1,2,3,0
// RUN: sa-difftest %s %t.sa.cl --kernel xchg64 --global 2048 --local 64 --arg buf:ulong:1:fill=0 --arg buf:ulong:2048 --arg buf:ulong:2048 --arg buf:ulong:2048 --check 0:ignore --check 1:ignore --check-exchange 1,2,3,0
// RUN: sa-difftest %s %t.sa.cl --kernel bits64 --global 2048 --local 64 --arg buf:long:2:fill=-5 --arg buf:ulong:64:fill=-1 --arg buf:ulong:64 --arg buf:long:2048:random=9,100000 --arg buf:long:4096 --check 4:range=-107374182400000,107372034916352
// RUN: sa-difftest %s %t.sa.cl --kernel add_index --global 4096 --local 256 --arg buf:int:1 --arg buf:int:4096 --check 1:perm=0
// RUN: sa-difftest %s %t.sa.cl --kernel add_index_bin --global 4096 --local 256 --arg buf:int:341 --arg buf:int:21824:fill=-1 --arg buf:int:4096:random=5,341 --arg scalar:int:64 --check 1:multiset
// The exchange check itself: values that no chain of exchanges returns
// (each work-item "sees" the value the next one writes) fail it.
// RUN: not sa-difftest %s %t.sa.cl --kernel no_chain --global 64 --local 64 --arg buf:uint:1 --arg buf:uint:64 --arg buf:uint:64 --arg buf:uint:64 --check-exchange 1,2,3,0 --mode combine 2>&1 | FileCheck %s --check-prefix=NO-CHAIN
// NO-CHAIN: native exchanges form a chain: counter 0: the values its exchanges returned and its final value are not its initial value and the values written, each once

#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable
#pragma OPENCL EXTENSION cl_khr_int64_extended_atomics : enable

__kernel void add32(__global uint *dest, __global uint *old,
                    __global uint *target, __global uint *inc) {
  uint tid = get_global_id(0);
  target[tid] = 0u;
  inc[tid] = tid + 3u;
  old[tid] = atomic_add(&dest[0], tid + 3u);
}

__kernel void sub32(__global uint *dest, __global uint *old,
                    __global uint *target, __global uint *inc) {
  uint tid = get_global_id(0);
  target[tid] = 0u;
  inc[tid] = 0u - (tid + 3u);
  old[tid] = atom_sub(&dest[0], tid + 3u);
}

__kernel void xchg32(__global uint *dest, __global uint *old,
                     __global uint *target, __global uint *put) {
  uint tid = get_global_id(0);
  target[tid] = 0u;
  put[tid] = tid + 1u;
  old[tid] = atomic_xchg(&dest[0], tid + 1u);
}

__kernel void incdec32(__global uint *dest, __global uint *inc_old,
                       __global uint *dec_old) {
  uint tid = get_global_id(0);
  inc_old[tid] = atomic_inc(&dest[0]);
  dec_old[tid] = atom_dec(&dest[1]);
}

// min and max on one address; and, or and xor each clearing, setting and
// flipping one bit of a word per 32 work-items (the suite's shape); or and
// xor on words of their own (an or and an xor of one bit do not commute).
__kernel void bits32(__global int *dest, __global uint *bits,
                     __global uint *flips, __global int *values,
                     __global int *seen) {
  uint tid = get_global_id(0);
  int v = values[tid] - 50000;
  uint which = tid / 32u, bit = tid % 32u;
  int low = atomic_min(&dest[0], v);
  int high = atomic_max(&dest[1], v);
  uint cleared = atomic_and(&bits[which], ~(1u << bit));
  atomic_or(&flips[which], 1u << bit);
  atomic_xor(&flips[get_global_size(0) / 32u + which], 1u << bit);
  // Only this work-item clears its bit: it saw it set. What min and max
  // returned depends on the order: some value from the initial one and
  // those the others stored.
  values[tid] = (int)((cleared >> bit) & 1u);
  seen[tid] = low;
  seen[get_global_size(0) + tid] = high;
}

__kernel void cas_add32(__global uint *dest, __global uint *old,
                        __global uint *target, __global uint *inc) {
  uint tid = get_global_id(0);
  volatile __global uint *p = dest;
  uint orig, seen;
  do {
    orig = p[0];
    seen = atomic_cmpxchg(&dest[0], orig, orig + tid + 2u);
  } while (seen != orig);
  target[tid] = 0u;
  inc[tid] = tid + 2u;
  old[tid] = seen;
}

// Each work-item's compare-exchange on its own word succeeds.
__kernel void cas_own(__global uint *dest, __global uint *old) {
  uint tid = get_global_id(0);
  old[tid] = atomic_cmpxchg(&dest[tid], tid, 2u * tid + 1u);
}

__kernel void add64(__global ulong *dest, __global ulong *old,
                    __global ulong *target, __global ulong *inc) {
  uint tid = get_global_id(0);
  ulong v = ((ulong)tid << 20) + 3ul;
  target[tid] = 0ul;
  inc[tid] = v;
  old[tid] = atom_add(&dest[0], v);
}

__kernel void xchg64(__global ulong *dest, __global ulong *old,
                     __global ulong *target, __global ulong *put) {
  uint tid = get_global_id(0);
  ulong v = ((ulong)tid << 33) + 1ul;
  target[tid] = 0ul;
  put[tid] = v;
  old[tid] = atom_xchg(&dest[0], v);
}

__kernel void bits64(__global long *dest, __global ulong *bits,
                     __global ulong *flips, __global long *values,
                     __global long *seen) {
  uint tid = get_global_id(0);
  long v = (values[tid] - 50000) << 31;
  uint which = tid / 64u, bit = tid % 64u;
  long low = atom_min(&dest[0], v);
  long high = atom_max(&dest[1], v);
  ulong cleared = atom_and(&bits[which], ~(1ul << bit));
  atom_or(&flips[which], 1ul << bit);
  atom_xor(&flips[get_global_size(0) / 64u + which], 1ul << bit);
  values[tid] = (long)((cleared >> bit) & 1ul);
  seen[tid] = low;
  seen[get_global_size(0) + tid] = high;
}

// The suite's atomic_add_index: each work-item takes an index and writes
// its id there.
__kernel void add_index(__global int *counter, __global int *counts) {
  int tid = get_global_id(0);
  int counter_to_use = atom_add(counter, 1);
  counts[counter_to_use] = tid;
}

// And atomic_add_index_bin: each work-item takes the next place in its bin.
__kernel void add_index_bin(__global int *bin_counters, __global int *bins,
                            __global int *bin_assignments,
                            int max_counts_per_bin) {
  int tid = get_global_id(0);
  int location = bin_assignments[tid];
  int counter = atom_add(&bin_counters[location], 1);
  bins[location * max_counts_per_bin + counter] = tid;
}

__kernel void no_chain(__global uint *dest, __global uint *old,
                       __global uint *target, __global uint *put) {
  uint tid = get_global_id(0);
  target[tid] = 0u;
  put[tid] = tid + 1u;
  old[tid] = tid + 2u;
  atomic_add(&dest[0], 0u);
}
