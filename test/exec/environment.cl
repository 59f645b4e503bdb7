// The host runtime's SOFTATOMIC_* variables (runtime/host/src/HostConfig.cpp)
// are parsed strictly: a malformed value refuses the launch of a rewritten
// kernel with SA_INVALID_ENVIRONMENT and a message naming the variable, its
// text and what it accepts, instead of launching with a value nobody asked
// for; well-formed values are used, and an empty one is unset.
// RUN: softatomic-rewrite %s -o %t.sa.cl
//
// Numbers: the whole text, decimal, in the variable's range.
// RUN: env SOFTATOMIC_MAX_GROUPS=abc not sa-difftest %s %t.sa.cl --mode coordinator --kernel count --global 256 --local 64 --arg buf:uint:1 --arg buf:uint:256 --check 1:perm=0 2>&1 | FileCheck %s --check-prefix=NAN
// NAN: sa-difftest: saEnqueueNDRangeKernel: SA_INVALID_ENVIRONMENT SA_INVALID_ENVIRONMENT: SOFTATOMIC_MAX_GROUPS='abc': not a whole number (accepted: 2 to 4294967295){{$}}
// NAN-NOT: PASS
// RUN: env SOFTATOMIC_SPIN_LIMIT=12x not sa-difftest %s %t.sa.cl --mode coordinator --kernel count --global 256 --local 64 --arg buf:uint:1 --arg buf:uint:256 --check 1:perm=0 2>&1 | FileCheck %s --check-prefix=TRAILING
// TRAILING: SA_INVALID_ENVIRONMENT: SOFTATOMIC_SPIN_LIMIT='12x': not a whole number (accepted: 0 to 4294967295){{$}}
// RUN: env SOFTATOMIC_COMBINE_MIN=-3 not sa-difftest %s %t.sa.cl --mode coordinator --kernel count --global 256 --local 64 --arg buf:uint:1 --arg buf:uint:256 --check 1:perm=0 2>&1 | FileCheck %s --check-prefix=NEGATIVE
// NEGATIVE: SA_INVALID_ENVIRONMENT: SOFTATOMIC_COMBINE_MIN='-3': not a whole number (accepted: 0 to 4294967295){{$}}
// RUN: env SOFTATOMIC_MAX_GROUPS=1 not sa-difftest %s %t.sa.cl --mode coordinator --kernel count --global 256 --local 64 --arg buf:uint:1 --arg buf:uint:256 --check 1:perm=0 2>&1 | FileCheck %s --check-prefix=BELOW
// BELOW: SA_INVALID_ENVIRONMENT: SOFTATOMIC_MAX_GROUPS='1': out of range (accepted: 2 to 4294967295){{$}}
// RUN: env SOFTATOMIC_STALL_LIMIT=4294967296 not sa-difftest %s %t.sa.cl --mode coordinator --kernel count --global 256 --local 64 --arg buf:uint:1 --arg buf:uint:256 --check 1:perm=0 2>&1 | FileCheck %s --check-prefix=ABOVE
// ABOVE: SA_INVALID_ENVIRONMENT: SOFTATOMIC_STALL_LIMIT='4294967296': out of range (accepted: 0 to 4294967295){{$}}
// RUN: env SOFTATOMIC_PROBE_BOUND=99999999999999999999999 not sa-difftest %s %t.sa.cl --mode coordinator --kernel count --global 256 --local 64 --arg buf:uint:1 --arg buf:uint:256 --check 1:perm=0 2>&1 | FileCheck %s --check-prefix=HUGE
// HUGE: SA_INVALID_ENVIRONMENT: SOFTATOMIC_PROBE_BOUND='99999999999999999999999': out of range (accepted: 2 to 4294967295){{$}}
//
// Names: one of the variable's list, which the message gives.
// RUN: env SOFTATOMIC_MODE=fast not sa-difftest %s %t.sa.cl --kernel count --global 256 --local 64 --arg buf:uint:1 --arg buf:uint:256 --check 1:perm=0 2>&1 | FileCheck %s --check-prefix=MODE
// MODE: SA_INVALID_ENVIRONMENT: SOFTATOMIC_MODE='fast': not one of coordinator, combine, direct, auto, profile, private{{$}}
// RUN: env SOFTATOMIC_VERBOSE=yes not sa-difftest %s %t.sa.cl --mode coordinator --kernel count --global 256 --local 64 --arg buf:uint:1 --arg buf:uint:256 --check 1:perm=0 2>&1 | FileCheck %s --check-prefix=FLAG
// FLAG: SA_INVALID_ENVIRONMENT: SOFTATOMIC_VERBOSE='yes': not one of 0, 1{{$}}
// RUN: env SOFTATOMIC_OCCUPANCY=most not sa-difftest %s %t.sa.cl --mode coordinator --kernel count --global 256 --local 64 --arg buf:uint:1 --arg buf:uint:256 --check 1:perm=0 2>&1 | FileCheck %s --check-prefix=OCCUPANCY
// OCCUPANCY: SA_INVALID_ENVIRONMENT: SOFTATOMIC_OCCUPANCY='most': not one of units, full{{$}}
//
// Well-formed values are what the launch uses: 2 groups, 1 a worker.
// RUN: env SOFTATOMIC_MAX_GROUPS=2 SOFTATOMIC_VERBOSE=1 SOFTATOMIC_SPIN_LIMIT=0 SOFTATOMIC_OCCUPANCY=units sa-difftest %s %t.sa.cl --mode coordinator --kernel count --global 256 --local 64 --arg buf:uint:1 --arg buf:uint:256 --check 1:perm=0 2>&1 | FileCheck %s --check-prefix=VALID
// VALID: softatomic: kernel 'count': 4 user groups of 64x1x1 on 1 coordinator + 1 worker groups
// VALID: PASS
// ... and an empty value is the default (here: quiet, the device's rule).
// RUN: env SOFTATOMIC_MAX_GROUPS= SOFTATOMIC_VERBOSE= sa-difftest %s %t.sa.cl --mode coordinator --kernel count --global 256 --local 64 --arg buf:uint:1 --arg buf:uint:256 --check 1:perm=0 2>&1 | FileCheck %s --check-prefix=EMPTY
// EMPTY-NOT: softatomic: kernel
// EMPTY: PASS
__kernel void count(__global uint *c, __global uint *old) {
  old[get_global_id(0)] = atom_inc(c);
}
