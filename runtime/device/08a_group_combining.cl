/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
 * Device runtime, part 8a: adds combined among work-items. The per-item
 * adds (__sa_item_add), which take NVIDIA's warp path
 * (nvidia/warp_adds.cl) where the build has it, and the adds the whole
 * work-group makes together (__sa_wg_add, which the work-group entry
 * points __sa_wg_ and __sa_wgp_ of part 9 call), which take the warp path
 * there too; their arithmetic is part 8's.
 * Owns: SA_WARP_COMBINE (host build options), SA_WARP_DEFERRED,
 * SA_WG_DIRECT.
 * Reads: SA_WARP_ADDS, SA_WARP_PROGRAM, SA_ADAPTIVE_GROUP_CALLS,
 * SA_NATIVE_WIDE, SA_INT64_ATOMICS, SA_NO_DIRECT, SA_COMBINES. */

/* A per-item add or subtract (op SA_OP_ADD or SA_OP_SUB, with SA_OP_WIDE
 * and SA_OP_FLOAT as the type has them): in the combining mode and the
 * warp program on NVIDIA, combined with the warp's other lanes on the
 * same address (a float's under SA_COMBINES alone); else the work-item's
 * own request. */
static inline ulong __sa_item_add(__sa_ctx_t *ctx, uint op, ulong addr,
                                  ulong v) {
#ifdef SA_WARP_ADDS
  if (SA_WARP_PATH(ctx) && SA_COMBINES(op)) {
    uint fenced = __sa_warp_fenced(ctx);
    uint add = SA_OP_ADD | (op & (SA_OP_WIDE | SA_OP_FLOAT));
    ulong old = __sa_warp_add(ctx, add, addr, __sa_add_operand(op, v), 1);
    if (fenced)
      __sa_fence_acquire();
    return old;
  }
#endif
  return __sa_request(ctx, op, addr, v, 0);
}

/* The deferred form's atomics (part 9) in the warp program, which has no
 * table to defer them to: a work-item's run of 32-bit adds to one address
 * is folded in its context (__sa_fold), as the combining mode's private
 * deferral folds them, and the sum is one native add when the
 * work-item's next deferred atomic goes elsewhere or is another
 * operation, and at the kernel's end (__sa_warp_program_end). Nothing in
 * the kernel reads those targets (docs/REWRITE.md, "Deferred atomics"), so
 * only the kernel's result sees them, and it sees every one. A plain add,
 * not the warp path: nobody waits for its result, and NVIDIA's hardware
 * merges a warp's discarded adds to one address itself (the warp path
 * made the scalar product, one add per work-item, 1.1x slower than
 * native on the H200). */
#ifdef SA_WARP_PROGRAM
#define SA_WARP_DEFERRED 1
#else
#define SA_WARP_DEFERRED 0
#endif
static inline void __sa_warp_flush(__sa_ctx_t *ctx) {
  if (ctx->pending_op == 0)
    return;
  ctx->pending_op = 0;
  (void)__sa_native(ctx, SA_OP_ADD, ctx->pending_addr, ctx->pending_value, 0);
}
static inline void __sa_warp_deferred_add(__sa_ctx_t *ctx, ulong addr,
                                          uint v) {
  __sa_warp_flush(ctx);
  ctx->ordered = 0; /* a deferred add orders nothing (the analysis) */
  ctx->pending_op = SA_OP_ADD;
  ctx->pending_addr = addr;
  ctx->pending_value = v;
}

/* ---- adds the whole work-group makes together (paper Figure 6) ---------- */

/* Adds v to a bucket's sum in local memory and returns the sum before:
 * the work-item's prefix. A 64-bit integer with the device's 64-bit local
 * add; a float with a compare-exchange loop on its bits (OpenCL 1.x has
 * no float atomic), which may sum the group's adds in any order. */
/* The first of the two words of a 64-bit sum in a pair of buckets:
 * SA_G_WIDE_SUM, or the word before where that one is not 8-byte aligned.
 * A 64-bit local atomic must be (NVIDIA's faulted on one that was not:
 * the scratch argument's alignment is the driver's, 4 bytes there). The
 * word before is the second bucket's key, which a 64-bit call never
 * writes, and not a base word. */
static inline uint __sa_wide_sum_word(__local uint *bucket) {
  return ((uintptr_t)(bucket + SA_G_WIDE_SUM) & 7u) ? SA_G_WIDE_SUM - 1u
                                                     : SA_G_WIDE_SUM;
}

static ulong __sa_wg_join(uint op, __local uint *sum, ulong v) {
#ifdef SA_NATIVE_WIDE
  if (op & SA_OP_WIDE) {
    volatile __local ulong *w = (volatile __local ulong *)sum;
    if ((op & SA_OP_FLOAT) == 0u)
      return atom_add(w, v);
    ulong old = *w;
    for (ulong seen; (seen = atom_cmpxchg(w, old, __sa_add_op(op, old, v))) != old;)
      old = seen;
    return old;
  }
#endif
  volatile __local uint *n = sum;
  if ((op & SA_OP_FLOAT) == 0u)
    return atomic_add(n, (uint)v);
  uint old = *n;
  for (uint seen; (seen = atomic_cmpxchg(n, old, (uint)__sa_add_op(op, old, v))) != old;)
    old = seen;
  return old;
}

