// Kernels that one macro writes. count1 and count2 would differ in their
// prologues (count2 reads its atomic's result): the definition serves
// both without what differs per kernel, and both are rewritten. tally1
// and tally2 need different runtime atomics (int and uint pointees), so
// under --keep-native-on-error both stay native. total1 and total2, whose
// __local declaration is passed in as an argument, and plain are
// rewritten. Every kernel gives the original's results.
// RUN: softatomic-rewrite %s -o %t.sa.cl --keep-native-on-error 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning:
// CHECK: warning: kernel 'tally1' stays native (as written)
// CHECK: warning: kernel 'tally2' stays native (as written)
// RUN: sa-difftest %s %t.sa.cl --mode combine --kernel count1 --global 4096 --local 64 --arg buf:uint:3 --arg buf:uint:4096 --check 0:equal
// RUN: sa-difftest %s %t.sa.cl --mode direct --kernel count2 --global 4096 --local 64 --arg buf:uint:3 --arg buf:uint:4096 --check 0:equal --check 1:perm=0
// RUN: sa-difftest %s %t.sa.cl --mode auto --repeat 3 --kernel count2 --global 4096 --local 64 --arg buf:uint:3 --arg buf:uint:4096 --check 0:equal --check 1:perm=0
// RUN: sa-difftest %s %t.sa.cl --mode combine --expect-native --kernel tally1 --global 4096 --local 64 --arg buf:int:1 --check 0:equal
// RUN: sa-difftest %s %t.sa.cl --mode combine --expect-native --kernel tally2 --global 4096 --local 64 --arg buf:uint:1 --check 0:equal
// RUN: sa-difftest %s %t.sa.cl --mode combine --kernel total1 --global 4096 --local 64 --arg buf:uint:1 --check 0:equal
// RUN: sa-difftest %s %t.sa.cl --mode direct --kernel total2 --global 4096 --local 64 --arg buf:uint:1 --check 0:equal
// RUN: sa-difftest %s %t.sa.cl --mode auto --repeat 3 --kernel total1 --global 4096 --local 64 --arg buf:uint:1 --check 0:equal
// RUN: sa-difftest %s %t.sa.cl --mode combine --kernel plain --global 4096 --local 64 --arg buf:uint:3 --arg buf:uint:4096 --check 0:equal

#define COUNT(N, BODY)                                                       \
  __kernel void count##N(__global uint *c, __global uint *old) { BODY; }

COUNT(1, atomic_inc(&c[1]))
COUNT(2, old[get_global_id(0)] = atomic_inc(&c[2]))

#define TALLY(N, T)                                                          \
  __kernel void tally##N(__global T *c) { atomic_inc(c); }

TALLY(1, int)
TALLY(2, uint)

#define TOTAL(N, DECL)                                                       \
  __kernel void total##N(__global uint *sum) {                               \
    uint g = get_group_id(0) + N;                                            \
    DECL;                                                                    \
    if (get_local_id(0) == 0)                                                \
      seen[0] = g;                                                           \
    barrier(CLK_LOCAL_MEM_FENCE);                                            \
    atomic_add(sum, seen[0]);                                                \
  }

TOTAL(1, __local uint seen[1])
TOTAL(2, __local uint seen[4])

__kernel void plain(__global uint *c, __global uint *old) {
  atomic_inc(&c[0]);
}
