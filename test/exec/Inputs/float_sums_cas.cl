// The kernels of float_sums.cl as code without cl_ext_float_atomics writes
// them (PoCL 3.1 has no such extension): each float operation a
// compare-exchange loop on the bits. sa-difftest runs these natively as
// the reference for the rewritten extension calls.

float cas_op(volatile __global float *p, float v, int op) {
  volatile __global uint *bits = (volatile __global uint *)p;
  uint old, next;
  do {
    old = *bits;
    float f = as_float(old);
    next = as_uint(op == 0 ? f + v : op == 1 ? f - v : op == 2 ? fmin(f, v)
                                                              : fmax(f, v));
  } while (atomic_cmpxchg(bits, old, next) != old);
  return as_float(old);
}

__kernel void sums(__global float *f) {
  uint gid = (uint)get_global_id(0);
  float v = (float)(gid % 7u);
  cas_op(&f[gid % 4u], v, 0);
  cas_op(&f[4], v, 1);
  cas_op(&f[5], (float)(gid % 1000u) - 300.0f, 2);
  cas_op(&f[6], (float)(gid % 999u) - 300.0f, 3);
}

__kernel void ordered(__global float *f, __global float *old) {
  uint gid = (uint)get_global_id(0);
  old[gid] = cas_op(&f[gid % 2u], 1.0f, 0);
}

__kernel void sequence(__global float *f) {
  for (int i = 0; i < 10; ++i)
    cas_op(f, 1.0f, 0);
}

#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable
#pragma OPENCL EXTENSION cl_khr_fp64 : enable

void cas_double(volatile __global ulong *p, double v, int max) {
  ulong old, next;
  do {
    old = *p;
    double d = as_double(old);
    next = as_ulong(max ? fmax(d, v) : d + v);
  } while (atom_cmpxchg(p, old, next) != old);
}

__kernel void doubles(__global ulong *d) {
  uint gid = (uint)get_global_id(0);
  cas_double(&d[gid % 3u], (double)(gid % 5u), 0);
  cas_double(&d[3], (double)(gid % 1000u) - 300.0, 1);
}
