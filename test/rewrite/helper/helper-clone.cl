// Functions in two forms through a chain of calls: a kernel that is not
// rewritten and a rewritten one share helpers that take the context. Each
// shared helper keeps its definition (and prototypes) as written, and gets
// a copy with the context after each of them; copies call copies. A helper
// reached only from rewritten code is edited in place (no copy), and a
// helper with a global atomic keeps the native atomic for the function no
// rewritten kernel reaches. The user's own '__sa_fn_deep' makes the copy
// of 'deep' pick another name.
// RUN: softatomic-rewrite %s -o %t.cl
// RUN: %filecheck_kernel %s --match-full-lines --strict-whitespace --input-file %t.cl
// RUN: %clang_cl_check -cl-std=CL1.2 %t.cl

__constant int __sa_fn_deep = 1;
uint middle(uint x);
uint deep(void);
uint only_here(void);

uint top(uint x) { return middle(x) + 1; }

__kernel void plain(__global uint *out) { out[top(0)] = top(1); }

__kernel void counted(__global uint *c) {
  atomic_add(c, top(2));
  c[1] = only_here();
}

uint only_here(void) { return deep() + 3; }

int hit(__global int *c) { return atom_inc(c); }

__kernel void hits(__global int *c) { hit(c); }

void never_launched(__global int *c) { hit(c); }

uint middle(uint x) { return deep() * x; }

uint deep(void) {
  return get_global_id(0);
}

// CHECK:uint middle(uint x);
// CHECK-NEXT:#line 14 "{{.*}}helper-clone.cl"
// CHECK-NEXT:uint __sa_fn_middle(uint x, __sa_ctx_t *__sa_ctx);
// CHECK-NEXT:#line 15 "{{.*}}helper-clone.cl"
// CHECK-NEXT:uint deep(void);
// CHECK-NEXT:#line 15 "{{.*}}helper-clone.cl"
// CHECK-NEXT:uint __sa_fn_deep_2(__sa_ctx_t *__sa_ctx);
// CHECK-NEXT:#line 16 "{{.*}}helper-clone.cl"
// CHECK-NEXT:uint only_here(__sa_ctx_t *__sa_ctx);
// CHECK-EMPTY:
// CHECK-NEXT:uint top(uint x) { return middle(x) + 1; }
// CHECK-NEXT:#line 18 "{{.*}}helper-clone.cl"
// CHECK-NEXT:uint __sa_fn_top(uint x, __sa_ctx_t *__sa_ctx) { return __sa_fn_middle(x, __sa_ctx) + 1; }
// CHECK-NEXT:#line 19 "{{.*}}helper-clone.cl"
// CHECK-EMPTY:
// CHECK-NEXT:__kernel void plain(__global uint *out) { out[top(0)] = top(1); }
// CHECK-EMPTY:
// CHECK-NEXT:#ifndef SA_WARP_PROGRAM
// CHECK-NEXT:#line {{[0-9]+}} "{{.*}}"
// CHECK-NEXT:__kernel void counted(__global uint *c, __local uint *__sa_scratch, __global uint *__sa_state) { [[PROLOGUE]] do { __sa_group_begin(__sa_ctx);{{( SA_VARYING_ARG\(__(global|local), [A-Za-z_0-9]+\);)*}}
// CHECK-NEXT:  __sa_wg_atomic_add_uint(c, __sa_fn_top(2, __sa_ctx), __sa_ctx);
// CHECK-NEXT:  c[1] = only_here(__sa_ctx);
// CHECK-NEXT: [[EPILOGUE]] }
// CHECK-NEXT:#else /* SA_WARP_PROGRAM */
// CHECK:#endif /* SA_WARP_PROGRAM */
// CHECK-NEXT:#line {{[0-9]+}} "{{.*}}"
// CHECK-EMPTY:
// CHECK-NEXT:uint only_here(__sa_ctx_t *__sa_ctx) { return __sa_fn_deep_2(__sa_ctx) + 3; }
// CHECK-EMPTY:
// CHECK-NEXT:int hit(__global int *c) { return atom_inc(c); }
// CHECK-NEXT:#line 29 "{{.*}}helper-clone.cl"
// CHECK-NEXT:int __sa_fn_hit(__global int *c, __sa_ctx_t *__sa_ctx) { return __sa_atomic_inc_int(c, __sa_ctx); }
// CHECK-NEXT:#line 30 "{{.*}}helper-clone.cl"
// CHECK-EMPTY:
// CHECK-NEXT:#ifndef SA_WARP_PROGRAM
// CHECK-NEXT:#line {{[0-9]+}} "{{.*}}"
// CHECK-NEXT:__kernel void hits(__global int *c, __local uint *__sa_scratch, __global uint *__sa_state) { [[PROLOGUE]] do { __sa_group_begin(__sa_ctx);{{( SA_VARYING_ARG\(__(global|local), [A-Za-z_0-9]+\);)*}} __sa_fn_hit(c, __sa_ctx);  [[EPILOGUE]] }
// CHECK-NEXT:#else /* SA_WARP_PROGRAM */
// CHECK:#endif /* SA_WARP_PROGRAM */
// CHECK-NEXT:#line {{[0-9]+}} "{{.*}}"
// CHECK-EMPTY:
// CHECK-NEXT:void never_launched(__global int *c) { hit(c); }
// CHECK-EMPTY:
// CHECK-NEXT:uint middle(uint x) { return deep() * x; }
// CHECK-NEXT:#line 35 "{{.*}}helper-clone.cl"
// CHECK-NEXT:uint __sa_fn_middle(uint x, __sa_ctx_t *__sa_ctx) { return __sa_fn_deep_2(__sa_ctx) * x; }
// CHECK-NEXT:#line 36 "{{.*}}helper-clone.cl"
// CHECK-EMPTY:
// CHECK-NEXT:uint deep(void) {
// CHECK-NEXT:  return get_global_id(0);
// CHECK-NEXT:}
// CHECK-NEXT:#line 37 "{{.*}}helper-clone.cl"
// CHECK-NEXT:uint __sa_fn_deep_2(__sa_ctx_t *__sa_ctx) {
// CHECK-NEXT:  return __sa_get_global_id(0, __sa_ctx);
// CHECK-NEXT:}
// CHECK-NEXT:#line 40 "{{.*}}helper-clone.cl"
