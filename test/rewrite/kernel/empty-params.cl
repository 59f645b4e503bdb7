// Kernels and helpers without parameters: `()` gets the new parameters
// alone, `(void)` has its `void` replaced; calls without arguments get
// __sa_ctx alone.
// RUN: softatomic-rewrite %s -o %t.cl
// RUN: %filecheck_kernel %s --match-full-lines --strict-whitespace --input-file %t.cl
// RUN: %clang_cl_check -cl-std=CL1.2 %t.cl

size_t group(void) { return get_group_id(0); }
size_t gid( /* none */ ) { return get_global_id(0); }

__kernel void none(void) {
  atom_inc((__global int *)0);
  group();
}

__kernel void empty() {
  atom_dec((__global uint *)0);
  gid();
}

__kernel void spaced( void ) { atom_inc((__global int *)0); }

// CHECK:size_t group(__sa_ctx_t *__sa_ctx) { return __sa_get_group_id(0, __sa_ctx); }
// CHECK-NEXT:size_t gid( /* none */ __sa_ctx_t *__sa_ctx) { return __sa_get_global_id(0, __sa_ctx); }
// CHECK-EMPTY:
// CHECK-NEXT:#ifndef SA_WARP_PROGRAM
// CHECK-NEXT:#line {{[0-9]+}} "{{.*}}"
// CHECK-NEXT:__kernel void none(__local uint *__sa_scratch, __global uint *__sa_state) { [[PROLOGUE]] do { __sa_group_begin(__sa_ctx);{{( SA_VARYING_ARG\(__(global|local), [A-Za-z_0-9]+\);)*}}
// CHECK-NEXT:  __sa_wg_atomic_inc_int((__global int *)0, __sa_ctx);
// CHECK-NEXT:  group(__sa_ctx);
// CHECK-NEXT: [[EPILOGUE]] }
// CHECK-NEXT:#else /* SA_WARP_PROGRAM */
// CHECK:#endif /* SA_WARP_PROGRAM */
// CHECK-NEXT:#line {{[0-9]+}} "{{.*}}"
// CHECK-EMPTY:
// CHECK-NEXT:#ifndef SA_WARP_PROGRAM
// CHECK-NEXT:#line {{[0-9]+}} "{{.*}}"
// CHECK-NEXT:__kernel void empty(__local uint *__sa_scratch, __global uint *__sa_state) { [[PROLOGUE]] do { __sa_group_begin(__sa_ctx);{{( SA_VARYING_ARG\(__(global|local), [A-Za-z_0-9]+\);)*}}
// CHECK-NEXT:  __sa_wg_atomic_dec_uint((__global uint *)0, __sa_ctx);
// CHECK-NEXT:  gid(__sa_ctx);
// CHECK-NEXT: [[EPILOGUE]] }
// CHECK-NEXT:#else /* SA_WARP_PROGRAM */
// CHECK:#endif /* SA_WARP_PROGRAM */
// CHECK-NEXT:#line {{[0-9]+}} "{{.*}}"
// CHECK-EMPTY:
// CHECK-NEXT:#ifndef SA_WARP_PROGRAM
// CHECK-NEXT:#line {{[0-9]+}} "{{.*}}"
// CHECK-NEXT:__kernel void spaced( __local uint *__sa_scratch, __global uint *__sa_state ) { [[PROLOGUE]] do { __sa_group_begin(__sa_ctx);{{( SA_VARYING_ARG\(__(global|local), [A-Za-z_0-9]+\);)*}} __sa_wg_atomic_inc_int((__global int *)0, __sa_ctx);  [[EPILOGUE]] }
