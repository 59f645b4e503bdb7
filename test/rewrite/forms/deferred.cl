// Deferred atomics (docs/REWRITE.md): a global atomic becomes the runtime's
// __sa_nr_ form when its result is discarded, its operation combines in any
// order, and the memory it targets is reached only through atomics whose
// results are discarded, here and in every function the pointer is passed to
// (u through the local p too: deferred-locals.cl). Anything else keeps its
// form: an atomic that returns a value observes its memory, and another
// group may be waiting there for an update (tickets; a flag released by an
// add, exec/deferred_release.cl).
// RUN: softatomic-rewrite %s -o %t.cl --manifest %t.json
// RUN: FileCheck %s --match-full-lines --strict-whitespace --input-file %t.cl
// RUN: FileCheck %s --check-prefix=MANIFEST --input-file %t.json
// RUN: %clang_cl_check -cl-std=CL1.2 %t.cl
// Off on request, and wherever the code orders memory itself.
// RUN: softatomic-rewrite %s --defer-unused=false -o %t.off.cl --manifest %t.off.json
// RUN: FileCheck %s --check-prefix=OFF --input-file %t.off.json
// RUN: softatomic-rewrite %s -o %t.fence.cl -- -DFENCE
// RUN: %sa_user_code %t.fence.cl | not grep -qE "^ *(\(void\))?__sa_nr_atomic_"
// RUN: %clang_cl_check -cl-std=CL1.2 %t.fence.cl

int peek(__global int *p) { return p[0]; }
void bump(__global int *p, int v) { atom_add(p, v); }
void bump_twice(__global int *p) { bump(p, 1); bump(p + 1, 2); }

__kernel void k(__global int *hist, __global int *read, __global int *mixed,
                __global int *shared, __global uint *u, __global int *tickets) {
  int i = get_global_id(0);
  atom_inc(&hist[i % 8]);
  (void)atomic_max(hist + 9, i);
  atom_or(&hist[10], 1), atom_xor(&hist[11], i);
  for (int j = 0; j < 2; atomic_and(&hist[12], ~j), ++j)
    ;
  int old = atom_add(tickets, 1);
  atom_add(&tickets[1], 2);
  atom_xchg(&hist[14], i);
  atom_add(read, 1);
  read[1] = old;
  atom_sub(mixed, 1);
  mixed[2] = peek(mixed + 2);
  bump_twice(shared);
  __global uint *p = u + 1;
  atom_add(p, 1u);
  if (old > 0)
    atom_dec((__global int *)u);
}

#ifdef FENCE
__kernel void fenced(__global int *c, __global int *flag) {
  atom_add(c, 1);
  write_mem_fence(CLK_GLOBAL_MEM_FENCE);
  flag[0] = 1;
}
#endif

// CHECK:int peek(__global int *p) { return p[0]; }
// CHECK-NEXT:void bump(__global int *p, int v, __sa_ctx_t *__sa_ctx) { __sa_nr_atomic_add_int(p, v, __sa_ctx); }
// CHECK-NEXT:void bump_twice(__global int *p, __sa_ctx_t *__sa_ctx) { bump(p, 1, __sa_ctx); bump(p + 1, 2, __sa_ctx); }
// CHECK:  __sa_nr_atomic_inc_int(&hist[i % 8], __sa_ctx);
// CHECK-NEXT:  (void)__sa_nr_atomic_max_int(hist + 9, i, __sa_ctx);
// CHECK-NEXT:  __sa_nr_atomic_or_int(&hist[10], 1, __sa_ctx), __sa_nr_atomic_xor_int(&hist[11], i, __sa_ctx);
// CHECK-NEXT:  for (int j = 0; j < 2; __sa_nr_atomic_and_int(&hist[12], ~j, __sa_ctx), ++j)
// CHECK-NEXT:    ;
// CHECK-NEXT:  int old = __sa_wg_atomic_add_int(tickets, 1, __sa_ctx);
// CHECK-NEXT:  __sa_wg_atomic_add_int(&tickets[1], 2, __sa_ctx);
// CHECK-NEXT:  __sa_wg_atomic_xchg_int(&hist[14], i, __sa_ctx);
// CHECK-NEXT:  __sa_wg_atomic_add_int(read, 1, __sa_ctx);
// CHECK-NEXT:  read[1] = old;
// CHECK-NEXT:  __sa_wg_atomic_sub_int(mixed, 1, __sa_ctx);
// CHECK-NEXT:  mixed[2] = peek(mixed + 2);
// CHECK-NEXT:  bump_twice(shared, __sa_ctx);
// CHECK-NEXT:  __global uint *p = u + 1;
// CHECK-NEXT:  __sa_nr_atomic_add_uint(p, 1u, __sa_ctx);
// CHECK-NEXT:  if (old > 0)
// CHECK-NEXT:    __sa_nr_atomic_dec_int((__global int *)u, __sa_ctx);

// MANIFEST:    "deferred_atomics": true
// MANIFEST:      "atomic_sites": 13,
// MANIFEST-NEXT: "deferred_sites": 8
// OFF:    "deferred_atomics": false
// OFF:      "atomic_sites": 13,
// OFF-NEXT: "deferred_sites": 0
