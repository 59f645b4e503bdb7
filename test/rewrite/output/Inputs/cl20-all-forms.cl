// no-global-rmw.cl: every OpenCL 2.0 form the rewriter turns into software
// atomics, on __global atomic_int and atomic_uint. (No __local 2.0 atomic:
// under OpenCL C 2.0 and 3.0 it is called through a generic pointer.)
int all_ops(volatile __global atomic_int *p, __global atomic_uint *u,
            __global int *g) {
  int e = 1;
  uint ue = 2u;
  int r = atomic_fetch_add(p, 1) + atomic_fetch_sub_explicit(p, 2, memory_order_relaxed) +
          atomic_fetch_or_explicit(p, 3, memory_order_acq_rel, memory_scope_device) +
          atomic_fetch_xor(p, 4) + atomic_fetch_and(p, 5) + atomic_fetch_min(p, 6) +
          atomic_fetch_max(p, 7) + atomic_exchange(p, 8) +
          atomic_compare_exchange_strong(p, &e, 9) +
          atomic_compare_exchange_weak_explicit(p, g, 10, memory_order_acq_rel,
                                                memory_order_relaxed);
  uint s = atomic_fetch_add(u, 1u) + atomic_fetch_min(u, 2u) + atomic_exchange(u, 3u) +
           atomic_compare_exchange_strong_explicit(u, &ue, 4u, memory_order_seq_cst,
                                                   memory_order_relaxed, memory_scope_device);
  atomic_store(p, 11);
  atomic_store_explicit(u, 12u, memory_order_release);
  return r + (int)s;
}

__kernel void k(__global atomic_int *p, __global atomic_uint *u, __global int *g,
                __global int *out) {
  out[get_global_id(0)] = all_ops(p, u, g) + atomic_load(p);
}
