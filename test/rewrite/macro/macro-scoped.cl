// A macro that rewritten code and code without the context both expand
// (OpenMM's GLOBAL_ID, NUM_GROUPS and ATOMIC_ADD) is edited once, to the
// scoped form: `__sa_scoped_get_global_id(0, __sa_ctx)` names the
// rewrite's own __sa_ctx in a rewritten kernel or a function that takes
// the context (virtual geometry, software atomics) and the runtime's
// program-scope null one elsewhere (true geometry, native atomics), which
// SA_SCOPED_CONTEXT declares (docs/REWRITE.md, "Macros").
// RUN: softatomic-rewrite %s -o %t.cl 2>&1 | FileCheck %s --check-prefix=DIAG --allow-empty --implicit-check-not=error: --implicit-check-not=warning:
// RUN: %filecheck_kernel %s --match-full-lines --strict-whitespace --input-file %t.cl
// RUN: %clang_cl_check -cl-std=CL1.2 -Werror %t.cl
// RUN: %clang_cl_check -cl-std=CL2.0 -Werror %t.cl
// RUN: %clang_cl_check -cl-std=CL3.0 -Werror %t.cl
// As NVIDIA's OpenCL would (which has the 64-bit atomics clang's nvptx
// target leaves off):
// RUN: %clang_cl_ptx -cl-std=CL1.2 -Xclang -cl-ext=+cl_khr_int64_base_atomics,+cl_khr_int64_extended_atomics %t.cl -o /dev/null
// Only such a file gets the define, and the runtime's scoped part with it.
// RUN: softatomic-rewrite %S/macro-body.cl -o %t.body.cl
// RUN: not grep -qx "#define SA_SCOPED_CONTEXT 1" %t.body.cl
// DIAG-NOT: {{.}}

// CHECK:#define SA_SCOPED_CONTEXT 1
// CHECK:#line 1 "{{.*}}macro-scoped.cl"
#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable
#define GLOBAL_ID get_global_id(0)
#define NUM_GROUPS get_num_groups(0)
#define ATOMIC_ADD(p, v) atom_add(p, v)
// Expanded in rewritten code only: the edits of "The edits", unscoped.
#define BUMP(p) atomic_add(p, 1)
// CHECK:#define GLOBAL_ID __sa_scoped_get_global_id(0, __sa_ctx)
// CHECK-NEXT:#define NUM_GROUPS __sa_scoped_get_num_groups(0, __sa_ctx)
// CHECK-NEXT:#define ATOMIC_ADD(p, v) __sa_scoped_atomic_add_long(p, v, __sa_ctx)
// CHECK:#define BUMP(p) __sa_wg_atomic_add_int(p, 1, __sa_ctx)

// Reached from the rewritten kernel only: it takes the context.
int slot(void) { return GLOBAL_ID % 4; }
// CHECK:int slot(__sa_ctx_t *__sa_ctx) { return GLOBAL_ID % 4; }

// Reached from both kernels: in two forms, the original as written.
int group_count(void) { return NUM_GROUPS; }
// CHECK:int group_count(void) { return NUM_GROUPS; }
// CHECK-NEXT:#line [[@LINE-2]] "{{.*}}macro-scoped.cl"
// CHECK-NEXT:int __sa_fn_group_count(__sa_ctx_t *__sa_ctx) { return NUM_GROUPS; }

// Reached by no kernel: a global atomic as written stays native.
void dead(__global long *p) { ATOMIC_ADD(p, 2); }
// CHECK:void dead(__global long *p) { ATOMIC_ADD(p, 2); }

__kernel void forces(__global long *sum, __global int *ids, __global int *n) {
  ids[GLOBAL_ID] = slot();
  n[GLOBAL_ID] = group_count() + (int)NUM_GROUPS;
  if (ids[0] >= 0)
    ATOMIC_ADD(&sum[slot()], 1);
  BUMP(n);
}
// CHECK:__kernel void forces(__global long *sum, __global int *ids, __global int *n, __local uint *__sa_scratch, __global uint *__sa_state) { [[PROLOGUE]] do { __sa_group_begin(__sa_ctx);{{( SA_VARYING_ARG\(__(global|local), [A-Za-z_0-9]+\);)*}}
// CHECK-NEXT:  ids[GLOBAL_ID] = slot(__sa_ctx);
// CHECK-NEXT:  n[GLOBAL_ID] = __sa_fn_group_count(__sa_ctx) + (int)NUM_GROUPS;
// CHECK-NEXT:  if (ids[0] >= 0)
// CHECK-NEXT:    ATOMIC_ADD(&sum[slot(__sa_ctx)], 1);
// CHECK-NEXT:  BUMP(n);
// CHECK-NEXT: [[EPILOGUE]] }

// No global atomic: not rewritten, and its expansions see true geometry.
__kernel void plain(__global int *ids, __global int *n) {
  ids[GLOBAL_ID] = (int)NUM_GROUPS;
  n[GLOBAL_ID] = group_count();
}
// CHECK:__kernel void plain(__global int *ids, __global int *n) {
// CHECK-NEXT:  ids[GLOBAL_ID] = (int)NUM_GROUPS;
// CHECK-NEXT:  n[GLOBAL_ID] = group_count();
// CHECK-NEXT:}
