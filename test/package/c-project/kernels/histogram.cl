// One global atomic per item, on the bin of its value (BINS from the
// build options the embedding passes on).
__kernel void histogram(__global const uint *values, __global uint *bins) {
  atomic_inc(&bins[values[get_global_id(0)] % BINS]);
}

// Kernels the sample does not launch, whose atomics of every kind make the
// rewritten text carry much of the runtime: the embedded text is then over
// 64 KB, the case a single string literal could not hold (MSVC).
#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable
#pragma OPENCL EXTENSION cl_khr_int64_extended_atomics : enable
__kernel void every_kind(__global int *i, __global uint *u, __global long *l,
                         __global ulong *ul, __global float *f,
                         __global int *out) {
  size_t g = get_global_id(0);
  out[g] = atomic_add(&i[0], 1) + atomic_sub(&i[1], 1) + atomic_xchg(&i[2], 3) +
           atomic_min(&i[3], (int)g) + atomic_max(&i[4], (int)g) +
           atomic_and(&i[5], 7) + atomic_or(&i[6], 8) + atomic_xor(&i[7], 9) +
           atomic_cmpxchg(&i[8], 0, 1) + atomic_inc(&i[9]) + atomic_dec(&i[10]);
  out[g] += (int)(atomic_min(&u[0], (uint)g) + atomic_max(&u[1], (uint)g));
  out[g] += (int)(atom_add(&l[0], 1) + atom_min(&l[1], (long)g) + atom_xchg(&l[2], 2) +
                  atom_cmpxchg(&ul[0], 0ul, 1ul) + atom_max(&ul[1], (ulong)g) + atom_and(&ul[2], 3ul));
  out[g] += (int)atomic_xchg(&f[0], 1.0f);
}

// The same kinds with their results unused: the work-group forms.
__kernel void every_kind_unused(__global int *i, __global long *l,
                                __global float *f) {
  size_t g = get_global_id(0);
  atomic_add(&i[0], 1);
  atomic_min(&i[3], (int)g);
  atomic_or(&i[6], 8);
  atom_add(&l[0], 1);
  atom_max(&l[1], (long)g);
  (void)atomic_xchg(&f[0], 1.0f);
  if (g & 1)
    atomic_sub(&i[1], 1);
}
