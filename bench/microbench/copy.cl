// A memory-bound kernel: a copy of a large buffer (256 MB by default) in
// which every work-item also counts itself with one atom_add on a single
// global counter, its return value unused. Native, the copy's memory
// traffic dominates; the software atomics should add little to it.
__kernel void copy_uint(__global const uint *src, __global uint *dst,
                        __global uint *count) {
  size_t i = get_global_id(0);
  dst[i] = src[i];
  atom_add(count, 1u);
}

__kernel void copy_uint4(__global const uint4 *src, __global uint4 *dst,
                         __global uint *count) {
  size_t i = get_global_id(0);
  dst[i] = src[i];
  atom_add(count, 1u);
}
