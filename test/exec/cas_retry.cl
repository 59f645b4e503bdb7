// A compare-exchange retried with a plain re-read of its target (an argmax,
// as Boost.Compute's find_extrema writes it): after a software atomic
// returns, the work-item's later plain reads of that location must see the
// value it returned or a newer one, as after a native atomic. On the H100
// the re-read kept a stale value and the loop never ended in the
// coordinator mode. PoCL's x86 is strongly ordered: the GPU run is the test
// (scripts/gpu-run.sh), this one keeps the kernel in the suite.
// RUN: softatomic-rewrite --combine-mode %s -o %t.sa.cl
// RUN: timeout 300 sa-difftest %s %t.sa.cl --kernel argmax --global 4096 --local 64 --arg buf:uint:4096:random=7,100000 --arg buf:uint:1
// RUN: timeout 300 sa-difftest %s %t.sa.cl --kernel argmax --global 256 --local 64 --arg buf:uint:256:random=9,50 --arg buf:uint:1
// As the warp program (each warp's adds combined on NVIDIA):
// RUN: timeout 300 sa-difftest %s %t.sa.cl --kernel argmax --global 4096 --local 64 --arg buf:uint:4096:random=7,100000 --arg buf:uint:1 --warp-program
// RUN: timeout 300 sa-difftest %s %t.sa.cl --kernel argmax --global 256 --local 64 --arg buf:uint:256:random=9,50 --arg buf:uint:1 --warp-program

__kernel void argmax(__global const uint *v, __global uint *best) {
  uint gid = (uint)get_global_id(0);
  uint cur = *best;
  while (v[gid] > v[cur] || (v[gid] == v[cur] && gid < cur)) {
    if (atomic_cmpxchg(best, cur, gid) == cur)
      break;
    cur = *best;
  }
}
