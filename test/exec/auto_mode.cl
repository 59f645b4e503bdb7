// The automatic mode (SOFTATOMIC_MODE=auto, saSetMode(SA_MODE_AUTO)) times
// the first launches of a kernel at an NDRange in the kernel as written
// and in the combining mode, alternating, then keeps the faster. Every
// launch's results must equal the native ones while it switches (the
// runs below are each compared), the first launches must have run both
// ways, and SOFTATOMIC_VERBOSE must say what it chose and why.
// RUN: softatomic-rewrite --combine-mode %s -o %t.sa.cl
// RUN: env SOFTATOMIC_VERBOSE=1 sa-difftest %s %t.sa.cl --mode auto --repeat 8 --kernel histogram --global 4096 --local 64 --arg buf:uint:16 --arg buf:uint:4096:random=7,64 --arg buf:uint:4096 --check 2:multiset 2>&1 | FileCheck %s --check-prefix=CHOSE
// CHOSE: kernel 'histogram': as written (direct mode)
// CHOSE: kernel 'histogram': {{.*}} combining mode)
// CHOSE: kernel 'histogram': auto mode runs it {{as written|combining}} (median {{[0-9.]+}} ms as written, {{[0-9.]+}} ms combining, over the last 3 launches of each)
// CHOSE: PASS
//
// Without the combining mode compiled in (it is by default), there is
// nothing to compare: every launch runs as written, and the mode says so
// once.
// RUN: softatomic-rewrite --combine-mode=false %s -o %t.plain.sa.cl
// RUN: env SOFTATOMIC_VERBOSE=1 sa-difftest %s %t.plain.sa.cl --mode auto --repeat 3 --kernel histogram --global 4096 --local 64 --arg buf:uint:16 --arg buf:uint:4096:random=7,64 --arg buf:uint:4096 --check 2:multiset 2>&1 | FileCheck %s --check-prefix=PLAIN
// PLAIN: kernel 'histogram': auto mode runs it as written (rewritten with --combine-mode=false, so it cannot be timed against the combining mode)
// PLAIN-NOT: auto mode runs it
// PLAIN-NOT: combining mode)
// PLAIN: PASS

// A histogram whose returned values are kept: each work-item's slot.
kernel void histogram(global uint *bins, global const uint *keys,
                      global uint *slots) {
  uint i = get_global_id(0);
  slots[i] = atomic_inc(&bins[keys[i] % 16]);
}
