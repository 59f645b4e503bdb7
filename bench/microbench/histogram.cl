// A 256-bin histogram of bytes with global atomics (Kirk and Hwu, "Atomic
// operations and histogramming", the basic kernel before privatization):
// work-items read the input in a strided pattern, so that neighbours read
// neighbouring bytes, and increment the byte's bin.
__kernel void histogram(__global const uchar *buffer, uint size, __global uint *histo) {
  uint i = get_global_id(0);
  uint stride = get_global_size(0); // the total number of work-items
  while (i < size) {
    atom_inc(&histo[buffer[i]]);
    i += stride;
  }
}
