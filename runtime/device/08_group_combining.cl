/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
 * Device runtime, part 8: adds combined among work-items. NVIDIA's warp
 * path in the combining mode (__sa_warp_add), which the per-item adds
 * take through __sa_item_add; and the adds the whole work-group makes
 * together (__sa_wg_add, which the work-group entry points __sa_wg_ and
 * __sa_wgp_ of part 9 call), which take the warp path there too. Both
 * combine 32-bit and 64-bit integer adds (subtracts, incs and decs: adds
 * of the negation, 1 and -1) exactly, and float and double adds where the
 * rewrite lets them be summed in another order (SA_COMBINES): each
 * caller's old value is the base one atomic got plus its prefix, the sum
 * of the adds before it. Where op is named below it is the add's kind:
 * SA_OP_ADD with SA_OP_WIDE and SA_OP_FLOAT as the type has them.
 * Owns: SA_WARP_COMBINE (host build options), SA_WARP_ALONE_CALLS,
 * SA_WARP_MIN_SHARE, SA_WARP_PATH, SA_WARP_DEFERRED, SA_WG_DIRECT,
 * SA_COMBINES; SA_FLOAT_KEEP_ORDER (softatomic-rewrite
 * --float-reassociation=keep-order) as an input.
 * Reads: SA_WARP_ADDS, SA_WARP_PROGRAM, SA_ADAPTIVE_GROUP_CALLS,
 * SA_NATIVE_WIDE, SA_INT64_ATOMICS, SA_NO_DIRECT. */

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

/* ---- a warp's adds, combined per address (NVIDIA) ------------------------ */

#ifdef SA_WARP_ADDS
/* NVIDIA's fast path for adds in the combining mode and in the warp
 * program (-DSA_WARP_COMBINE=1, which saGetBuildOptions gives for compute
 * capability 7.0 and up; SA_WARP_ADDS, part 2): the
 * lanes of a warp that call together group themselves by address with one
 * match.any.sync, and each group makes one request of its sum (one native
 * atomic in this mode), made by its last lane. Each lane's old value is
 * that request's old value plus the adds of the lanes below it in the
 * group: the group's adds in lane order, one after another, linearized at
 * the one atomic. A lane alone on its address is a group of one.
 *
 * Every lane of `mask` calls at this point, and every sync instruction
 * names the whole mask, each lane reading from its own group's lanes: a
 * mask per group would split the warp, one group after another (on the
 * H100 that made 16 groups of 2 take 6x as long as 32 atomics). An
 * inactive lane (the predicated work-group form) takes part under an
 * address no target has, and asks for nothing.
 *
 * The match and the shuffles cost more than the atomics they save where
 * few lanes share an address (on the H100 a warp of 32 addresses took 3x
 * as long; on the H200, with results used, 2 and 4 lanes per address took
 * 2.6x and 1.4x as long, 8 a third), so where the match finds no more
 * than SA_WARP_MIN_SHARE lanes per address on average, each lane makes
 * its own request, and the warp skips the match for its next
 * SA_WARP_ALONE_CALLS calls: the uncontended case then pays a vote.
 *
 * Nothing here orders plain accesses: a call whose memory order asks for
 * it gets its fences in every lane, around the combined request
 * (__sa_item_add, __sa_wg_add). */
#define SA_WARP_ALONE_CALLS 63u
#define SA_WARP_MIN_SHARE 4u

/* Whether this call takes the warp path: always in the warp program, where
 * nothing else is compiled in; in the combining mode's launches, not the
 * kernel as written's. */
#ifdef SA_WARP_PROGRAM
#define SA_WARP_PATH(ctx) 1
#else
#define SA_WARP_PATH(ctx) ((ctx)->native && !(ctx)->direct)
#endif

static inline uint __sa_shfl(uint x, uint lane, uint mask) {
  uint r;
  __asm__ volatile("shfl.sync.idx.b32 %0, %1, %2, 31, %3;" : "=r"(r) : "r"(x), "r"(lane), "r"(mask));
  return r;
}

/* A value of op's width from lane: two shuffles at 64 bits. */
static inline ulong __sa_shfl_op(uint op, ulong x, uint lane, uint mask) {
  ulong lo = __sa_shfl((uint)x, lane, mask);
  if ((op & SA_OP_WIDE) == 0u)
    return lo;
  return lo | (ulong)__sa_shfl((uint)(x >> 32), lane, mask) << 32;
}

static inline uint __sa_ballot(int p, uint mask) {
  uint r;
  __asm__ volatile("{ .reg .pred q; setp.ne.u32 q, %1, 0; vote.sync.ballot.b32 %0, q, %2; }"
                   : "=r"(r) : "r"((uint)p), "r"(mask));
  return r;
}

/* The lane below this one in its group by d places (fns: the d-th set bit
 * of peers under this lane's). */
static inline uint __sa_peer_below(uint peers, uint lane, uint d) {
  uint below;
  __asm__ volatile("fns.b32 %0, %1, %2, %3;" : "=r"(below) : "r"(peers), "r"(lane), "r"(-(int)d - 1));
  return below;
}

