#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable
__kernel void k(__global long *p) { atom_add(p, 1L); }
