// REQUIRES: pocl
// cl_ext_float_atomics' float add, sub, min and max on atomic_float, run
// rewritten against the same kernels written as compare-exchange loops
// (Inputs/float_sums_cas.cl): PoCL 3.1 has no cl_ext_float_atomics, so
// the original cannot build, and the runtime makes the float operations
// itself (the coordinator, or a compare-exchange loop on the bits in the
// combining mode and the kernel as written).
//
// sums: relaxed and unused, so deferred (summed in the worker, then one
// request per address): integer-valued operands, whose float sums are
// exact in any order, so the results must be bit-identical.
// RUN: softatomic-rewrite %s -o %t.sa.cl -- -cl-std=CL3.0
// RUN: %sa_user_code %t.sa.cl | FileCheck %s --check-prefix=ALLOW
// ALLOW: {{^  }}__sa_nr_atomic_fetch_add_explicit_float(&f[gid % 4u], v, memory_order_relaxed, __sa_ctx);
// RUN: sa-difftest %S/Inputs/float_sums_cas.cl %t.sa.cl --build-options -cl-std=CL3.0 --kernel sums --global 4096 --local 64 --arg buf:float:7 --check 0:equal
// RUN: sa-difftest %S/Inputs/float_sums_cas.cl %t.sa.cl --build-options -cl-std=CL3.0 --kernel sums --global 4096 --local 64 --arg buf:float:7 --check 0:equal --warp-program
//
// doubles: add and max on atomic_double, 64-bit requests (never deferred),
// compared as the bits in ulong buffers (0 is 0.0).
// RUN: sa-difftest %S/Inputs/float_sums_cas.cl %t.sa.cl --build-options -cl-std=CL3.0 --kernel doubles --global 1024 --local 64 --arg buf:ulong:4 --check 0:equal
//
// ordered: seq_cst adds of 1 whose old values are used: one request each;
// the old values of each counter are 0 .. N/2-1 in some order. (Its
// seq_cst adds would keep the file's relaxed ones from being deferred: it
// is rewritten on its own, with -DORDERED.)
// RUN: softatomic-rewrite %s -o %t.ord.sa.cl -- -cl-std=CL3.0 -DORDERED
// RUN: %sa_user_code %t.ord.sa.cl | FileCheck %s --check-prefix=ORDERED
// ORDERED: {{^  }}old[gid] = __sa_atomic_fetch_add_float(&f[gid % 2u], 1.0f, __sa_ctx);
// RUN: sa-difftest %S/Inputs/float_sums_cas.cl %t.ord.sa.cl --build-options '-cl-std=CL3.0 -DORDERED' --kernel ordered --global 2048 --local 64 --arg buf:float:2 --arg buf:float:2048 --check 0:equal --check 1:multiset
//
// sequence: one work-item adds 1.0f ten times to 2^24, where a float has
// no room for +1: in the program's order each add rounds back to 2^24;
// summed first (the deferred form's private fold), 10 is added at once
// and the result is 2^24 + 10. --float-reassociation=keep-order gives the
// program's order bit for bit in every mode; allow does not.
// RUN: softatomic-rewrite --float-reassociation=keep-order %s -o %t.keep.sa.cl -- -cl-std=CL3.0
// RUN: %sa_user_code %t.keep.sa.cl | FileCheck %s --check-prefix=KEEP
// KEEP: {{^  }}__sa_atomic_fetch_add_explicit_float(&f[gid % 4u], v, memory_order_relaxed, __sa_ctx);
// KEEP: {{^    }}__sa_atomic_fetch_add_explicit_float(f, 1.0f, memory_order_relaxed, __sa_ctx);
// RUN: sa-difftest %S/Inputs/float_sums_cas.cl %t.keep.sa.cl --build-options -cl-std=CL3.0 --kernel sequence --global 1 --local 1 --arg buf:float:1:fill=16777216 --check 0:equal
// RUN: sa-difftest %S/Inputs/float_sums_cas.cl %t.keep.sa.cl --build-options -cl-std=CL3.0 --kernel sums --global 4096 --local 64 --arg buf:float:7 --check 0:equal
// RUN: not sa-difftest %S/Inputs/float_sums_cas.cl %t.sa.cl --build-options -cl-std=CL3.0 --kernel sequence --global 1 --local 1 --arg buf:float:1:fill=16777216 --mode coordinator --check 0:equal

__kernel void sums(__global atomic_float *f) {
  uint gid = (uint)get_global_id(0);
  float v = (float)(gid % 7u);
  atomic_fetch_add_explicit(&f[gid % 4u], v, memory_order_relaxed);
  atomic_fetch_sub_explicit(&f[4], v, memory_order_relaxed);
  atomic_fetch_min_explicit(&f[5], (float)(gid % 1000u) - 300.0f,
                            memory_order_relaxed);
  atomic_fetch_max_explicit(&f[6], (float)(gid % 999u) - 300.0f,
                            memory_order_relaxed, memory_scope_device);
}

__kernel void doubles(__global atomic_double *d) {
  uint gid = (uint)get_global_id(0);
  atomic_fetch_add_explicit(&d[gid % 3u], (double)(gid % 5u),
                            memory_order_relaxed);
  atomic_fetch_max_explicit(&d[3], (double)(gid % 1000u) - 300.0,
                            memory_order_relaxed);
}

__kernel void sequence(__global atomic_float *f) {
  for (int i = 0; i < 10; ++i)
    atomic_fetch_add_explicit(f, 1.0f, memory_order_relaxed);
}

#ifdef ORDERED
__kernel void ordered(__global atomic_float *f, __global float *old) {
  uint gid = (uint)get_global_id(0);
  old[gid] = atomic_fetch_add(&f[gid % 2u], 1.0f);
}
#endif
