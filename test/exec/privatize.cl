// The privatized form (docs/HOST-RUNTIME.md, "The privatized form"): each
// worker keeps a private copy of a target in local memory and merges it at
// its end. Final values must equal native ones in every mode, for each
// condition and each refusal; SOFTATOMIC_VERBOSE says what the launch
// decided, so a copy that silently stops being made fails here too.
// RUN: softatomic-rewrite %s -o %t.sa.cl
// RUN: softatomic-rewrite --dry-run %s | FileCheck %s --check-prefix=DRY
// DRY: kernel 'histo': argument 2 'bins' can be privatized (add uint, at most 256 elements)
// DRY: kernel 'scatter': argument 2 'out' can be privatized (add uint, sized per launch)
// DRY: kernel 'skewed': argument 2 'bins' can be privatized (add uint, at most 4096 elements)
// DRY: kernel 'minima': argument 1 'lo' can be privatized (min int, sized per launch)
// DRY: kernel 'bits': argument 0 'flags' can be privatized (xor uint, at most 64 elements)
// DRY: privatize.cl:{{[0-9]+}}:27: kernel 'used': 'atomic_add' cannot be privatized: its result is used
// DRY: privatize.cl:{{[0-9]+}}:3: kernel 'plain': 'atomic_add' cannot be privatized: its target is read or written other than through atomics whose results are unused
// DRY: privatize.cl:{{[0-9]+}}:3: kernel 'wide': 'atom_add' cannot be privatized: its target is 64-bit
//
// histo: the textbook histogram, 256 bins proven by the mask, in every mode.
// RUN: env SOFTATOMIC_VERBOSE=1 sa-difftest %s %t.sa.cl --kernel histo --global 2048 --local 64 --arg buf:uint:16384:random=3 --arg scalar:uint:16384 --arg buf:uint:300 2>&1 | FileCheck %s --check-prefix=HISTO
// HISTO: a private copy of argument 2, 256 elements
// HISTO: PASS
// scatter: the index is not provable; the buffer's size sizes the copy.
// At the budget's boundary (SOFTATOMIC_PRIVATE_BYTES): 1024 elements fit
// 4096 bytes; at 4092 a cache of 256 entries (8 bytes each) serves them,
// its misses native; below 512 bytes nothing (the combining mode's way).
// RUN: env SOFTATOMIC_VERBOSE=1 SOFTATOMIC_PRIVATE_BYTES=4096 sa-difftest %s %t.sa.cl --kernel scatter --global 4096 --local 64 --arg buf:uint:4096:random=5 --arg scalar:uint:4096 --arg buf:uint:1024 --arg scalar:uint:1024 --mode private 2>&1 | FileCheck %s --check-prefix=FITS
// FITS: a private copy of argument 2, 1024 elements
// FITS: PASS
// RUN: env SOFTATOMIC_VERBOSE=1 SOFTATOMIC_PRIVATE_BYTES=4092 sa-difftest %s %t.sa.cl --kernel scatter --global 4096 --local 64 --arg buf:uint:4096:random=5 --arg scalar:uint:4096 --arg buf:uint:1024 --arg scalar:uint:1024 --mode private 2>&1 | FileCheck %s --check-prefix=OVER
// OVER: a private cache of argument 2, 256 entries for 1024 elements
// OVER: PASS
// RUN: env SOFTATOMIC_VERBOSE=1 SOFTATOMIC_PRIVATE_BYTES=511 sa-difftest %s %t.sa.cl --kernel scatter --global 4096 --local 64 --arg buf:uint:4096:random=5 --arg scalar:uint:4096 --arg buf:uint:1024 --arg scalar:uint:1024 --mode private 2>&1 | FileCheck %s --check-prefix=NOROOM
// NOROOM: no private copy: a copy of argument 2 takes 4096 bytes of local memory, over 511
// NOROOM: PASS
// A cache with misses: 4096 elements skewed to the low ones, 64 entries.
// RUN: env SOFTATOMIC_VERBOSE=1 SOFTATOMIC_PRIVATE_BYTES=512 sa-difftest %s %t.sa.cl --kernel skewed --global 4096 --local 64 --arg buf:uint:16384:random=9 --arg scalar:uint:16384 --arg buf:uint:4096 2>&1 | FileCheck %s --check-prefix=CACHE
// CACHE: a private cache of argument 2, 64 entries for 4096 elements
// CACHE: PASS
// A unique address per work-item (a scatter with no reuse), in auto too.
// RUN: env SOFTATOMIC_VERBOSE=1 sa-difftest %s %t.sa.cl --kernel scatter --global 2048 --local 64 --arg buf:uint:2048:iota --arg scalar:uint:2048 --arg buf:uint:2048 --arg scalar:uint:1000000 --mode private,auto 2>&1 | FileCheck %s --check-prefix=UNIQUE
// UNIQUE: a private copy of argument 2, 2048 elements
// UNIQUE: PASS
// minima: a signed min through a helper; the identity is INT_MAX.
// RUN: env SOFTATOMIC_VERBOSE=1 sa-difftest %s %t.sa.cl --kernel minima --global 4096 --local 128 --arg buf:int:4096:random=7 --arg buf:int:16:fill=5 2>&1 | FileCheck %s --check-prefix=MIN
// MIN: a private copy of argument 1, 16 elements
// MIN: PASS
// bits: xor, whose identity is 0 (an element that ends at 0 is not merged).
// RUN: sa-difftest %s %t.sa.cl --kernel bits --global 4096 --local 32 --arg buf:uint:64:fill=3
// Refusals, in every mode: a used result, a plain write of the target, a
// 64-bit target. The launch says no copy.
// RUN: env SOFTATOMIC_VERBOSE=1 sa-difftest %s %t.sa.cl --kernel used --global 1024 --local 64 --arg buf:uint:7 --arg buf:uint:1024 --check 1:multiset --mode private 2>&1 | FileCheck %s --check-prefix=NONE
// RUN: env SOFTATOMIC_VERBOSE=1 sa-difftest %s %t.sa.cl --kernel plain --global 1024 --local 64 --arg buf:uint:16 --mode private 2>&1 | FileCheck %s --check-prefix=NONE
// RUN: env SOFTATOMIC_VERBOSE=1 sa-difftest %s %t.sa.cl --kernel wide --global 1024 --local 64 --arg buf:ulong:4 --mode private,combine,coordinator 2>&1 | FileCheck %s --check-prefix=NONE
// NONE: no private copy: the rewriter found no target a private copy may serve
// NONE: PASS
// A uint's top byte (x >> 24) reaches 256 elements whatever the buffer's
// size: a copy of 256, not a cache of the 65,536-element buffer.
// RUN: env SOFTATOMIC_VERBOSE=1 sa-difftest %s %t.sa.cl --kernel top --global 2048 --local 64 --arg buf:uint:8192:random=13 --arg scalar:uint:8192 --arg buf:uint:65536 --mode private 2>&1 | FileCheck %s --check-prefix=TOP
// TOP: a private copy of argument 2, 256 elements
// TOP: PASS
// Two arguments that name one buffer (each alone a target the rewriter
// proves only atomics touch): a copy of either would hide the other's
// updates from it, so the launch keeps none; in every mode the buffer ends
// with both kernels' counts. Then the same kernel on two buffers: copies.
// RUN: env SOFTATOMIC_VERBOSE=1 sa-difftest %s %t.sa.cl --kernel both --global 2048 --local 64 --arg buf:uint:4096:random=11 --arg scalar:uint:4096 --arg buf:uint:16 --arg buf:uint:16:same=2 --mode private,combine,auto 2>&1 | FileCheck %s --check-prefix=ALIAS
// ALIAS: no private copy: arguments {{[23]}} and {{[23]}} name the same buffer
// ALIAS: PASS
// RUN: env SOFTATOMIC_VERBOSE=1 sa-difftest %s %t.sa.cl --kernel both --global 2048 --local 64 --arg buf:uint:4096:random=11 --arg scalar:uint:4096 --arg buf:uint:16 --arg buf:uint:16 --mode private 2>&1 | FileCheck %s --check-prefix=APART
// APART: a private copy of argument {{[23]}}, 16 elements
// APART: PASS
// A buffer that names an argument after it, or of another type, is the
// command line's mistake.
// RUN: not sa-difftest %s %t.sa.cl --kernel both --global 64 --arg buf:uint:64 --arg scalar:uint:64 --arg buf:uint:16:same=3 --arg buf:uint:16 2>&1 | FileCheck %s --check-prefix=SAME
// SAME: argument 2's INIT same=3 (it names an earlier buffer argument of the same type and count)
// Floats: compare-exchange loops that are float adds, combined under
// --float-reassociation=allow (the default); operands of a few bits, whose
// sums are exact in any order.
// RUN: softatomic-rewrite %S/float_add_loops.cl -o %t.float.sa.cl
// RUN: env SOFTATOMIC_VERBOSE=1 sa-difftest %S/float_add_loops.cl %t.float.sa.cl --kernel histogram --global 4096 --local 64 --arg buf:float:10 --arg buf:float:4096:random=3,100 --check 0:equal 2>&1 | FileCheck %s --check-prefix=FLOAT
// FLOAT: a private copy of argument 0, 10 elements
// FLOAT: PASS

