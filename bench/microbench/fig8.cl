// The paper's first microbenchmark (Elteir, Lin, Feng, Section VI.A,
// Figure 8): every work-item adds its global index to one global variable
// and does nothing else, no other memory transaction, so the kernel time is
// the cost of the atomic operation by itself.
__kernel void fig8(__global uint *out) {
  int tid = get_global_id(0);
  atom_add(out, tid);
}
