// The paper's Figure 3 (Elteir, Lin, Feng): a global atomic add followed by
// one memory transaction. On the Radeon HD 5870 the atomic alone pushed
// every memory access of this kernel onto the slow CompletePath.
__kernel void Benchmark(__global uint *out, __global uint *outArray) {
  int tid = get_global_id(0);
  // Safely incrementing a global variable
  atom_add(out, tid);
  /* Writing the value of the global variable to an array element */
  outArray[tid] = *out;
}
