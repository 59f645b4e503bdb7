// Two kernels that one macro writes, their names pasted (`count##N`): the
// edits go into the macro's definition, which serves both, and each
// rewritten kernel gives the original's results.
// RUN: softatomic-rewrite %s -o %t.sa.cl
// RUN: sa-difftest %s %t.sa.cl --mode combine --kernel count1 --global 4096 --local 64 --arg buf:uint:3 --arg buf:uint:4096 --check 0:equal --check 1:perm=0
// RUN: sa-difftest %s %t.sa.cl --mode coordinator --kernel count2 --global 4096 --local 64 --arg buf:uint:3 --arg buf:uint:4096 --check 0:equal --check 1:perm=0
// RUN: sa-difftest %s %t.sa.cl --mode auto --repeat 3 --kernel count2 --global 4096 --local 64 --arg buf:uint:3 --arg buf:uint:4096 --check 0:equal --check 1:perm=0

#define COUNT(N)                                                             \
  __kernel void count##N(__global uint *c, __global uint *old) {             \
    __local uint seen;                                                       \
    if (get_local_id(0) == 0)                                                \
      seen = 0;                                                              \
    barrier(CLK_LOCAL_MEM_FENCE);                                            \
    atomic_inc(&seen);                                                       \
    old[get_global_id(0)] = atomic_inc(&c[N]);                               \
    barrier(CLK_LOCAL_MEM_FENCE);                                            \
    if (get_local_id(0) == 0)                                                \
      atomic_add(&c[0], seen);                                               \
  }

COUNT(1)
COUNT(2)
