// A function that takes the context (here for its geometry call, reached
// from a rewritten kernel) but is also called from a kernel that is not
// rewritten, or from a function no rewritten kernel reaches, exists in two
// forms: its definition stays as written (true geometry) for those
// callers, and rewritten code calls a copy named __sa_fn_<name>, emitted
// right after it between #line directives.
// RUN: softatomic-rewrite %s -o %t.cl
// RUN: %filecheck_kernel %s --match-full-lines --strict-whitespace --input-file %t.cl
// RUN: %clang_cl_check -cl-std=CL1.2 %t.cl
// 'store' is reached only from code without the context: no copy of it.
// RUN: not grep -q '__sa_fn_st[o]re' %t.cl

size_t gid(void) { return get_global_id(0); }

void store(__global int *c) { c[gid()] = 1; }

__kernel void counted(__global int *c) { atom_add(c, (int)gid()); }

__kernel void plain(__global int *c) {
  store(c);
  c[gid()] += 1;
}

void orphan(__global int *c) { c[gid()] = 2; }

// CHECK:#line 1 "{{.*}}plain-kernel-caller.cl"
// CHECK:size_t gid(void) { return get_global_id(0); }
// CHECK-NEXT:#line 13 "{{.*}}plain-kernel-caller.cl"
// CHECK-NEXT:size_t __sa_fn_gid(__sa_ctx_t *__sa_ctx) { return __sa_get_global_id(0, __sa_ctx); }
// CHECK-NEXT:#line 14 "{{.*}}plain-kernel-caller.cl"
// CHECK-EMPTY:
// CHECK-NEXT:void store(__global int *c) { c[gid()] = 1; }
// CHECK-EMPTY:
// CHECK-NEXT:#ifndef SA_WARP_PROGRAM
// CHECK-NEXT:#line {{[0-9]+}} "{{.*}}"
// CHECK-NEXT:__kernel void counted(__global int *c, __local uint *__sa_scratch, __global uint *__sa_state) { [[PROLOGUE]] __sa_defer_privately(__sa_ctx); __sa_private_target(__sa_ctx, 0, (__global void *)c); do { __sa_group_begin(__sa_ctx);{{( SA_VARYING_ARG\(__(global|local), [A-Za-z_0-9]+\);)*}} __sa_nr_atomic_add_int(c, (int)__sa_fn_gid(__sa_ctx), __sa_ctx);  [[EPILOGUE]] }
// CHECK-NEXT:#else /* SA_WARP_PROGRAM */
// CHECK:#endif /* SA_WARP_PROGRAM */
// CHECK-NEXT:#line {{[0-9]+}} "{{.*}}"
// CHECK-EMPTY:
// CHECK-NEXT:__kernel void plain(__global int *c) {
// CHECK-NEXT:  store(c);
// CHECK-NEXT:  c[gid()] += 1;
// CHECK-NEXT:}
// CHECK-EMPTY:
// CHECK-NEXT:void orphan(__global int *c) { c[gid()] = 2; }
