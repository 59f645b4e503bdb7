// The geometry the user's code sees is the virtual one, in the kernel and
// in every helper it calls; local ids and sizes stay as they are.
// RUN: softatomic-rewrite %s -o %t.cl
// RUN: %filecheck_kernel %s --match-full-lines --strict-whitespace --input-file %t.cl
// RUN: %clang_cl_check -cl-std=CL1.2 %t.cl

size_t flat(void) {
  return get_global_id(1) * get_global_size(0) + get_global_id(0);
}

__kernel void k(__global uint *out, __global uint *hist) {
  size_t g = get_group_id(0) + get_num_groups(0) * get_group_id(1);
  size_t o = get_global_offset(0) + get_global_offset(1);
  size_t l = get_local_id(0) + get_local_size(0) + get_work_dim();
  atom_inc(&hist[g % 16]);
  out[flat()] = (uint)(g + o + l);
}

// CHECK:size_t flat(__sa_ctx_t *__sa_ctx) {
// CHECK-NEXT:  return __sa_get_global_id(1, __sa_ctx) * __sa_get_global_size(0, __sa_ctx) + __sa_get_global_id(0, __sa_ctx);
// CHECK-NEXT:}
// CHECK-EMPTY:
// CHECK-NEXT:#ifndef SA_WARP_PROGRAM
// CHECK-NEXT:#line {{[0-9]+}} "{{.*}}"
// CHECK-NEXT:__kernel void k(__global uint *out, __global uint *hist, __local uint *__sa_scratch, __global uint *__sa_state) { [[PROLOGUE]] __sa_defer_privately(__sa_ctx); __sa_private_target(__sa_ctx, 1, (__global void *)hist); do { __sa_group_begin(__sa_ctx);{{( SA_VARYING_ARG\(__(global|local), [A-Za-z_0-9]+\);)*}}
// CHECK-NEXT:  size_t g = __sa_get_group_id(0, __sa_ctx) + __sa_get_num_groups(0, __sa_ctx) * __sa_get_group_id(1, __sa_ctx);
// CHECK-NEXT:  size_t o = __sa_get_global_offset(0, __sa_ctx) + __sa_get_global_offset(1, __sa_ctx);
// CHECK-NEXT:  size_t l = get_local_id(0) + get_local_size(0) + get_work_dim();
// CHECK-NEXT:  __sa_nr_atomic_inc_uint(&hist[g % 16], __sa_ctx);
// CHECK-NEXT:  out[flat(__sa_ctx)] = (uint)(g + o + l);
// CHECK-NEXT: [[EPILOGUE]] }
