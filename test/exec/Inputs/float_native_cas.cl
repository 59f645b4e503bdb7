// The kernels of float_native.cl as code without cl_ext_float_atomics
// writes them: each operation a compare-exchange loop on the bits, which
// sa-difftest runs natively as the reference for the rewritten calls.

#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable
#pragma OPENCL EXTENSION cl_khr_fp64 : enable

enum { ADD, SUB, MIN, MAX };

/* cas_float and cas_double: a user's loop, at each width. */
#define CAS_OP(T, U, name, cmpxchg, as_T, as_U)                               \
  T name(volatile __global T *p, T v, int op) {                               \
    volatile __global U *bits = (volatile __global U *)p;                     \
    U old, next;                                                              \
    do {                                                                      \
      old = *bits;                                                            \
      T f = as_T(old);                                                        \
      next = as_U(op == ADD   ? f + v                                         \
                  : op == SUB ? f - v                                         \
                  : op == MIN ? fmin(f, v)                                    \
                              : fmax(f, v));                                  \
    } while (cmpxchg(bits, old, next) != old);                                \
    return as_T(old);                                                         \
  }
CAS_OP(float, uint, cas_float, atomic_cmpxchg, as_float, as_uint)
CAS_OP(double, ulong, cas_double, atom_cmpxchg, as_double, as_ulong)

__kernel void floats(__global float *f, __global float *old,
                     __global float *seen) {
  uint gid = (uint)get_global_id(0);
  old[gid] = cas_float(&f[gid % 2u], 1.0f, ADD);
  seen[gid] = cas_float(&f[2], (float)(gid % 5u), SUB) +
              cas_float(&f[3], (float)(gid % 1000u) - 300.5f, MIN) +
              cas_float(&f[4], (float)(gid % 999u) - 300.5f, MAX);
}

__kernel void doubles(__global double *d, __global double *old,
                      __global double *seen) {
  uint gid = (uint)get_global_id(0);
  old[gid] = cas_double(&d[gid % 2u], 1.0, ADD);
  seen[gid] = cas_double(&d[2], (double)(gid % 5u), SUB) +
              cas_double(&d[3], (double)(gid % 1000u) - 300.5, MIN) +
              cas_double(&d[4], (double)(gid % 999u) - 300.5, MAX);
}

__kernel void dadd_hot(__global double *bins, uint nbins) {
  cas_double(&bins[get_global_id(0) % nbins], 1.0, ADD);
}
