/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
 * Device runtime, part 5: a work-item's request. Failures (__sa_live,
 * __sa_fail), the combining mode's native atomics, and the hand-off to the
 * coordinator through the work-item's slot (__sa_publish, __sa_exchange).
 * Owns: SA_COMBINE_MODE (softatomic-rewrite --combine-mode), SA_NV_F64_ADD
 * (host build options), SA_FLOAT_CAS_ONLY and SA_WIDE_CAS_ONLY (test
 * builds) as inputs; decides SA_ADAPTIVE_GROUP_CALLS, SA_NATIVE_WIDE,
 * SA_NATIVE_WIDE_EXTENDED and SA_NATIVE_{FLOAT,DOUBLE}_{ADD,MIN_MAX}.
 * Reads: SA_COMBINE_MODE, SA_NATIVE_WIDE, SA_INT64_ATOMICS, SA_CL20_ABSENT,
 * POCL_DEVICE_ADDRESS_BITS, __NV_CL_C_VERSION (its float adds:
 * nvidia/ptx.cl), __OPENCL_C_VERSION__, cl_khr_int64_*, cl_khr_fp64,
 * cl_ext_float_atomics and its
 * __opencl_c_ext_fp{32,64}_global_atomic_{add,min_max}. */

/* ---- failures ----------------------------------------------------------- */

/* Whether the launch is still sound, first in the condition of every loop
 * of the user's that reaches a software atomic (the rewriter guards them:
 * docs/REWRITE.md, "Loops"). After a failure every software atomic
 * returns 0 at once, so a loop waiting for a value (a flag another group
 * sets) would spin forever: the guard ends it, and the work-item goes on
 * to the kernel's end. It reads the work-group's failed word in local
 * memory (cheap), which a work-item whose request fails sets at once
 * (__sa_fail), and __sa_group_begin sets at each user group's start from
 * the launch's error word (another group's failure; until then this
 * group's own requests fail once the coordinator has left). One word
 * for the whole group, so that the work-items of a loop with a barrier in
 * it (the first work-item polls, a barrier shares what it saw) leave it at
 * the same iteration when the failure came before that barrier. */
static inline int __sa_live(__sa_ctx_t *ctx) {
  if (ctx->direct) /* nothing fails: no request is made */
    return 1;
  volatile __local uint *failed =
      ctx->scratch + SA_G_FAILED(__sa_local_items());
  return *failed == 0u;
}

/* A request failed: the launch's first error (the host reports it), and
 * this work-item's later requests and its group's guarded loops end. */
static void __sa_fail(__sa_ctx_t *ctx, uint code) {
  if (SA_IS_DIRECT(ctx)) /* no state to report to: the host checked first */
    return;
  __sa_record_error(ctx->state, code, ctx->group);
  ctx->failed = 1;
  ctx->scratch[SA_G_FAILED(__sa_local_items())] = 1u;
}

/* The guard of a loop that waits on __global memory the runtime does not
 * see (an OpenCL 2.0 atomic_load, a volatile read) and makes no software
 * atomic that would bound it (docs/REWRITE.md, "Loops"). Besides
 * __sa_live, every SA_WAIT_POLL-th test rings the worker's doorbell, so
 * that the coordinator counts the worker as one that waits (not as one busy
 * with its own work): where every running worker waits on something that
 * no running group changes (a global barrier on more groups than run at
 * once) its stall bound ends the launch (SA_NO_PROGRESS). The same test
 * reads the launch's error word and the coordinator's status, and ends the
 * loop once the launch has failed. In the combining mode no coordinator
 * judges progress: only another failure ends the wait. */
#define SA_WAIT_POLL 64u
static int __sa_waiting(__sa_ctx_t *ctx) {
  if (SA_IS_DIRECT(ctx))
    return 1;
  if (!__sa_live(ctx))
    return 0;
  if ((++ctx->waits & (SA_WAIT_POLL - 1u)) != 0u)
    return 1;
  __global uint *state = ctx->state;
  uint error = __sa_load_relaxed(state + SA_E_CODE);
  if (!ctx->native) {
    __sa_store_release(state + SA_W_DOORBELL(ctx->worker), 1u);
    if (error == SA_DEV_OK &&
        __sa_load_relaxed(state + SA_C_STATUS) == SA_COORD_EXITED)
      error = SA_DEV_COORDINATOR_GONE;
  }
  if (error == SA_DEV_OK)
    return 1;
  __sa_fail(ctx, error);
  return 0;
}

