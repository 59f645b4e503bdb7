// One global atomic per item, on the bin of its value (BINS from the
// build options the embedding passes on).
__kernel void histogram(__global const uint *values, __global uint *bins) {
  atomic_inc(&bins[values[get_global_id(0)] % BINS]);
}
