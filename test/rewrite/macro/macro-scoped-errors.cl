// What the scoped form of a macro's edit (macro-scoped.cl) cannot serve
// is still refused, in clang's form, and nothing is written: a call whose
// `)` is not in the macro (the expansion without the context would lose
// its context argument), a __local atomic (native there, but the scoped
// atomic is a __global one), another pointee type (another runtime
// atomic), and a function in two forms whose copy needs such an edit.
// RUN: rm -f %t.out
// RUN: not softatomic-rewrite %s -o %t.out 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning:
// RUN: not test -e %t.out

#define GID get_global_id
#define ADD(p, v) atomic_add(p, v)

int twice(void) { return 2 * GID(0); }
// CHECK-DAG: {{.*}}macro-scoped-errors.cl:[[@LINE-1]]:5: error: 'twice' is called both from rewritten code and from code that is not rewritten, but this declaration of it cannot be copied: a macro it expands needs an edit that would break the original

void dead(__global uint *u) { ADD(u, 1u); }
// CHECK-DAG: {{.*}}macro-scoped-errors.cl:[[@LINE-1]]:31: error: global atomic 'atomic_add' is spelled in the definition of macro 'ADD', whose expansions need different edits of it: here it stays as written, in another expansion it becomes '__sa_atomic_add_int'

__kernel void k(__global int *c) {
  c[twice()] = 0;
  if (c[1])
    ADD(c, 1);
}

__kernel void plain(__global int *out) {
  __local int l;
  ADD(&l, 1);
// CHECK-DAG: {{.*}}macro-scoped-errors.cl:[[@LINE-1]]:3: error: global atomic 'atomic_add' is spelled in the definition of macro 'ADD', whose expansions need different edits of it: here it stays as written, in another expansion it becomes '__sa_atomic_add_int'
  out[GID(0)] = twice();
}

// CHECK-DAG: {{.*}}macro-scoped-errors.cl:12:19: note: spelled here, in macro 'ADD'
// CHECK-DAG: {{.*}}macro-scoped-errors.cl:23:5: note: the other expansion of macro 'ADD' is here
