// REQUIRES: pocl
// Reproducible float adds (--float-atomics=reproducible) in the shapes of
// cl_ext_float_atomics: a relaxed atomic_fetch_add_explicit on
// atomic_float, an atomic_fetch_sub_explicit with a scope (of the
// negated operands), an implicit (seq_cst) atomic_fetch_add, and a double
// atomic_fetch_add_explicit on atomic_double. Each is a scatter-add of
// random operands of mixed signs and magnitudes (2^-40 .. 2^40) into 256
// targets; every run, in every mode and at both group sizes, must leave
// the correctly rounded sums that Inputs/repro_data.py computes exactly.
// The reference runs are the same kernels as compare-exchange loops
// (Inputs/float_reproducible_cas.cl): PoCL 3.1 has no float atomics.
//
// RUN: softatomic-rewrite --float-atomics=reproducible %s -o %t.sa.cl -- -cl-std=CL3.0
// RUN: %sa_user_code %t.sa.cl | FileCheck %s --check-prefix=REWRITE
// REWRITE: __sa_rp_atomic_fetch_add_explicit_float(&out[idx[i]], vals[i], memory_order_relaxed, __sa_ctx);
// REWRITE: __sa_rp_atomic_fetch_sub_explicit_scope_float(&out[idx[i]], -vals[i], memory_order_relaxed, memory_scope_device, __sa_ctx);
// REWRITE: __sa_rp_atomic_fetch_add_float(&out[idx[i]], vals[i], __sa_ctx);
// REWRITE: __sa_rp_atomic_fetch_add_explicit_double(&out[idx[i]], vals[i], memory_order_relaxed, __sa_ctx);
// RUN: %python %S/Inputs/repro_data.py %t.f float 8192 256 4
// RUN: %python %S/Inputs/repro_data.py %t.d double 8192 256 5
// RUN: sa-difftest %S/Inputs/float_reproducible_cas.cl %t.sa.cl --build-options -cl-std=CL3.0 --kernel fetch_add --global 8192 --local 64 --arg buf:float:8192:file=%t.f.vals --arg buf:uint:8192:file=%t.f.idx --arg buf:float:256:file=%t.f.init --check 2:expect=%t.f.expect --repeat 4 2>&1 | FileCheck %s
// RUN: sa-difftest %S/Inputs/float_reproducible_cas.cl %t.sa.cl --build-options -cl-std=CL3.0 --kernel fetch_add --global 8192 --local 128 --arg buf:float:8192:file=%t.f.vals --arg buf:uint:8192:file=%t.f.idx --arg buf:float:256:file=%t.f.init --check 2:expect=%t.f.expect --repeat 4
// RUN: sa-difftest %S/Inputs/float_reproducible_cas.cl %t.sa.cl --build-options -cl-std=CL3.0 --kernel fetch_sub --global 8192 --local 64 --arg buf:float:8192:file=%t.f.vals --arg buf:uint:8192:file=%t.f.idx --arg buf:float:256:file=%t.f.init --check 2:expect=%t.f.expect --repeat 4
// RUN: sa-difftest %S/Inputs/float_reproducible_cas.cl %t.sa.cl --build-options -cl-std=CL3.0 --kernel seq_cst --global 8192 --local 64 --arg buf:float:8192:file=%t.f.vals --arg buf:uint:8192:file=%t.f.idx --arg buf:float:256:file=%t.f.init --check 2:expect=%t.f.expect --repeat 4
// RUN: sa-difftest %S/Inputs/float_reproducible_cas.cl %t.sa.cl --build-options -cl-std=CL3.0 --kernel dadd --global 8192 --local 64 --arg buf:double:8192:file=%t.d.vals --arg buf:uint:8192:file=%t.d.idx --arg buf:double:256:file=%t.d.init --check 2:expect=%t.d.expect --repeat 4 2>&1 | FileCheck %s --check-prefix=DOUBLE
// CHECK: coordinator: arg 2 float[256] expect={{.*}} ok
// CHECK: combine: arg 2 float[256] expect={{.*}} ok
// CHECK: auto: arg 2 float[256] expect={{.*}} ok
// CHECK: PASS
// DOUBLE: coordinator: arg 2 double[256] expect={{.*}} ok
// DOUBLE: combine: arg 2 double[256] expect={{.*}} ok
// DOUBLE: PASS
//
// A double whose bits reach past 2^288 (1e100): the launch fails with
// SA_REPRO_RANGE, in every mode, rather than give a sum it cannot make.
// RUN: sa-difftest %S/Inputs/float_reproducible_cas.cl %t.sa.cl --build-options -cl-std=CL3.0 --kernel dadd --global 1024 --local 64 --arg buf:double:1024:fill=1e100 --arg buf:uint:1024 --arg buf:double:4 --expect-error SA_REPRO_RANGE --mode combine,coordinator 2>&1 | FileCheck %s --check-prefix=RANGE
// RANGE: SA_REPRO_RANGE
// RANGE: PASS

__kernel void fetch_add(__global const float *vals, __global const uint *idx,
                        __global atomic_float *out) {
  uint i = (uint)get_global_id(0);
  atomic_fetch_add_explicit(&out[idx[i]], vals[i], memory_order_relaxed);
}

__kernel void fetch_sub(__global const float *vals, __global const uint *idx,
                        __global atomic_float *out) {
  uint i = (uint)get_global_id(0);
  atomic_fetch_sub_explicit(&out[idx[i]], -vals[i], memory_order_relaxed,
                            memory_scope_device);
}

__kernel void seq_cst(__global const float *vals, __global const uint *idx,
                      __global atomic_float *out) {
  uint i = (uint)get_global_id(0);
  atomic_fetch_add(&out[idx[i]], vals[i]);
}

__kernel void dadd(__global const double *vals, __global const uint *idx,
                   __global atomic_double *out) {
  uint i = (uint)get_global_id(0);
  atomic_fetch_add_explicit(&out[idx[i]], vals[i], memory_order_relaxed);
}
