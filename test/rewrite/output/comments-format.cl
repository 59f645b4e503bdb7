// Comments and formatting of everything the rewrite does not edit survive,
// tabs and odd spacing included; edits touch only the tokens they replace.
// RUN: softatomic-rewrite %s -o %t.cl
// RUN: %filecheck_kernel %s --match-full-lines --strict-whitespace --input-file %t.cl
// RUN: %clang_cl_check -cl-std=CL1.2 %t.cl

/* a block comment
   over lines */
__kernel void
fmt( __global   int *c ,   /* the counter */
     __global int *out )
{
	int v = atom_add ( c ,  1 ) ; // tab-indented
    out [ 0 ] = v;  /* trailing */
    atomic_inc(  /* inside */ c  );
}

// CHECK:/* a block comment
// CHECK-NEXT:   over lines */
// CHECK-NEXT:#ifndef SA_WARP_PROGRAM
// CHECK-NEXT:#line {{[0-9]+}} "{{.*}}"
// CHECK-NEXT:__kernel void
// CHECK-NEXT:fmt( __global   int *c ,   /* the counter */
// CHECK-NEXT:     __global int *out , __local uint *__sa_scratch, __global uint *__sa_state)
// CHECK-NEXT:{ [[PROLOGUE]] do { __sa_group_begin(__sa_ctx);{{( SA_VARYING_ARG\(__(global|local), [A-Za-z_0-9]+\);)*}}
// CHECK-NEXT:	int v = __sa_wg_atomic_add_int ( c ,  1 , __sa_ctx) ; // tab-indented
// CHECK-NEXT:    out [ 0 ] = v;  /* trailing */
// CHECK-NEXT:    __sa_wg_atomic_inc_int(  /* inside */ c  , __sa_ctx);
// CHECK-NEXT: [[EPILOGUE]] }
