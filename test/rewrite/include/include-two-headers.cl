// Two headers that need edits, each inlined in place of its #include, each
// between its own #line directives.
// RUN: softatomic-rewrite %s -o %t.cl -- -I %S/Inputs
// RUN: %filecheck_kernel %s --match-full-lines --strict-whitespace --input-file %t.cl
// RUN: %clang_cl_check -cl-std=CL1.2 %t.cl

#include "nested-inner.h"
#include <geometry-helper.h>

__kernel void k(__global uint *c) { c[my_global_id()] = bump(c); }

// CHECK:{{^}}#line 1 "{{.*}}include-two-headers.cl"
// CHECK:#line 1 "{{.*}}nested-inner.h"
// CHECK-NEXT:// A global atomic two includes deep (include-nested.cl).
// CHECK-NEXT:uint bump(__global uint *c, __sa_ctx_t *__sa_ctx) { return __sa_atomic_inc_uint(c, __sa_ctx); }
// CHECK-NEXT:#line 8 "{{.*}}include-two-headers.cl"
// CHECK-NEXT:#line 1 "{{.*}}geometry-helper.h"
// CHECK-NEXT:// Only a helper, with a geometry call (used by several include-*.cl tests).
// CHECK-NEXT:uint my_global_id(__sa_ctx_t *__sa_ctx) { return __sa_get_global_id(0, __sa_ctx); }
// CHECK-NEXT:#line 9 "{{.*}}include-two-headers.cl"
// CHECK-EMPTY:
// CHECK-NEXT:#ifndef SA_WARP_PROGRAM
// CHECK-NEXT:#line {{[0-9]+}} "{{.*}}"
// CHECK-NEXT:__kernel void k(__global uint *c, __local uint *__sa_scratch, __global uint *__sa_state) { [[PROLOGUE]] do { __sa_group_begin(__sa_ctx);{{( SA_VARYING_ARG\(__(global|local), [A-Za-z_0-9]+\);)*}} c[my_global_id(__sa_ctx)] = bump(c, __sa_ctx);  [[EPILOGUE]] }
