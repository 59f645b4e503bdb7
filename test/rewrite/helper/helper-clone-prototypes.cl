// One prototype declares two functions in two forms: both copies go after
// its ';', in the order of the functions, each between #line directives.
// A copy of a prototype repeats the names declared before it (a harmless
// redeclaration).
// RUN: softatomic-rewrite %s -o %t.cl
// RUN: %filecheck_kernel %s --match-full-lines --strict-whitespace --input-file %t.cl
// RUN: %clang_cl_check -cl-std=CL1.2 %t.cl

uint other(void), shared(__global int *c);
uint other(void) { return get_global_id(0); }
uint shared(__global int *c) { return other(); }
__kernel void counted(__global int *c) { atomic_inc(c); shared(c); }
void never_launched(__global int *c) { shared(c); }

// CHECK:{{^}}#line 1 "{{.*}}helper-clone-prototypes.cl"
// CHECK:uint other(void), shared(__global int *c);
// CHECK-NEXT:#line 9 "{{.*}}helper-clone-prototypes.cl"
// CHECK-NEXT:uint __sa_fn_other(__sa_ctx_t *__sa_ctx);
// CHECK-NEXT:#line 10 "{{.*}}helper-clone-prototypes.cl"
// CHECK-NEXT:#line 9 "{{.*}}helper-clone-prototypes.cl"
// CHECK-NEXT:uint other(void), __sa_fn_shared(__global int *c, __sa_ctx_t *__sa_ctx);
// CHECK-NEXT:#line 10 "{{.*}}helper-clone-prototypes.cl"
// CHECK-NEXT:uint other(void) { return get_global_id(0); }
// CHECK-NEXT:#line 10 "{{.*}}helper-clone-prototypes.cl"
// CHECK-NEXT:uint __sa_fn_other(__sa_ctx_t *__sa_ctx) { return __sa_get_global_id(0, __sa_ctx); }
// CHECK-NEXT:#line 11 "{{.*}}helper-clone-prototypes.cl"
// CHECK-NEXT:uint shared(__global int *c) { return other(); }
// CHECK-NEXT:#line 11 "{{.*}}helper-clone-prototypes.cl"
// CHECK-NEXT:uint __sa_fn_shared(__global int *c, __sa_ctx_t *__sa_ctx) { return __sa_fn_other(__sa_ctx); }
// CHECK-NEXT:#line 12 "{{.*}}helper-clone-prototypes.cl"
// CHECK-NEXT:#ifndef SA_WARP_PROGRAM
// CHECK-NEXT:#line {{[0-9]+}} "{{.*}}"
// CHECK-NEXT:__kernel void counted(__global int *c, __local uint *__sa_scratch, __global uint *__sa_state) { [[PROLOGUE]] __sa_defer_privately(__sa_ctx); __sa_private_target(__sa_ctx, 0, (__global void *)c); do { __sa_group_begin(__sa_ctx);{{( SA_VARYING_ARG\(__(global|local), [A-Za-z_0-9]+\);)*}} __sa_nr_atomic_inc_int(c, __sa_ctx); __sa_fn_shared(c, __sa_ctx);  [[EPILOGUE]] }
// CHECK-NEXT:#else /* SA_WARP_PROGRAM */
// CHECK:#endif /* SA_WARP_PROGRAM */
// CHECK-NEXT:#line {{[0-9]+}} "{{.*}}"
// CHECK-NEXT:void never_launched(__global int *c) { shared(c); }
