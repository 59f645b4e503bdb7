// chained_scan.cl's kernel on one and three PoCL threads. On one, the
// coordinator mode needs a second thread beside its coordinator: it is
// refused, and says so; the combining and automatic modes run. On three
// (this machine's two cores), the coordinator mode's hand-offs between
// them take a scheduler tick each (seconds a launch): it runs a shorter
// chain once.
// REQUIRES: pocl
// RUN: softatomic-rewrite --combine-mode %S/chained_scan.cl -o %t.sa.cl
// RUN: env POCL_MAX_PTHREAD_COUNT=1 timeout 300 sa-difftest %S/chained_scan.cl %t.sa.cl --kernel chained_scan --global 65536 --local 64 --arg buf:uint:65536:random=1,100 --arg buf:uint:1024 --arg buf:uint:1024 --arg buf:uint:65536 --arg buf:uint:1 --repeat 4 --allow-error 2>&1 | FileCheck %s --check-prefix=ONE
// ONE: software run (coordinator mode) reported (allowed): SA_DEVICE_NOT_SUPPORTED
// ONE: combine: arg 3 uint[65536] equal ok
// ONE: auto: arg 3 uint[65536] equal ok
// ONE: PASS
// RUN: env POCL_MAX_PTHREAD_COUNT=3 timeout 300 sa-difftest %S/chained_scan.cl %t.sa.cl --kernel chained_scan --global 65536 --local 64 --arg buf:uint:65536:random=3,100 --arg buf:uint:1024 --arg buf:uint:1024 --arg buf:uint:65536 --arg buf:uint:1 --repeat 4 --mode combine 2>&1 | FileCheck %s --check-prefix=COMBINE
// COMBINE: combine: arg 3 uint[65536] equal ok
// COMBINE: PASS
// RUN: env POCL_MAX_PTHREAD_COUNT=3 timeout 300 sa-difftest %S/chained_scan.cl %t.sa.cl --kernel chained_scan --global 65536 --local 64 --arg buf:uint:65536:random=3,100 --arg buf:uint:1024 --arg buf:uint:1024 --arg buf:uint:65536 --arg buf:uint:1 --repeat 4 --mode auto 2>&1 | FileCheck %s --check-prefix=AUTO
// AUTO: auto: arg 3 uint[65536] equal ok
// AUTO: PASS
// RUN: env POCL_MAX_PTHREAD_COUNT=3 timeout 300 sa-difftest %S/chained_scan.cl %t.sa.cl --kernel chained_scan --global 4096 --local 64 --arg buf:uint:4096:random=3,100 --arg buf:uint:64 --arg buf:uint:64 --arg buf:uint:4096 --arg buf:uint:1 --mode coordinator 2>&1 | FileCheck %s --check-prefix=COORDINATOR
// COORDINATOR: coordinator: arg 3 uint[4096] equal ok
// COORDINATOR: PASS
