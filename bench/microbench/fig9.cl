// The paper's second microbenchmark (Section VI.A, Figure 9): the first one
// "with another memory instruction being added", which is the kernel of its
// Figure 3: the atomic add, then one memory transaction that reads the
// global variable and writes it to the work-item's array element.
__kernel void fig9(__global uint *out, __global uint *outArray) {
  int tid = get_global_id(0);
  // Safely incrementing a global variable
  atom_add(out, tid);
  /* Writing the value of the global variable to an array element */
  outArray[tid] = *out;
}
