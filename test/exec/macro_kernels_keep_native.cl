// Kernels that one macro writes: count1 and count2 need different edits of
// the definition (count2 reads its atomic's result), so under
// --keep-native-on-error both stay native; total, written by another macro
// with its __local declaration passed in as an argument, and plain are
// rewritten. Every kernel gives the original's results.
// RUN: softatomic-rewrite %s -o %t.sa.cl --keep-native-on-error 2>&1 | FileCheck %s --implicit-check-not=error:
// CHECK: warning: kernel 'count1' stays native (as written)
// CHECK: warning: kernel 'count2' stays native (as written)
// RUN: sa-difftest %s %t.sa.cl --mode combine --expect-native --kernel count1 --global 4096 --local 64 --arg buf:uint:3 --arg buf:uint:4096 --check 0:equal
// RUN: sa-difftest %s %t.sa.cl --mode combine --expect-native --kernel count2 --global 4096 --local 64 --arg buf:uint:3 --arg buf:uint:4096 --check 0:equal --check 1:perm=0
// RUN: sa-difftest %s %t.sa.cl --mode combine --kernel total1 --global 4096 --local 64 --arg buf:uint:1 --check 0:equal
// RUN: sa-difftest %s %t.sa.cl --mode direct --kernel total2 --global 4096 --local 64 --arg buf:uint:1 --check 0:equal
// RUN: sa-difftest %s %t.sa.cl --mode auto --repeat 3 --kernel total1 --global 4096 --local 64 --arg buf:uint:1 --check 0:equal
// RUN: sa-difftest %s %t.sa.cl --mode combine --kernel plain --global 4096 --local 64 --arg buf:uint:3 --arg buf:uint:4096 --check 0:equal

#define COUNT(N, BODY)                                                       \
  __kernel void count##N(__global uint *c, __global uint *old) { BODY; }

COUNT(1, atomic_inc(&c[1]))
COUNT(2, old[get_global_id(0)] = atomic_inc(&c[2]))

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
