// Never a hang: when the host is told the device runs more work-groups at
// once than it does (PoCL runs one per thread), the runtime's bounded waits
// end the launch and saFinish reports the failure.
// REQUIRES: pocl
// RUN: softatomic-rewrite %s -o %t.sa.cl
// RUN: env SOFTATOMIC_MAX_GROUPS=64 SOFTATOMIC_IDLE_LIMIT=20000 SOFTATOMIC_SPIN_LIMIT=20000 sa-difftest %s %t.sa.cl --kernel count --global 16384 --local 64 --arg buf:uint:1 --arg buf:uint:16384 --expect-error any 2>&1 | FileCheck %s
// CHECK: software run (coordinator mode) reported: SA_{{[A-Z_]+}}: kernel 'count'
// CHECK: PASS
__kernel void count(__global uint *c, __global uint *old) {
  old[get_global_id(0)] = atom_add(c, 1u);
}
