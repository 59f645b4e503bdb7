// __local declarations at the kernel's outermost scope move, verbatim, to
// the start of the prologue (the body now sits inside a loop); where each
// stood, as many line breaks as it held remain, so later lines keep their
// numbers. A declaration written as a macro call moves as written.
// RUN: softatomic-rewrite %s -o %t.cl
// RUN: %filecheck_kernel %s --match-full-lines --strict-whitespace --input-file %t.cl
// RUN: %clang_cl_check -cl-std=CL1.2 %t.cl

#define TILE 16
#define LOCAL_ARRAY(name, n) __local int name[n]
__kernel void k(__global int *c) {
  __local int tile[TILE];
  LOCAL_ARRAY(flags, 2);
  int x = (int)get_local_id(0);
  __local struct { int a; int b; } pair;
  __local uint hist[4],
               more[4];
  tile[x % TILE] = x;
  pair.a = atom_add(c, x);
  hist[0] = more[0] = flags[0] = 0;
}

// CHECK:__kernel void k(__global int *c, __local uint *__sa_scratch, __global uint *__sa_state) { __local int tile[TILE]; LOCAL_ARRAY(flags, 2); __local struct { int a; int b; } pair; __local uint hist[4],
// CHECK-NEXT:               more[4]; [[PROLOGUE]] do { __sa_group_begin(__sa_ctx);{{( SA_VARYING_ARG\(__(global|local), [A-Za-z_0-9]+\);)*}}
// CHECK-NEXT:  
// CHECK-NEXT:  
// CHECK-NEXT:  int x = (int)get_local_id(0);
// CHECK-NEXT:  
// CHECK-NEXT:  
// CHECK-EMPTY:
// CHECK-NEXT:  tile[x % TILE] = x;
// CHECK-NEXT:  pair.a = __sa_wg_atomic_add_int(c, x, __sa_ctx);
// CHECK-NEXT:  hist[0] = more[0] = flags[0] = 0;
// CHECK-NEXT: [[EPILOGUE]] }
