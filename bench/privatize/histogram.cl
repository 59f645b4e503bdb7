// The privatized form's benchmark kernels (bench/privatize/histogram.sh):
// the textbook histogram of Kirk and Hwu, a 65,536-bin histogram whose
// low bins are hot, and a scatter to a unique address per sample.
// byhand.cl is the same histogram privatized by hand.
__kernel void histo(__global const uint *data, uint n, __global uint *histo) {
  for (uint i = get_global_id(0); i < n; i += get_global_size(0))
    atomic_inc(&histo[data[i] & 255u]);
}

// Skewed: the index's low 16 bits shifted right by 0 to 15 places (its next
// 4 bits), so bin b is hit about 1/(b+1) as often as bin 0.
__kernel void histo64k(__global const uint *data, uint n,
                       __global uint *histo) {
  for (uint i = get_global_id(0); i < n; i += get_global_size(0)) {
    uint x = data[i];
    atomic_inc(&histo[(x & 65535u) >> ((x >> 16) & 15u)]);
  }
}

// No reuse: every sample its own address.
__kernel void scatter(__global const uint *data, uint n, __global uint *out) {
  for (uint i = get_global_id(0); i < n; i += get_global_size(0))
    atomic_add(&out[data[i]], 1u);
}
