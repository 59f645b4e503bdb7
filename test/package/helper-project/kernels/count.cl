// One global atomic per item, on the bin of its value (bins.h).
#include "bins.h"

__kernel void count(__global const uint *values, __global uint *bins) {
  atomic_inc(&bins[bin_of(values[get_global_id(0)])]);
}
