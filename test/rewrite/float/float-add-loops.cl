// Compare-exchange loops that are provably one float add become that add
// (docs/REWRITE.md, "Float adds written as compare-exchange loops"); the
// call replaces the loop's text, whose line breaks stay (every line keeps
// its number). A loop that is not provably one stays the compare-exchange
// it is. The output compiles, as the rewritten program and as the warp
// program.
// RUN: softatomic-rewrite %s -o %t.cl
// RUN: %sa_user_code %t.cl | FileCheck %s
// RUN: %clang_cl_check -cl-std=CL1.2 %t.cl
// RUN: %clang_cl_check -cl-std=CL1.2 -DSA_WARP_PROGRAM %t.cl

// Recognised: the do-while on the bits, in a helper; its result is used
// by nobody, but the caller's target is read plainly elsewhere, so the
// add is not deferred.
void add_bits(volatile __global uint *p, float v) {
  uint old, next;
  do {
    old = *p;
    next = as_uint(as_float(old) + v);
  } while (atomic_cmpxchg(p, old, next) != old);
}
// CHECK: void add_bits(volatile __global uint *p, float v, __sa_ctx_t *__sa_ctx) {
// CHECK-NEXT:   uint old, next;
// CHECK-NEXT: {{^  $}}
// CHECK-EMPTY:
// CHECK-EMPTY:
// CHECK-NEXT: {{^}}(void)__sa_atomic_add_float((volatile __global float *)(p), (v), __sa_ctx);{{$}}
// CHECK-NEXT: {{^}}}

__kernel void helper_add(__global float *f, __global float *out) {
  add_bits((volatile __global uint *)f, (float)get_global_id(0));
  out[0] = f[1];
}

// Recognised: an endless loop that breaks, a union, a subtraction whose
// value calls the geometry (edited in place), on `&f[i]` read as `f[i]`.
__kernel void forms(__global float *f) {
  size_t i = get_global_id(0) % 4;
  union { uint u; float f; } old, next;
  while (1) {
    old.f = f[i];
    next.f = old.f - (float)get_local_id(0) * (float)get_group_id(0);
    if (atomic_cmpxchg((volatile __global uint *)&f[i], old.u, next.u) == old.u)
      break;
  }
  for (;;) {
    float seen = f[i];
    if (atomic_cmpxchg((volatile __global uint *)(f + i), as_uint(seen),
                       as_uint(seen + 2.0f)) == as_uint(seen))
      break;
  }
}
// CHECK: union { uint u; float f; } old, next;
// CHECK-NEXT: {{^  $}}
// CHECK-EMPTY:
// CHECK-EMPTY:
// CHECK-EMPTY:
// CHECK-EMPTY:
// CHECK-NEXT: {{^}}(void)__sa_nr_atomic_sub_float((volatile __global float *)((volatile __global uint *)&f[i]), ((float)get_local_id(0) * (float)__sa_get_group_id(0, __sa_ctx)), __sa_ctx);{{$}}
// CHECK-NEXT: {{^  $}}
// CHECK-EMPTY:
// CHECK-EMPTY:
// CHECK-EMPTY:
// CHECK-EMPTY:
// CHECK-NEXT: {{^}}(void)__sa_nr_atomic_add_float((volatile __global float *)((volatile __global uint *)(f + i)), (2.0f), __sa_ctx);{{$}}
// CHECK-NEXT: } while (__sa_next_group(__sa_ctx));

// Not recognised: the old value is used after the loop; the loop does
// something else too; the value has a side effect; the load and the
// compare-exchange are at different addresses; the sum is in double.
__kernel void others(__global float *f, __global float *out,
                     __global int *n) {
  volatile __global uint *p = (volatile __global uint *)f;
  uint old;
  while (1) {
    old = *p;
    if (atomic_cmpxchg(p, old, as_uint(as_float(old) + 1.0f)) == old)
      break;
  }
  out[0] = as_float(old);
  uint o2, n2;
  int tries = 0;
  do {
    o2 = p[1];
    n2 = as_uint(as_float(o2) + 1.0f);
    ++tries;
  } while (atomic_cmpxchg(&p[1], o2, n2) != o2);
  uint o3;
  do {
    o3 = p[2];
  } while (atomic_cmpxchg(&p[2], o3, as_uint(as_float(o3) + (float)n[tries++])) != o3);
  uint o4;
  do {
    o4 = p[3];
  } while (atomic_cmpxchg(&p[4], o4, as_uint(as_float(o4) + 1.0f)) != o4);
  float o5, n5;
  do {
    o5 = *(volatile __global float *)(p + 5);
    n5 = o5 + 0.5;
  } while (atomic_cmpxchg(p + 5, as_uint(o5), as_uint(n5)) != as_uint(o5));
}
// CHECK: __kernel void others(
// CHECK: while (__sa_live(__sa_ctx) && (1)) {
// CHECK-NEXT: old = *p;
// CHECK-NEXT: if (__sa_atomic_cmpxchg_uint(p, old, as_uint(as_float(old) + 1.0f), __sa_ctx) == old)
// CHECK: } while (__sa_live(__sa_ctx) && (__sa_atomic_cmpxchg_uint(&p[1], o2, n2, __sa_ctx) != o2));
// CHECK: } while (__sa_live(__sa_ctx) && (__sa_atomic_cmpxchg_uint(&p[2], o3, as_uint(as_float(o3) + (float)n[tries++]), __sa_ctx) != o3));
// CHECK: } while (__sa_live(__sa_ctx) && (__sa_atomic_cmpxchg_uint(&p[4], o4, as_uint(as_float(o4) + 1.0f), __sa_ctx) != o4));
// CHECK: } while (__sa_live(__sa_ctx) && (__sa_atomic_cmpxchg_uint(p + 5, as_uint(o5), as_uint(n5), __sa_ctx) != as_uint(o5)));
