// A global atomic, a geometry call, a return or a call of a context taker
// spelled inside a macro definition of the main file is edited once, in
// the definition, when every expansion of the macro needs that same edit:
// function-like and object-like macros, statement macros, nested macros.
// Expansions that chose different runtime forms of one atomic (work-group,
// deferred, plain) all get the plain form.
// RUN: softatomic-rewrite %s -o %t.cl
// RUN: %filecheck_kernel %s --match-full-lines --strict-whitespace --input-file %t.cl
// RUN: %clang_cl_check -cl-std=CL1.2 %t.cl

#define COUNT(p) atom_inc(p)
#define GID get_global_id
#define GID0 get_global_id(0)
#define BAIL return
#define BUMP(p) bump(p)
#define COUNT_IF(c, p) do { if (c) atom_inc(p); } while (0)
#define ADD(p, v) atom_add(p, v)
#define ADD_TWICE(p) ADD(p, 1); ADD(p, 2)
#define STORE_GID(dst) ((dst) = GID0)
#define TOTAL(p) ((int)ADD(p, 0))
// CHECK:#define COUNT(p) __sa_atomic_inc_int(p, __sa_ctx)
// CHECK-NEXT:#define GID __sa_get_global_id
// CHECK-NEXT:#define GID0 __sa_get_global_id(0, __sa_ctx)
// CHECK-NEXT:#define BAIL goto __sa_group_end
// CHECK-NEXT:#define BUMP(p) bump(p, __sa_ctx)
// CHECK-NEXT:#define COUNT_IF(c, p) do { if (c) __sa_atomic_inc_int(p, __sa_ctx); } while (0)
// CHECK-NEXT:#define ADD(p, v) __sa_atomic_add_int(p, v, __sa_ctx)
// CHECK-NEXT:#define ADD_TWICE(p) ADD(p, 1); ADD(p, 2)
// CHECK-NEXT:#define STORE_GID(dst) ((dst) = GID0)
// CHECK-NEXT:#define TOTAL(p) ((int)ADD(p, 0))

int bump(__global int *c) { return atomic_add(c, 2); }
// CHECK:int bump(__global int *c, __sa_ctx_t *__sa_ctx) { return __sa_atomic_add_int(c, 2, __sa_ctx); }

// COUNT(c) at the top level alone would be the work-group form, the one
// under `if` the plain one: the definition holds the plain one.
__kernel void k(__global int *c, __global int *out) {
  COUNT(c);
  c[GID(0)] = 1;
  STORE_GID(out[1]);
  if (c[0] > 4)
    BAIL;
  BUMP(c);
  COUNT_IF(c[1] > 0, c + 1);
  ADD_TWICE(c + 2);
  out[0] = TOTAL(c + 2);
  if (c[3])
    COUNT(c + 3);
}
// CHECK:__kernel void k(__global int *c, __global int *out, __local uint *__sa_scratch, __global uint *__sa_state) { [[PROLOGUE]] do { __sa_group_begin(__sa_ctx);{{( SA_VARYING_ARG\(__(global|local), [A-Za-z_0-9]+\);)*}}
// CHECK-NEXT:  COUNT(c);
// CHECK-NEXT:  c[GID(0, __sa_ctx)] = 1;
// CHECK-NEXT:  STORE_GID(out[1]);
// CHECK-NEXT:  if (c[0] > 4)
// CHECK-NEXT:    BAIL;
// CHECK-NEXT:  BUMP(c);
// CHECK-NEXT:  COUNT_IF(c[1] > 0, c + 1);
// CHECK-NEXT:  ADD_TWICE(c + 2);
// CHECK-NEXT:  out[0] = TOTAL(c + 2);
// CHECK-NEXT:  if (c[3])
// CHECK-NEXT:    COUNT(c + 3);
// CHECK-NEXT: __sa_group_end: ; [[EPILOGUE]] }

// A second rewritten kernel may expand the same macros.
__kernel void k2(__global int *c) {
  COUNT(c);
  BUMP(c);
}
// CHECK:__kernel void k2(__global int *c, __local uint *__sa_scratch, __global uint *__sa_state) { [[PROLOGUE]] do { __sa_group_begin(__sa_ctx);{{( SA_VARYING_ARG\(__(global|local), [A-Za-z_0-9]+\);)*}}
// CHECK-NEXT:  COUNT(c);
// CHECK-NEXT:  BUMP(c);
// CHECK-NEXT: [[EPILOGUE]] }
