// test/exec/cl20.cl: OpenCL 2.0 atomics with memory_order_relaxed whose
// result is unused (deferred: combined in the worker, sent later) beside
// one whose result is read (the pending entry for its address goes first).
void relaxed_max(__global atomic_int *m, int v) {
  atomic_fetch_max_explicit(m, v, memory_order_relaxed, memory_scope_device);
}

__kernel void relaxed(__global atomic_uint *bins, __global atomic_int *m,
                      __global uint *seen, __global atomic_uint *probe) {
  uint gid = get_global_id(0);
  uint h = gid * 2654435761u;
  atomic_fetch_add_explicit(&bins[(h >> 7) % 60], gid & 15u, memory_order_relaxed);
  atomic_fetch_or_explicit(&bins[60], 1u << (gid % 32), memory_order_relaxed);
  atomic_fetch_xor_explicit(&bins[61], gid, memory_order_relaxed);
  if (h % 3 != 0)
    relaxed_max(&m[gid % 4], (int)(gid % 1000));
  else
    atomic_fetch_sub_explicit(&m[4 + gid % 4], 1, memory_order_relaxed);
  // A read-back on memory of its own: an atomic that reads bins would keep
  // bins' calls from deferral (another group could be waiting there).
  seen[gid] = atomic_fetch_add_explicit(&probe[gid & 1], 0u, memory_order_relaxed) == 0u;
}
