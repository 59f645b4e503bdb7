// Only some work-items call the atomic (a divergent call site, no lockstep
// assumed), with different increments; every call's returned value must fit
// a linearization of the adds.
// RUN: softatomic-rewrite --combine-mode %s -o %t.sa.cl
// RUN: sa-difftest %s %t.sa.cl --kernel sparse --global 4096 --local 64 --arg buf:uint:1 --arg buf:uint:4096 --arg buf:uint:4096 --arg buf:uint:4096 --check 1:ignore --check 2:equal --check 3:equal --check-add 1,2,3,0
// RUN: sa-difftest %s %t.sa.cl --build-options -cl-std=CL1.2 --kernel sparse --global 2048 --local 256 --arg buf:uint:1 --arg buf:uint:2048 --arg buf:uint:2048 --arg buf:uint:2048 --check 1:ignore --check-add 1,2,3,0
// As the warp program (each warp's adds combined on NVIDIA):
// RUN: sa-difftest %s %t.sa.cl --kernel sparse --global 4096 --local 64 --arg buf:uint:1 --arg buf:uint:4096 --arg buf:uint:4096 --arg buf:uint:4096 --check 1:ignore --check 2:equal --check 3:equal --check-add 1,2,3,0 --warp-program
// RUN: sa-difftest %s %t.sa.cl --build-options -cl-std=CL1.2 --kernel sparse --global 2048 --local 256 --arg buf:uint:1 --arg buf:uint:2048 --arg buf:uint:2048 --arg buf:uint:2048 --check 1:ignore --check-add 1,2,3,0 --warp-program
__kernel void sparse(__global uint *counter, __global uint *old,
                     __global uint *target, __global uint *inc) {
  uint gid = get_global_id(0);
  target[gid] = 0xffffffffu;
  if ((gid * 7u) % 5u < 2u) { // 40% of the work-items, scattered
    uint v = gid % 13u + 1u;
    inc[gid] = v;
    target[gid] = 0;
    old[gid] = atomic_add(counter, v);
  }
}
