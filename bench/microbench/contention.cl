// The contention x padding microbenchmark of McKee et al. ("GPU atomic
// microbenchmarks"): work-item i adds 1, `iters` times, to res[indexes[i]],
// where the host made indexes[i] = f(i) * padding from the access pattern
// (contiguous, cross-warp or random) and the contention (work-items per
// address). With the return value unused, and used (summed and stored, so
// that the atomic's result must come back). Per element type: uint (McKee's
// own), ulong and float, each of the last two a column of its own below.
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

// The 64-bit column: the same kernels on ulong, atom_add of
// cl_khr_int64_base_atomics (on a device without it they are missing, and
// only their rows fail). The increment, 2^32 + 1, has a bit in each half,
// so that a result whose high word was lost or never carried into differs
// from the CPU reference.
#if defined(cl_khr_int64_base_atomics)
#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable

#define ULONG_INCREMENT 0x100000001ul

__kernel void contention_ulong_unused(__global ulong *res, __global const uint *indexes,
                                      uint iters) {
  uint index = indexes[get_global_id(0)];
  for (uint k = 0; k < iters; ++k)
    atom_add(&res[index], ULONG_INCREMENT);
}

__kernel void contention_ulong_used(__global ulong *res, __global const uint *indexes,
                                    uint iters, __global ulong *sums) {
  uint index = indexes[get_global_id(0)];
  ulong sum = 0;
  for (uint k = 0; k < iters; ++k)
    sum += atom_add(&res[index], ULONG_INCREMENT);
  sums[get_global_id(0)] = sum;
}
#endif

// The float column: each work-item adds 1.0f, written as OpenCL 1.x code
// for devices without float atomics writes it, a compare-exchange loop on
// the float's bits. The counts stay below 2^24, so the sums are exact
// whatever order the adds take.
//
// With the result unused the loop is provably one float add, which the
// rewriter turns into one (docs/REWRITE.md, "Float adds written as
// compare-exchange loops"). With the result used the loop's old value is
// read after it, so it stays a compare-exchange loop, software or native:
// the values an address's loops return are then 0, 1, ..., adds - 1, each
// once, and their sum per work-item is kept as a uint, as the 32-bit
// column keeps it.

// The usual helper of such code.
void atomic_add_float(volatile __global float *target, float v) {
  volatile __global uint *bits = (volatile __global uint *)target;
  uint old, next;
  do {
    old = *bits;
    next = as_uint(as_float(old) + v);
  } while (atomic_cmpxchg(bits, old, next) != old);
}

__kernel void contention_float_unused(__global float *res, __global const uint *indexes,
                                      uint iters) {
  uint index = indexes[get_global_id(0)];
  for (uint k = 0; k < iters; ++k)
    atomic_add_float(&res[index], 1.0f);
}

__kernel void contention_float_used(__global float *res, __global const uint *indexes,
                                    uint iters, __global uint *sums) {
  volatile __global uint *bits = (volatile __global uint *)&res[indexes[get_global_id(0)]];
  uint sum = 0;
  for (uint k = 0; k < iters; ++k) {
    uint old, next;
    do {
      old = *bits;
      next = as_uint(as_float(old) + 1.0f);
    } while (atomic_cmpxchg(bits, old, next) != old);
    sum += (uint)as_float(old);
  }
  sums[get_global_id(0)] = sum;
}
