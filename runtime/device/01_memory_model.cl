/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
 * Device runtime, part 1: the memory model: the device-scope fences, the
 * hand-off words' loads and stores, 64-bit loads and stores.
 * Owns: SA_NO_OPENCL_C_20 (host build options) and SA_INT64_ATOMICS (the
 * rewriter) as inputs; decides SA_CL20_ABSENT, SA_USE_C11_ATOMICS and
 * SA_CL20_INT64.
 * Reads: SA_NO_OPENCL_C_20, SA_CL20_ABSENT, SA_USE_C11_ATOMICS,
 * SA_INT64_ATOMICS, __OPENCL_C_VERSION__, __opencl_c_atomic_order_acq_rel,
 * __opencl_c_atomic_scope_device, __NV_CL_C_VERSION (its fence:
 * nvidia/ptx.cl), cl_khr_int64_*. */

/* ---- device-scope fences -------------------------------------------------- */

/* Every fence of the hand-off orders this work-item's global accesses for
 * the other work-groups, so it must have device scope, and an acquire must
 * also keep later plain loads from hitting stale cache lines. OpenCL C 1.2
 * leaves mem_fence's scope open, and devices take it as the work-group's:
 * NVIDIA's OpenCL compiles it to membar.cta, after which a lock built on
 * software atomics lost the updates it guarded, and a plain re-read after
 * a software compare-exchange kept seeing a stale line on the H100.
 * NVIDIA's compiler (it defines __NV_CL_C_VERSION) lists none of OpenCL C
 * 3.0's atomic features, even though it compiles the 2.0 fences: there the
 * fence is membar.gl, which is what it emits itself for a device-scope
 * fence. */

/* OpenCL C 2.0 makes these features core, so its compilers define the
 * macros whatever the device has: a device that lists no OpenCL C 2.0 may
 * still compile -cl-std=CL2.0 sources but lack 2.0's atomic builtins and
 * generic address space (PoCL 3.1). There the host runtime's build options
 * (saGetBuildOptions) define SA_NO_OPENCL_C_20, and a 2.0 source gets the
 * 1.2 hand-off and no generic forms, so that the runtime builds wherever
 * the source does. */
#if __OPENCL_C_VERSION__ < 300 && defined(SA_NO_OPENCL_C_20)
#define SA_CL20_ABSENT 1
#endif
#if __OPENCL_C_VERSION__ >= 200 && defined(__opencl_c_atomic_order_acq_rel) && \
    defined(__opencl_c_atomic_scope_device) && !defined(SA_CL20_ABSENT)
#define SA_USE_C11_ATOMICS 1
#endif

#if defined(SA_USE_C11_ATOMICS)
static inline void __sa_fence_acquire(void) {
  atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, memory_order_acquire,
                         memory_scope_device);
}
static inline void __sa_fence_acq_rel(void) {
  atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, memory_order_acq_rel,
                         memory_scope_device);
}
static inline void __sa_fence_release(void) {
  atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, memory_order_release,
                         memory_scope_device);
}
#elif defined(__NV_CL_C_VERSION)
static inline void __sa_fence_acquire(void) { __sa_nv_fence(); }
static inline void __sa_fence_release(void) { __sa_nv_fence(); }
static inline void __sa_fence_acq_rel(void) { __sa_nv_fence(); }
#else
/* The paper's rule (Section IV-C): mem_fence commits this work-item's
 * accesses in order, so a write made before the fence is visible to another
 * group once a write made after it is. (Device scope on the devices this
 * branch meets: PoCL's CPUs. A GPU compiler whose mem_fence has work-group
 * scope needs a branch of its own above.) */
static inline void __sa_fence_acquire(void) { mem_fence(CLK_GLOBAL_MEM_FENCE); }
static inline void __sa_fence_release(void) { mem_fence(CLK_GLOBAL_MEM_FENCE); }
static inline void __sa_fence_acq_rel(void) { mem_fence(CLK_GLOBAL_MEM_FENCE); }
#endif

