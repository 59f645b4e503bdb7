// Deferred atomics through local pointer variables (docs/REWRITE.md, the
// deferred form): initialised, assigned, stepped in a loop and in place;
// the counters' final values must equal the native run's. Each counter
// takes one operation only, so that its final value is the same in any
// order (add and max on one word are not).
// RUN: softatomic-rewrite --combine-mode %s -o %t.sa.cl
// RUN: FileCheck %s --input-file %t.sa.cl
// CHECK-COUNT-4: __sa_nr_atomic_
// RUN: sa-difftest %s %t.sa.cl --kernel locals --global 16384 --local 128 --arg buf:uint:32 --arg buf:uint:8 --arg scalar:uint:5
// RUN: sa-difftest %s %t.sa.cl --kernel locals --global 4096 --local 1 --arg buf:uint:32:fill=3 --arg buf:uint:8:fill=5 --arg scalar:uint:17
__kernel void locals(__global uint *hist, __global uint *top, uint n) {
  uint gid = get_global_id(0);
  __global uint *p = hist + gid % 8u;
  atomic_add(p, 1u);
  __global uint *q;
  q = &hist[8];
  for (uint i = 0; i < n; ++i, ++q)
    atomic_inc(q);
  __global uint *r = top + gid % 4u;
  r += 4;
  atomic_max(r, gid);
  r = r - 4;
  atomic_or(r, gid);
}
