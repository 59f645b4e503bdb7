// Work-items of one group add to several distinct addresses (the paper
// required one address per wavefront), on int counters. With positive
// increments every returned value must fit a linearization of the adds;
// with mixed signs the final sums must match.
// RUN: softatomic-rewrite --combine-mode %s -o %t.sa.cl
// RUN: sa-difftest %s %t.sa.cl --kernel bins --global 8192 --local 64 --arg buf:int:7:fill=100 --arg buf:int:8192 --arg buf:int:8192 --arg buf:int:8192 --arg scalar:int:1 --check 1:ignore --check-add 1,2,3,0
// RUN: sa-difftest %s %t.sa.cl --kernel bins --global 4096 --local 256 --arg buf:int:7:fill=100 --arg buf:int:4096 --arg buf:int:4096 --arg buf:int:4096 --arg scalar:int:1 --check 1:ignore --check-add 1,2,3,0
// RUN: sa-difftest %s %t.sa.cl --kernel bins --global 8192 --local 128 --arg buf:int:7:fill=100 --arg buf:int:8192 --arg buf:int:8192 --arg buf:int:8192 --arg scalar:int:-2 --check 1:ignore
__kernel void bins(__global int *bin, __global int *old, __global int *target,
                   __global int *inc, int base) {
  int gid = get_global_id(0);
  int b = (gid / 3) % 7;
  int v = gid % 5 + base; // base 1: 1..5; base -2: -2..2
  target[gid] = b;
  inc[gid] = v;
  old[gid] = atom_add(&bin[b], v);
}
