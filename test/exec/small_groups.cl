// Work-groups of 1 and 2 work-items, each making many requests in a loop:
// with local size 2 the coordinator once gathered a nonexistent worker's
// slots (PoCL 3.1 ran a strided loop's body past its bound) and applied
// requests twice. Repeated, since the fault came about one run in three.
// RUN: softatomic-rewrite --combine-mode %s -o %t.sa.cl
// RUN: sa-difftest %s %t.sa.cl --kernel loop --global 16 --local 2 --arg buf:int:64 --arg scalar:uint:16 --repeat 20
// RUN: sa-difftest %s %t.sa.cl --build-options -cl-std=CL1.2 --kernel loop --global 32 --local 2 --arg buf:int:64 --arg scalar:uint:16 --repeat 10
// RUN: sa-difftest %s %t.sa.cl --kernel loop --global 12 --local 1 --arg buf:int:64 --arg scalar:uint:16 --repeat 10
// RUN: sa-difftest %s %t.sa.cl --kernel loop --global 48 --local 3 --arg buf:int:64 --arg scalar:uint:16 --repeat 10
uint mix32(uint x) {
  x ^= x >> 16; x *= 0x7feb352du; x ^= x >> 15; x *= 0x846ca68bu; x ^= x >> 16;
  return x;
}

__kernel void loop(__global int *c, uint iters) {
  uint gid = get_global_id(0);
  for (uint it = 0; it < iters; ++it)
    atom_add(&c[(it * 11u) % 64u], (int)(1u + mix32((gid * iters + it) * 2u) % 2841u));
}
