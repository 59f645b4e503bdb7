// After a device-side failure, every work-item leaves the kernel, whatever
// loop it is in, and the failure is reported. The chained hand-off of
// deferred_release.cl (group g waits for flags[g], then adds to
// flags[g + 1]), 64 groups of one work-item on two PoCL threads (the
// coordinator and one worker, which runs the groups in turn), with a spin
// limit of one poll: a request soon gives up, and every later atomic then
// returns at once, so group g's wait for flags[g] (which nothing will set
// now) could only end through the guard that the rewriter puts in its
// condition (docs/REWRITE.md, "Loops"). Without it the launch never ends
// (the `timeout` makes that a failure). Where the coordinator happens to
// answer every request before its first poll (a worker thread preempted
// after each request, on a loaded machine: one run in ten in CI), the run
// ends without a failure and is checked against the native one; at least
// one of five runs must fail, and be reported.
// REQUIRES: pocl
// RUN: softatomic-rewrite %S/deferred_release.cl -o %t.sa.cl
// RUN: grep -q "while (__sa_live(__sa_ctx) && ((seen = " %t.sa.cl
// RUN: env POCL_MAX_PTHREAD_COUNT=2 SOFTATOMIC_SPIN_LIMIT=1 timeout 120 sa-difftest %S/deferred_release.cl %t.sa.cl --mode coordinator --kernel chain --global 64 --local 1 --arg buf:uint:65 --arg buf:uint:64 --allow-error --repeat 5 2>&1 | FileCheck %s
// CHECK: software run (coordinator mode) reported (allowed): SA_{{[A-Z_]+}}: kernel 'chain'
// CHECK: PASS