/* A bucket's base, written by its leader after the first barrier: at 64
 * bits in the base words of both buckets of the pair (layout.h,
 * SA_G_WIDE_SUM says why there). */
static inline void __sa_wg_set_base(__local uint *bucket, int wide,
                                    ulong base) {
  bucket[SA_G_BASE] = (uint)base;
  if (wide)
    bucket[SA_G_WIDE_BASE_HI] = (uint)(base >> 32);
}
static inline ulong __sa_wg_base(__local uint *bucket, int wide) {
  ulong base = bucket[SA_G_BASE];
  return wide ? base | (ulong)bucket[SA_G_WIDE_BASE_HI] << 32 : base;
}

/* Every work-item of the group calls this at the same point (the rewriter
 * proves it: docs/REWRITE.md), so barriers are allowed, and the group can
 * combine its requests without assuming lockstep: the work-items sum their
 * operands per address in local memory, one leader per address asks the
 * coordinator for the sum (or, in the combining mode, applies it), and each
 * work-item's old value is the base the leader got plus its prefix in the
 * group. An address that collides with another in the bucket table is asked
 * for alone. A work-item that is not active (the predicated form: its
 * guarding condition was false) takes part in the barriers only; its
 * pointer may be null and is never used.
 *
 * op is the add's kind (SA_OP_ADD, with SA_OP_WIDE and SA_OP_FLOAT; part
 * 9 passes a subtraction's negated operand): a 64-bit add's prefixes are
 * exact, as a 32-bit one's, so its old values are those of the group's
 * adds one after another in the order they joined; a float's are sums in
 * another order (SA_COMBINES). A 64-bit add takes a pair of buckets, so a
 * group of one work-item asks alone.
 *
 * Four barriers: after the keys, the sums, the requests (all published
 * before any is awaited) and the answers. A leader claims its bucket by
 * moving the bucket's call number to this call's, so nothing is cleared
 * between calls. A slow
 * work-item may still read its last call's base when a fast one claims the
 * bucket again; the claim leaves the base alone (at either width: layout.h),
 * and the new base is
 * written only after this call's first barrier, which the slow work-item
 * reaches after its read. */
static ulong __sa_wg_add(__sa_ctx_t *ctx, uint op, volatile __global void *p,
                         ulong v, int active) {
  uint items = __sa_local_items();
  ulong addr = __sa_addr(p);
  uint lo = (uint)addr, hi = (uint)(addr >> 32);
  int wide = (op & SA_OP_WIDE) != 0u;
  /* The kernel as written, where its entry point did not take the call
   * (PoCL, SA_WG_DIRECT): each caller's own native atomic between the same
   * barriers, and nothing of the scratch touched. */
  int direct = SA_IS_DIRECT(ctx);
  int combines = !direct && (!wide || items > 1u);
#ifdef SA_WARP_ADDS
  /* NVIDIA: without a barrier, per warp (above). */
  if (SA_WARP_PATH(ctx)) {
    uint fenced = __sa_warp_fenced(ctx);
    ulong old = __sa_warp_add(ctx, op, addr, v, active);
    if (fenced)
      __sa_fence_acquire();
    return old;
  }
#endif
#ifdef SA_ADAPTIVE_GROUP_CALLS
  /* The combining mode, when the group's last combined call shared too
   * little to pay for its barriers (the same decision in every work-item,
   * from one count read after a barrier): the next calls apply per item. */
  if (ctx->per_item_calls != 0) {
    --ctx->per_item_calls;
    return active ? __sa_request(ctx, op, addr, v, 0) : 0u;
  }
#endif
  uint call = ++ctx->group_calls;
#ifdef SA_ADAPTIVE_GROUP_CALLS
  __local uint *requests = ctx->scratch + SA_G_REQUESTS(items);
#endif
  uint owner = wide ? 2u * __sa_owner(addr, max(items / 2u, 1u))
                    : __sa_owner(addr, items);
  __local uint *bucket = ctx->scratch + owner * SA_G_WORDS;
  __local uint *sum = bucket + (wide ? __sa_wide_sum_word(bucket) : SA_G_SUM);
  int leader = 0;
  if (active && combines) {
    uint seen = bucket[SA_G_CALL];
    leader = seen != call && atomic_cmpxchg(&bucket[SA_G_CALL], seen, call) == seen;
  }
  if (leader) {
    ulong zero = __sa_add_zero(op);
    bucket[SA_G_KEY_LO] = lo;
    bucket[SA_G_KEY_HI] = hi;
    sum[0] = (uint)zero;
    if (wide)
      sum[1] = (uint)(zero >> 32);
  }
  barrier(CLK_LOCAL_MEM_FENCE);
#ifdef SA_ADAPTIVE_GROUP_CALLS
  if (__sa_local_linear_id() == 0) /* the next call's count: this one's readers are done */
    requests[(call + 1u) & 1u] = 0;
#endif
  int joined = active && combines && bucket[SA_G_KEY_LO] == lo &&
               bucket[SA_G_KEY_HI] == hi;
  ulong prefix = joined ? __sa_wg_join(op, sum, v) : 0u; /* local */
  barrier(CLK_LOCAL_MEM_FENCE);
  ulong old = 0;
#ifdef SA_ADAPTIVE_GROUP_CALLS
  if (leader || (active && !joined))
    atomic_inc(&requests[call & 1u]); /* the requests this call makes */
#endif
  /* The leaders' requests and those of the work-items alone on their
   * address are all published before any is awaited (__sa_request_send):
   * the coordinator then serves the group's requests together. (One
   * request per work-item at most: a leader has joined its own bucket.) */
  if (leader) {
    ulong total = wide ? sum[0] | (ulong)sum[1] << 32 : sum[0];
    ulong base = __sa_request_send(ctx, op, addr, total, 0);
    if (!ctx->awaiting)
      __sa_wg_set_base(bucket, wide, base);
  }
#ifndef SA_NO_DIRECT
  if (active && direct)
    old = __sa_native(ctx, op, addr, v, 0);
  else
#endif
  if (active && !joined)
    old = __sa_request_send(ctx, op, addr, v, 0);
  barrier(CLK_LOCAL_MEM_FENCE);
  if (ctx->awaiting) {
    ulong answer = __sa_exchange_receive(ctx);
    if (leader)
      __sa_wg_set_base(bucket, wide, answer);
    else
      old = answer;
  }
  /* Global too: the kernel may read the target right after. */
  barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
#ifdef SA_ADAPTIVE_GROUP_CALLS
  uint share = min(ctx->combine_min, items);
  if (requests[call & 1u] * share > items)
    ctx->per_item_calls = SA_G_SKIP_CALLS;
#endif
  return joined ? __sa_add_op(op, __sa_wg_base(bucket, wide), prefix) : old;
}

