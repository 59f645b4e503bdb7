// The runtime's fences have device scope on NVIDIA's OpenCL, whose compiler
// (it defines __NV_CL_C_VERSION) makes OpenCL C 1.2's mem_fence a
// work-group-scope membar.cta and lists none of OpenCL C 3.0's atomic
// features: the hand-off's fences there are membar.gl, in OpenCL C 1.2 and
// 3.0, and no global mem_fence is left in the runtime's request path. (A
// lock built on software atomics lost the updates it guarded on the H100
// with work-group-scope fences; test/exec/lock_cl30.cl and cas_retry.cl
// show it on the GPU.) The implicit 2.0 forms are seq_cst without naming
// memory_order_seq_cst, which such a compiler may leave undeclared.
// RUN: softatomic-rewrite --combine-mode %s -o %t.cl -- -cl-std=CL3.0
// RUN: %clang_cl_check -cl-std=CL3.0 %t.cl
// RUN: %clang_cl_ptx -cl-std=CL3.0 -D__NV_CL_C_VERSION=300 %t.cl -o %t.ptx
// RUN: FileCheck %s --check-prefix=PTX --input-file %t.ptx
// RUN: softatomic-rewrite --combine-mode %S/../../exec/cas_retry.cl -o %t.12.cl
// RUN: %clang_cl_ptx -cl-std=CL1.2 -D__NV_CL_C_VERSION=120 %t.12.cl -o %t.12.ptx
// RUN: FileCheck %s --check-prefix=PTX --input-file %t.12.ptx
// Without NVIDIA's compiler, OpenCL C 1.2 keeps mem_fence (PoCL's CPUs).
// RUN: FileCheck %s --check-prefix=SOURCE --input-file %t.12.cl
// PTX-NOT: membar.cta
// PTX: .entry
// PTX-NOT: membar.cta
// PTX: membar.gl
// PTX-NOT: membar.cta
// SOURCE: #elif defined(__NV_CL_C_VERSION)
// SOURCE: static inline void __sa_fence_acquire(void) { __sa_nv_fence(); }
// SOURCE: static inline void __sa_fence_acquire(void) { mem_fence(CLK_GLOBAL_MEM_FENCE); }

static void take(volatile __global atomic_uint *l) {
  uint expected = 0u;
  while (!atomic_compare_exchange_strong(l, &expected, 1u))
    expected = 0u;
}

__kernel void locked(__global atomic_uint *lock, __global uint *count) {
  take(lock);
  *count += 1u;
  atomic_store(lock, 0u);
}
