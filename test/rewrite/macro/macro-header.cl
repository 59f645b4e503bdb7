// A global atomic spelled in a macro of an #included header, expanded in
// the main file directly and under a main-file macro: the definition is
// edited in the header's text, which the output inlines (docs/REWRITE.md,
// "Headers" and "Macros"), so the output compiles without the include path.
// RUN: softatomic-rewrite %s -o %t.cl -- -I %S/Inputs
// RUN: FileCheck %s --match-full-lines --input-file %t.cl
// RUN: %clang_cl_check -cl-std=CL1.2 %t.cl

#include "atomic-macro.h"
#define OUTER(p) HDR_COUNT(p)

__kernel void k(__global int *c) {
  int old = HDR_COUNT(c);
  c[1 + old] = OUTER(c + 1);
}

// CHECK:{{^}}#line 1 "{{.*}}atomic-macro.h"
// CHECK-NEXT:{{^}}// A macro that spells a global atomic, in an #included file.
// CHECK-NEXT:{{^}}#define HDR_COUNT(p) __sa_wg_atomic_inc_int(p, __sa_ctx)
// CHECK-NEXT:{{^}}#line 10 "{{.*}}macro-header.cl"
// CHECK-NEXT:{{^}}#define OUTER(p) HDR_COUNT(p)
// CHECK:{{^}}  int old = HDR_COUNT(c);
// CHECK-NEXT:{{^}}  c[1 + old] = OUTER(c + 1);
