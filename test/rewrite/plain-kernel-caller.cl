// A function that takes the context (here for its geometry call, reached
// from a rewritten kernel) but is also called from a kernel that is not
// rewritten, or from a function no rewritten kernel reaches, is an error:
// that caller has no context to pass.
// RUN: rm -f %t.out
// RUN: not softatomic-rewrite %s -o %t.out 2>&1 | FileCheck %s
// RUN: not test -e %t.out

size_t gid(void) { return get_global_id(0); }

void store(__global int *c) { c[gid()] = 1; }

__kernel void counted(__global int *c) { atom_add(c, (int)gid()); }

__kernel void plain(__global int *c) {
  store(c);
  c[gid()] += 1;
}

void orphan(__global int *c) { c[gid()] = 2; }

// CHECK: {{.*}}plain-kernel-caller.cl:11:33: error: 'gid' takes the softatomic context but is called from kernel 'plain', which is not rewritten
// CHECK: {{.*}}plain-kernel-caller.cl:17:5: error: 'gid' takes the softatomic context but is called from kernel 'plain', which is not rewritten
// CHECK: {{.*}}plain-kernel-caller.cl:20:34: error: 'gid' takes the softatomic context but is called from 'orphan', which no rewritten kernel reaches
