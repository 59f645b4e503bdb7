// REQUIRES: pocl
// Float and double add, sub, min and max (cl_ext_float_atomics on
// atomic_float and atomic_double), each result used: one request per
// call, which the coordinator applies, and the combining mode and the
// kernel as written apply with the device's float instruction where it
// has one (docs/REWRITE.md, "Floats"), else with a compare-exchange loop.
// PoCL 3.1 has no cl_ext_float_atomics, so there every run is the loop;
// -DSA_FLOAT_CAS_ONLY keeps the loop where the instructions exist (the
// GPU runs compare the two). The reference is the same kernels written as
// compare-exchange loops (Inputs/float_native_cas.cl). Operands are
// integer-valued or halves, so sums are exact in any order: the targets
// must be bit-identical (sub: -(0+1+2+3+4)*204 - (0+1+2+3) at 1024; min
// -300.5; max 697.5), and the old values of the adds of 1 to each of two
// targets are 0 .. N/2-1 in some order. (PoCL only, as float_sums.cl: NVIDIA's
// OpenCL C defines none of 3.0's atomic feature macros, without which the
// runtime has no atomic_double functions; built there with
// -D__opencl_c_atomic_order_acq_rel=1 -D__opencl_c_atomic_scope_device=1
// it may.)
// RUN: softatomic-rewrite --combine-mode %s -o %t.sa.cl -- -cl-std=CL3.0
// RUN: sa-difftest %S/Inputs/float_native_cas.cl %t.sa.cl --build-options -cl-std=CL3.0 --kernel floats --global 1024 --local 64 --arg buf:float:5 --arg buf:float:1024 --arg buf:float:1024 --check 0:equal --check 1:multiset --check 2:ignore 2>&1 | FileCheck %s
// RUN: sa-difftest %S/Inputs/float_native_cas.cl %t.sa.cl --build-options -cl-std=CL3.0 --kernel doubles --global 1024 --local 64 --arg buf:double:5 --arg buf:double:1024 --arg buf:double:1024 --check 0:equal --check 1:multiset --check 2:ignore 2>&1 | FileCheck %s
// RUN: sa-difftest %S/Inputs/float_native_cas.cl %t.sa.cl --build-options "-cl-std=CL3.0 -DSA_FLOAT_CAS_ONLY" --kernel floats --global 512 --local 64 --arg buf:float:5 --arg buf:float:512 --arg buf:float:512 --check 0:equal --check 1:multiset --check 2:ignore
// RUN: sa-difftest %S/Inputs/float_native_cas.cl %t.sa.cl --build-options "-cl-std=CL3.0 -DSA_FLOAT_CAS_ONLY" --kernel doubles --global 512 --local 64 --arg buf:double:5 --arg buf:double:512 --arg buf:double:512 --check 0:equal --check 1:multiset --check 2:ignore
// CHECK: coordinator: arg 0 {{float|double}}[5] equal ok
// CHECK: combine: arg 0 {{float|double}}[5] equal ok
// CHECK: auto: arg 0 {{float|double}}[5] equal ok
// CHECK: PASS
//
// Double adds of 1 to one target and to 64 (results unused; never
// deferred, being 64-bit): the contention the GPU runs measure.
// RUN: sa-difftest %S/Inputs/float_native_cas.cl %t.sa.cl --build-options -cl-std=CL3.0 --kernel dadd_hot --global 1024 --local 64 --arg buf:double:64 --arg scalar:uint:64 --check 0:equal
// RUN: sa-difftest %S/Inputs/float_native_cas.cl %t.sa.cl --build-options -cl-std=CL3.0 --kernel dadd_hot --global 1024 --local 64 --arg buf:double:1 --arg scalar:uint:1 --check 0:equal

__kernel void floats(__global atomic_float *f, __global float *old,
                     __global float *seen) {
  uint gid = (uint)get_global_id(0);
  old[gid] =
      atomic_fetch_add_explicit(&f[gid % 2u], 1.0f, memory_order_relaxed);
  seen[gid] =
      atomic_fetch_sub_explicit(&f[2], (float)(gid % 5u),
                                memory_order_relaxed) +
      atomic_fetch_min_explicit(&f[3], (float)(gid % 1000u) - 300.5f,
                                memory_order_relaxed) +
      atomic_fetch_max_explicit(&f[4], (float)(gid % 999u) - 300.5f,
                                memory_order_relaxed, memory_scope_device);
}

__kernel void doubles(__global atomic_double *d, __global double *old,
                      __global double *seen) {
  uint gid = (uint)get_global_id(0);
  old[gid] = atomic_fetch_add_explicit(&d[gid % 2u], 1.0, memory_order_relaxed);
  seen[gid] =
      atomic_fetch_sub_explicit(&d[2], (double)(gid % 5u),
                                memory_order_relaxed) +
      atomic_fetch_min_explicit(&d[3], (double)(gid % 1000u) - 300.5,
                                memory_order_relaxed) +
      atomic_fetch_max_explicit(&d[4], (double)(gid % 999u) - 300.5,
                                memory_order_relaxed, memory_scope_device);
}

__kernel void dadd_hot(__global atomic_double *bins, uint nbins) {
  atomic_fetch_add_explicit(&bins[get_global_id(0) % nbins], 1.0,
                            memory_order_relaxed);
}
