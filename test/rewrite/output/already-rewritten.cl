// A file the tool already rewrote (it carries the manifest comment) is
// refused: rewriting it again would wrap the runtime it already holds.
// RUN: softatomic-rewrite %s -o %t.cl
// RUN: rm -f %t.again.cl
// RUN: not softatomic-rewrite %t.cl -o %t.again.cl 2>&1 | FileCheck %s
// RUN: not test -e %t.again.cl
__kernel void k(__global int *c) { atom_inc(c); }

// CHECK: {{.*}}.cl:1:4: error: input was already rewritten by softatomic (it carries a softatomic manifest); rewrite the original source
// The line shown is the manifest's start, not its hundreds of characters
// (its marker split here, so that this file does not carry it):
// CHECK-NEXT: {{^}}/* softatomic{{-}}manifest: {"softatomic_manifest":1,"runtime_ve ...{{$}}
// CHECK-NEXT: {{^}}   ^{{$}}
