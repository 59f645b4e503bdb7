// hashcat's kernels name their headers through macros,
// #include M2S(INCLUDE_PATH/inc_common.cl). A header named so that needs
// edits is inlined as a literal name's would be: the whole directive line,
// whatever macros spell the name, becomes the header's rewritten text
// between #line directives. INCLUDE_PATH may come from the command line.
// RUN: softatomic-rewrite %s -o %t.cl -- -I %S/Inputs
// RUN: %filecheck_kernel %s --match-full-lines --strict-whitespace --input-file %t.cl
// RUN: %clang_cl_check -cl-std=CL1.2 %t.cl
// RUN: softatomic-rewrite %s -o %t.cmdline.cl -- -I %S/Inputs -DINCLUDE_PATH=inc
// RUN: %filecheck_kernel %s --match-full-lines --strict-whitespace --input-file %t.cmdline.cl
// RUN: %clang_cl_check -cl-std=CL1.2 %t.cmdline.cl

#define XM2S(x) #x
#define M2S(x) XM2S(x)
#ifndef INCLUDE_PATH
#define INCLUDE_PATH inc
#endif
#include M2S(INCLUDE_PATH/inc_atomic.cl)

__kernel void k(__global uint *c) { c[1] = hit(c); }

// CHECK:{{^}}#line 1 "{{.*}}include-computed.cl"
// CHECK:{{^}}#define M2S(x) XM2S(x)
// CHECK:{{^}}#endif
// CHECK-NEXT:#line 1 "{{.*}}Inputs{{/|\\}}inc{{/|\\}}inc_atomic.cl"
// CHECK-NEXT:// A global atomic in a header named the way hashcat's kernels name theirs,
// CHECK-NEXT:// M2S(INCLUDE_PATH/inc_atomic.cl) (include-computed.cl).
// CHECK-NEXT:uint hit(__global uint *c, __sa_ctx_t *__sa_ctx) { return __sa_atomic_inc_uint(c, __sa_ctx); }
// CHECK-NEXT:#line 19 "{{.*}}include-computed.cl"
// CHECK-EMPTY:
// CHECK-NEXT:#ifndef SA_WARP_PROGRAM
// CHECK-NEXT:#line {{[0-9]+}} "{{.*}}"
// CHECK-NEXT:__kernel void k(__global uint *c, __local uint *__sa_scratch, __global uint *__sa_state) { [[PROLOGUE]] do { __sa_group_begin(__sa_ctx);{{( SA_VARYING_ARG\(__(global|local), [A-Za-z_0-9]+\);)*}} c[1] = hit(c, __sa_ctx);  [[EPILOGUE]] }
// CHECK-NOT:{{^}}#include{{.*}}
