/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
 * Device runtime, part 6: deferred atomics, whose results nobody reads:
 * the worker's table in local memory, and a work-item's private fold
 * (__sa_defer_privately).
 * Owns: no macro. Reads: none. */

/* ---- deferred atomics: results that nobody reads ------------------------ */

/* An atomic whose result is unused, on a target the kernel reads only
 * through atomics (the rewriter proves both: docs/REWRITE.md), need not
 * wait for the coordinator: the worker combines it in a local table with
 * every other such atomic of its work-items on the same address, across
 * the user's groups it runs, and sends one request per address when the
 * worker ends. Divergent callers are fine: a work-item takes an entry with
 * local atomics and never waits for another. An address's entries sit on
 * one probe sequence and no entry is freed before the worker ends, so the
 * first free entry ends a search. */
static uint __sa_deferred_identity(uint op) {
  switch (op) {
  /* Floats: -0.0 leaves every sum as it is (+0.0 would turn a -0.0
   * target into +0.0); +inf and -inf leave fmin and fmax. */
  case SA_OP_ADD | SA_OP_FLOAT: return 0x80000000u;
  case SA_OP_MIN | SA_OP_FLOAT: return 0x7f800000u;
  case SA_OP_MAX | SA_OP_FLOAT: return 0xff800000u;
  case SA_OP_AND: case SA_OP_MIN: return 0xffffffffu;
  case SA_OP_MIN | SA_OP_SIGNED: return 0x7fffffffu;
  case SA_OP_MAX | SA_OP_SIGNED: return 0x80000000u;
  }
  return 0u; /* add, or, xor, unsigned max */
}

static void __sa_deferred_combine(volatile __local uint *v, uint op, uint x) {
  /* A float operand joins the entry by a compare-exchange loop on local
   * memory: the entry's sum is the operands' in the order the work-items
   * came (the reassociation that --float-reassociation=allow permits). */
  if (op & SA_OP_FLOAT) {
    uint old = *v;
    for (uint seen; (seen = atomic_cmpxchg(
                         v, old, __sa_apply_float(op, old, x))) != old;)
      old = seen;
    return;
  }
  switch (op) {
  case SA_OP_ADD: atomic_add(v, x); break;
  case SA_OP_AND: atomic_and(v, x); break;
  case SA_OP_OR: atomic_or(v, x); break;
  case SA_OP_XOR: atomic_xor(v, x); break;
  case SA_OP_MIN: atomic_min(v, x); break;
  case SA_OP_MAX: atomic_max(v, x); break;
  case SA_OP_MIN | SA_OP_SIGNED: atomic_min((volatile __local int *)v, (int)x); break;
  case SA_OP_MAX | SA_OP_SIGNED: atomic_max((volatile __local int *)v, (int)x); break;
  }
}

/* The k-th entry of a probe sequence that starts at h (both below n): the
 * wrap by a compare, not a division per probe. */
static inline uint __sa_probe_entry(uint h, uint k, uint n) {
  uint e = h + k;
  return e >= n ? e - n : e;
}

static inline volatile __local uint *__sa_deferred_entry(__sa_ctx_t *ctx,
                                                         uint e) {
  return ctx->scratch + SA_D_TABLE(__sa_local_items()) + e * SA_D_WORDS;
}

/* Sends what an entry holds (if anything) and leaves it holding nothing;
 * waits for the coordinator unless 'last' (the work-item's last request of
 * the launch: nothing reads its answer, and the coordinator serves every
 * request published before the worker's done word before it stops). */
static void __sa_deferred_send(__sa_ctx_t *ctx, volatile __local uint *e,
                               uint tag, uint last) {
  uint op = tag - SA_D_READY, none = __sa_deferred_identity(op);
  ulong addr = (ulong)e[SA_D_KEY_LO] | ((ulong)e[SA_D_KEY_HI] << 32);
  uint v = atomic_xchg(&e[SA_D_VALUE], none);
  if (v != none && last && !ctx->failed && !ctx->native)
    __sa_publish(ctx, op, addr, v, 0);
  else if (v != none)
    __sa_exchange(ctx, op, addr, v, 0);
}

/* Before a request on addr that returns a value (or one that cannot be
 * deferred): the group's deferred atomics on addr go first, so the request
 * sees them, as it would see them in memory. */
static void __sa_deferred_send_address(__sa_ctx_t *ctx, ulong addr) {
  uint n = SA_D_ENTRIES(__sa_local_items());
  uint h = __sa_owner(addr, n);
  for (uint k = 0; k < SA_D_PROBES && k < n; ++k) {
    volatile __local uint *e =
        __sa_deferred_entry(ctx, __sa_probe_entry(h, k, n));
    uint tag = e[SA_D_TAG];
    if (tag == SA_D_FREE)
      return;
    mem_fence(CLK_LOCAL_MEM_FENCE);
    if (tag >= SA_D_READY && e[SA_D_KEY_LO] == (uint)addr &&
        e[SA_D_KEY_HI] == (uint)(addr >> 32))
      __sa_deferred_send(ctx, e, tag, 0u);
  }
}

