// A call spelled in a macro argument is edited where the argument is
// written, nested arguments too; an argument expanded twice is edited once.
// RUN: softatomic-rewrite %s -o %t.cl
// RUN: %filecheck_kernel %s --match-full-lines --strict-whitespace --input-file %t.cl
// RUN: %clang_cl_check -cl-std=CL1.2 %t.cl

#define STORE(dst, v) ((dst) = (v))
#define TWICE(x) x; x
#define ID(x) x
__kernel void k(__global int *c, __global int *out) {
  STORE(out[0], atom_add(c, 1));
  TWICE(atom_inc(c));
  ID(ID(out[1] = (int)get_global_id(0)));
}

// CHECK:__kernel void k(__global int *c, __global int *out, __local uint *__sa_scratch, __global uint *__sa_state) { [[PROLOGUE]] do { __sa_group_begin(__sa_ctx);{{( SA_VARYING_ARG\(__(global|local), [A-Za-z_0-9]+\);)*}}
// CHECK-NEXT:  STORE(out[0], __sa_wg_atomic_add_int(c, 1, __sa_ctx));
// CHECK-NEXT:  TWICE(__sa_wg_atomic_inc_int(c, __sa_ctx));
// CHECK-NEXT:  ID(ID(out[1] = (int)__sa_get_global_id(0, __sa_ctx)));
// CHECK-NEXT: [[EPILOGUE]] }
