// Work-groups that wait for the one before them (1,024 groups of 64) in
// every mode. The combining mode runs the user's groups on fewer physical
// groups; it handed them out by stride (physical group w: w, w + P, ...)
// to more physical groups than the device runs at once, so on PoCL's two threads group 65 waited for group 64, whose
// physical group the device started only once another ended: the launch,
// and auto (the default) at its second launch, hung. Now the running
// physical groups claim them in order. chained_scan_threads.cl runs it on
// one and three PoCL threads.
// RUN: softatomic-rewrite --combine-mode %s -o %t.sa.cl
// RUN: timeout 300 sa-difftest %s %t.sa.cl --kernel chained_scan --global 65536 --local 64 --arg buf:uint:65536:random=2,100 --arg buf:uint:1024 --arg buf:uint:1024 --arg buf:uint:65536 --arg buf:uint:1 --repeat 4 2>&1 | FileCheck %s
// CHECK: coordinator: arg 3 uint[65536] equal ok
// CHECK: combine: arg 3 uint[65536] equal ok
// CHECK: auto: arg 3 uint[65536] equal ok
// CHECK: PASS

// A chained scan (decoupled look-back without the look-back): group g sums
// its inputs, waits until group g-1 has published the inclusive prefix of
// the groups before it, adds its own sum and publishes that. Natively it
// needs only that a group never waits for one the device has not started
// while it runs groups in order, as PoCL (one thread after another's
// groups) and GPUs do.
__kernel void chained_scan(__global const uint *in, __global uint *flags,
                           __global uint *prefix, __global uint *out,
                           __global uint *count) {
  __local uint sum, before;
  uint g = (uint)get_group_id(0), lid = (uint)get_local_id(0);
  if (lid == 0u)
    sum = 0u;
  barrier(CLK_LOCAL_MEM_FENCE);
  atomic_add(&sum, in[get_global_id(0)]);
  atomic_inc(count);
  barrier(CLK_LOCAL_MEM_FENCE);
  if (lid == 0u) {
    uint b = 0u;
    if (g > 0u) {
      while (atomic_or(&flags[g - 1u], 0u) == 0u)
        ;
      mem_fence(CLK_GLOBAL_MEM_FENCE);
      b = prefix[g - 1u];
    }
    prefix[g] = b + sum;
    mem_fence(CLK_GLOBAL_MEM_FENCE);
    atomic_xchg(&flags[g], 1u);
    before = b;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  out[get_global_id(0)] = before;
}
