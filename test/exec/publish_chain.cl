// Publish, then read, across work-groups in OpenCL C 1.2: group g waits for
// its flag with an atomic, reads what group g-1 wrote with plain loads,
// writes the next payload with plain stores and releases group g+1's flag
// with an atomic (mem_fence on either side, as 1.x code orders plain
// accesses against atomics). A reader that saw its flag must see the
// payload written before it: every group records what it read. PoCL's x86
// is strongly ordered: the GPU run is the test (scripts/gpu-run.sh), this
// one keeps the kernel in the suite.
// RUN: softatomic-rewrite --combine-mode %s -o %t.sa.cl
// RUN: timeout 300 sa-difftest %s %t.sa.cl --kernel chain --global 2048 --local 32 --arg buf:uint:65 --arg buf:uint:260 --arg buf:uint:256
// RUN: timeout 300 sa-difftest %s %t.sa.cl --kernel chain --global 64 --local 1 --arg buf:uint:65 --arg buf:uint:260 --arg buf:uint:256
// As the warp program (each warp's adds combined on NVIDIA):
// RUN: timeout 300 sa-difftest %s %t.sa.cl --kernel chain --global 2048 --local 32 --arg buf:uint:65 --arg buf:uint:260 --arg buf:uint:256 --warp-program
// RUN: timeout 300 sa-difftest %s %t.sa.cl --kernel chain --global 64 --local 1 --arg buf:uint:65 --arg buf:uint:260 --arg buf:uint:256 --warp-program

__kernel void chain(__global uint *flags, __global uint *payload,
                    __global uint *seen) {
  uint g = (uint)get_group_id(0);
  if (get_local_id(0) != 0)
    return;
  if (g > 0u)
    while (atomic_add(&flags[g], 0u) == 0u)
      ;
  mem_fence(CLK_GLOBAL_MEM_FENCE);
  for (uint i = 0; i < 4u; ++i) {
    uint x = payload[4u * g + i];
    seen[4u * g + i] = x;
    payload[4u * (g + 1u) + i] = x * 3u + g + i + 1u;
  }
  mem_fence(CLK_GLOBAL_MEM_FENCE);
  atomic_xchg(&flags[g + 1u], 1u);
}
