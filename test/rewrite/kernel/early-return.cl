// Every `return;` of the kernel, at any depth, goes on to the work-item's
// next work-group; the label appears because a return was rewritten. A
// return in a helper returns from the helper and stays.
// RUN: softatomic-rewrite %s -o %t.cl
// RUN: %filecheck_kernel %s --match-full-lines --strict-whitespace --input-file %t.cl
// RUN: %clang_cl_check -cl-std=CL1.2 %t.cl

int clamp_add(__global int *c, int v) {
  if (v < 0)
    return 0;
  return atom_add(c, v);
}

__kernel void k(__global int *c, int n) {
  if (get_local_id(0) >= n)
    return;
  for (int i = 0; i < n; ++i) {
    while (c[i] > 0) {
      if (c[i] == 7) {
        return;
      }
      atom_dec(&c[i]);
    }
  }
  clamp_add(c, n);
  return;
}

// CHECK:int clamp_add(__global int *c, int v, __sa_ctx_t *__sa_ctx) {
// CHECK-NEXT:  if (v < 0)
// CHECK-NEXT:    return 0;
// CHECK-NEXT:  return __sa_atomic_add_int(c, v, __sa_ctx);
// CHECK-NEXT:}
// CHECK-EMPTY:
// CHECK-NEXT:#ifndef SA_WARP_PROGRAM
// CHECK-NEXT:#line {{[0-9]+}} "{{.*}}"
// CHECK-NEXT:__kernel void k(__global int *c, int n, __local uint *__sa_scratch, __global uint *__sa_state) { [[PROLOGUE]] do { __sa_group_begin(__sa_ctx);{{( SA_VARYING_ARG\(__(global|local), [A-Za-z_0-9]+\);)*}}
// CHECK-NEXT:  if (get_local_id(0) >= n)
// CHECK-NEXT:    goto __sa_group_end;
// CHECK-NEXT:  for (int i = 0; __sa_live(__sa_ctx) && (i < n); ++i) {
// CHECK-NEXT:    while (__sa_live(__sa_ctx) && (c[i] > 0)) {
// CHECK-NEXT:      if (c[i] == 7) {
// CHECK-NEXT:        goto __sa_group_end;
// CHECK-NEXT:      }
// CHECK-NEXT:      __sa_atomic_dec_int(&c[i], __sa_ctx);
// CHECK-NEXT:    }
// CHECK-NEXT:  }
// CHECK-NEXT:  clamp_add(c, n, __sa_ctx);
// CHECK-NEXT:  goto __sa_group_end;
// CHECK-NEXT: __sa_group_end: ; [[EPILOGUE]] }
