// RUN: softatomic-rewrite %s -o %t.cl
// RUN: %filecheck_kernel %s --match-full-lines --strict-whitespace --input-file %t.cl
// RUN: %clang_cl_check -cl-std=CL1.2 %t.cl
// The runtime part: the kernel as written keeps the user's fence alone.
// RUN: FileCheck %s --check-prefix=RUNTIME --input-file %t.cl

// OpenCL C 1.x's fences in rewritten code are the context's: where the
// user fences global memory, every mode but the kernel as written also
// fences at device scope (NVIDIA compiles a 1.x global fence to a
// work-group one). A helper whose only such call is a fence takes the
// context; code left as written keeps its fences; a macro shared by both
// takes the scoped form.
#define PUBLISHED() write_mem_fence(CLK_GLOBAL_MEM_FENCE)

void publish(__global uint *slot, uint v) {
  *slot = v;
  PUBLISHED();
}

__kernel void queue(__global uint *data, __global uint *count, __global uint *out) {
  uint g = get_group_id(0), lid = get_local_id(0);
  if ((g & 1u) == 0u) {
    publish(&data[g / 2u * 64u + lid], g + lid);
    atomic_inc(&count[g / 2u]);
  } else {
    while (atomic_add(&count[g / 2u], 0u) < get_local_size(0))
      ;
    read_mem_fence(CLK_GLOBAL_MEM_FENCE | CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = ((volatile __global uint *)data)[g / 2u * 64u + lid];
    mem_fence(CLK_LOCAL_MEM_FENCE);
  }
}

__kernel void plain(__global uint *data) {
  data[get_global_id(0)] = 1u;
  PUBLISHED();
  mem_fence(CLK_GLOBAL_MEM_FENCE);
}

// CHECK:void publish(__global uint *slot, uint v, __sa_ctx_t *__sa_ctx) {
// CHECK-NEXT:  *slot = v;
// CHECK-NEXT:  PUBLISHED();
// CHECK-NEXT:}
// CHECK:    publish(&data[g / 2u * 64u + lid], g + lid, __sa_ctx);
// CHECK:    __sa_read_mem_fence(CLK_GLOBAL_MEM_FENCE | CLK_LOCAL_MEM_FENCE, __sa_ctx);
// CHECK:    __sa_mem_fence(CLK_LOCAL_MEM_FENCE, __sa_ctx);
// CHECK:__kernel void plain(__global uint *data) {
// CHECK-NEXT:  data[get_global_id(0)] = 1u;
// CHECK-NEXT:  PUBLISHED();
// CHECK-NEXT:  mem_fence(CLK_GLOBAL_MEM_FENCE);
// CHECK-NEXT:}

// RUNTIME:static inline void __sa_mem_fence(cl_mem_fence_flags flags, __sa_ctx_t *ctx) {
// RUNTIME-NEXT:  mem_fence(flags);
// RUNTIME-NEXT:  if ((flags & CLK_GLOBAL_MEM_FENCE) && !SA_IS_DIRECT(ctx))
// RUNTIME-NEXT:    __sa_fence_acq_rel();
// RUNTIME:static inline void __sa_scoped_write_mem_fence(cl_mem_fence_flags flags,
// RUNTIME:#define PUBLISHED() __sa_scoped_write_mem_fence(CLK_GLOBAL_MEM_FENCE, __sa_ctx)
