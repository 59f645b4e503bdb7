/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
 * Device runtime, NVIDIA's instructions: each one the portable parts need
 * and OpenCL C does not reach on NVIDIA's compiler (it defines
 * __NV_CL_C_VERSION), through inline PTX, which that compiler takes as
 * CUDA's does. Joined after part 0, before the memory model, so that every
 * part may call them; the portable parts call them only where
 * __NV_CL_C_VERSION is defined and have their own way elsewhere. Another
 * vendor's instructions are a part beside this one (its directory under
 * runtime/device/), and its callers one more branch of the same
 * conditionals. Nothing here names the runtime's own types.
 * Owns: nothing.
 * Reads: __NV_CL_C_VERSION, SA_NV_F64_ADD, SA_WARP_COMBINE, cl_khr_fp64. */

/* ---- NVIDIA's instructions, through inline PTX ---------------------------- */

#ifdef __NV_CL_C_VERSION
/* A device-scope fence (part 1 says why mem_fence is not one here). */
static inline void __sa_nv_fence(void) {
  __asm__ volatile("membar.gl;" ::: "memory");
}

/* The global timer, in nanoseconds (the coordinator's times, part 4). */
static inline ulong __sa_nv_clock(void) {
  ulong t;
  __asm__ volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
  return t;
}

/* *p += f as one instruction, returning the old value (part 5). */
static inline float __sa_nv_float_add(volatile __global uint *p, float f) {
  float before;
  __asm__ volatile("atom.global.add.f32 %0, [%1], %2;"
                   : "=f"(before) : "l"(p), "f"(f) : "memory");
  return before;
}

#if defined(SA_NV_F64_ADD) && defined(cl_khr_fp64)
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
/* *p += d as one instruction (sm_60 and up: SA_NV_F64_ADD, part 5). */
static inline double __sa_nv_double_add(volatile __global ulong *p, double d) {
  double before;
  __asm__ volatile("atom.global.add.f64 %0, [%1], %2;"
                   : "=d"(before) : "l"(p), "d"(d) : "memory");
  return before;
}
#endif

#endif /* __NV_CL_C_VERSION */

/* The warp's instructions (the warp path, nvidia/warp_adds.cl), where the
 * host's build options ask for that path (SA_WARP_COMBINE, which
 * saGetBuildOptions gives NVIDIA's devices of compute capability 7.0 and
 * up). Each sync instruction names the lanes of mask, which all execute
 * it. */
#ifdef SA_WARP_COMBINE
static inline uint __sa_active_mask(void) {
  uint mask;
  __asm__ volatile("activemask.b32 %0;" : "=r"(mask));
  return mask;
}

static inline uint __sa_lane_id(void) {
  uint lane;
  __asm__ volatile("mov.u32 %0, %%laneid;" : "=r"(lane));
  return lane;
}

/* The lanes of mask whose key equals this lane's. */
static inline uint __sa_match_any(ulong key, uint mask) {
  uint peers;
  __asm__ volatile("match.any.sync.b64 %0, %1, %2;" : "=r"(peers) : "l"(key), "r"(mask));
  return peers;
}

static inline uint __sa_shfl(uint x, uint lane, uint mask) {
  uint r;
  __asm__ volatile("shfl.sync.idx.b32 %0, %1, %2, 31, %3;" : "=r"(r) : "r"(x), "r"(lane), "r"(mask));
  return r;
}

static inline uint __sa_ballot(int p, uint mask) {
  uint r;
  __asm__ volatile("{ .reg .pred q; setp.ne.u32 q, %1, 0; vote.sync.ballot.b32 %0, q, %2; }"
                   : "=r"(r) : "r"((uint)p), "r"(mask));
  return r;
}

/* The lane below this one in its group by d places (fns: the d-th set bit
 * of peers under this lane's). */
static inline uint __sa_peer_below(uint peers, uint lane, uint d) {
  uint below;
  __asm__ volatile("fns.b32 %0, %1, %2, %3;" : "=r"(below) : "r"(peers), "r"(lane), "r"(-(int)d - 1));
  return below;
}
#endif /* SA_WARP_COMBINE */
