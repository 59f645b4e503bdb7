// No atomics at all: the output is the input, byte for byte.
// RUN: softatomic-rewrite %s -o %t.cl
// RUN: cmp %s %t.cl
// RUN: softatomic-rewrite %s > %t.stdout.cl
// RUN: cmp %s %t.stdout.cl

size_t idx(void) { return get_global_id(0); }
__kernel void scale(__global float *v, float a) {
  v[idx()] *= a;
  if (v[idx()] < 0.0f)
    return;
}
