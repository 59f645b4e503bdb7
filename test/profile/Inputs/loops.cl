// A site in a long loop before a site called once (sites.test): each has
// its own records.
__kernel void loops(__global uint *c) {
  uint i = get_global_id(0);
  for (int k = 0; k < 100; ++k)
    atomic_add(&c[i % 4], 1u);
  atomic_inc(&c[7]);
}
