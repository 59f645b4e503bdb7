// The atomic of include_header.cl lives here, with the helpers it needs.
#ifndef HISTOGRAM_H
#define HISTOGRAM_H
#define BINS 16u

uint item_index(void) { return get_global_id(0); }

uint bin_of(uint v) { return v % BINS; }

uint add_to_bin(__global uint *bins, uint v) {
  return atomic_inc(&bins[bin_of(v)]);
}
#endif
