// The kernels of float_reproducible_cl30.cl as code without
// cl_ext_float_atomics writes them (PoCL 3.1 has no such extension): a
// compare-exchange loop on the bits. sa-difftest runs these natively as
// the reference run, whose sums (in the order the atomics come) it does
// not compare: the rewritten runs must hold the exact sums.

void add_float(volatile __global float *p, float v) {
  volatile __global uint *bits = (volatile __global uint *)p;
  uint old, next;
  do {
    old = *bits;
    next = as_uint(as_float(old) + v);
  } while (atomic_cmpxchg(bits, old, next) != old);
}

__kernel void fetch_add(__global const float *vals, __global const uint *idx,
                        __global float *out) {
  uint i = (uint)get_global_id(0);
  add_float(&out[idx[i]], vals[i]);
}

__kernel void fetch_sub(__global const float *vals, __global const uint *idx,
                        __global float *out) {
  uint i = (uint)get_global_id(0);
  add_float(&out[idx[i]], vals[i]);
}

__kernel void seq_cst(__global const float *vals, __global const uint *idx,
                      __global float *out) {
  uint i = (uint)get_global_id(0);
  add_float(&out[idx[i]], vals[i]);
}

#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable
#pragma OPENCL EXTENSION cl_khr_fp64 : enable

__kernel void dadd(__global const double *vals, __global const uint *idx,
                   __global ulong *out) {
  uint i = (uint)get_global_id(0);
  volatile __global ulong *p = out + idx[i];
  ulong old, next;
  do {
    old = *p;
    next = as_ulong(as_double(old) + vals[i]);
  } while (atom_cmpxchg(p, old, next) != old);
}