/* ---- the hand-off words: acquire/release loads and stores ---------------- */

#ifdef SA_USE_C11_ATOMICS
/* Release: this work-item's earlier writes are visible to whoever acquires. */
static inline void __sa_store_release(__global uint *p, uint v) {
  atomic_store_explicit((volatile __global atomic_uint *)p, v,
                        memory_order_release, memory_scope_device);
}
static inline uint __sa_load_acquire(__global uint *p) {
  return atomic_load_explicit((volatile __global atomic_uint *)p,
                              memory_order_acquire, memory_scope_device);
}
static inline void __sa_store_relaxed(__global uint *p, uint v) {
  atomic_store_explicit((volatile __global atomic_uint *)p, v,
                        memory_order_relaxed, memory_scope_device);
}
static inline uint __sa_load_relaxed(__global uint *p) {
  return atomic_load_explicit((volatile __global atomic_uint *)p,
                              memory_order_relaxed, memory_scope_device);
}
#else
/* Volatile keeps every access a real memory access (no register caching,
 * no stale non-coherent L1 hit); the device-scope fences above order it. */
static inline void __sa_store_release(__global uint *p, uint v) {
  __sa_fence_release();
  *(volatile __global uint *)p = v;
}
static inline uint __sa_load_acquire(__global uint *p) {
  uint v = *(volatile __global uint *)p;
  __sa_fence_acquire();
  return v;
}
static inline void __sa_store_relaxed(__global uint *p, uint v) {
  *(volatile __global uint *)p = v;
}
static inline uint __sa_load_relaxed(__global uint *p) {
  return *(volatile __global uint *)p;
}
#endif

/* The header's words (SA_H_*, but the ticket), which the host writes
 * before the launch and nothing changes during it: plain loads, which the
 * device may serve from its caches. Every warp of every group reads them;
 * as relaxed or volatile loads each read went to one L2 line, and on the
 * H100 the combining mode's launches grew by about 0.2 us per group (0.05
 * ms on 264 groups of the McKee kernels, with one atomic per work-item). */
static inline uint __sa_load_header(__global const uint *p) { return *p; }
static inline ulong __sa_load_header_pair(__global const uint *p) {
  return (ulong)p[0] | ((ulong)p[1] << 32);
}

static inline ulong __sa_load_pair(__global uint *p) {
  return (ulong)__sa_load_relaxed(p) | ((ulong)__sa_load_relaxed(p + 1) << 32);
}
static inline void __sa_store_pair(__global uint *p, ulong v) {
  __sa_store_relaxed(p, (uint)v);
  __sa_store_relaxed(p + 1, (uint)(v >> 32));
}

/* 64-bit atomics (long, ulong, atomic_long, atomic_ulong): compiled only in
 * a file that has some (the rewriter then defines SA_INT64_ATOMICS), so that
 * every other output still builds on devices without cl_khr_int64_*. The
 * coordinator reads and writes a 64-bit target whole, so that a native
 * atomic_load of it sees each update whole. */
#ifdef SA_INT64_ATOMICS
#if defined(SA_USE_C11_ATOMICS) && defined(cl_khr_int64_base_atomics) &&     \
    defined(cl_khr_int64_extended_atomics)
#define SA_CL20_INT64 1 /* atomic_long and atomic_ulong exist */
static inline ulong __sa_load_wide(__global uint *p) {
  return atomic_load_explicit((volatile __global atomic_ulong *)p,
                              memory_order_relaxed, memory_scope_device);
}
static inline void __sa_store_wide(__global uint *p, ulong v) {
  atomic_store_explicit((volatile __global atomic_ulong *)p, v,
                        memory_order_relaxed, memory_scope_device);
}
#else
static inline ulong __sa_load_wide(__global uint *p) {
  return *(volatile __global ulong *)p;
}
static inline void __sa_store_wide(__global uint *p, ulong v) {
  *(volatile __global ulong *)p = v;
}
#endif
#endif
