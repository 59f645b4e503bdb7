// A spin lock in OpenCL C 3.0 guarding plain accesses: acquire is a
// seq_cst compare-exchange, release an atomic_store (which the rewriter
// leaves native). The rewritten compare-exchange must keep the source's
// ordering on a weakly ordered GPU: the plain read-modify-write of count[k]
// inside the lock sees the one made by the lock's last holder (acquire on
// success), and is seen by the next holder (release). Every counter ends
// exact: on the H100, software atomics without that ordering left count[0]
// at 50-63 of 200. PoCL's x86 is strongly ordered: the GPU run is the test
// (scripts/gpu-run.sh), this one keeps the kernel in the suite.
// RUN: softatomic-rewrite --combine-mode %s -o %t.sa.cl -- -cl-std=CL3.0
// RUN: timeout 300 sa-difftest %s %t.sa.cl --build-options -cl-std=CL3.0 --kernel locked_counts --global 256 --local 64 --arg buf:uint:64 --arg buf:uint:64 --arg scalar:uint:64 --arg scalar:uint:50
// RUN: timeout 300 sa-difftest %s %t.sa.cl --build-options -cl-std=CL3.0 --kernel locked_counts --global 1024 --local 32 --arg buf:uint:16 --arg buf:uint:16 --arg scalar:uint:16 --arg scalar:uint:20
// RUN: timeout 300 sa-difftest %s %t.sa.cl --build-options -cl-std=CL3.0 --kernel locked_pair --global 512 --local 64 --arg buf:uint:8 --arg buf:uint:16 --arg scalar:uint:20
// As the warp program (each warp's adds combined on NVIDIA):
// RUN: timeout 300 sa-difftest %s %t.sa.cl --build-options -cl-std=CL3.0 --kernel locked_counts --global 256 --local 64 --arg buf:uint:64 --arg buf:uint:64 --arg scalar:uint:64 --arg scalar:uint:50 --warp-program
// RUN: timeout 300 sa-difftest %s %t.sa.cl --build-options -cl-std=CL3.0 --kernel locked_counts --global 1024 --local 32 --arg buf:uint:16 --arg buf:uint:16 --arg scalar:uint:16 --arg scalar:uint:20 --warp-program
// RUN: timeout 300 sa-difftest %s %t.sa.cl --build-options -cl-std=CL3.0 --kernel locked_pair --global 512 --local 64 --arg buf:uint:8 --arg buf:uint:16 --arg scalar:uint:20 --warp-program

static void take(volatile __global atomic_uint *l) {
  uint expected = 0u;
  while (!atomic_compare_exchange_strong(l, &expected, 1u))
    expected = 0u;
}

static void give(volatile __global atomic_uint *l) { atomic_store(l, 0u); }

static uint next_slot(uint k, uint n) { return (k * 1664525u + 1013904223u) % n; }

// Each work-item takes `rounds` locks, picked by a generator from its id,
// and adds one to the counter that lock guards.
__kernel void locked_counts(__global atomic_uint *locks, __global uint *count,
                            uint n, uint rounds) {
  uint k = (uint)get_global_id(0) % n;
  for (uint r = 0; r < rounds; ++r) {
    k = next_slot(k, n);
    take(&locks[k]);
    count[k] += 1u;
    give(&locks[k]);
  }
}

// Two plain words per lock, written in order and checked together: a
// holder that sees a torn pair (the words differ) records it.
__kernel void locked_pair(__global atomic_uint *locks, __global uint *pairs,
                          uint rounds) {
  uint k = (uint)get_global_id(0) % 8u;
  for (uint r = 0; r < rounds; ++r) {
    k = next_slot(k, 8u);
    take(&locks[k]);
    uint a = pairs[2u * k], b = pairs[2u * k + 1u];
    pairs[2u * k] = a + 1u;
    pairs[2u * k + 1u] = (a == b ? b : 0x80000000u | b) + 1u;
    give(&locks[k]);
  }
}
