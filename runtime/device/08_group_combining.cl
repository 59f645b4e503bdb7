/* Device runtime, part 8: adds combined among work-items. NVIDIA's warp
 * path in the combining mode (__sa_warp_add), which the per-item adds
 * take through __sa_item_add; and the adds the whole work-group makes
 * together (__sa_wg_add, which the work-group entry points __sa_wg_ and
 * __sa_wgp_ of part 9 call), which take the warp path there too.
 * Owns: SA_WARP_COMBINE (host build options), SA_WARP_ALONE_CALLS,
 * SA_WARP_MIN_SHARE, SA_WARP_PATH, SA_WARP_DEFERRED, SA_WG_DIRECT.
 * Reads: SA_WARP_ADDS, SA_WARP_PROGRAM, SA_ADAPTIVE_GROUP_CALLS. */

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

static inline uint __sa_ballot(int p, uint mask) {
  uint r;
  __asm__ volatile("{ .reg .pred q; setp.ne.u32 q, %1, 0; vote.sync.ballot.b32 %0, q, %2; }"
                   : "=r"(r) : "r"((uint)p), "r"(mask));
  return r;
}

/* This lane's sum of v over the lanes of its group, peers, from the lowest
 * up to itself. One multiply where every lane of every group adds its
 * group's value (the common count); else a scan in five steps, each lane
 * taking the partial sum of the lane d places below it in its group
 * (fns: the d-th set bit of peers under this lane's). */
static uint __sa_peer_prefix(uint peers, uint lane, uint v, uint mask) {
  uint rank = popcount(peers & ((1u << lane) - 1u));
  /* A value the compiler knows (the count of `atomic_inc`, a constant
   * add) is every lane's: the multiply, without the shuffle and the vote
   * that would find it so. */
#ifdef __has_builtin
#if __has_builtin(__builtin_constant_p)
  if (__builtin_constant_p(v))
    return v * (rank + 1u);
#endif
#endif
  uint last = __sa_shfl(v, 31u - clz(peers), mask);
  if (__sa_ballot(v != last, mask) == 0u)
    return v * (rank + 1u);
  uint x = v;
  for (uint d = 1; d < 32u; d <<= 1) {
    uint below;
    __asm__ volatile("fns.b32 %0, %1, %2, %3;" : "=r"(below) : "r"(peers), "r"(lane), "r"(-(int)d - 1));
    uint t = __sa_shfl(x, rank >= d ? below : lane, mask);
    if (rank >= d)
      x += t;
  }
  return x;
}

/* A lane's add made alone, where the warp does not combine: the native
 * atomic in the warp program, the combining mode's request otherwise. */
static inline uint __sa_warp_own(__sa_ctx_t *ctx, ulong addr, uint v) {
  return SA_IS_DIRECT(ctx) ? (uint)__sa_native(ctx, SA_OP_ADD, addr, v, 0)
                           : (uint)__sa_exchange(ctx, SA_OP_ADD, addr, v, 0);
}

static uint __sa_warp_add(__sa_ctx_t *ctx, ulong addr, uint v, int active) {
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
    return active ? __sa_warp_own(ctx, addr, v) : 0u;
  }
  ulong key = active ? addr : ~(ulong)0;
  __asm__ volatile("match.any.sync.b64 %0, %1, %2;" : "=r"(peers) : "l"(key), "r"(mask));
  uint last = 31u - clz(peers);
  /* One lane per address: the same count in every lane. */
  uint groups = popcount(__sa_ballot(lane == last, mask));
  if (groups * SA_WARP_MIN_SHARE >= popcount(mask)) {
    ctx->warp_alone = SA_WARP_ALONE_CALLS;
    return active ? __sa_warp_own(ctx, addr, v) : 0u;
  }
  ctx->warp_alone = 0;
  uint sum = __sa_peer_prefix(peers, lane, v, mask), base = 0;
  if (active && lane == last && !ctx->failed) /* native in both builds */
    base = (uint)__sa_native(ctx, SA_OP_ADD, addr, sum, 0);
  base = __sa_shfl(base, last, mask);
  return active ? base + sum - v : 0u;
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