/* ---- native float atomics ---------------------------------------------- */

/* cl_ext_float_atomics' add, sub, min and max on a __global atomic_float or
 * atomic_double, where the compiler defines the extension's feature macros
 * (OpenCL C 2.0 and up; a 1.x source has no atomic_float, and compiles
 * without them). Relaxed and of device scope: what a 1.x atomic is.
 * SA_FLOAT_CAS_ONLY (a build define) keeps the compare-exchange loop for
 * every float operation, so a device without the instructions is tested
 * where they exist. */
#if __OPENCL_C_VERSION__ >= 200 && defined(cl_ext_float_atomics) &&           \
    !defined(SA_CL20_ABSENT) && !defined(SA_FLOAT_CAS_ONLY)
#ifdef __opencl_c_ext_fp32_global_atomic_add
#define SA_NATIVE_FLOAT_ADD 1
#endif
#ifdef __opencl_c_ext_fp32_global_atomic_min_max
#define SA_NATIVE_FLOAT_MIN_MAX 1
#endif
/* opencl-c.h declares the double ones only with both 64-bit extensions. */
#if defined(SA_INT64_ATOMICS) && defined(cl_khr_fp64) &&                       \
    defined(cl_khr_int64_base_atomics) && defined(cl_khr_int64_extended_atomics)
#ifdef __opencl_c_ext_fp64_global_atomic_add
#define SA_NATIVE_DOUBLE_ADD 1
#endif
#ifdef __opencl_c_ext_fp64_global_atomic_min_max
#define SA_NATIVE_DOUBLE_MIN_MAX 1
#endif
#endif
#endif
#define SA_RELAXED_DEVICE memory_order_relaxed, memory_scope_device

/* A 32-bit float operation (SA_OP_FLOAT): the device's instruction where
 * it has one, else a compare-exchange loop on the bits that reads the
 * target again after each failed exchange, as a user's own loop does:
 * retrying at once on the value the exchange returned was 1.18x the
 * user's loop on 64 addresses and 2.04x on one (H200, 65,536 work-items
 * on one float); the read between tries makes a contended address's
 * exchanges fail less often (0.80x and 1.01x). Bits are compared, so a
 * NaN target does not loop forever. NVIDIA's OpenCL names no float atomic, but its PTX has
 * atom.global.add.f32 (sm_20 and up; on global memory it flushes
 * subnormal inputs and results to zero, as CUDA's atomicAdd does): under
 * contention the loop was far slower than the instruction. PTX has no
 * float atom.min or atom.max (its .min and .max take integers, and
 * vectors of f16 and bf16 from sm_90), so there min and max stay the
 * loop. */
static uint __sa_native_float(uint op, volatile __global uint *p, uint v) {
#if defined(SA_NATIVE_FLOAT_ADD) || defined(SA_NATIVE_FLOAT_MIN_MAX)
  volatile __global atomic_float *a = (volatile __global atomic_float *)p;
#endif
  float f = as_float(v);
  switch (op & ~SA_OP_FLOAT) {
#ifdef SA_NATIVE_FLOAT_ADD
  case SA_OP_ADD:
    return as_uint(atomic_fetch_add_explicit(a, f, SA_RELAXED_DEVICE));
  case SA_OP_SUB:
    return as_uint(atomic_fetch_sub_explicit(a, f, SA_RELAXED_DEVICE));
#elif defined(__NV_CL_C_VERSION) && !defined(SA_FLOAT_CAS_ONLY)
  case SA_OP_SUB: f = -f; /* fall through: a - b is a + -b in IEEE */
  case SA_OP_ADD:
    return as_uint(__sa_nv_float_add(p, f));
#endif
#ifdef SA_NATIVE_FLOAT_MIN_MAX
  case SA_OP_MIN:
    return as_uint(atomic_fetch_min_explicit(a, f, SA_RELAXED_DEVICE));
  case SA_OP_MAX:
    return as_uint(atomic_fetch_max_explicit(a, f, SA_RELAXED_DEVICE));
#endif
  }
#if defined(SA_NATIVE_FLOAT_ADD) && defined(SA_NATIVE_FLOAT_MIN_MAX)
  return 0u; /* not reached: SA_OP_FLOAT marks these four alone */
#else
  for (;;) {
    uint old = *p;
    if (atomic_cmpxchg(p, old, __sa_apply_float(op, old, v)) == old)
      return old;
  }
#endif
}

