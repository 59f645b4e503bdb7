// A __local array declared in the kernel body, barriers, and one atomic per
// work-group: each user work-group must see its own local memory, also when
// one physical group runs many of them in turn.
// RUN: softatomic-rewrite --combine-mode %s -o %t.sa.cl
// RUN: sa-difftest %s %t.sa.cl --kernel reduce --global 16384 --local 64 --arg buf:uint:16384:iota --arg buf:uint:1 --arg buf:uint:256 --check 2:equal
// As the warp program (each warp's adds combined on NVIDIA):
// RUN: sa-difftest %s %t.sa.cl --kernel reduce --global 16384 --local 64 --arg buf:uint:16384:iota --arg buf:uint:1 --arg buf:uint:256 --check 2:equal --warp-program
__kernel void reduce(__global const uint *in, __global uint *total,
                     __global uint *partial) {
  __local uint scratch[64];
  uint lid = get_local_id(0);
  scratch[lid] = in[get_global_id(0)];
  barrier(CLK_LOCAL_MEM_FENCE);
  for (uint stride = 32; stride > 0; stride >>= 1) {
    if (lid < stride)
      scratch[lid] += scratch[lid + stride];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (lid == 0) {
    partial[get_group_id(0)] = scratch[0];
    atom_add(total, scratch[0]);
  }
}
