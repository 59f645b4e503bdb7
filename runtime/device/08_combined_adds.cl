/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
 * Device runtime, part 8: the arithmetic of adds combined among
 * work-items, which the warp path (nvidia/warp_adds.cl) and the
 * work-group's combining (part 8a) share. Both combine 32-bit and 64-bit
 * integer adds (subtracts, incs and decs: adds of the negation, 1 and -1)
 * exactly, and float and double adds where the rewrite lets them be summed
 * in another order (SA_COMBINES): each caller's old value is the base one
 * atomic got plus its prefix, the sum of the adds before it. Where op is
 * named below it is the add's kind: SA_OP_ADD with SA_OP_WIDE and
 * SA_OP_FLOAT as the type has them.
 * Owns: SA_COMBINES; SA_FLOAT_KEEP_ORDER (softatomic-rewrite
 * --float-reassociation=keep-order) as an input.
 * Reads: SA_FLOAT_KEEP_ORDER, SA_INT64_ATOMICS. */

/* ---- the additions that combine ------------------------------------------ */

/* A combined add names its kind in op: SA_OP_ADD, with SA_OP_WIDE for 64
 * bits and SA_OP_FLOAT for a float (a double: both); its values are the
 * bits, zero-extended at 32. Float adds combine only where the rewrite
 * lets them be summed in another order (--float-reassociation=allow, the
 * default: SA_FLOAT_KEEP_ORDER is not defined): base + (a + b) is then
 * one of the results, as ((base + a) + b) is. A work-group sums 64-bit
 * adds where the device has 64-bit atomics (__sa_wg_add_wide). */
#ifdef SA_FLOAT_KEEP_ORDER
#define SA_COMBINES(op) (((op) & SA_OP_FLOAT) == 0u)
#else
#define SA_COMBINES(op) 1
#endif

/* a + b, as op adds them (the request's own arithmetic, part 3). */
static inline ulong __sa_add_op(uint op, ulong a, ulong b) {
#ifdef SA_INT64_ATOMICS
  if (op & SA_OP_WIDE)
    return __sa_apply_wide(op, a, b, 0);
#endif
  return __sa_apply(op, (uint)a, (uint)b, 0);
}

/* The sum of no adds: -0.0 for a float, which leaves every x as it is
 * (x + +0.0 is +0.0 for x = -0.0), so base + the first adder's prefix is
 * the base itself. */
static inline ulong __sa_add_zero(uint op) {
  if ((op & SA_OP_FLOAT) == 0u)
    return 0;
  return (op & SA_OP_WIDE) ? 0x8000000000000000ul : 0x80000000ul;
}

/* The operand that adds what op (an add or a subtract) does: x - v is
 * exactly x + (-v), in integers at op's width and in IEEE floats (the
 * sign bit flipped). */
static inline ulong __sa_add_operand(uint op, ulong v) {
  if ((op & ~(SA_OP_WIDE | SA_OP_FLOAT)) != SA_OP_SUB)
    return v;
  if (op & SA_OP_FLOAT) /* the sign bit: -0.0's */
    return v ^ __sa_add_zero(op);
  return (op & SA_OP_WIDE) ? 0ul - v : (ulong)(0u - (uint)v);
}
