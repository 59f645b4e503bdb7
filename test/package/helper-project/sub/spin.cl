// Every item takes the next number: 0..n-1, each once.
__kernel void spin(__global uint *next, __global uint *taken) {
  taken[get_global_id(0)] = atomic_add(next, 1u);
}
