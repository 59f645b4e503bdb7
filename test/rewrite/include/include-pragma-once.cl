// A '#pragma once' header included twice: each #include line becomes its
// rewritten text inside a guard of the rewriter's own (__sa_once_N), which
// keeps the pragma's meaning in the one output file; the pragma's line is
// blanked (it would apply to the main file).
// RUN: softatomic-rewrite %s -o %t.cl -- -I %S/Inputs
// RUN: %filecheck_kernel %s --match-full-lines --strict-whitespace --input-file %t.cl
// RUN: %clang_cl_check -cl-std=CL1.2 -Werror %t.cl

#include "once.h"
#include "once.h"

__kernel void k(__global uint *c) { once_bump(c); }

// CHECK:{{^}}#line 1 "{{.*}}include-pragma-once.cl"
// CHECK:#ifndef __sa_once_0
// CHECK-NEXT:#define __sa_once_0
// CHECK-NEXT:#line 1 "{{.*}}once.h"
// CHECK-EMPTY:
// CHECK-NEXT:// #pragma once (include-pragma-once.cl).
// CHECK-NEXT:uint once_bump(__global uint *c, __sa_ctx_t *__sa_ctx) { return __sa_atomic_inc_uint(c, __sa_ctx); }
// CHECK-NEXT:#endif
// CHECK-NEXT:#line 10 "{{.*}}include-pragma-once.cl"
// CHECK-NEXT:#ifndef __sa_once_0
// CHECK-NEXT:#define __sa_once_0
// CHECK-NEXT:#line 1 "{{.*}}once.h"
// CHECK-EMPTY:
// CHECK-NEXT:// #pragma once (include-pragma-once.cl).
// CHECK-NEXT:uint once_bump(__global uint *c, __sa_ctx_t *__sa_ctx) { return __sa_atomic_inc_uint(c, __sa_ctx); }
// CHECK-NEXT:#endif
// CHECK-NEXT:#line 11 "{{.*}}include-pragma-once.cl"
// CHECK-EMPTY:
// CHECK-NEXT:#ifndef SA_WARP_PROGRAM
// CHECK-NEXT:#line {{[0-9]+}} "{{.*}}"
// CHECK-NEXT:__kernel void k(__global uint *c, __local uint *__sa_scratch, __global uint *__sa_state) { [[PROLOGUE]] do { __sa_group_begin(__sa_ctx);{{( SA_VARYING_ARG\(__(global|local), [A-Za-z_0-9]+\);)*}} once_bump(c, __sa_ctx);  [[EPILOGUE]] }
