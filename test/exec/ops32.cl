// Every 32-bit operation the rewriter accepts, against native atomics:
// final values (order-independent for these ops), inc/dec return values
// (permutations), signed vs unsigned min/max, and compare-exchange used as
// a lock-free increment whose count must come out exact.
// RUN: softatomic-rewrite --combine-mode %s -o %t.sa.cl
// RUN: sa-difftest %s %t.sa.cl --kernel ops --global 4096 --local 64 --arg buf:int:8:fill=1000 --arg buf:uint:2:fill=2147483648 --arg buf:uint:4096 --arg buf:uint:4096 --arg buf:int:1:fill=-1 --arg buf:int:4096 --check 2:perm=0 --check 3:perm=0 --check 4:range=0,4095 --check 5:range=-1,4095
// As the warp program (each warp's adds combined on NVIDIA):
// RUN: sa-difftest %s %t.sa.cl --kernel ops --global 4096 --local 64 --arg buf:int:8:fill=1000 --arg buf:uint:2:fill=2147483648 --arg buf:uint:4096 --arg buf:uint:4096 --arg buf:int:1:fill=-1 --arg buf:int:4096 --check 2:perm=0 --check 3:perm=0 --check 4:range=0,4095 --check 5:range=-1,4095 --warp-program
// RUN: sa-difftest %s %t.sa.cl --build-options -cl-std=CL1.2 --kernel ops --global 2048 --local 256 --arg buf:int:8:fill=1000 --arg buf:uint:2:fill=2147483648 --arg buf:uint:2048 --arg buf:uint:2048 --arg buf:int:1:fill=-1 --arg buf:int:2048 --check 2:perm=0 --check 3:perm=0 --check 4:range=0,2047 --check 5:range=-1,2047
// A request inside a loop whose exit differs between work-items, in both
// memory-model modes, and with one work-item per group.
// RUN: sa-difftest %s %t.sa.cl --build-options -cl-std=CL3.0 --kernel cas_counter --global 2048 --local 64 --arg buf:uint:1 --arg buf:uint:2048 --check 1:perm=0
// RUN: sa-difftest %s %t.sa.cl --build-options -cl-std=CL1.2 --kernel cas_counter --global 1024 --local 256 --arg buf:uint:1 --arg buf:uint:1024 --check 1:perm=0
// RUN: sa-difftest %s %t.sa.cl --build-options -cl-std=CL3.0 --kernel cas_counter --global 64 --local 1 --arg buf:uint:1 --arg buf:uint:64 --check 1:perm=0
// RUN: sa-difftest %s %t.sa.cl --build-options -cl-std=CL1.2 --kernel cas_counter --global 64 --local 1 --arg buf:uint:1 --arg buf:uint:64 --check 1:perm=0
__kernel void ops(__global int *c, __global uint *u, __global uint *inc_old,
                  __global uint *dec_old, __global int *x, __global int *x_old) {
  int gid = get_global_id(0);
  atomic_sub(&c[0], gid % 7);
  inc_old[gid] = (uint)atom_inc(&c[1]) - 1000u;
  dec_old[gid] = 1000u - (uint)atomic_dec(&c[2]);
  atom_min(&c[3], gid % 1000 - 700);        // signed: goes negative
  atomic_max(&c[4], 3000 - gid % 2000);
  atom_and(&c[5], ~(1 << (gid % 9)));
  atomic_or(&c[6], 1 << (gid % 20));
  atom_xor(&c[7], gid);
  atomic_min(&u[0], (uint)gid * 977u);      // unsigned: starts at 2^31
  atom_max(&u[1], 0x80000000u + (uint)gid);
  x_old[gid] = atomic_xchg(x, gid);         // -1 or another item's gid
}

// Compare-exchange as a retry loop: each work-item increments once, learning
// the current value from every failed attempt.
__kernel void cas_counter(__global uint *counter, __global uint *mine) {
  uint cur = 0;
  for (;;) {
    uint prev = atom_cmpxchg(counter, cur, cur + 1u);
    if (prev == cur)
      break;
    cur = prev;
  }
  mine[get_global_id(0)] = cur;
}
