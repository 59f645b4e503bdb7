// A global atomic in an #included header: the output does not include the
// header, it carries the header's rewritten text in place of the #include
// line, between #line directives (the header's lines, then the main
// file's), so it compiles without the -I path and the compiler's
// diagnostics still name the header's and the main file's own lines.
// RUN: softatomic-rewrite %s -o %t.cl -- -I %S/Inputs
// RUN: %filecheck_kernel %s --match-full-lines --strict-whitespace --input-file %t.cl
// RUN: %clang_cl_check -cl-std=CL1.2 %t.cl
// RUN: %clang_cl_check -cl-std=CL1.2 -Wunused-variable %t.cl 2>&1 | FileCheck %s --check-prefix=LINES

#include "atomic-helper.h" // the helper

__kernel void k(__global int *c) { int unused_in_main; count_hit(c); }

// CHECK:{{^}}#line 1 "{{.*}}include-header.cl"
// CHECK:{{^}}#line 1 "{{.*}}Inputs{{/|\\}}atomic-helper.h"
// CHECK-NEXT:// A helper with a global atomic, #included by include-header.cl.
// CHECK-NEXT:int count_hit(__global int *c, __sa_ctx_t *__sa_ctx) {
// CHECK-NEXT:  int unused_in_header;
// CHECK-NEXT:  return __sa_atomic_inc_int(c, __sa_ctx);
// CHECK-NEXT:}
// CHECK-NEXT:#line 12 "{{.*}}include-header.cl"
// CHECK-EMPTY:
// CHECK-NEXT:#ifndef SA_WARP_PROGRAM
// CHECK-NEXT:#line {{[0-9]+}} "{{.*}}"
// CHECK-NEXT:__kernel void k(__global int *c, __local uint *__sa_scratch, __global uint *__sa_state) { [[PROLOGUE]] do { __sa_group_begin(__sa_ctx);{{( SA_VARYING_ARG\(__(global|local), [A-Za-z_0-9]+\);)*}} int unused_in_main; count_hit(c, __sa_ctx);  [[EPILOGUE]] }
// CHECK-NOT:{{^}}#include{{.*}}

// LINES-DAG: {{.*}}atomic-helper.h:3:7: warning: unused variable 'unused_in_header'
// LINES-DAG: {{.*}}include-header.cl:13:{{[0-9]+}}: warning: unused variable 'unused_in_main'
