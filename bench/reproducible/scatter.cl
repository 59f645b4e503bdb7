// The scatter-add of bench/reproducible/scatter-add.sh: work-item i adds a
// float of its own to target hash(i) % targets, as code without float
// atomics writes it (a compare-exchange loop on the bits, which the
// rewriter makes one float add). Operands and targets come from a hash of
// the work-item's id, so that 2^26 updates need no input buffer: signs
// mixed, full 24-bit mantissas, magnitudes 2^-40 .. 2^40 (expect.py
// computes the same values, and their exact sums).

uint fmix(uint h) {
  h ^= h >> 16;
  h *= 0x85ebca6bu;
  h ^= h >> 13;
  h *= 0xc2b2ae35u;
  h ^= h >> 16;
  return h;
}

__kernel void scatter_hash(__global float *out, uint targets, uint seed) {
  uint i = (uint)get_global_id(0);
  uint h = fmix(i * 0x9e3779b1u + seed), g = fmix(h + 0x632be5abu);
  uint exponent = 87u + g % 81u; // 2^-40 .. 2^40, biased
  float v = as_float((h & 0x80000000u) | (exponent << 23) | (g >> 9));
  volatile __global uint *bits = (volatile __global uint *)&out[h % targets];
  uint old, next;
  do {
    old = *bits;
    next = as_uint(as_float(old) + v);
  } while (atomic_cmpxchg(bits, old, next) != old);
}
