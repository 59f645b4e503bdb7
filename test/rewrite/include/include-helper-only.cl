// A header with only a helper: its geometry call needs an edit when a
// rewritten kernel calls it, so the header is inlined. A kernel that is not
// rewritten calls it too: the header's text keeps the helper as written and
// adds the copy with the context after it.
// RUN: softatomic-rewrite %s -o %t.cl -- -I %S/Inputs
// RUN: %filecheck_kernel %s --match-full-lines --strict-whitespace --input-file %t.cl
// RUN: %clang_cl_check -cl-std=CL1.2 %t.cl

#include "geometry-helper.h"

__kernel void counted(__global uint *c) { atomic_add(c, my_global_id()); }

__kernel void plain(__global uint *out) { out[my_global_id()] = 1u; }

// CHECK:{{^}}#line 1 "{{.*}}include-helper-only.cl"
// CHECK:#line 1 "{{.*}}geometry-helper.h"
// CHECK-NEXT:// Only a helper, with a geometry call (used by several include-*.cl tests).
// CHECK-NEXT:uint my_global_id(void) { return get_global_id(0); }
// CHECK-NEXT:#line 2 "{{.*}}geometry-helper.h"
// CHECK-NEXT:uint __sa_fn_my_global_id(__sa_ctx_t *__sa_ctx) { return __sa_get_global_id(0, __sa_ctx); }
// CHECK-NEXT:#line 3 "{{.*}}geometry-helper.h"
// CHECK-NEXT:#line 10 "{{.*}}include-helper-only.cl"
// CHECK-EMPTY:
// CHECK-NEXT:#ifndef SA_WARP_PROGRAM
// CHECK-NEXT:#line {{[0-9]+}} "{{.*}}"
// CHECK-NEXT:__kernel void counted(__global uint *c, __local uint *__sa_scratch, __global uint *__sa_state) { [[PROLOGUE]] __sa_defer_privately(__sa_ctx); __sa_private_target(__sa_ctx, 0, (__global void *)c); do { __sa_group_begin(__sa_ctx);{{( SA_VARYING_ARG\(__(global|local), [A-Za-z_0-9]+\);)*}} __sa_nr_atomic_add_uint(c, __sa_fn_my_global_id(__sa_ctx), __sa_ctx);  [[EPILOGUE]] }
// CHECK-NEXT:#else /* SA_WARP_PROGRAM */
// CHECK:#endif /* SA_WARP_PROGRAM */
// CHECK-NEXT:#line {{[0-9]+}} "{{.*}}"
// CHECK-EMPTY:
// CHECK-NEXT:__kernel void plain(__global uint *out) { out[my_global_id()] = 1u; }
