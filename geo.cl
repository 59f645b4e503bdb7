int gid(void) { return get_global_id(0); }
__kernel void a(__global int *p) { atom_add(p, gid()); }
__kernel void b(__global int *q) { q[gid()] = 1; }
