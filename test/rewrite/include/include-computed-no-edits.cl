// A header named through a macro that needs no edit stays an #include
// line, macro and all, as #include "no-edits.h" would (include-no-edits.cl);
// --inline-headers inlines it (inline-headers.cl).
// RUN: softatomic-rewrite %s -o %t.cl -- -I %S/Inputs
// RUN: %filecheck_kernel %s --match-full-lines --strict-whitespace --input-file %t.cl
// RUN: %clang_cl_check -cl-std=CL1.2 -I %S/Inputs %t.cl
// RUN: softatomic-rewrite --inline-headers %s -o %t.inlined.cl -- -I %S/Inputs
// RUN: FileCheck %s --check-prefix=INLINED --match-full-lines --strict-whitespace --input-file %t.inlined.cl
// RUN: %clang_cl_check -cl-std=CL1.2 %t.inlined.cl

#define PLAIN_HEADER "no-edits.h"
#include PLAIN_HEADER

__kernel void k(__global uint *c) { atomic_add(c, square(BINS)); }

// CHECK:{{^}}#line 1 "{{.*}}include-computed-no-edits.cl"
// CHECK:{{^}}#define PLAIN_HEADER "no-edits.h"
// CHECK-NEXT:#include PLAIN_HEADER
// CHECK-EMPTY:
// CHECK-NEXT:#ifndef SA_WARP_PROGRAM
// CHECK-NEXT:#line {{[0-9]+}} "{{.*}}"
// CHECK-NEXT:__kernel void k(__global uint *c, __local uint *__sa_scratch, __global uint *__sa_state) { [[PROLOGUE]] __sa_defer_privately(__sa_ctx); __sa_private_target(__sa_ctx, 0, (__global void *)c); do { __sa_group_begin(__sa_ctx);{{( SA_VARYING_ARG\(__(global|local), [A-Za-z_0-9]+\);)*}} __sa_nr_atomic_add_uint(c, square(BINS), __sa_ctx);  [[EPILOGUE]] }

// INLINED:{{^}}#define PLAIN_HEADER "no-edits.h"
// INLINED-NEXT:#line 1 "{{.*}}Inputs{{/|\\}}no-edits.h"
// INLINED-NEXT:// Nothing here needs an edit (include-no-edits.cl).
// INLINED-NEXT:#define BINS 4u
// INLINED-NEXT:uint square(uint x) { return x * x; }
// INLINED-NEXT:#line 13 "{{.*}}include-computed-no-edits.cl"
// INLINED-NOT:{{^}}#include{{.*}}
