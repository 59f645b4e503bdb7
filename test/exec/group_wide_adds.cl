// 64-bit adds that the whole work-group makes, in the work-group and the
// predicated work-group forms, on ulong and long: combined in the group as
// 32-bit ones are (one atomic per address, part 8), with exact old values:
// --check-add finds each counter's returned values a chain of its adds,
// and atom_inc's a permutation. The counters start just below 2^32, so
// the sums carry into the high word. The entry points must take the
// combined path (__sa_wg_add_wide; per item, NVIDIA's warp path through
// __sa_item_add).
// RUN: softatomic-rewrite --combine-mode %s -o %t.sa.cl
// RUN: FileCheck %s --input-file %t.sa.cl
// CHECK: static inline ulong __sa_atomic_add_ulong(volatile __global ulong *p, ulong v, __sa_ctx_t *ctx) { return (ulong)__sa_item_add(ctx, SA_OP_ADD | SA_OP_WIDE, __sa_addr(p), v); }
// CHECK: static inline ulong __sa_wg_atomic_add_ulong(volatile __global ulong *p, ulong v, __sa_ctx_t *ctx) { {{.*}}return (ulong)__sa_wg_add_wide(ctx, SA_OP_ADD | SA_OP_WIDE, p, v, 1); }
// CHECK: static inline long __sa_wg_atomic_sub_long(volatile __global long *p, long v, __sa_ctx_t *ctx) { {{.*}}return (long)__sa_wg_add_wide(ctx, SA_OP_ADD | SA_OP_WIDE, p, 0ul - (ulong)v, 1); }
// CHECK: old[gid] = __sa_wg_atomic_add_ulong(&bin[b], v, __sa_ctx);
// CHECK: __sa_wgp_atomic_add_ulong(__sa_p0,
// CHECK: old[gid] = __sa_wg_atomic_inc_long(&c[0], __sa_ctx);
// RUN: sa-difftest %s %t.sa.cl --kernel spread --global 16384 --local 64 --arg buf:ulong:4096:fill=4294967000 --arg buf:ulong:16384 --arg buf:uint:16384 --arg buf:ulong:16384 --arg scalar:uint:4096 --check 1:ignore --check-add 1,2,3,0
// RUN: sa-difftest %s %t.sa.cl --kernel spread --global 8192 --local 128 --arg buf:ulong:8:fill=4294967000 --arg buf:ulong:8192 --arg buf:uint:8192 --arg buf:ulong:8192 --arg scalar:uint:8 --check 1:ignore --check-add 1,2,3,0
// RUN: sa-difftest %s %t.sa.cl --kernel guarded --global 8192 --local 64 --arg buf:ulong:3:fill=4294967000 --arg buf:ulong:8192 --arg buf:uint:8192 --arg buf:ulong:8192 --arg scalar:uint:3 --check 1:ignore --check-add 1,2,3,0
// RUN: sa-difftest %s %t.sa.cl --kernel steps --global 8192 --local 256 --arg buf:long:3:fill=4294967290 --arg buf:long:8192 --check 1:perm=4294967290
// A group of one work-item asks alone (a 64-bit add takes two buckets):
// RUN: sa-difftest %s %t.sa.cl --kernel steps --global 64 --local 1 --arg buf:long:3:fill=4294967290 --arg buf:long:64 --check 1:perm=4294967290

#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable

__kernel void spread(__global ulong *bin, __global ulong *old,
                     __global uint *target, __global ulong *inc, uint bins) {
  uint gid = get_global_id(0);
  uint b = (gid * 2654435761u) % bins;
  ulong v = gid % 7u + 1u;
  target[gid] = b;
  inc[gid] = v;
  old[gid] = atom_add(&bin[b], v);
}

__kernel void guarded(__global ulong *bin, __global ulong *old,
                      __global uint *target, __global ulong *inc, uint bins) {
  uint gid = get_global_id(0);
  uint b = gid % bins;
  ulong v = (ulong)(gid % 5u) + 1ul;
  target[gid] = gid % 3u != 0u ? b : 0xffffffffu;
  inc[gid] = v;
  if (gid % 3u != 0u)
    old[gid] = atom_add(&bin[b], v);
}

__kernel void steps(__global long *c, __global long *old) {
  uint gid = get_global_id(0);
  old[gid] = atom_inc(&c[0]);
  atom_dec(&c[1]);
  atom_sub(&c[2], (long)(gid % 3u));
}
