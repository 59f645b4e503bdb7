// A helper with an OpenCL 2.0 atomic_store (which alone does not make a
// kernel rewritten) shared by a rewritten kernel and a kernel left alone:
// the kernel left alone keeps the native store, the rewritten kernel calls
// the copy with the software store.
// RUN: softatomic-rewrite %s -o %t.cl -- -cl-std=CL2.0
// RUN: %filecheck_kernel %s --match-full-lines --strict-whitespace --input-file %t.cl
// RUN: %clang_cl_check -cl-std=CL2.0 %t.cl

void publish(volatile __global atomic_uint *flag, uint v) { atomic_store(flag, v); }

__kernel void counter(volatile __global atomic_uint *c) {
  atomic_fetch_add(&c[0], 1u);
  publish(&c[1], 2u);
}

__kernel void setter(volatile __global atomic_uint *flag) { publish(flag, 7u); }

// CHECK:{{^}}#line 1 "{{.*}}helper-clone-cl20.cl"
// CHECK:void publish(volatile __global atomic_uint *flag, uint v) { atomic_store(flag, v); }
// CHECK-NEXT:#line 9 "{{.*}}helper-clone-cl20.cl"
// CHECK-NEXT:void __sa_fn_publish(volatile __global atomic_uint *flag, uint v, __sa_ctx_t *__sa_ctx) { __sa_atomic_store_uint(flag, v, __sa_ctx); }
// CHECK-NEXT:#line 10 "{{.*}}helper-clone-cl20.cl"
// CHECK-EMPTY:
// CHECK-NEXT:#ifndef SA_WARP_PROGRAM
// CHECK-NEXT:#line {{[0-9]+}} "{{.*}}"
// CHECK-NEXT:__kernel void counter(volatile __global atomic_uint *c, __local uint *__sa_scratch, __global uint *__sa_state) { [[PROLOGUE]] do { __sa_group_begin(__sa_ctx);{{( SA_VARYING_ARG\(__(global|local), [A-Za-z_0-9]+\);)*}}
// CHECK-NEXT:  __sa_atomic_fetch_add_uint(&c[0], 1u, __sa_ctx);
// CHECK-NEXT:  __sa_fn_publish(&c[1], 2u, __sa_ctx);
// CHECK-NEXT: [[EPILOGUE]] }
// CHECK-NEXT:#else /* SA_WARP_PROGRAM */
// CHECK:#endif /* SA_WARP_PROGRAM */
// CHECK-NEXT:#line {{[0-9]+}} "{{.*}}"
// CHECK-EMPTY:
// CHECK-NEXT:__kernel void setter(volatile __global atomic_uint *flag) { publish(flag, 7u); }
