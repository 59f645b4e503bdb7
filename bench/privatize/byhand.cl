// The histogram of histogram.cl privatized by hand (Kirk and Hwu): each
// work-group's copy in local memory, zeroed, updated with local atomics,
// merged with one global atomic per bin that is not zero. The reference
// the privatized form is measured against (bench/privatize/histogram.sh).
__kernel void histo(__global const uint *data, uint n, __global uint *histo) {
  __local uint priv[256];
  for (uint b = get_local_id(0); b < 256u; b += get_local_size(0))
    priv[b] = 0u;
  barrier(CLK_LOCAL_MEM_FENCE);
  for (uint i = get_global_id(0); i < n; i += get_global_size(0))
    atomic_inc(&priv[data[i] & 255u]);
  barrier(CLK_LOCAL_MEM_FENCE);
  for (uint b = get_local_id(0); b < 256u; b += get_local_size(0))
    if (priv[b] != 0u)
      atomic_add(&histo[b], priv[b]);
}
