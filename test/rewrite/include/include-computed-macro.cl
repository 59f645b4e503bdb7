// An object-like macro that names a header needing edits, as "file" or as
// <file> (found through -I): the #include HEADER line is replaced by the
// header's rewritten text, as #include "file" would be.
// RUN: softatomic-rewrite %s -o %t.quoted.cl -- -I %S/Inputs
// RUN: %filecheck_kernel %s --match-full-lines --strict-whitespace --input-file %t.quoted.cl
// RUN: %clang_cl_check -cl-std=CL1.2 %t.quoted.cl
// RUN: softatomic-rewrite %s -o %t.angled.cl -- -I %S/Inputs -DANGLED
// RUN: %filecheck_kernel %s --match-full-lines --strict-whitespace --input-file %t.angled.cl
// RUN: %clang_cl_check -cl-std=CL1.2 -DANGLED %t.angled.cl

#ifdef ANGLED
#define HEADER <atomic-helper.h>
#else
#define HEADER "atomic-helper.h"
#endif
#include HEADER // the helper

__kernel void k(__global int *c) { count_hit(c); }

// CHECK:{{^}}#line 1 "{{.*}}include-computed-macro.cl"
// CHECK:{{^}}#endif
// CHECK-NEXT:#line 1 "{{.*}}Inputs{{/|\\}}atomic-helper.h"
// CHECK-NEXT:// A helper with a global atomic, #included by include-header.cl.
// CHECK-NEXT:int count_hit(__global int *c, __sa_ctx_t *__sa_ctx) {
// CHECK-NEXT:  int unused_in_header;
// CHECK-NEXT:  return __sa_atomic_inc_int(c, __sa_ctx);
// CHECK-NEXT:}
// CHECK-NEXT:#line 17 "{{.*}}include-computed-macro.cl"
// CHECK-EMPTY:
// CHECK-NEXT:#ifndef SA_WARP_PROGRAM
// CHECK-NEXT:#line {{[0-9]+}} "{{.*}}"
// CHECK-NEXT:__kernel void k(__global int *c, __local uint *__sa_scratch, __global uint *__sa_state) { [[PROLOGUE]] do { __sa_group_begin(__sa_ctx);{{( SA_VARYING_ARG\(__(global|local), [A-Za-z_0-9]+\);)*}} count_hit(c, __sa_ctx);  [[EPILOGUE]] }
// CHECK-NOT:{{^}}#include{{.*}}
