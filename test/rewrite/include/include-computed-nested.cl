// A header that is inlined because it includes, through a macro, a header
// that needs edits: in its inlined text, the #include INNER_HEADER line is
// the inner header's rewritten text, with #line directives at each level.
// RUN: softatomic-rewrite %s -o %t.cl -- -I %S/Inputs
// RUN: %filecheck_kernel %s --match-full-lines --strict-whitespace --input-file %t.cl
// RUN: %clang_cl_check -cl-std=CL1.2 %t.cl

#include "computed-outer.h"

__kernel void k(__global uint *c) { c[1] = thrice(bump(c)); }

// CHECK:{{^}}#line 1 "{{.*}}include-computed-nested.cl"
// CHECK:#line 1 "{{.*}}computed-outer.h"
// CHECK-NEXT:// Needs no edit itself, but includes through a macro a header that does
// CHECK-NEXT:// (include-computed-nested.cl).
// CHECK-NEXT:#define INNER_HEADER "nested-inner.h"
// CHECK-NEXT:#line 1 "{{.*}}nested-inner.h"
// CHECK-NEXT:// A global atomic two includes deep (include-nested.cl).
// CHECK-NEXT:uint bump(__global uint *c, __sa_ctx_t *__sa_ctx) { return __sa_atomic_inc_uint(c, __sa_ctx); }
// CHECK-NEXT:#line 5 "{{.*}}computed-outer.h"
// CHECK-NEXT:uint thrice(uint x) { return 3u * x; }
// CHECK-NEXT:#line 9 "{{.*}}include-computed-nested.cl"
// CHECK-EMPTY:
// CHECK-NEXT:#ifndef SA_WARP_PROGRAM
// CHECK-NEXT:#line {{[0-9]+}} "{{.*}}"
// CHECK-NEXT:__kernel void k(__global uint *c, __local uint *__sa_scratch, __global uint *__sa_state) { [[PROLOGUE]] do { __sa_group_begin(__sa_ctx);{{( SA_VARYING_ARG\(__(global|local), [A-Za-z_0-9]+\);)*}} c[1] = thrice(bump(c, __sa_ctx));  [[EPILOGUE]] }
// CHECK-NOT:{{^}}#include{{.*}}
