// Float adds written as compare-exchange loops, as code without float
// atomics writes them, in the forms the rewriter recognises as one float
// add (docs/REWRITE.md, "Float adds written as compare-exchange loops"):
// each loop becomes one call of the runtime's float add, deferred here
// (its result is unused, and the histogram is touched only by such adds),
// so it is combined in the worker like an integer add. The kernel as
// written (these very loops, run natively) is the reference: the operands
// are integer-valued, so the sums are exact in any order and the results
// must be bit-identical, in every mode and in the warp program.
// RUN: softatomic-rewrite %s -o %t.sa.cl
// RUN: %sa_user_code %t.sa.cl | FileCheck %s
// CHECK: {{^}}(void)__sa_nr_atomic_add_float((volatile __global float *)(bits), (v), __sa_ctx);
// CHECK: {{^}}__kernel void histogram(
// CHECK: {{^}}(void)__sa_nr_atomic_add_float((volatile __global float *)((volatile __global uint *)&h[i % 8u]), (x[i]), __sa_ctx);
// CHECK: {{^}}(void)__sa_nr_atomic_sub_float((volatile __global float *)((volatile __global uint *)&h[8]), (1.0f), __sa_ctx);
// CHECK: {{^}}(void)__sa_nr_atomic_add_float((volatile __global float *)((volatile __global uint *)h + 9), (x[i] * 2.0f), __sa_ctx);
// RUN: sa-difftest %s %t.sa.cl --kernel histogram --global 4096 --local 64 --arg buf:float:10 --arg buf:float:4096:random=3,100 --check 0:equal
// RUN: sa-difftest %s %t.sa.cl --kernel histogram --global 777 --local 7 --arg buf:float:10 --arg buf:float:777:random=5,1000 --check 0:equal
// RUN: sa-difftest %s %t.sa.cl --kernel histogram --global 4096 --local 64 --arg buf:float:10 --arg buf:float:4096:random=3,100 --check 0:equal --warp-program
// With --float-reassociation=keep-order each is a float add of its own
// (a request, or one native compare-exchange loop in the runtime).
// RUN: softatomic-rewrite --float-reassociation=keep-order %s -o %t.keep.sa.cl
// RUN: %sa_user_code %t.keep.sa.cl | FileCheck %s --check-prefix=KEEP
// KEEP: {{^}}(void)__sa_atomic_add_float((volatile __global float *)(bits), (v), __sa_ctx);
// RUN: sa-difftest %s %t.keep.sa.cl --kernel histogram --global 4096 --local 64 --arg buf:float:10 --arg buf:float:4096:random=3,100 --check 0:equal
// A loop whose old value is used afterwards is not one float add: it stays
// the compare-exchange it is, and the counter still ends right in the
// coordinator mode. (Only there, and the tickets themselves are not
// compared: on PoCL a loop of this shape, on integers too, records wrong
// old values in the rewritten program, and loses adds in the combining
// mode; a problem of its own, apart from floats.)
// RUN: %sa_user_code %t.sa.cl | FileCheck %s --check-prefix=KEPT
// KEPT: {{^}}__kernel void ticket(
// KEPT: {{^  }}} while (__sa_live(__sa_ctx) && (__sa_atomic_cmpxchg_uint(p, old, next, __sa_ctx) != old));
// RUN: sa-difftest %s %t.sa.cl --kernel ticket --mode coordinator --global 2048 --local 64 --arg buf:float:1 --arg buf:float:2048 --check 0:equal --check 1:ignore

// (Signed bits, the value on the left.)
void add_bits(volatile __global int *bits, float v) {
  int old, next;
  do {
    old = *bits;
    next = as_int(v + as_float(old));
  } while (atomic_cmpxchg(bits, old, next) != old);
}

__kernel void histogram(__global float *h, __global const float *x) {
  uint i = (uint)get_global_id(0);
  // The do-while of a helper, on the bits.
  add_bits((volatile __global int *)&h[i % 8u], 1.0f);
  // An endless loop that breaks, on float variables.
  while (1) {
    float seen = h[i % 8u];
    float want = seen + x[i];
    if (atomic_cmpxchg((volatile __global uint *)&h[i % 8u], as_uint(seen),
                       as_uint(want)) == as_uint(seen))
      break;
  }
  // A subtraction, with the new bits computed in the call.
  for (;;) {
    uint old = *(volatile __global uint *)&h[8];
    if (atomic_cmpxchg((volatile __global uint *)&h[8], old,
                       as_uint(as_float(old) - 1.0f)) == old)
      break;
  }
  // A union of the bits and the float.
  union {
    uint u;
    float f;
  } old, next;
  do {
    old.u = *((volatile __global uint *)h + 9);
    next.f = old.f + x[i] * 2.0f;
  } while (atomic_cmpxchg((volatile __global uint *)h + 9, old.u, next.u) !=
           old.u);
}

// The value before the add is the work-item's ticket: not a plain add.
__kernel void ticket(__global float *counter, __global float *mine) {
  volatile __global uint *p = (volatile __global uint *)counter;
  uint old, next;
  do {
    old = *p;
    next = as_uint(as_float(old) + 1.0f);
  } while (atomic_cmpxchg(p, old, next) != old);
  mine[get_global_id(0)] = as_float(old);
}
