// An #include inside a function body, and one inside an active
// conditional block, are replaced where they stand; one in an inactive
// block stays (it is never read).
// RUN: softatomic-rewrite %s -o %t.cl -- -I %S/Inputs
// RUN: %filecheck_kernel %s --match-full-lines --strict-whitespace --input-file %t.cl
// RUN: %clang_cl_check -cl-std=CL1.2 %t.cl

__kernel void k(__global int *c) {
#include "body-atomic.inc"
}

#if 1
#include "geometry-helper.h"
#else
#include "no-such-header.h"
#endif

__kernel void k2(__global int *c) { atomic_inc(&c[my_global_id()]); }

// CHECK:{{^}}#line 1 "{{.*}}include-in-body.cl"
// CHECK:__kernel void k(__global int *c, __local uint *__sa_scratch, __global uint *__sa_state) { [[PROLOGUE]] __sa_defer_privately(__sa_ctx); __sa_private_target(__sa_ctx, 0, (__global void *)c); do { __sa_group_begin(__sa_ctx);{{( SA_VARYING_ARG\(__(global|local), [A-Za-z_0-9]+\);)*}}
// CHECK-NEXT:#line 1 "{{.*}}body-atomic.inc"
// CHECK-NEXT:// A statement with a global atomic, #included in a kernel body (include-in-body.cl).
// CHECK-NEXT:__sa_nr_atomic_inc_int(c, __sa_ctx);
// CHECK-NEXT:#line 10 "{{.*}}include-in-body.cl"
// CHECK-NEXT: [[EPILOGUE]] }
// CHECK-EMPTY:
// CHECK-NEXT:#if 1
// CHECK-NEXT:#line 1 "{{.*}}geometry-helper.h"
// CHECK-NEXT:// Only a helper, with a geometry call (used by several include-*.cl tests).
// CHECK-NEXT:uint my_global_id(__sa_ctx_t *__sa_ctx) { return __sa_get_global_id(0, __sa_ctx); }
// CHECK-NEXT:#line 14 "{{.*}}include-in-body.cl"
// CHECK-NEXT:#else
// CHECK-NEXT:#include "no-such-header.h"
// CHECK-NEXT:#endif
// CHECK-EMPTY:
// CHECK-NEXT:#ifndef SA_WARP_PROGRAM
// CHECK-NEXT:#line {{[0-9]+}} "{{.*}}"
// CHECK-NEXT:__kernel void k2(__global int *c, __local uint *__sa_scratch, __global uint *__sa_state) { [[PROLOGUE]] __sa_defer_privately(__sa_ctx); __sa_private_target(__sa_ctx, 0, (__global void *)c); do { __sa_group_begin(__sa_ctx);{{( SA_VARYING_ARG\(__(global|local), [A-Za-z_0-9]+\);)*}} __sa_nr_atomic_inc_int(&c[my_global_id(__sa_ctx)], __sa_ctx);  [[EPILOGUE]] }
