// The tool finds Clang's OpenCL headers wherever it is copied to and run
// from (the resource directory is recorded at build time), and
// SOFTATOMIC_CLANG_RESOURCE_DIR overrides that directory.
// RUN: rm -rf %t.dir && mkdir -p %t.dir/elsewhere
// RUN: cp softatomic-rewrite %t.dir/sa-copy
// RUN: cd %t.dir/elsewhere && ../sa-copy %s -o out.cl
// RUN: FileCheck %s --input-file %t.dir/elsewhere/out.cl
// RUN: %clang_cl_check -cl-std=CL1.2 %t.dir/elsewhere/out.cl
// RUN: rm -f %t.bad.cl
// RUN: env SOFTATOMIC_CLANG_RESOURCE_DIR=%t.dir/no-such-dir not %t.dir/sa-copy %s -o %t.bad.cl 2>&1 | FileCheck %s --check-prefix=NORES
// RUN: not test -e %t.bad.cl
__kernel void k(__global uint *c) { atomic_add(c, 2u); }

// CHECK: {{^}}__kernel void k(__global uint *c, __local uint *__sa_scratch, __global uint *__sa_state) {{{.*}}__sa_nr_atomic_add_uint(c, 2u, __sa_ctx);{{.*}}}{{$}}
// NORES: fatal error: '{{.*}}' file not found