/* Every work-item of a worker, after its last group and a barrier: sends
 * the table's entries, a share each. (Sending a full table between the
 * user's groups, behind a branch and a second barrier there, made PoCL 3.1
 * drop an `if (get_local_id(0) == 0)` block of the user's kernel; a call
 * that finds no room goes to the coordinator at once instead.) */
static void __sa_deferred_send_all(__sa_ctx_t *ctx) {
  uint items = __sa_local_items();
  SA_FOR_STRIDED(i, SA_D_ENTRIES(items), items) {
    volatile __local uint *e = __sa_deferred_entry(ctx, i);
    uint tag = e[SA_D_TAG];
    if (tag >= SA_D_READY)
      __sa_deferred_send(ctx, e, tag, i + items >= SA_D_ENTRIES(items));
  }
}

/* Into the worker's table. */
static void __sa_defer_shared(__sa_ctx_t *ctx, uint op, ulong addr, uint v) {
  uint lo = (uint)addr, hi = (uint)(addr >> 32);
  uint n = SA_D_ENTRIES(__sa_local_items());
  uint h = __sa_owner(addr, n);
  for (uint k = 0; k < SA_D_PROBES && k < n; ++k) {
    volatile __local uint *e =
        __sa_deferred_entry(ctx, __sa_probe_entry(h, k, n));
    uint tag = e[SA_D_TAG];
    if (tag == SA_D_FREE &&
        (tag = atomic_cmpxchg(&e[SA_D_TAG], SA_D_FREE, SA_D_CLAIMED)) ==
            SA_D_FREE) {
      e[SA_D_KEY_LO] = lo;
      e[SA_D_KEY_HI] = hi;
      e[SA_D_VALUE] = __sa_deferred_identity(op);
      mem_fence(CLK_LOCAL_MEM_FENCE);
      tag = SA_D_READY + op;
      atomic_xchg(&e[SA_D_TAG], tag);
    }
    /* Another work-item is filling the entry in, a few instructions: give
     * it a moment (the work-items of a group that race for one address
     * should share its entry, not spill into the next ones or go to the
     * coordinator), but never wait on it for long: it may not run until
     * this work-item stops (PoCL runs a group's work-items in turn). */
    for (uint spin = 0; tag == SA_D_CLAIMED && spin < SA_D_CLAIM_SPINS; ++spin)
      tag = e[SA_D_TAG];
    if (tag < SA_D_READY)
      continue;
    mem_fence(CLK_LOCAL_MEM_FENCE);
    if (e[SA_D_KEY_LO] != lo || e[SA_D_KEY_HI] != hi)
      continue;
    if (tag != SA_D_READY + op)
      break; /* another operation on this address: keep the order */
    __sa_deferred_combine(&e[SA_D_VALUE], op, v);
    return;
  }
  /* No room, or a different operation pending: ask now. */
  __sa_deferred_send_address(ctx, addr);
  __sa_exchange(ctx, op, addr, v, 0);
}

/* A kernel whose every global atomic is deferred (the rewriter then calls
 * __sa_defer_privately after __sa_kernel_begin) reads no target at all, so
 * nothing can tell when an update lands before the kernel ends: a
 * work-item may also fold its repeated atomics on one address in private
 * memory, and enter the table only when the address or operation changes,
 * and at the end. (Where some atomic returns its value, another work-item
 * may read the target after a barrier, and only the shared table, which
 * any work-item can send, keeps that right.) */
static inline void __sa_defer_privately(__sa_ctx_t *ctx) {
  ctx->defer_private = 1;
}

/* The private fold's common case, which a deferred entry point (part 9)
 * tests before anything else: the work-item's pending atomic has this
 * operation and address, and takes the operand. A loop of such calls then
 * costs a compare and an operation per call (on the H100 the tests of the
 * launch's mode and failure before it were half of each call's
 * instructions). Only __sa_defer makes an atomic pending, never in a
 * launch of the kernel as written, so a hit is never one; after a failure
 * the fold goes on, and nothing of it is sent (__sa_kernel_end). */
static inline int __sa_fold(__sa_ctx_t *ctx, uint op, ulong addr, uint v) {
  if (ctx->pending_op != op || ctx->pending_addr != addr)
    return 0;
  ctx->pending_value = __sa_apply(op, ctx->pending_value, v, 0);
  return 1;
}

/* A deferred atomic that __sa_fold did not take. */
static void __sa_defer(__sa_ctx_t *ctx, uint op, ulong addr, uint v) {
  if (ctx->failed)
    return;
  if (!ctx->defer_private) {
    __sa_defer_shared(ctx, op, addr, v);
    return;
  }
  if (ctx->pending_op != 0)
    __sa_defer_shared(ctx, ctx->pending_op, ctx->pending_addr, ctx->pending_value);
  ctx->pending_op = op;
  ctx->pending_addr = addr;
  ctx->pending_value = v;
}
