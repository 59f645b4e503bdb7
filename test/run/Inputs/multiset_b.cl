// As multiset_a.cl, but work-item 3 writes 0: a run that holds 0 twice and
// no 3; test/run/difftest-multiset.test.
__kernel void ids(__global uint *count, __global uint *out) {
  atomic_inc(count);
  uint i = (uint)get_global_id(0);
  out[i] = i == 3u ? 0u : i;
}
