// A __local declaration that starts with a macro argument (the whole
// declaration passed in, or its address space): its move to the start of
// the kernel is made in the macro's definition, as the definition spells
// it, so every expansion moves its own declaration (docs/REWRITE.md,
// "Macros").
// RUN: softatomic-rewrite %s -o %t.cl 2>&1 | FileCheck %s --check-prefix=DIAG --allow-empty --implicit-check-not=error: --implicit-check-not=warning:
// RUN: %filecheck_kernel %s --match-full-lines --strict-whitespace --input-file %t.cl
// RUN: %clang_cl_check -cl-std=CL1.2 -Werror %t.cl

#define ROUND(N, DECL)                                                         \
  __kernel void round##N(__global uint *c) {                                   \
    uint g = get_group_id(0);                                                  \
    DECL;                                                                      \
    if (get_local_id(0) == 0)                                                  \
      seen[0] = g;                                                             \
    barrier(CLK_LOCAL_MEM_FENCE);                                              \
    atomic_add(c, seen[0]);                                                    \
  }
// CHECK:#define ROUND(N, DECL)                                                         \
// CHECK-NEXT:  __kernel void round##N(__global uint *c, __local uint *__sa_scratch, __global uint *__sa_state) { DECL; [[PROLOGUE]] {{.*}}\
// CHECK-NEXT:    uint g = __sa_get_group_id(0, __sa_ctx);                                                  \
// CHECK-NEXT:                                                                          \

ROUND(1, __local uint seen[1])
ROUND(2, __local uint seen[4])
// CHECK:{{^}}ROUND(1, __local uint seen[1])
// CHECK-NEXT:ROUND(2, __local uint seen[4])

#define TALLY(N, SPACE) \
  __kernel void tally##N(__global uint *c) { \
    uint g = get_group_id(0); \
    SPACE uint seen; \
    seen = g; \
    atomic_add(c, seen); \
  }
// CHECK:#define TALLY(N, SPACE) \
// CHECK-NEXT:  __kernel void tally##N(__global uint *c, __local uint *__sa_scratch, __global uint *__sa_state) { SPACE uint seen; [[PROLOGUE]] {{.*}}\
// CHECK-NEXT:    uint g = __sa_get_group_id(0, __sa_ctx); \
// CHECK-NEXT:     \

TALLY(1, __local)
TALLY(2, __local)
// CHECK:{{^}}TALLY(1, __local)
// CHECK-NEXT:TALLY(2, __local)

// DIAG-NOT: error:
