// A header that needs no edit itself but includes one that does is inlined
// too (its text changes: the inner #include becomes the inner header's
// text), with #line directives at each level.
// RUN: softatomic-rewrite %s -o %t.cl -- -I %S/Inputs
// RUN: %filecheck_kernel %s --match-full-lines --strict-whitespace --input-file %t.cl
// RUN: %clang_cl_check -cl-std=CL1.2 %t.cl

#include "nested-outer.h"

__kernel void k(__global uint *c) { c[1] = twice(bump(c)); }

// CHECK:{{^}}#line 1 "{{.*}}include-nested.cl"
// CHECK:#line 1 "{{.*}}nested-outer.h"
// CHECK-NEXT:// Needs no edit itself, but includes a header that does (include-nested.cl).
// CHECK-NEXT:#line 1 "{{.*}}nested-inner.h"
// CHECK-NEXT:// A global atomic two includes deep (include-nested.cl).
// CHECK-NEXT:uint bump(__global uint *c, __sa_ctx_t *__sa_ctx) { return __sa_atomic_inc_uint(c, __sa_ctx); }
// CHECK-NEXT:#line 3 "{{.*}}nested-outer.h"
// CHECK-NEXT:uint twice(uint x) { return 2u * x; }
// CHECK-NEXT:#line 9 "{{.*}}include-nested.cl"
// CHECK-EMPTY:
// CHECK-NEXT:#ifndef SA_WARP_PROGRAM
// CHECK-NEXT:#line {{[0-9]+}} "{{.*}}"
// CHECK-NEXT:__kernel void k(__global uint *c, __local uint *__sa_scratch, __global uint *__sa_state) { [[PROLOGUE]] do { __sa_group_begin(__sa_ctx);{{( SA_VARYING_ARG\(__(global|local), [A-Za-z_0-9]+\);)*}} c[1] = twice(bump(c, __sa_ctx));  [[EPILOGUE]] }
