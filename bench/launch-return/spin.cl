__kernel void spin(__global uint *s, __global uint *c, uint n) {
  uint x = get_global_id(0);
  for (uint i = 0; i < n; ++i)
    x = x * 1664525u + 1013904223u;
  s[get_global_id(0)] = x;
  atomic_add(c, 1u);
}
