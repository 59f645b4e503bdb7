// Builds only where the device has OpenCL C's generic address space: an
// unqualified pointer parameter is then generic and takes a __global one.
void set(uint *p) { *p = 1u; }
__kernel void probe(__global uint *c) { set(c); }
