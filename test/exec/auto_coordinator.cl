// The automatic mode takes the coordinator mode among its ways for a
// kernel whose work-items never wait on one another (the manifest's
// "items_wait": false), on a GPU, or where SOFTATOMIC_AUTO_COORDINATOR=1
// asks (PoCL, here). A float-add loop on a device without a float add
// instruction is tried last as written. Every launch's results must equal
// the native ones whichever way runs, and the report gives auto's time
// after its choice, its learning apart.
// RUN: softatomic-rewrite %s -o %t.sa.cl
// RUN: FileCheck %s --check-prefix=MANIFEST --input-file %t.sa.cl
// MANIFEST: "name":"fadd_one",{{.*}}"float_add_loops":1,"items_wait":false},{"name":"bounded_by_memory",{{.*}}"items_wait":true}]}
//
// RUN: env SOFTATOMIC_AUTO_COORDINATOR=1 SOFTATOMIC_VERBOSE=1 sa-difftest %s %t.sa.cl --mode auto --repeat 12 --kernel fadd_one --global 4096 --local 64 --arg buf:float:1 2>&1 | FileCheck %s --check-prefix=WAYS
// WAYS: kernel 'fadd_one': auto mode times it combining, privatized, through the coordinator and as written (up to 3 launches each
// WAYS: auto: arg 0 float[1] equal ok
// WAYS: kernel time (median of 12): native {{[0-9.]+}} ms, auto {{[0-9.]+}} ms ({{[0-9.]+}}x; {{combine|coordinator|privatized|as written}} after learning {{[0-9]+}} launches, {{[0-9.]+}} ms)
// WAYS: PASS
//
// By default a CPU device keeps the coordinator out.
// RUN: env SOFTATOMIC_VERBOSE=1 sa-difftest %s %t.sa.cl --mode auto --repeat 2 --kernel fadd_one --global 4096 --local 64 --arg buf:float:1 2>&1 | FileCheck %s --check-prefix=CPU
// CPU: kernel 'fadd_one': auto mode times it combining, privatized and as written (up to 3
// CPU: PASS
//
// A loop whose end is read from __global memory may wait: never the
// coordinator, whatever the variable says.
// RUN: env SOFTATOMIC_AUTO_COORDINATOR=1 SOFTATOMIC_VERBOSE=1 sa-difftest %s %t.sa.cl --mode auto --repeat 4 --kernel bounded_by_memory --global 1024 --local 64 --arg buf:uint:1 --arg buf:uint:1:fill=3 2>&1 | FileCheck %s --check-prefix=WAITS
// WAITS: kernel 'bounded_by_memory': auto mode times it as written, combining and privatized (up to 3
// WAITS-NOT: through the coordinator
// WAITS: PASS

__kernel void fadd_one(__global float *sum) {
  volatile __global uint *p = (volatile __global uint *)sum;
  uint old, next;
  do {
    old = *p;
    next = as_uint(as_float(old) + 1.0f);
  } while (atomic_cmpxchg(p, old, next) != old);
}

__kernel void bounded_by_memory(__global uint *count,
                                __global const uint *limit) {
  for (uint k = 0; k < limit[0]; ++k)
    atomic_inc(count);
}
