// OpenCL 2.0 generic pointers proved __global by following the pointer to
// an expression whose type names the space: implicit and explicit casts,
// parentheses, &*, subscripts, member accesses, pointer arithmetic, ?:,
// local variables (every value they are given) and helper parameters
// (every call's argument, through helper chains). A proved-global call is
// rewritten with its pointer cast to the __global type; a proved-__local
// one is left native.
// RUN: softatomic-rewrite %s -o %t20.cl -- -cl-std=CL2.0
// RUN: FileCheck %s --match-full-lines --strict-whitespace --input-file %t20.cl
// RUN: %clang_cl_check -cl-std=CL2.0 %t20.cl
// RUN: softatomic-rewrite %s -o %t30.cl -- -cl-std=CL3.0
// RUN: FileCheck %s --match-full-lines --strict-whitespace --input-file %t30.cl
// RUN: %clang_cl_check -cl-std=CL3.0 %t30.cl

typedef struct { atomic_int hits; int pad; } counter_t;

// Parameters: every call passes a proved-__global pointer.
int generic_add(atomic_int *p) { return atomic_fetch_add(p, 1); }
// CHECK:int generic_add(atomic_int *p, __sa_ctx_t *__sa_ctx) { return __sa_atomic_fetch_add_int((__global atomic_int *)(p), 1, __sa_ctx); }
void store_flag(volatile atomic_uint *p) { atomic_store_explicit(p, 1u, memory_order_release); }
// CHECK:void store_flag(volatile atomic_uint *p, __sa_ctx_t *__sa_ctx) { __sa_atomic_store_explicit_uint((volatile __global atomic_uint *)(p), 1u, memory_order_release, __sa_ctx); }
// A chain: q is proved through its callers, r through q (arithmetic and a
// reassignment from a proved value), and generic_add's p through r.
int chain(atomic_int *q) { atomic_int *r = q + 1; r = r - 1; return generic_add(r); }
// CHECK:int chain(atomic_int *q, __sa_ctx_t *__sa_ctx) { atomic_int *r = q + 1; r = r - 1; return generic_add(r, __sa_ctx); }
int hit(counter_t *c) { return atomic_fetch_add(&c->hits, 1); }
// CHECK:int hit(counter_t *c, __sa_ctx_t *__sa_ctx) { return __sa_atomic_fetch_add_int((__global atomic_int *)(&c->hits), 1, __sa_ctx); }
// Called with __local pointers only: stays native.
int local_add(atomic_int *p) { return atomic_fetch_add(p, 1); }
// CHECK:int local_add(atomic_int *p) { return atomic_fetch_add(p, 1); }

__kernel void k(__global atomic_int *a, __global atomic_uint *u,
                __global counter_t *cs, __global int *out) {
  __local atomic_int loc[2];
  int gid = get_global_id(0);
  out[gid] = generic_add(a) + chain(&a[1]) + hit(&cs[gid]);
  store_flag(u);
  atomic_int *g = (atomic_int *)&a[2];
  atomic_fetch_add(g, 1);
  atomic_fetch_add((&*(g + 1)), 1);
  atomic_fetch_add(&(*(a + 4)), 1);
  counter_t *c = cs;
  atomic_fetch_add(&(c + 1)->hits, 1);
  atomic_fetch_add(&c[2].hits, 1);
  atomic_fetch_add_explicit(gid ? g : &a[5], 1, memory_order_relaxed);
  atomic_int *l = &loc[1];
  atomic_fetch_add(l, 1);
  local_add(&loc[0]);
}
// CHECK:  out[gid] = generic_add(a, __sa_ctx) + chain(&a[1], __sa_ctx) + hit(&cs[gid], __sa_ctx);
// CHECK-NEXT:  store_flag(u, __sa_ctx);
// CHECK-NEXT:  atomic_int *g = (atomic_int *)&a[2];
// CHECK-NEXT:  __sa_atomic_fetch_add_int((__global atomic_int *)(g), 1, __sa_ctx);
// CHECK-NEXT:  __sa_atomic_fetch_add_int((__global atomic_int *)((&*(g + 1))), 1, __sa_ctx);
// CHECK-NEXT:  __sa_atomic_fetch_add_int(&(*(a + 4)), 1, __sa_ctx);
// CHECK-NEXT:  counter_t *c = cs;
// CHECK-NEXT:  __sa_atomic_fetch_add_int((__global atomic_int *)(&(c + 1)->hits), 1, __sa_ctx);
// CHECK-NEXT:  __sa_atomic_fetch_add_int((__global atomic_int *)(&c[2].hits), 1, __sa_ctx);
// CHECK-NEXT:  __sa_wg_atomic_fetch_add_explicit_int((__global atomic_int *)(gid ? g : &a[5]), 1, memory_order_relaxed, __sa_ctx);
// CHECK-NEXT:  atomic_int *l = &loc[1];
// CHECK-NEXT:  atomic_fetch_add(l, 1);
// CHECK-NEXT:  local_add(&loc[0]);
