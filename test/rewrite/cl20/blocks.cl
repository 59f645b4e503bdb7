// OpenCL 2.0 blocks are separate functions: a geometry call or a global
// atomic inside one, in a rewritten kernel, is refused in this version. A
// `return` inside a block returns from the block and is not rewritten.
// RUN: rm -f %t.out
// RUN: not softatomic-rewrite %s -o %t.out -- -cl-std=CL2.0 2>&1 | FileCheck %s
// RUN: not test -e %t.out

// RUN: softatomic-rewrite %S/Inputs/block-return.cl -o %t.ok.cl -- -cl-std=CL2.0
// RUN: FileCheck %s --check-prefix=OK --input-file %t.ok.cl
// RUN: %clang_cl_check -cl-std=CL2.0 %t.ok.cl

__kernel void k(__global int *c) {
  int (^id)(void) = ^{ return (int)get_global_id(0); };
// CHECK: {{.*}}blocks.cl:[[@LINE-1]]:36: error: geometry call 'get_global_id' inside a block cannot be rewritten in this version
  atom_add(c, id());
}

// OK:      {{^}}  int (^twice)(int) = ^(int x) { if (x < 0) return 0; return 2 * x; };{{$}}
// OK-NEXT: {{^}}  if (c[1] > 3){{$}}
// OK-NEXT: {{^}}    goto __sa_group_end;{{$}}
