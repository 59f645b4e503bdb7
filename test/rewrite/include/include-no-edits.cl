// A header whose content needs no edit (a macro, a helper without atomics
// or geometry) stays an #include line, although a rewritten kernel uses it.
// RUN: softatomic-rewrite %s -o %t.cl -- -I %S/Inputs
// RUN: %filecheck_kernel %s --match-full-lines --strict-whitespace --input-file %t.cl
// RUN: %clang_cl_check -cl-std=CL1.2 -I %S/Inputs %t.cl

#include "no-edits.h"

__kernel void k(__global uint *c) { atomic_add(c, square(BINS)); }

// CHECK:{{^}}#line 1 "{{.*}}include-no-edits.cl"
// CHECK:#include "{{.*}}no-edits.h"
// CHECK-EMPTY:
// CHECK-NEXT:#ifndef SA_WARP_PROGRAM
// CHECK-NEXT:#line {{[0-9]+}} "{{.*}}"
// CHECK-NEXT:__kernel void k(__global uint *c, __local uint *__sa_scratch, __global uint *__sa_state) { [[PROLOGUE]] __sa_defer_privately(__sa_ctx); __sa_private_target(__sa_ctx, 0, (__global void *)c); do { __sa_group_begin(__sa_ctx);{{( SA_VARYING_ARG\(__(global|local), [A-Za-z_0-9]+\);)*}} __sa_nr_atomic_add_uint(c, square(BINS), __sa_ctx);  [[EPILOGUE]] }
