// Kernels for the host runtime's API tests (test/runtime/HostRuntimeTest.cpp).
__kernel void count(__global uint *c, __global uint *old) {
  old[get_global_id(0)] = atom_add(c, 1u);
}

// Records the local size the launch chose.
__kernel void shape(__global uint *c, __global uint *local_size) {
  atom_add(c, 1u);
  if (get_global_id(0) == 0)
    *local_size = get_local_size(0);
}

__kernel __attribute__((reqd_work_group_size(32, 1, 1)))
void fixed(__global uint *c, __global uint *local_size) {
  atom_add(c, 1u);
  if (get_global_id(0) == 0)
    *local_size = get_local_size(0);
}

// No global atomic: left native, and passed through.
__kernel void plain(__global uint *out) {
  out[get_global_id(0)] = get_global_id(0) * 2u;
}
