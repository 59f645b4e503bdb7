// --inline-headers: a header that needs no edit is inlined too, so the
// output compiles without the -I path (a program built from a string has
// none); without it the header stays an #include line
// (include-no-edits.cl). A file with no kernel to rewrite gets its headers
// inlined as well.
// RUN: softatomic-rewrite --inline-headers %s -o %t.cl -- -I %S/Inputs
// RUN: %filecheck_kernel %s --match-full-lines --strict-whitespace --input-file %t.cl
// RUN: %clang_cl_check -cl-std=CL1.2 %t.cl
// RUN: softatomic-rewrite --inline-headers %s -o %t.alone.cl -- -I %S/Inputs -DLEFT_ALONE
// RUN: FileCheck %s --check-prefix=ALONE --match-full-lines --strict-whitespace --input-file %t.alone.cl
// RUN: %clang_cl_check -cl-std=CL1.2 -DLEFT_ALONE %t.alone.cl

#include "no-edits.h"

__kernel void k(__global uint *c) {
#ifdef LEFT_ALONE
  c[0] = square(BINS);
#else
  atomic_add(c, square(BINS));
#endif
}

// CHECK:{{^}}#line 1 "{{.*}}inline-headers.cl"
// CHECK:{{^}}#line 1 "{{.*}}Inputs{{/|\\}}no-edits.h"
// CHECK-NEXT:// Nothing here needs an edit (include-no-edits.cl).
// CHECK-NEXT:#define BINS 4u
// CHECK-NEXT:uint square(uint x) { return x * x; }
// CHECK-NEXT:#line 14 "{{.*}}inline-headers.cl"
// CHECK-NOT:{{^}}#include{{.*}}

// ALONE:{{^}}#line 1 "{{.*}}Inputs{{/|\\}}no-edits.h"
// ALONE-NEXT:// Nothing here needs an edit (include-no-edits.cl).
// ALONE-NEXT:#define BINS 4u
// ALONE-NEXT:uint square(uint x) { return x * x; }
// ALONE-NEXT:#line 14 "{{.*}}inline-headers.cl"
// ALONE-NOT:{{^}}#include{{.*}}
