// A guarded header included twice: both #include lines become the
// rewritten text, guard and all; in the output, as in the source, the
// guard skips the second copy (the output compiles: no redefinition).
// RUN: softatomic-rewrite %s -o %t.cl -- -I %S/Inputs
// RUN: %filecheck_kernel %s --match-full-lines --strict-whitespace --input-file %t.cl
// RUN: %clang_cl_check -cl-std=CL1.2 %t.cl

#include "guarded.h"
#include "guarded.h"

__kernel void k(__global uint *c) { guarded_bump(c); }

// CHECK:{{^}}#line 1 "{{.*}}include-guarded-twice.cl"
// CHECK:#line 1 "{{.*}}guarded.h"
// CHECK-NEXT:// An include guard (include-guarded-twice.cl).
// CHECK-NEXT:#ifndef GUARDED_H
// CHECK-NEXT:#define GUARDED_H
// CHECK-NEXT:uint guarded_bump(__global uint *c, __sa_ctx_t *__sa_ctx) { return __sa_atomic_inc_uint(c, __sa_ctx); }
// CHECK-NEXT:#endif
// CHECK-NEXT:#line 9 "{{.*}}include-guarded-twice.cl"
// CHECK-NEXT:#line 1 "{{.*}}guarded.h"
// CHECK-NEXT:// An include guard (include-guarded-twice.cl).
// CHECK-NEXT:#ifndef GUARDED_H
// CHECK-NEXT:#define GUARDED_H
// CHECK-NEXT:uint guarded_bump(__global uint *c, __sa_ctx_t *__sa_ctx) { return __sa_atomic_inc_uint(c, __sa_ctx); }
// CHECK-NEXT:#endif
// CHECK-NEXT:#line 10 "{{.*}}include-guarded-twice.cl"
// CHECK-EMPTY:
// CHECK-NEXT:#ifndef SA_WARP_PROGRAM
// CHECK-NEXT:#line {{[0-9]+}} "{{.*}}"
// CHECK-NEXT:__kernel void k(__global uint *c, __local uint *__sa_scratch, __global uint *__sa_state) { [[PROLOGUE]] do { __sa_group_begin(__sa_ctx);{{( SA_VARYING_ARG\(__(global|local), [A-Za-z_0-9]+\);)*}} guarded_bump(c, __sa_ctx);  [[EPILOGUE]] }