/* A per-item add or subtract (op SA_OP_ADD or SA_OP_SUB) of 32 bits: in
 * the combining mode and the warp program on NVIDIA, combined with the
 * warp's other lanes on the same address; else the work-item's own
 * request. */
static inline uint __sa_item_add(__sa_ctx_t *ctx, uint op, ulong addr, uint v) {
#ifdef SA_WARP_ADDS
  if (SA_WARP_PATH(ctx)) {
    uint fenced = __sa_warp_fenced(ctx);
    uint old = __sa_warp_add(ctx, addr, op == SA_OP_SUB ? 0u - v : v, 1);
    if (fenced)
      __sa_fence_acquire();
    return old;
  }
#endif
  return (uint)__sa_request(ctx, op, addr, v, 0);
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
 * Four barriers: after the keys, the sums, the requests (all published
 * before any is awaited) and the answers. A leader claims its bucket by
 * moving the bucket's call number to this call's, so nothing is cleared
 * between calls. A slow
 * work-item may still read its last call's base when a fast one claims the
 * bucket again; the claim leaves the base alone, and the new base is
 * written only after this call's first barrier, which the slow work-item
 * reaches after its read. */
static uint __sa_wg_add(__sa_ctx_t *ctx, volatile __global void *p, uint v,
                        int active) {
  uint items = __sa_local_items();
  ulong addr = __sa_addr(p);
  uint lo = (uint)addr, hi = (uint)(addr >> 32);
  /* The kernel as written, where its entry point did not take the call
   * (PoCL, SA_WG_DIRECT): each caller's own native atomic between the same
   * barriers, and nothing of the scratch touched. */
  int direct = SA_IS_DIRECT(ctx);
#ifdef SA_WARP_ADDS
  /* NVIDIA: without a barrier, per warp (above). */
  if (SA_WARP_PATH(ctx)) {
    uint fenced = __sa_warp_fenced(ctx);
    uint old = __sa_warp_add(ctx, addr, v, active);
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
    return active ? (uint)__sa_request(ctx, SA_OP_ADD, addr, v, 0) : 0u;
  }
#endif
  uint call = ++ctx->group_calls;
#ifdef SA_ADAPTIVE_GROUP_CALLS
  __local uint *requests = ctx->scratch + SA_G_REQUESTS(items);
#endif
  __local uint *bucket = ctx->scratch + __sa_owner(addr, items) * SA_G_WORDS;
  int leader = 0;
  if (active && !direct) {
    uint seen = bucket[SA_G_CALL];
    leader = seen != call && atomic_cmpxchg(&bucket[SA_G_CALL], seen, call) == seen;
  }
  if (leader) {
    bucket[SA_G_KEY_LO] = lo;
    bucket[SA_G_KEY_HI] = hi;
    bucket[SA_G_SUM] = 0;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
#ifdef SA_ADAPTIVE_GROUP_CALLS
  if (__sa_local_linear_id() == 0) /* the next call's count: this one's readers are done */
    requests[(call + 1u) & 1u] = 0;
#endif
  int joined = active && !direct && bucket[SA_G_KEY_LO] == lo &&
               bucket[SA_G_KEY_HI] == hi;
  uint prefix = joined ? atomic_add(&bucket[SA_G_SUM], v) : 0u; /* local */
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
    ulong base = __sa_request_send(ctx, SA_OP_ADD, addr, bucket[SA_G_SUM], 0);
    if (!ctx->awaiting)
      bucket[SA_G_BASE] = (uint)base;
  }
#ifndef SA_NO_DIRECT
  if (active && direct)
    old = atomic_add((volatile __global uint *)p, v);
  else
#endif
  if (active && !joined)
    old = __sa_request_send(ctx, SA_OP_ADD, addr, v, 0);
  barrier(CLK_LOCAL_MEM_FENCE);
  if (ctx->awaiting) {
    ulong answer = __sa_exchange_receive(ctx);
    if (leader)
      bucket[SA_G_BASE] = (uint)answer;
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
  return joined ? bucket[SA_G_BASE] + prefix : (uint)old;
}

/* A call that every work-item of the group makes at the same point, of an
 * operation the group does not combine (all but the 32-bit additions): each
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
