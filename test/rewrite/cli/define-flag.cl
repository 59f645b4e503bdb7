// Compiler flags after `--` reach the parse: -D decides here whether the
// kernel has a global atomic at all, -I where the header is.
// RUN: softatomic-rewrite %s -o %t.cl -- -DCOUNT -I %S/Inputs
// RUN: %filecheck_kernel %s --match-full-lines --strict-whitespace --input-file %t.cl
// RUN: %clang_cl_check -cl-std=CL1.2 -DCOUNT -I %S/Inputs %t.cl

// Without -DCOUNT the only global atomic is gone: output = input.
// RUN: softatomic-rewrite %s -o %t.plain.cl -- -I %S/Inputs
// RUN: cmp %s %t.plain.cl

// Without -I the header is missing: an error, and no output.
// RUN: rm -f %t.none.cl
// RUN: not softatomic-rewrite %s -o %t.none.cl -- -DCOUNT 2>&1 | FileCheck %s --check-prefix=NOINC
// RUN: not test -e %t.none.cl

#include "sizes.h"
__kernel void k(__global int *c) {
#ifdef COUNT
  atom_add(c, SIZE);
#else
  c[0] = SIZE;
#endif
}

// CHECK:#include "sizes.h"
// CHECK-NEXT:#ifndef SA_WARP_PROGRAM
// CHECK-NEXT:#line {{[0-9]+}} "{{.*}}"
// CHECK-NEXT:__kernel void k(__global int *c, __local uint *__sa_scratch, __global uint *__sa_state) { [[PROLOGUE]] __sa_defer_privately(__sa_ctx); __sa_private_target(__sa_ctx, 0, (__global void *)c); do { __sa_group_begin(__sa_ctx);{{( SA_VARYING_ARG\(__(global|local), [A-Za-z_0-9]+\);)*}}
// CHECK-NEXT:#ifdef COUNT
// CHECK-NEXT:  __sa_nr_atomic_add_int(c, SIZE, __sa_ctx);
// CHECK-NEXT:#else
// CHECK-NEXT:  c[0] = SIZE;
// CHECK-NEXT:#endif
// CHECK-NEXT: [[EPILOGUE]] }

// NOINC: {{.*}}define-flag.cl:16:10: fatal error: 'sizes.h' file not found
