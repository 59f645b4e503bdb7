// Every work-item writes its own id; test/run/difftest-multiset.test.
__kernel void ids(__global uint *count, __global uint *out) {
  atomic_inc(count);
  uint i = (uint)get_global_id(0);
  out[i] = i;
}