/* A call that every work-item of the group makes at the same point, of an
 * operation the group does not combine (all but the additions, and a
 * float's under SA_FLOAT_KEEP_ORDER): each
 * work-item's own request, but in the coordinator mode the group's
 * requests are all published before any is awaited, a barrier between, so
 * that the coordinator serves them in one round instead of one round per
 * work-item where the work-items run one after another (PoCL). Elsewhere
 * (a native atomic) the request is made at once. On PoCL the barrier is
 * there in every mode: its compiler miscompiles barriers behind a
 * condition (__sa_wg_add). A work-item that is not active (the predicated
 * form) takes part in the barrier only. */
static ulong __sa_wg_request(__sa_ctx_t *ctx, uint op, ulong addr,
                             ulong value, ulong compare, int active) {
#ifndef POCL_DEVICE_ADDRESS_BITS
  if (ctx->native) /* the same in every work-item of the launch */
    return active ? __sa_request(ctx, op, addr, value, compare) : 0;
#endif
  ulong old = active ? __sa_request_send(ctx, op, addr, value, compare) : 0;
  barrier(CLK_LOCAL_MEM_FENCE);
  return ctx->awaiting ? __sa_exchange_receive(ctx) : old;
}

/* Whether a work-group entry point (part 9) makes the kernel-as-written
 * call itself, before __sa_wg_add and its barriers. Not on PoCL, which
 * miscompiles barriers behind a condition (__sa_group_begin): there
 * __sa_wg_add makes it, between its barriers. In the warp program it is a
 * constant, so no barrier is left behind a condition: the call itself, or
 * with the warp path __sa_wg_add's, which comes before any barrier. */
#if defined(SA_WARP_PROGRAM) && defined(SA_WARP_ADDS)
#define SA_WG_DIRECT(ctx) 0
#elif defined(SA_WARP_PROGRAM)
#define SA_WG_DIRECT(ctx) 1
#elif defined(POCL_DEVICE_ADDRESS_BITS)
#define SA_WG_DIRECT(ctx) 0
#else
#define SA_WG_DIRECT(ctx) SA_IS_DIRECT(ctx)
#endif

/* A 64-bit group add (a double's too): combined where the device has the
 * 64-bit atomics whose local add sums it (SA_NATIVE_WIDE, part 5); else
 * each work-item's own request, the group's published together. Chosen
 * here, by the preprocessor: on PoCL a barrier must not stand behind a
 * condition. */
#ifdef SA_INT64_ATOMICS
static inline ulong __sa_wg_add_wide(__sa_ctx_t *ctx, uint op,
                                     volatile __global void *p, ulong v,
                                     int active) {
#ifdef SA_NATIVE_WIDE
  return __sa_wg_add(ctx, op, p, v, active);
#else
  return __sa_wg_request(ctx, op, __sa_addr(p), v, 0, active);
#endif
}
#endif