/* This lane's prefix: the sum (op) of v over the lanes of its group,
 * peers, below it. One multiply where every lane of every group adds its
 * group's value (the common count; integers only, where it is exact);
 * else a scan in five steps, each lane taking the partial sum of the lane
 * d places below it in its group, then the sum below: the scan's less v
 * for an integer, the lane below's scan for a float (whose differences
 * round). */
static ulong __sa_peer_prefix(uint peers, uint lane, uint op, ulong v,
                              uint mask) {
  uint rank = popcount(peers & ((1u << lane) - 1u));
  int exact = (op & SA_OP_FLOAT) == 0u;
  /* A value the compiler knows (the count of `atomic_inc`, a constant
   * add) is every lane's: the multiply, without the shuffle and the vote
   * that would find it so. */
#ifdef __has_builtin
#if __has_builtin(__builtin_constant_p)
  if (exact && __builtin_constant_p(v))
    return __sa_add_op(op, 0, v * rank);
#endif
#endif
  if (exact) {
    ulong last = __sa_shfl_op(op, v, 31u - clz(peers), mask);
    if (__sa_ballot(v != last, mask) == 0u)
      return __sa_add_op(op, 0, v * rank);
  }
  ulong x = v;
  for (uint d = 1; d < 32u; d <<= 1) {
    uint below = __sa_peer_below(peers, lane, d);
    ulong t = __sa_shfl_op(op, x, rank >= d ? below : lane, mask);
    if (rank >= d)
      x = __sa_add_op(op, x, t);
  }
  if (exact)
    return __sa_add_op(op, x, 0ul - v);
  ulong below = __sa_shfl_op(op, x, rank ? __sa_peer_below(peers, lane, 1u) : lane, mask);
  return rank ? below : __sa_add_zero(op);
}

/* A lane's add made alone, where the warp does not combine: the native
 * atomic in the warp program, the combining mode's request otherwise. */
static inline ulong __sa_warp_own(__sa_ctx_t *ctx, uint op, ulong addr,
                                  ulong v) {
  return SA_IS_DIRECT(ctx) ? __sa_native(ctx, op, addr, v, 0)
                           : __sa_exchange(ctx, op, addr, v, 0);
}

/* op: the add's kind (SA_OP_ADD, with SA_OP_WIDE, SA_OP_FLOAT). */
static ulong __sa_warp_add(__sa_ctx_t *ctx, uint op, ulong addr, ulong v,
                           int active) {
  uint mask, lane, peers;
  /* The group's deferred atomics on addr go first, sent by each lane
   * before the warp votes: no lane may loop or branch between the votes
   * and the last shuffle but the one native atomic (on the H100 a lane
   * sending its table's entries there, in a branch of its own, hung the
   * warp at that shuffle). */
  if (!SA_IS_DIRECT(ctx) && active) /* the warp program defers nothing */
    __sa_deferred_send_address(ctx, addr);
  __asm__ volatile("activemask.b32 %0;" : "=r"(mask));
  __asm__ volatile("mov.u32 %0, %%laneid;" : "=r"(lane));
  /* The same answer in every lane: the lanes' counts may differ where
   * they reached this call by different paths. */
  if (__sa_ballot(ctx->warp_alone != 0u, mask) == mask) {
    --ctx->warp_alone;
    return active ? __sa_warp_own(ctx, op, addr, v) : 0u;
  }
  ulong key = active ? addr : ~(ulong)0;
  __asm__ volatile("match.any.sync.b64 %0, %1, %2;" : "=r"(peers) : "l"(key), "r"(mask));
  uint last = 31u - clz(peers);
  /* One lane per address: the same count in every lane. */
  uint groups = popcount(__sa_ballot(lane == last, mask));
  if (groups * SA_WARP_MIN_SHARE >= popcount(mask)) {
    ctx->warp_alone = SA_WARP_ALONE_CALLS;
    return active ? __sa_warp_own(ctx, op, addr, v) : 0u;
  }
  ctx->warp_alone = 0;
  ulong prefix = __sa_peer_prefix(peers, lane, op, v, mask), base = 0;
  /* The group's sum: its last lane's prefix and add. */
  if (active && lane == last && !ctx->failed) /* native in both builds */
    base = __sa_native(ctx, op, addr, __sa_add_op(op, prefix, v), 0);
  base = __sa_shfl_op(op, base, last, mask);
  return active ? __sa_add_op(op, base, prefix) : 0u;
}

/* The order a 2.0 call asked for, taken from the context (__sa_order):
 * the fences then go around the whole combined call, in every lane, so
 * that each lane's own plain accesses are ordered with its add, whichever
 * lane makes the request. */
static inline uint __sa_warp_fenced(__sa_ctx_t *ctx) {
  uint fenced = ctx->ordered;
  ctx->ordered = 0;
  if (fenced)
    __sa_fence_release();
  return fenced;
}
#endif

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
