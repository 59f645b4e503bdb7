// Without -o the output goes to stdout: the same bytes as with -o.
// RUN: softatomic-rewrite %s -o %t.cl
// RUN: softatomic-rewrite %s > %t.stdout.cl
// RUN: cmp %t.cl %t.stdout.cl
// RUN: softatomic-rewrite %s -- -cl-std=CL1.2 | %filecheck_kernel %s
// RUN: %clang_cl_check -cl-std=CL1.2 %t.stdout.cl
__kernel void k(__global int *c) { atom_inc(c); }

// CHECK: {{^}}/* softatomic{{-}}manifest: {"softatomic_manifest":1,{{.*}} */{{$}}
// CHECK: {{^}}__kernel void k(__global int *c, __local uint *__sa_scratch, __global uint *__sa_state) { __sa_ctx_t __sa_ctx_v; {{.*}} do { __sa_group_begin(__sa_ctx);{{( SA_VARYING_ARG\(__(global|local), [A-Za-z_0-9]+\);)*}} __sa_nr_atomic_inc_int(c, __sa_ctx);  [[EPILOGUE]] }{{$}}
