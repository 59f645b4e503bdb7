// An inlined header's own #include lines resolve as they did in the
// original, wherever the output lands: a user header that an inlined
// header includes is inlined too (with its guard, or the rewriter's guard
// for '#pragma once'), since its quoted name was found next to the
// including header, a folder the output does not share. The output is
// written to another folder and compiled from a third.
// RUN: rm -rf %t && mkdir -p %t/out %t/cwd
// RUN: softatomic-rewrite %s -o %t/out/main.cl
// RUN: %filecheck_kernel %s --match-full-lines --strict-whitespace --input-file %t/out/main.cl
// RUN: cd %t/cwd && %clang_cl_check -cl-std=CL1.2 -Werror %t/out/main.cl

#define SECOND "Inputs/relative/second.h"
#include "Inputs/relative/helper.h"
#include SECOND

__kernel void k(__global counter_t *c, __global other_t *d) { mark(c); mark_other(d); }

// CHECK:{{^}}#line 1 "{{.*}}include-relative.cl"
// CHECK:#line 1 "{{.*}}helper.h"
// CHECK-NEXT:// An edited header whose own #include lines name files next to it
// CHECK-NEXT:// (include-relative.cl).
// CHECK-NEXT:#line 1 "{{.*}}types.h"
// CHECK-NEXT:// Guarded, needs no edit (include-relative.cl).
// CHECK-NEXT:#ifndef RELATIVE_TYPES_H
// CHECK-NEXT:#define RELATIVE_TYPES_H
// CHECK-NEXT:typedef uint counter_t;
// CHECK-NEXT:#endif
// CHECK-NEXT:#line 4 "{{.*}}helper.h"
// CHECK-NEXT:#ifndef __sa_once_[[ONCE:[0-9]+]]
// CHECK-NEXT:#define __sa_once_[[ONCE]]
// CHECK-NEXT:#line 1 "{{.*}}once-types.h"
// CHECK-EMPTY:
// CHECK-NEXT:// Needs no edit (include-relative.cl).
// CHECK-NEXT:typedef uint other_t;
// CHECK-NEXT:#endif
// CHECK-NEXT:#line 5 "{{.*}}helper.h"
// CHECK-NEXT:void mark(volatile __global counter_t *c, __sa_ctx_t *__sa_ctx) { __sa_nr_atomic_inc_uint(c, __sa_ctx); }
// CHECK-NEXT:#line 14 "{{.*}}include-relative.cl"
// CHECK-NEXT:#line 1 "{{.*}}second.h"
// CHECK-NEXT:// A second edited header that includes the same files (include-relative.cl).
// CHECK-NEXT:#line 1 "{{.*}}types.h"
// CHECK-NEXT:// Guarded, needs no edit (include-relative.cl).
// CHECK-NEXT:#ifndef RELATIVE_TYPES_H
// CHECK:#ifndef __sa_once_[[ONCE]]
// CHECK:void mark_other(volatile __global other_t *c, __sa_ctx_t *__sa_ctx) { __sa_nr_atomic_inc_uint(c, __sa_ctx); }
// CHECK-NEXT:#line 15 "{{.*}}include-relative.cl"
// CHECK-NOT:{{^}}#include
