// A bounds check returns early; the global size is rounded up past n. The
// work-items that return must go on to their next work-group, not hang it.
// RUN: softatomic-rewrite --combine-mode %s -o %t.sa.cl
// RUN: sa-difftest %s %t.sa.cl --kernel bounded --global 4096 --local 64 --arg buf:uint:1 --arg buf:uint:4096 --arg scalar:uint:4000 --check 1:equal
// RUN: sa-difftest %s %t.sa.cl --kernel bounded --global 4096 --local 256 --arg buf:uint:1 --arg buf:uint:4096 --arg scalar:uint:3999 --check 1:equal
// As the warp program (each warp's adds combined on NVIDIA):
// RUN: sa-difftest %s %t.sa.cl --kernel bounded --global 4096 --local 64 --arg buf:uint:1 --arg buf:uint:4096 --arg scalar:uint:4000 --check 1:equal --warp-program
// RUN: sa-difftest %s %t.sa.cl --kernel bounded --global 4096 --local 256 --arg buf:uint:1 --arg buf:uint:4096 --arg scalar:uint:3999 --check 1:equal --warp-program
__kernel void bounded(__global uint *sum, __global uint *seen, uint n) {
  uint gid = get_global_id(0);
  if (gid >= n)
    return;
  for (uint i = 0; i < 3; ++i) {
    if (gid % 11u == 5u && i == 1u)
      return;
    atom_add(sum, gid + i);
  }
  seen[gid] = 1u;
}
