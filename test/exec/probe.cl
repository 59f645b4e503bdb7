// REQUIRES: pocl
// The co-residency probe (runtime/host/src/Probe.cpp): launched with more
// groups than PoCL has threads, only as many check in as run at once, and
// the real launch then uses that many physical groups, 1 coordinator and
// the rest workers, and is still correct. (With 4 threads on a loaded
// 2-core machine fewer than 4 may run within the probe's window: any count
// up to 4 is safe.)
// RUN: softatomic-rewrite %s -o %t.sa.cl
// RUN: env SOFTATOMIC_VERBOSE=1 SOFTATOMIC_PROBE=1 SOFTATOMIC_PROBE_BOUND=8 POCL_MAX_PTHREAD_COUNT=2 sa-difftest %s %t.sa.cl --kernel count --global 4096 --local 64 --arg buf:uint:1 --arg buf:uint:4096 --check 1:perm=0 2>&1 | FileCheck %s --check-prefix=TWO
// TWO: softatomic: kernel 'count': 64 user groups of 64x1x1 on 1 coordinator + 1 worker groups
// TWO: PASS
// RUN: env SOFTATOMIC_VERBOSE=1 SOFTATOMIC_PROBE=1 SOFTATOMIC_PROBE_BOUND=4 POCL_MAX_PTHREAD_COUNT=4 sa-difftest %s %t.sa.cl --kernel count --global 4096 --local 64 --arg buf:uint:1 --arg buf:uint:4096 --check 1:perm=0 2>&1 | FileCheck %s --check-prefix=FOUR
// FOUR: softatomic: kernel 'count': 64 user groups of 64x1x1 on 1 coordinator + {{[1-3]}} worker groups
// FOUR: PASS
__kernel void count(__global uint *c, __global uint *old) {
  old[get_global_id(0)] = atom_inc(c);
}
