// Another kernel named queue, for the same target: refused.
__kernel void queue(__global uint *tail) { atomic_dec(tail); }
