// histogram.cl privatized by hand (Kirk and Hwu, "Atomic operations and
// histogramming", the kernel after privatization): each work-group counts
// into its own 256 bins in local memory, then adds each bin that is not
// zero to the global histogram with one atomic. The evaluation's reference
// beside the kernel as written: what the privatized form of the rewrite
// aims for (docs/HOST-RUNTIME.md, "The privatized form").
__kernel void histogram_byhand(__global const uchar *buffer, uint size,
                               __global uint *histo) {
  __local uint priv[256];
  for (uint b = get_local_id(0); b < 256u; b += get_local_size(0))
    priv[b] = 0u;
  barrier(CLK_LOCAL_MEM_FENCE);
  uint i = get_global_id(0);
  uint stride = get_global_size(0);
  while (i < size) {
    atomic_inc(&priv[buffer[i]]);
    i += stride;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  for (uint b = get_local_id(0); b < 256u; b += get_local_size(0))
    if (priv[b] != 0u)
      atomic_add(&histo[b], priv[b]);
}
