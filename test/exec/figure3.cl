// The paper's Figure 3 kernel at 2, 8, 32 and 128 work-groups of 64 and 256
// work-items: the final counter must match exactly; outArray holds racy
// reads of the counter, each within [0, total].
// (Rewritten without --combine-mode, as the paper's output: coordinator mode
// only. The other execution tests compile the combining mode in and run
// each case in both modes.)
// RUN: softatomic-rewrite %s -o %t.sa.cl
// RUN: sa-difftest %s %t.sa.cl --kernel Benchmark --global 128 --local 64 --arg buf:uint:1 --arg buf:uint:128 --check 1:range=0,8128
// RUN: sa-difftest %s %t.sa.cl --kernel Benchmark --global 512 --local 64 --arg buf:uint:1 --arg buf:uint:512 --check 1:range=0,130816
// RUN: sa-difftest %s %t.sa.cl --kernel Benchmark --global 2048 --local 64 --arg buf:uint:1 --arg buf:uint:2048 --check 1:range=0,2096128
// RUN: sa-difftest %s %t.sa.cl --kernel Benchmark --global 8192 --local 64 --arg buf:uint:1 --arg buf:uint:8192 --check 1:range=0,33550336
// RUN: sa-difftest %s %t.sa.cl --kernel Benchmark --global 512 --local 256 --arg buf:uint:1 --arg buf:uint:512 --check 1:range=0,130816
// RUN: sa-difftest %s %t.sa.cl --kernel Benchmark --global 2048 --local 256 --arg buf:uint:1 --arg buf:uint:2048 --check 1:range=0,2096128
// RUN: sa-difftest %s %t.sa.cl --kernel Benchmark --global 8192 --local 256 --arg buf:uint:1 --arg buf:uint:8192 --check 1:range=0,33550336
// RUN: sa-difftest %s %t.sa.cl --kernel Benchmark --global 32768 --local 256 --arg buf:uint:1 --arg buf:uint:32768 --check 1:range=0,536854528
__kernel void Benchmark(__global uint *out, __global uint *outArray) {
  int tid = get_global_id(0);
  atom_add(out, tid);
  outArray[tid] = *out;
}
