// A histogram: one global atomic per item, on the bin of its value.
#include "bins.h"

__kernel void histogram(__global const uint *values, __global uint *bins) {
  count(bins, values[get_global_id(0)]);
}
