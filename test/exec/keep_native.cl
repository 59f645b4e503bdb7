// One program, rewritten with --keep-native-on-error: 'counted' is
// rewritten, 'kept' (it calls a kernel that uses the geometry, which the
// rewrite refuses) stays as written, and both share the helper 'bump', which 'kept' calls
// as written and 'counted' through its copy with the context. In the
// combining and automatic modes every global update is a native atomic,
// so the rewritten kernel and the kept one may meet on one buffer: both
// give the native results. The coordinator mode is refused for the
// rewritten kernel of such a partial program.
// RUN: softatomic-rewrite --keep-native-on-error %s -o %t.sa.cl 2>&1 | FileCheck %s --check-prefix=WARN
// WARN: warning: kernel 'kept' stays native (as written): kernel 'stamp' uses the work-group geometry and cannot be called from rewritten kernel 'kept'
// RUN: sa-difftest %s %t.sa.cl --mode combine --kernel counted --global 4096 --local 64 --arg buf:uint:2 --arg buf:uint:4096 --check 1:perm=0 --check 0:equal
// RUN: sa-difftest %s %t.sa.cl --mode auto --repeat 6 --kernel counted --global 4096 --local 64 --arg buf:uint:2 --arg buf:uint:4096 --check 1:perm=0 --check 0:equal
// RUN: sa-difftest %s %t.sa.cl --mode combine --expect-native --kernel kept --global 4096 --local 64 --arg buf:uint:2 --arg buf:uint:4096 --arg buf:float:1 --check 1:perm=0 --check 0:equal --check 2:equal
// RUN: sa-difftest %s %t.sa.cl --mode auto --repeat 3 --expect-native --kernel kept --global 4096 --local 64 --arg buf:uint:2 --arg buf:uint:4096 --arg buf:float:1 --check 1:perm=0 --check 0:equal --check 2:equal
// RUN: not sa-difftest %s %t.sa.cl --mode coordinator --kernel counted --global 4096 --local 64 --arg buf:uint:2 --arg buf:uint:4096 --check 1:perm=0 2>&1 | FileCheck %s --check-prefix=COORDINATOR
// COORDINATOR: sa-difftest: saEnqueueNDRangeKernel: SA_PARTIAL_PROGRAM SA_PARTIAL_PROGRAM: kernel 'counted' cannot run in the coordinator mode: its program was rewritten in part (--keep-native-on-error)
// COORDINATOR-NOT: PASS

uint bump(__global uint *c, uint v) { return atomic_add(c, v); }

__kernel void counted(__global uint *c, __global uint *old) {
  uint i = get_global_id(0);
  old[i] = bump(c, 1u);
  atomic_add(&c[1], i);
}

__kernel void stamp(__global float *f) { f[0] = (float)get_global_id(0) + 2.0f; }

__kernel void kept(__global uint *c, __global uint *old, __global float *f) {
  uint i = get_global_id(0);
  old[i] = bump(c, 1u);
  atomic_add(&c[1], i);
  if (i == 0)
    stamp(f);
}
