// Publish, then read, across work-groups in OpenCL C 3.0: group g waits for
// its flag with a seq_cst fetch_add of 0, reads what group g-1 wrote with
// plain loads, writes the next payload with plain stores and releases group
// g+1's flag with a seq_cst exchange. The source's atomics order the plain
// accesses around them (acquire, release): a reader that saw its flag sees
// the payload written before it. PoCL's x86 is strongly ordered: the GPU
// run is the test (scripts/gpu-run.sh), this one keeps the kernel in the
// suite.
// RUN: softatomic-rewrite --combine-mode %s -o %t.sa.cl -- -cl-std=CL3.0
// RUN: timeout 300 sa-difftest %s %t.sa.cl --build-options -cl-std=CL3.0 --kernel chain --global 2048 --local 32 --arg buf:uint:65 --arg buf:uint:260 --arg buf:uint:256
// RUN: timeout 300 sa-difftest %s %t.sa.cl --build-options -cl-std=CL3.0 --kernel chain --global 64 --local 1 --arg buf:uint:65 --arg buf:uint:260 --arg buf:uint:256

__kernel void chain(__global atomic_uint *flags, __global uint *payload,
                    __global uint *seen) {
  uint g = (uint)get_group_id(0);
  if (get_local_id(0) != 0)
    return;
  if (g > 0u)
    while (atomic_fetch_add(&flags[g], 0u) == 0u)
      ;
  for (uint i = 0; i < 4u; ++i) {
    uint x = payload[4u * g + i];
    seen[4u * g + i] = x;
    payload[4u * (g + 1u) + i] = x * 3u + g + i + 1u;
  }
  atomic_exchange(&flags[g + 1u], 1u);
}
