// The predicated work-group form of the relaxed OpenCL 2.0 fetch_add and
// fetch_sub (docs/REWRITE.md): guarded by a divergent `if`, evaluated first
// in the branch, on atomic_uint and atomic_int; stream compaction through
// the returned slot and a guarded countdown whose returned values, as a
// set, are fixed.
// RUN: softatomic-rewrite --combine-mode %s -o %t.sa.cl -- -cl-std=CL3.0
// RUN: FileCheck %s --input-file %t.sa.cl
// CHECK: __sa_wgp_atomic_fetch_add_explicit_uint(__sa_p0, __sa_p0 ? (count) : 0, 1u, memory_order_relaxed, __sa_ctx); if (__sa_p0)
// CHECK: __sa_wgp_atomic_fetch_sub_explicit_scope_int(__sa_p1, __sa_p1 ? (&level[0]) : 0, 2, memory_order_relaxed, memory_scope_device, __sa_ctx); if (__sa_p1)
// RUN: sa-difftest %s %t.sa.cl --build-options -cl-std=CL3.0 --kernel compact --global 16384 --local 128 --arg buf:uint:16384:random=5,100 --arg buf:uint:16384:fill=4242 --arg buf:uint:1 --check 1:multiset
// RUN: sa-difftest %s %t.sa.cl --build-options -cl-std=CL3.0 --kernel countdown --global 8192 --local 64 --arg buf:int:1:fill=1000000 --arg buf:int:8192 --check 1:multiset
__kernel void compact(__global const uint *in, __global uint *out,
                      __global atomic_uint *count) {
  uint gid = get_global_id(0);
  if (in[gid] % 3u != 0u)
    out[atomic_fetch_add_explicit(count, 1u, memory_order_relaxed)] = in[gid];
}

__kernel void countdown(__global atomic_int *level, __global int *seen) {
  uint gid = get_global_id(0);
  seen[gid] = -1;
  if ((gid * 2654435761u) % 7u < 3u) {
    int before = atomic_fetch_sub_explicit(&level[0], 2, memory_order_relaxed,
                                           memory_scope_device);
    seen[gid] = before;
  }
}
