/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
 * Device runtime, NVIDIA's instructions: each one the portable parts need
 * and OpenCL C does not reach on NVIDIA's compiler (it defines
 * __NV_CL_C_VERSION), through inline PTX, which that compiler takes as
 * CUDA's does (the warp path's own are in nvidia/warp_adds.cl, its only
 * user). Joined after part 0, before the memory model, so that every
 * part may call them; the portable parts call them only where
 * __NV_CL_C_VERSION is defined and have their own way elsewhere. Another
 * vendor's instructions are a part beside this one (its directory under
 * runtime/device/), and its callers one more branch of the same
 * conditionals. Nothing here names the runtime's own types.
 * Owns: nothing.
 * Reads: __NV_CL_C_VERSION, SA_NV_F64_ADD, cl_khr_fp64. */

/* ---- NVIDIA's instructions, through inline PTX ---------------------------- */

#ifdef __NV_CL_C_VERSION
/* A device-scope fence (part 1 says why mem_fence is not one here). */
static inline void __sa_nv_fence(void) { __asm__ volatile("membar.gl;" ::: "memory"); }

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
