// REQUIRES: pocl
// Reproducible float adds (--float-atomics=reproducible; docs/REWRITE.md,
// "Reproducible float adds"): a scatter-add of random floats of mixed
// signs and magnitudes (2^-40 .. 2^40, full mantissas) into 1, 256 and
// 2^20 targets, written as the compare-exchange loop that code without
// float atomics uses (recognised as one float add, in a helper), each
// target with a random first value. Every run must leave in the targets
// the correctly rounded sum of the first value and the operands that
// Inputs/repro_data.py computes exactly (check expect=): bit-identical
// whatever the order of the adds, on 1, 2 and 3 PoCL threads, at two
// work-group sizes, in every mode (coordinator, combining, automatic; a
// coordinator needs a second thread), 8 launches each: 128 runs per data
// set, all of them the same bits. The
// kernel as written (the reference run) sums in the order its atomics
// come, and is not compared.
//
// RUN: softatomic-rewrite --float-atomics=reproducible %s -o %t.sa.cl
// RUN: %sa_user_code %t.sa.cl | FileCheck %s --check-prefix=REWRITE
// REWRITE: __global float *out, uint n, __local uint *__sa_scratch, __global uint *__sa_state, __global ulong *__sa_repro) {{.*}} __sa_repro_begin(__sa_ctx, __sa_repro);
// REWRITE: (void)__sa_rp_atomic_add_float((volatile __global float *)(bits), (v), __sa_ctx);
// RUN: %python %S/Inputs/repro_data.py %t.one float 16384 1 1
// RUN: %python %S/Inputs/repro_data.py %t.few float 16384 256 2
// RUN: env POCL_MAX_PTHREAD_COUNT=1 sa-difftest %s %t.sa.cl --kernel scatter --global 16384 --local 64 --arg buf:float:16384:file=%t.one.vals --arg buf:uint:16384:file=%t.one.idx --arg buf:float:1:file=%t.one.init --arg scalar:uint:16384 --check 2:expect=%t.one.expect --repeat 8 --mode combine,auto
// RUN: env POCL_MAX_PTHREAD_COUNT=2 sa-difftest %s %t.sa.cl --kernel scatter --global 16384 --local 64 --arg buf:float:16384:file=%t.one.vals --arg buf:uint:16384:file=%t.one.idx --arg buf:float:1:file=%t.one.init --arg scalar:uint:16384 --check 2:expect=%t.one.expect --repeat 8 2>&1 | FileCheck %s
// RUN: env POCL_MAX_PTHREAD_COUNT=3 sa-difftest %s %t.sa.cl --kernel scatter --global 16384 --local 64 --arg buf:float:16384:file=%t.one.vals --arg buf:uint:16384:file=%t.one.idx --arg buf:float:1:file=%t.one.init --arg scalar:uint:16384 --check 2:expect=%t.one.expect --repeat 8
// RUN: env POCL_MAX_PTHREAD_COUNT=1 sa-difftest %s %t.sa.cl --kernel scatter --global 16384 --local 256 --arg buf:float:16384:file=%t.one.vals --arg buf:uint:16384:file=%t.one.idx --arg buf:float:1:file=%t.one.init --arg scalar:uint:16384 --check 2:expect=%t.one.expect --repeat 8 --mode combine,auto
// RUN: env POCL_MAX_PTHREAD_COUNT=2 sa-difftest %s %t.sa.cl --kernel scatter --global 16384 --local 256 --arg buf:float:16384:file=%t.one.vals --arg buf:uint:16384:file=%t.one.idx --arg buf:float:1:file=%t.one.init --arg scalar:uint:16384 --check 2:expect=%t.one.expect --repeat 8
// RUN: env POCL_MAX_PTHREAD_COUNT=3 sa-difftest %s %t.sa.cl --kernel scatter --global 16384 --local 256 --arg buf:float:16384:file=%t.one.vals --arg buf:uint:16384:file=%t.one.idx --arg buf:float:1:file=%t.one.init --arg scalar:uint:16384 --check 2:expect=%t.one.expect --repeat 8
// RUN: env POCL_MAX_PTHREAD_COUNT=1 sa-difftest %s %t.sa.cl --kernel scatter --global 16384 --local 64 --arg buf:float:16384:file=%t.few.vals --arg buf:uint:16384:file=%t.few.idx --arg buf:float:256:file=%t.few.init --arg scalar:uint:16384 --check 2:expect=%t.few.expect --repeat 8 --mode combine,auto
// RUN: env POCL_MAX_PTHREAD_COUNT=2 sa-difftest %s %t.sa.cl --kernel scatter --global 16384 --local 64 --arg buf:float:16384:file=%t.few.vals --arg buf:uint:16384:file=%t.few.idx --arg buf:float:256:file=%t.few.init --arg scalar:uint:16384 --check 2:expect=%t.few.expect --repeat 8
// RUN: env POCL_MAX_PTHREAD_COUNT=3 sa-difftest %s %t.sa.cl --kernel scatter --global 16384 --local 64 --arg buf:float:16384:file=%t.few.vals --arg buf:uint:16384:file=%t.few.idx --arg buf:float:256:file=%t.few.init --arg scalar:uint:16384 --check 2:expect=%t.few.expect --repeat 8
// RUN: env POCL_MAX_PTHREAD_COUNT=1 sa-difftest %s %t.sa.cl --kernel scatter --global 16384 --local 256 --arg buf:float:16384:file=%t.few.vals --arg buf:uint:16384:file=%t.few.idx --arg buf:float:256:file=%t.few.init --arg scalar:uint:16384 --check 2:expect=%t.few.expect --repeat 8 --mode combine,auto
// RUN: env POCL_MAX_PTHREAD_COUNT=2 sa-difftest %s %t.sa.cl --kernel scatter --global 16384 --local 256 --arg buf:float:16384:file=%t.few.vals --arg buf:uint:16384:file=%t.few.idx --arg buf:float:256:file=%t.few.init --arg scalar:uint:16384 --check 2:expect=%t.few.expect --repeat 8
// RUN: env POCL_MAX_PTHREAD_COUNT=3 sa-difftest %s %t.sa.cl --kernel scatter --global 16384 --local 256 --arg buf:float:16384:file=%t.few.vals --arg buf:uint:16384:file=%t.few.idx --arg buf:float:256:file=%t.few.init --arg scalar:uint:16384 --check 2:expect=%t.few.expect --repeat 8
// CHECK: coordinator: arg 2 float[1] expect={{.*}} ok
// CHECK: combine: arg 2 float[1] expect={{.*}} ok
// CHECK: auto: arg 2 float[1] expect={{.*}} ok
// CHECK: PASS
//
// 2^20 targets (each with about one add, and the finish's 2^20 roundings),
// twice in the combining mode and once through the coordinator, at two
// thread counts.
// RUN: %python %S/Inputs/repro_data.py %t.many float 1048576 1048576 3
// RUN: env POCL_MAX_PTHREAD_COUNT=2 sa-difftest %s %t.sa.cl --kernel scatter --global 1048576 --local 256 --arg buf:float:1048576:file=%t.many.vals --arg buf:uint:1048576:file=%t.many.idx --arg buf:float:1048576:file=%t.many.init --arg scalar:uint:1048576 --check 2:expect=%t.many.expect --repeat 2 --mode combine
// RUN: env POCL_MAX_PTHREAD_COUNT=3 sa-difftest %s %t.sa.cl --kernel scatter --global 1048576 --local 64 --arg buf:float:1048576:file=%t.many.vals --arg buf:uint:1048576:file=%t.many.idx --arg buf:float:1048576:file=%t.many.init --arg scalar:uint:1048576 --check 2:expect=%t.many.expect --mode coordinator
//
// The edge cases (Inputs/repro_data.py, TYPE-special): a NaN among the
// operands, +inf, +inf with -inf, subnormals alone (exact), a sum past
// the largest float (inf), operands that cancel on -0.0 (+0.0), -0.0
// alone on -0.0 (-0.0), +0.0 on -0.0 (+0.0); a NaN is the canonical one.
// RUN: %python %S/Inputs/repro_data.py %t.special float-special 4096 8 7
// RUN: env POCL_MAX_PTHREAD_COUNT=2 sa-difftest %s %t.sa.cl --kernel scatter --global 4096 --local 64 --arg buf:float:4096:file=%t.special.vals --arg buf:uint:4096:file=%t.special.idx --arg buf:float:8:file=%t.special.init --arg scalar:uint:4096 --check 0:ignore --check 2:expect=%t.special.expect --repeat 2
//
// Work-items past n return early: 16000 adds in a launch of 16384.
// RUN: %python %S/Inputs/repro_data.py %t.part float 16000 256 9
// RUN: env POCL_MAX_PTHREAD_COUNT=2 sa-difftest %s %t.sa.cl --kernel scatter --global 16384 --local 128 --arg buf:float:16000:file=%t.part.vals --arg buf:uint:16000:file=%t.part.idx --arg buf:float:256:file=%t.part.init --arg scalar:uint:16000 --check 2:expect=%t.part.expect --repeat 2
//
// A kernel of the same file without float adds (its end passes the
// reproducible part's barriers, counting nothing): its integer counts
// are exact in every mode.
// RUN: env POCL_MAX_PTHREAD_COUNT=2 sa-difftest %s %t.sa.cl --kernel count --global 4096 --local 64 --arg buf:uint:16
//
// More targets than the accumulators hold: the launch fails with
// SA_REPRO_CAPACITY, never a wrong sum.
// RUN: env SOFTATOMIC_REPRO_SLOTS=64 sa-difftest %s %t.sa.cl --kernel scatter --global 16384 --local 64 --arg buf:float:16384:file=%t.few.vals --arg buf:uint:16384:file=%t.few.idx --arg buf:float:256:file=%t.few.init --arg scalar:uint:16384 --expect-error SA_REPRO_CAPACITY --mode combine 2>&1 | FileCheck %s --check-prefix=FULL
// FULL: SA_REPRO_CAPACITY
// FULL: PASS

// The loop on the bits, in a helper (docs/REWRITE.md, "Float adds written
// as compare-exchange loops").
void add_bits(volatile __global uint *bits, float v) {
  uint old, next;
  do {
    old = *bits;
    next = as_uint(as_float(old) + v);
  } while (atomic_cmpxchg(bits, old, next) != old);
}

__kernel void scatter(__global const float *vals, __global const uint *idx,
                      __global float *out, uint n) {
  uint i = (uint)get_global_id(0);
  if (i >= n) // an early return: its group still counts in at the end
    return;
  add_bits((volatile __global uint *)&out[idx[i]], vals[i]);
}

__kernel void count(__global uint *c) {
  if (get_global_id(0) % 3u == 0u)
    return;
  atomic_inc(&c[get_global_id(0) % 16u]);
}
