// Work-groups that wait for each other (Inputs/group_waits.cl): a global
// barrier (2 groups of 4) and the last group releasing the others (2
// groups of 1). Natively, on two PoCL threads, both groups run at once. In
// the coordinator mode the coordinator takes one of the two threads, so
// the groups run in turn on the one worker and the first waits for one
// that cannot start: the coordinator kept serving the waiter's polls, so
// neither the spin nor the idle limit fired, and the launch hung. Now the
// coordinator sees every running worker wait on targets that nothing
// changes and ends the launch with SA_NO_PROGRESS (SOFTATOMIC_STALL_LIMIT,
// default here; in about 1 run of 60 a waiter's request first counted more
// coordinator rounds than it may wait, SA_LOST_REQUEST). The combining
// mode (no coordinator) runs them, and so does the coordinator mode on
// three threads (a worker per group).
// REQUIRES: pocl
// RUN: softatomic-rewrite --combine-mode %S/Inputs/group_waits.cl -o %t.sa.cl
// RUN: env POCL_MAX_PTHREAD_COUNT=2 timeout 300 sa-difftest %S/Inputs/group_waits.cl %t.sa.cl --kernel gbar --global 8 --local 4 --arg buf:uint:1 --arg buf:uint:8 --allow-error 2>&1 | FileCheck %s --check-prefix=TWO -DK=gbar
// RUN: env POCL_MAX_PTHREAD_COUNT=2 timeout 300 sa-difftest %S/Inputs/group_waits.cl %t.sa.cl --kernel release --global 2 --local 1 --arg buf:uint:1 --arg buf:uint:2 --allow-error 2>&1 | FileCheck %s --check-prefix=TWO -DK=release
// TWO: software run (coordinator mode) reported (allowed): SA_{{NO_PROGRESS|LOST_REQUEST}}: kernel '[[K]]'
// TWO: combine: arg 1 uint[{{[0-9]+}}] equal ok
// TWO: PASS
// RUN: env POCL_MAX_PTHREAD_COUNT=3 timeout 300 sa-difftest %S/Inputs/group_waits.cl %t.sa.cl --kernel gbar --global 8 --local 4 --arg buf:uint:1 --arg buf:uint:8 2>&1 | FileCheck %s --check-prefix=THREE
// RUN: env POCL_MAX_PTHREAD_COUNT=3 timeout 300 sa-difftest %S/Inputs/group_waits.cl %t.sa.cl --kernel release --global 2 --local 1 --arg buf:uint:1 --arg buf:uint:2 2>&1 | FileCheck %s --check-prefix=THREE
// THREE: coordinator: arg 1 uint[{{[0-9]+}}] equal ok
// THREE: combine: arg 1 uint[{{[0-9]+}}] equal ok
// THREE: PASS