/* ---- native 64-bit atomics --------------------------------------------- */

/* Where the device has cl_khr_int64_base_atomics: 64-bit requests of the
 * combining mode and of the kernel as written (__sa_native). Each with the
 * device's own instruction where it has one: add, sub, exchange and
 * compare-exchange (base), min, max, and, or, xor (extended, which a
 * device may lack), a double's add, sub, min and max (cl_ext_float_atomics,
 * above; NVIDIA's atom.global.add.f64, sm_60 and up, which OpenCL C cannot
 * test for: the host's build options give SA_NV_F64_ADD there). Only the
 * rest, what the device lacks, is a compare-exchange loop: under contention
 * the loop was four orders of magnitude slower than atom_add on the H200.
 * SA_WIDE_CAS_ONLY (a build define) keeps the loop for every integer
 * operation, SA_FLOAT_CAS_ONLY for every double one. */
#if defined(SA_INT64_ATOMICS) && defined(cl_khr_int64_base_atomics)
#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable
#define SA_NATIVE_WIDE 1
#if defined(cl_khr_int64_extended_atomics) && !defined(SA_WIDE_CAS_ONLY)
#pragma OPENCL EXTENSION cl_khr_int64_extended_atomics : enable
#define SA_NATIVE_WIDE_EXTENDED 1
#endif
#if !defined(SA_NATIVE_DOUBLE_ADD) && defined(SA_NV_F64_ADD) &&                \
    defined(__NV_CL_C_VERSION) && defined(cl_khr_fp64) &&                      \
    !defined(SA_FLOAT_CAS_ONLY)
#define SA_NV_DOUBLE_ADD 1
#endif

/* The device's instruction for \p op where it has one, else a
 * compare-exchange loop that reads the target again after each failed
 * exchange (__sa_native_float says why). */
static ulong __sa_native_wide(uint op, volatile __global ulong *p, ulong v,
                              ulong cmp) {
#if defined(SA_NATIVE_DOUBLE_ADD) || defined(SA_NATIVE_DOUBLE_MIN_MAX)
  volatile __global atomic_double *a = (volatile __global atomic_double *)p;
  double d = as_double(v);
#endif
  switch (op & ~SA_OP_WIDE) {
#ifndef SA_WIDE_CAS_ONLY
  case SA_OP_ADD: return atom_add(p, v);
  case SA_OP_SUB: return atom_sub(p, v);
  case SA_OP_XCHG: return atom_xchg(p, v);
  case SA_OP_CMPXCHG: return atom_cmpxchg(p, cmp, v);
#endif
#ifdef SA_NATIVE_WIDE_EXTENDED
  case SA_OP_MIN: return atom_min(p, v);
  case SA_OP_MAX: return atom_max(p, v);
  case SA_OP_MIN | SA_OP_SIGNED:
    return (ulong)atom_min((volatile __global long *)p, (long)v);
  case SA_OP_MAX | SA_OP_SIGNED:
    return (ulong)atom_max((volatile __global long *)p, (long)v);
  case SA_OP_AND: return atom_and(p, v);
  case SA_OP_OR: return atom_or(p, v);
  case SA_OP_XOR: return atom_xor(p, v);
#endif
#ifdef SA_NATIVE_DOUBLE_ADD
  case SA_OP_ADD | SA_OP_FLOAT:
    return as_ulong(atomic_fetch_add_explicit(a, d, SA_RELAXED_DEVICE));
  case SA_OP_SUB | SA_OP_FLOAT:
    return as_ulong(atomic_fetch_sub_explicit(a, d, SA_RELAXED_DEVICE));
#elif defined(SA_NV_DOUBLE_ADD)
  case SA_OP_SUB | SA_OP_FLOAT: v = as_ulong(-as_double(v)); /* fall through */
  case SA_OP_ADD | SA_OP_FLOAT:
    return as_ulong(__sa_nv_double_add(p, as_double(v)));
#endif
#ifdef SA_NATIVE_DOUBLE_MIN_MAX
  case SA_OP_MIN | SA_OP_FLOAT:
    return as_ulong(atomic_fetch_min_explicit(a, d, SA_RELAXED_DEVICE));
  case SA_OP_MAX | SA_OP_FLOAT:
    return as_ulong(atomic_fetch_max_explicit(a, d, SA_RELAXED_DEVICE));
#endif
  }
  for (;;) {
    ulong old = *p;
    if (atom_cmpxchg(p, old, __sa_apply_wide(op, old, v, cmp)) == old)
      return old;
  }
}
#endif

