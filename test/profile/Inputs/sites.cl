#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable
// Sites of known shape for the profile's tests (sites.test): a helper that
// two kernels reach, a divergent site, a 64-bit site.
void count(__global uint *c, uint i) { atomic_inc(&c[i]); }

__kernel void divergent(__global uint *c, __global ulong *w,
                        __global uint *never) {
  uint i = get_global_id(0);
  if (i % 3 == 0)
    never[0] |= atomic_add(&c[1], 1u) == 0xffffffffu;
  count(c, 2);
  atom_add(&w[5], (ulong)i);
}

__kernel void other(__global uint *c) { count(c, get_global_id(0) % 4); }
