// Loops that end once the runtime has failed (docs/REWRITE.md, "Loops"):
// after a device-side failure every software atomic returns at once, so a
// loop waiting for a value another work-group writes would spin forever.
// Every loop of rewritten code that reaches a software atomic whose value
// the code may read (directly or through a helper) gets __sa_live first in
// its condition, on its own line; loops that reach none, loops whose only
// atomics are deferred (they return nothing), uniform `for` loops around
// a work-group form (no atomic decides their trip count) and
// `do ... while (0)` do not. A loop spelled in a macro is guarded in the
// definition when every loop expanded from it needs the guard; otherwise
// it is left as written, with a warning.
// RUN: softatomic-rewrite %s -o %t.cl 2>&1 | FileCheck %s --check-prefix=WARN
// RUN: FileCheck %s --input-file %t.cl
// RUN: %clang_cl_check -cl-std=CL1.2 %t.cl

#define SPIN_ON(p) while (atom_add(p, 0) == 0) ;
#define FOREVER for (;;)
#define UNTIL(c) for (int j = 0; !(c); ++j)
// CHECK: {{^}}#define SPIN_ON(p) while (__sa_live(__sa_ctx) && (__sa_atomic_add_int(p, 0, __sa_ctx) == 0)) ;
// CHECK-NEXT: {{^}}#define FOREVER for (;__sa_live(__sa_ctx);)
// CHECK-NEXT: {{^}}#define UNTIL(c) for (int j = 0; !(c); ++j)

int take(__global int *lock) {
  int tries = 0;
  while (atom_cmpxchg(lock, 0, 1) != 0)
    ++tries;
  return tries;
}
// CHECK: {{^}}  while (__sa_live(__sa_ctx) && (__sa_atomic_cmpxchg_int(lock, 0, 1, __sa_ctx) != 0))

int lin(int n) {
  int s = 0;
  for (int i = 0; i < n; ++i)
    s += get_global_id(0);
  return s;
}
// CHECK: {{^}}  for (int i = 0; i < n; ++i)

int shared(__global int *p) {
  int s = 0;
  do s += atom_inc(p); while (s < 4);
  return s;
}
// The original stays as written; the copy is guarded.
// CHECK: {{^}}  do s += atom_inc(p); while (s < 4);
// CHECK: {{^}}  do s += __sa_atomic_inc_int(p, __sa_ctx); while (__sa_live(__sa_ctx) && (s < 4));

__kernel void waits(__global int *flags, __global int *hist, __global int *out, int n) {
  int g = get_group_id(0), seen = 0, x = 0;
  while ((seen = atom_add(&flags[g], 0)) == 0)
    ;
// CHECK: {{^}}  while (__sa_live(__sa_ctx) && ((seen = __sa_atomic_add_int(&flags[g], 0, __sa_ctx)) == 0))
  do {
    x += atom_inc(&flags[g]);
  } while (x < n);
// CHECK: {{^}}  } while (__sa_live(__sa_ctx) && (x < n));
  for (;;) { if (atom_cmpxchg(&flags[1], 0, 1) == 0) break; }
// CHECK: {{^}}  for (;__sa_live(__sa_ctx);) { if (__sa_atomic_cmpxchg_int(&flags[1], 0, 1, __sa_ctx) == 0) break; }
  for (int i = 0; i < n &&
                  x > 0; ++i)
    for (int k = 0; k < i; ++k)
      x += take(&flags[2]);
// CHECK: {{^}}  for (int i = 0; __sa_live(__sa_ctx) && (i < n &&
// CHECK-NEXT: {{^}}                  x > 0); ++i)
// CHECK-NEXT: {{^}}    for (int k = 0; __sa_live(__sa_ctx) && (k < i); ++k)
  for (int i = 0; i < n; ++i)
    x += lin(i);
// CHECK: {{^}}  for (int i = 0; i < n; ++i)
  for (int i = 0; i < n; ++i)
    atom_inc(&hist[i % 8]);
// CHECK: {{^}}  for (int i = 0; i < n; ++i)
// CHECK-NEXT: {{^}}    __sa_nr_atomic_inc_int(&hist[i % 8], __sa_ctx);
  for (int i = 0; i < 4; ++i)
    x += atom_add(&flags[3], 1);
// CHECK: {{^}}  for (int i = 0; i < 4; ++i)
// CHECK-NEXT: {{^}}    x += __sa_wg_atomic_add_int(&flags[3], 1, __sa_ctx);
  do { x += atom_inc(&flags[4]); } while (0);
// CHECK: {{^}}  do { x += __sa_atomic_inc_int(&flags[4], __sa_ctx); } while (0);
  SPIN_ON(&flags[5])
  FOREVER { if (atom_inc(&flags[6]) > 3) break; }
  UNTIL(atom_add(&flags[7], 0) > 3) ;
// WARN: loop-guards.cl:[[@LINE-1]]:3: warning: this loop in 'waits' reaches a software atomic but gets no guard (it is spelled in a macro definition that other loops share): if the runtime fails, it may not end
  x += shared(&flags[8]);
  out[get_global_id(0)] = x + seen;
}

// Reached by no kernel: shared is in two forms.
int unused(__global int *p) { return shared(p); }

__kernel void native_loops(__local int *l, __global int *out) {
  UNTIL(atomic_add(l, 0) > 3) ;
  out[0] = 1;
}
