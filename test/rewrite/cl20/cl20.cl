// OpenCL C 2.0 input (-cl-std=CL2.0 after --): program-scope __global
// variables, get_global_linear_id and generic-pointer helpers without
// atomics all survive, and the output compiles as OpenCL C 2.0.
// RUN: softatomic-rewrite %s -o %t.cl --manifest %t.json -- -cl-std=CL2.0
// RUN: %filecheck_kernel %s --match-full-lines --strict-whitespace --input-file %t.cl
// RUN: FileCheck %s --check-prefix=JSON --input-file %t.json
// RUN: %clang_cl_check -cl-std=CL2.0 %t.cl

__global uint total;

int first(const int *p) { return p[0]; }

__kernel void k(__global uint *out, __global const int *in) {
  atomic_add(&total, (uint)first(in));
  out[get_global_linear_id()] = atom_inc(&out[0]);
}

// CHECK:__global uint total;
// CHECK-EMPTY:
// CHECK-NEXT:int first(const int *p) { return p[0]; }
// CHECK-EMPTY:
// CHECK-NEXT:#ifndef SA_WARP_PROGRAM
// CHECK-NEXT:#line {{[0-9]+}} "{{.*}}"
// CHECK-NEXT:__kernel void k(__global uint *out, __global const int *in, __local uint *__sa_scratch, __global uint *__sa_state) { [[PROLOGUE]] do { __sa_group_begin(__sa_ctx);{{( SA_VARYING_ARG\(__(global|local), [A-Za-z_0-9]+\);)*}}
// CHECK-NEXT:  __sa_wg_atomic_add_uint(&total, (uint)first(in), __sa_ctx);
// CHECK-NEXT:  out[__sa_get_global_linear_id(__sa_ctx)] = __sa_wg_atomic_inc_uint(&out[0], __sa_ctx);
// CHECK-NEXT: [[EPILOGUE]] }

// JSON: "cl_std": "CL2.0",
