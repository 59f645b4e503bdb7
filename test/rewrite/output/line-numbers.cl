// The edits add no line breaks: line 1 of the input is the line right
// after `#line 1`, and a diagnostic about the rewritten file points at the
// user's own line.
// RUN: softatomic-rewrite %s -o %t.cl
// RUN: FileCheck %s --match-full-lines --strict-whitespace --input-file %t.cl
// RUN: %clang_cl_check -cl-std=CL1.2 -Wunused-variable %t.cl 2>&1 | FileCheck %s --check-prefix=WARN

__kernel void k(__global int *c) {
  __local int scratch[8];
  int unused_here;
  atom_add(c, 1);
  if (c[0] > 2)
    return;
  int also_unused;
}

// CHECK:#line 1 "{{.*}}line-numbers.cl"
// CHECK-NEXT:// The edits add no line breaks: line 1 of the input is the line right
// CHECK-NEXT:// after `#line 1`, and a diagnostic about the rewritten file points at the
// CHECK-NEXT:// user's own line.

// WARN: {{.*}}line-numbers.cl:10:7: warning: unused variable 'unused_here'
// WARN: {{.*}}line-numbers.cl:14:7: warning: unused variable 'also_unused'