/* ---- native atomics: the combining mode, and the kernel as written ----- */

/* In the combining mode (softatomic-rewrite --combine-mode, SA_COMBINE_MODE;
 * SA_M_COMBINE, chosen by the host per launch) every request that would go
 * to the coordinator, after the group has combined what it can, is applied
 * here with one native atomic instead. Every write to a target is then a
 * native atomic, so no mix of native and software updates is ever made.
 * A per-item call of the kernel as written (SA_MODE_DIRECT) is applied
 * here too (__sa_request). The native atomic orders nothing but itself, as
 * a 1.x atomic or a relaxed 2.0 one does; a 2.0 call that asks for more
 * gets its fences in __sa_request. A coordinator-mode launch makes no
 * native global atomic, the paper's mode; a program built with
 * -DSA_NO_DIRECT and without the combining mode has none compiled in. */
#ifdef SA_COMBINE_MODE
/* A group call that shared too little makes the next ones go per item
 * (__sa_wg_add), which puts its barriers behind a condition, uniform in
 * the group as OpenCL requires. PoCL 3.1's compiler (it defines
 * POCL_DEVICE_ADDRESS_BITS) gets such a function wrong even when the
 * condition is never true (test/exec/group_combining.cl returned values
 * no linearization allows), so there every call combines. */
#ifndef POCL_DEVICE_ADDRESS_BITS
#define SA_ADAPTIVE_GROUP_CALLS 1
#endif
#endif /* SA_COMBINE_MODE */

static ulong __sa_native(__sa_ctx_t *ctx, uint op, ulong addr, ulong value,
                         ulong compare) {
  volatile __global uint *p = (volatile __global uint *)(uintptr_t)addr;
  volatile __global int *sp = (volatile __global int *)p;
  uint v = (uint)value, old = 0;
  if ((op & (SA_OP_FLOAT | SA_OP_WIDE)) == SA_OP_FLOAT)
    return __sa_native_float(op, p, v);
  switch (op) {
  case SA_OP_ADD: old = atomic_add(p, v); break;
  case SA_OP_SUB: old = atomic_sub(p, v); break;
  case SA_OP_XCHG: old = atomic_xchg(p, v); break;
  case SA_OP_AND: old = atomic_and(p, v); break;
  case SA_OP_OR: old = atomic_or(p, v); break;
  case SA_OP_XOR: old = atomic_xor(p, v); break;
  case SA_OP_MIN: old = atomic_min(p, v); break;
  case SA_OP_MAX: old = atomic_max(p, v); break;
  case SA_OP_MIN | SA_OP_SIGNED: old = (uint)atomic_min(sp, (int)v); break;
  case SA_OP_MAX | SA_OP_SIGNED: old = (uint)atomic_max(sp, (int)v); break;
  case SA_OP_CMPXCHG: old = atomic_cmpxchg(p, (uint)compare, v); break;
  default: /* 64-bit */
#ifdef SA_NATIVE_WIDE
    return __sa_native_wide(op, (volatile __global ulong *)p, value, compare);
#else
    __sa_fail(ctx, SA_DEV_NO_NATIVE);
    return 0;
#endif
  }
  return old;
}

/* ---- the requesting work-item (paper Figure 6, one slot per work-item) --- */

/* Publishes one request in this work-item's slot: the fields, the slot's
 * state, then its ring byte and its worker's doorbell (__sa_ring). */
static void __sa_publish(__sa_ctx_t *ctx, uint op, ulong addr, ulong value,
                         ulong compare) {
  __global uint *slot = ctx->slot;
  __sa_store_relaxed(slot + SA_S_OP, op);
  __sa_store_pair(slot + SA_S_ADDR, addr);
  __sa_store_pair(slot + SA_S_VALUE, value);
  __sa_store_pair(slot + SA_S_COMPARE, compare);
  __sa_store_release(slot + SA_S_STATE, SA_REQ_PENDING);
  __sa_fence_release(); /* the slot, then its ring byte */
  __sa_ring(ctx->ring, ctx->state + SA_W_DOORBELL(ctx->worker));
}

