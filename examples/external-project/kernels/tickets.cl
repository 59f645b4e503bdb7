// A ticket dispenser: every item takes the next number; the numbers taken
// are 0..n-1, each once, whatever the order.
__kernel void tickets(__global uint *next, __global uint *taken) {
  taken[get_global_id(0)] = atomic_add(next, 1u);
}
