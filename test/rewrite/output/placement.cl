// --placement=robust: the coordinator is the first group to start, elected
// with one native atomic_inc per group on the state buffer (the runtime's
// only global read-modify-write in that mode); the output defines
// SA_ROBUST_PLACEMENT before the runtime and the manifest says "robust".
// The default, static placement, has none (no-global-rmw.cl).
// RUN: softatomic-rewrite %s --placement=robust -o %t.cl --manifest %t.json
// RUN: FileCheck %s --input-file %t.cl
// RUN: FileCheck %s --check-prefix=MANIFEST --input-file %t.json
// RUN: %clang_cl_check -cl-std=CL1.2 %t.cl
// RUN: %clang_cl_check -cl-std=CL3.0 %t.cl
// RUN: %clang_cl_ir -cl-std=CL1.2 %t.cl -o %t.ll
// RUN: FileCheck %s --check-prefix=IR --input-file %t.ll
// RUN: softatomic-rewrite %s -o %t.static.cl
// RUN: not grep -q "^#define SA_ROBUST_PLACEMENT" %t.static.cl
// RUN: not softatomic-rewrite %s --placement=elsewhere 2>&1 | FileCheck %s --check-prefix=BAD

__kernel void k(__global uint *c) { atom_add(c, 1u); }

// CHECK: {{^}}/* softatomic{{-}}manifest: {{.*}}"placement":"robust"{{.*}} */{{$}}
// CHECK-NEXT: {{^}}#define SA_ROBUST_PLACEMENT 1{{$}}
// MANIFEST: "placement": "robust",
// IR: {{@_Z10atomic_incPU3AS1Vj|atomicrmw .*addrspace\(1\)}}
// BAD: Cannot find option named 'elsewhere'!
