// Rewritten, not embedded: the program would read queue.sa.cl.
__kernel void queue(__global uint *tail, __global uint *slots) {
  slots[atomic_inc(tail)] = get_global_id(0);
}
