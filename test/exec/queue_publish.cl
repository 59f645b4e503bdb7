// A work queue between pairs of groups, ordered by OpenCL C 1.x's global
// fences: group 2k writes its items with plain stores, a mem_fence and an
// atomic_inc each; group 2k+1 takes tickets, polls the count with an
// atomic add of 0, fences and reads its item through a volatile pointer.
// Each consumer checks what it read: 0 right, 1 a wrong value, 2 zero (an
// item not yet written), 3 a ticket out of range; every run must hold
// zeros only. NVIDIA compiles a 1.x global fence to a work-group one, and
// in the combining mode with groups of 4 the H200 read items not yet
// written in every run until the rewritten code's global fences were made
// device-wide (__sa_mem_fence, docs/REWRITE.md "Fences").
// RUN: softatomic-rewrite --combine-mode %s -o %t.sa.cl
// RUN: FileCheck %s --input-file %t.sa.cl
// CHECK: __sa_mem_fence(CLK_GLOBAL_MEM_FENCE, __sa_ctx);
// RUN: sa-difftest %s %t.sa.cl --kernel queue --global 16384 --local 4 --arg buf:uint:8192 --arg buf:uint:2048 --arg buf:uint:2048 --arg buf:uint:16384 --arg scalar:uint:626835026 --check 3:range=0,0 --mode direct,combine,auto --repeat 4
// RUN: sa-difftest %s %t.sa.cl --kernel queue --global 16384 --local 32 --arg buf:uint:8192 --arg buf:uint:256 --arg buf:uint:256 --arg buf:uint:16384 --arg scalar:uint:7 --check 3:range=0,0 --mode direct,combine,auto --repeat 4
uint mix32(uint x) {
  x ^= x >> 16;
  x *= 0x7feb352du;
  x ^= x >> 15;
  x *= 0x846ca68bu;
  x ^= x >> 16;
  return x;
}

__kernel void queue(__global uint *data, __global uint *produced,
                    __global uint *taken, __global uint *out, uint seed) {
  uint g = get_group_id(0), k = g / 2u, lsz = get_local_size(0);
  uint lid = get_local_id(0), result = 0u;
  if ((g & 1u) == 0u) {
    data[k * lsz + lid] = mix32(k * lsz + lid + seed);
    mem_fence(CLK_GLOBAL_MEM_FENCE);
    atomic_inc(&produced[k]);
  } else {
    uint t = atomic_inc(&taken[k]);
    while (atomic_add(&produced[k], 0u) < lsz)
      ;
    mem_fence(CLK_GLOBAL_MEM_FENCE);
    uint v = ((volatile __global uint *)data)[k * lsz + t];
    result = t >= lsz                          ? 3u
             : v == mix32(k * lsz + t + seed) ? 0u
             : v == 0u                         ? 2u
                                               : 1u;
  }
  out[get_global_id(0)] = result;
}