/* A request in two halves, for a group whose work-items all publish
 * before any of them waits (__sa_wg_request, __sa_wg_add): where a group's
 * work-items run one after another between barriers (PoCL), a request
 * published and awaited by each in turn costs the coordinator a round
 * each. The first half returns the old value of a native atomic, else 0;
 * a request it published leaves ctx->awaiting set, and its answer is then
 * read by __sa_exchange_receive. (In the context, not in a value kept
 * across the caller's barrier: PoCL 3.1 gave work-items each other's such
 * values, and the coordinator's answer went to none.) */
static ulong __sa_exchange_send(__sa_ctx_t *ctx, uint op, ulong addr,
                                ulong value, ulong compare) {
  if (ctx->failed)
    return 0;
#ifdef SA_COMBINE_MODE
  if (ctx->native)
    return __sa_native(ctx, op, addr, value, compare);
#endif
  __sa_publish(ctx, op, addr, value, compare);
  ctx->awaiting = 1;
  return 0;
}

/* Waits for the coordinator to carry out the request this work-item
 * published; returns the target's old value. */
static ulong __sa_exchange_receive(__sa_ctx_t *ctx) {
  __global uint *state = ctx->state, *slot = ctx->slot;
  ctx->awaiting = 0;
  /* Wait for the coordinator, and only for it: give up when it has left,
   * when it shows no progress for SA_H_SPIN_LIMIT polls, or when it has run
   * more rounds than it needs to reach every slot. */
  uint spin_limit = __sa_load_header(state + SA_H_SPIN_LIMIT);
  uint slots = __sa_load_header(state + SA_H_SLOTS);
  uint capacity = __sa_load_header(state + SA_H_LIST_CAPACITY);
  uint round_limit = 64u * (slots / capacity + 1u) + 1024u;
  uint seen = __sa_load_relaxed(state + SA_C_HEARTBEAT);
  uint stale = 0, rounds = 0, error = SA_DEV_OK;
  /* Relaxed polls (a fence per poll would slow every one down), and one
   * acquire after the loop, before the old value is read. */
  for (uint poll = 1; __sa_load_relaxed(slot + SA_S_STATE) != SA_REQ_DONE; ++poll) {
    if ((poll & 63u) != 0)
      continue;
    if ((poll & 1023u) == 0) /* in case the coordinator cleared them first */
      __sa_ring(ctx->ring, state + SA_W_DOORBELL(ctx->worker));
    uint beat = __sa_load_relaxed(state + SA_C_HEARTBEAT);
    if (beat != seen) {
      rounds += beat - seen;
      seen = beat;
      stale = 0;
      if (rounds > round_limit)
        error = SA_DEV_LOST_REQUEST;
    } else if (++stale > spin_limit) {
      error = SA_DEV_SPIN_TIMEOUT;
    }
    if (__sa_load_relaxed(state + SA_C_STATUS) == SA_COORD_EXITED)
      error = SA_DEV_COORDINATOR_GONE;
    if (error != SA_DEV_OK)
      break; /* the loop's one exit besides DONE: see below */
  }
  /* A work-item descheduled while the coordinator served it and ran on sees
   * many rounds go by: only a slot still unserved is a failure. (One exit
   * from the loop above: with an early return inside it, PoCL 3.1 lets the
   * work-items of a group leave a caller's retry loop together.) */
  if (error != SA_DEV_OK &&
      __sa_load_acquire(slot + SA_S_STATE) != SA_REQ_DONE) {
    __sa_fail(ctx, error);
    return 0;
  }
  __sa_fence_acquire(); /* the old value, and the target, after DONE */
  return __sa_load_pair(slot + SA_S_VALUE);
}

/* Publishes one request and waits for the coordinator to carry it out;
 * returns the target's old value. */
static ulong __sa_exchange(__sa_ctx_t *ctx, uint op, ulong addr, ulong value,
                           ulong compare) {
  ulong old = __sa_exchange_send(ctx, op, addr, value, compare);
  return ctx->awaiting ? __sa_exchange_receive(ctx) : old;
}
