// A kernel whose every atomic is deferred folds a work-item's repeated
// atomics on one address in private memory (docs/REWRITE.md, "Deferred
// atomics"). Final values must equal native ones when
// - a work-item's address changes every few calls (its private value goes
//   to the worker's table), in runs of different lengths per work-item;
// - it mixes operations (add, then max, min, or and xor, each on words of
//   its own: or and xor on one word would not commute);
// - some work-items leave early, some make no call, and a barrier sits
//   between two loops;
// - groups of 1, 7, 64 and 256 work-items, in both runtime modes.
// RUN: softatomic-rewrite --combine-mode %s -o %t.sa.cl
// RUN: FileCheck %s --input-file %t.sa.cl
// CHECK: {{^}}__kernel void runs({{.*}}return; __sa_defer_privately(__sa_ctx);{{( __sa_private_target\([^;]*\);)*}} do {
// RUN: sa-difftest %s %t.sa.cl --kernel runs --global 16384 --local 64 --arg buf:uint:512 --arg buf:int:64:fill=1000 --arg buf:uint:8192 --arg scalar:uint:512
// As the warp program (each warp's adds combined on NVIDIA):
// RUN: sa-difftest %s %t.sa.cl --kernel runs --global 16384 --local 64 --arg buf:uint:512 --arg buf:int:64:fill=1000 --arg buf:uint:8192 --arg scalar:uint:512 --warp-program
// RUN: sa-difftest %s %t.sa.cl --kernel runs --global 8192 --local 256 --arg buf:uint:3 --arg buf:int:64:fill=1000 --arg buf:uint:8192 --arg scalar:uint:3
// RUN: sa-difftest %s %t.sa.cl --kernel runs --global 777 --local 7 --arg buf:uint:5000 --arg buf:int:64:fill=1000 --arg buf:uint:8192 --arg scalar:uint:5000
// RUN: sa-difftest %s %t.sa.cl --kernel runs --global 300 --local 1 --arg buf:uint:17 --arg buf:int:64:fill=1000 --arg buf:uint:8192 --arg scalar:uint:17
__kernel void runs(__global uint *bins, __global int *words, __global uint *bits, uint nbins) {
  __local uint seen[1];
  uint i = get_global_id(0);
  uint run = 1u + i % 5u; // calls per address before it changes
  if (get_local_id(0) == 0)
    seen[0] = 0;
  barrier(CLK_LOCAL_MEM_FENCE);
  for (uint k = 0; k < 3u * run + i % 4u; ++k)
    atomic_add(&bins[(i * 13u + k / run) % nbins], k + 1u);
  barrier(CLK_LOCAL_MEM_FENCE);
  if (i % 11u == 3u)
    return;
  for (uint k = 0; k < i % 6u; ++k) {
    atom_max(&words[i % 8u], (int)(i + k));
    atomic_min(&words[8 + i % 8u], (int)(k * 7u) - (int)(i % 100u));
    atomic_or(&bits[(i / 3u) % 4096u], 1u << (k % 32u));
    atomic_xor(&bits[4096u + (i * 7u) % 4096u], i + k);
  }
  atomic_inc(&bins[i % nbins]);
  atomic_sub(&bins[(i + 1u) % nbins], 2u);
}
