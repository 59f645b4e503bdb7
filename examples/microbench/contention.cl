// The contention x padding microbenchmark of McKee et al. ("GPU atomic
// microbenchmarks"): work-item i adds 1, `iters` times, to res[indexes[i]],
// where the host made indexes[i] = f(i) * padding from the access pattern
// (contiguous, cross-warp or random) and the contention (work-items per
// address). With the return value unused, and used (summed and stored, so
// that the atomic's result must come back).
__kernel void contention_unused(__global uint *res, __global const uint *indexes, uint iters) {
  uint index = indexes[get_global_id(0)];
  for (uint k = 0; k < iters; ++k)
    atom_add(&res[index], 1u);
}

__kernel void contention_used(__global uint *res, __global const uint *indexes, uint iters,
                              __global uint *sums) {
  uint index = indexes[get_global_id(0)];
  uint sum = 0;
  for (uint k = 0; k < iters; ++k)
    sum += atom_add(&res[index], 1u);
  sums[get_global_id(0)] = sum;
}