#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable

__kernel void histo(__global const uint *data, uint n, __global uint *bins) {
  for (uint i = get_global_id(0); i < n; i += get_global_size(0))
    atomic_inc(&bins[data[i] & 255u]);
}

__kernel void top(__global const uint *data, uint n, __global uint *bins) {
  for (uint i = get_global_id(0); i < n; i += get_global_size(0))
    atomic_inc(&bins[data[i] >> 24]);
}

__kernel void both(__global const uint *data, uint n, __global uint *bins,
                   __global uint *twice) {
  for (uint i = get_global_id(0); i < n; i += get_global_size(0)) {
    atomic_inc(&bins[data[i] & 15u]);
    atomic_add(&twice[data[i] & 15u], 2u);
  }
}

__kernel void scatter(__global const uint *data, uint n, __global uint *out,
                      uint m) {
  for (uint i = get_global_id(0); i < n; i += get_global_size(0))
    atomic_add(&out[data[i] % m], (i & 7u) + 1u);
}

// Bin b about 1/(b+1) as often as bin 0.
__kernel void skewed(__global const uint *data, uint n, __global uint *bins) {
  for (uint i = get_global_id(0); i < n; i += get_global_size(0))
    atomic_add(&bins[(data[i] & 4095u) >> ((data[i] >> 12) & 11u)], 1u);
}

void lower(__global int *lo, int v) { atomic_min(&lo[v & 15], v); }

__kernel void minima(__global const int *data, __global int *lo) {
  lower(lo, data[get_global_id(0)]);
}

__kernel void bits(__global uint *flags) {
  uint g = (uint)get_global_id(0);
  atomic_xor(&flags[g % 64u], g * 2654435761u);
}

__kernel void used(__global uint *c, __global uint *out) {
  out[get_global_id(0)] = atomic_add(&c[get_global_id(0) % 7u], 1u);
}

__kernel void plain(__global uint *c) {
  atomic_add(&c[get_global_id(0) % 7u], 3u);
  c[8 + get_global_id(0) % 4u] = 5u;
}

__kernel void wide(__global ulong *w) {
  atom_add(&w[get_global_id(0) % 4u], (ulong)get_global_id(0) << 33);
}
