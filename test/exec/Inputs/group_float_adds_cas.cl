// The kernels of group_float_adds.cl as code without cl_ext_float_atomics
// writes them (PoCL 3.1 has no such extension): each float add a
// compare-exchange loop on the bits, the reference sa-difftest runs
// natively.

float cas_add(volatile __global float *p, float v) {
  volatile __global uint *bits = (volatile __global uint *)p;
  uint old;
  do
    old = *bits;
  while (atomic_cmpxchg(bits, old, as_uint(as_float(old) + v)) != old);
  return as_float(old);
}

__kernel void counts(__global float *f, __global float *old, uint n) {
  uint gid = (uint)get_global_id(0);
  old[gid] = cas_add(&f[gid % n], 1.0f);
}

__kernel void guarded(__global float *f, __global float *old) {
  uint gid = (uint)get_global_id(0);
  if (gid % 3u != 0u)
    old[gid] = cas_add(&f[gid % 4u], 1.0f);
}

__kernel void powers(__global float *f, __global float *old) {
  uint gid = (uint)get_global_id(0);
  old[gid] = cas_add(&f[gid % 5u], -(float)(1u << (gid % 4u)));
}

#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable
#pragma OPENCL EXTENSION cl_khr_fp64 : enable

__kernel void dcounts(__global double *d, __global double *old) {
  uint gid = (uint)get_global_id(0);
  volatile __global ulong *p = (volatile __global ulong *)&d[gid % 3u];
  ulong seen;
  do
    seen = *p;
  while (atom_cmpxchg(p, seen, as_ulong(as_double(seen) + 1.0)) != seen);
  old[gid] = as_double(seen);
}
