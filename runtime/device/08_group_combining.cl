/* Device runtime, part 8: adds the whole work-group makes together
 * (__sa_wg_add, which the work-group entry points __sa_wg_ and __sa_wgp_
 * of part 9 call), and NVIDIA's warp path for them in the combining mode.
 * Owns: SA_WARP_COMBINE (host build options), SA_WG_DIRECT.
 * Reads: SA_WARP_COMBINE, SA_COMBINE_MODE, SA_ADAPTIVE_GROUP_CALLS. */

/* ---- adds the whole work-group makes together (paper Figure 6) ---------- */

#if defined(SA_COMBINE_MODE) && defined(SA_WARP_COMBINE)
/* NVIDIA's fast path for the work-group form in the combining mode
 * (-DSA_WARP_COMBINE=1, which saGetBuildOptions gives for compute
 * capability 7.0 and up), with no barrier. Every lane of the group calls at
 * this point (the work-group form), so the active mask names no lane that
 * does not reach the vote. A warp whose lanes all add one value to one
 * address (a counter, a histogram bin hit by the whole warp) makes one
 * native atomic of the sum, and each lane's old value is the base plus
 * its rank among the lanes times the value; any other warp applies its
 * lanes' adds one by one (match.any.sync would group them, but it costs a
 * pass per distinct address: slower than the atomics it saves on the
 * H100). An inactive work-item (the predicated form) votes with an
 * address no target has. */
static inline uint __sa_shfl(uint x, uint lane, uint mask) {
  uint r;
  __asm__ volatile("shfl.sync.idx.b32 %0, %1, %2, 31, %3;" : "=r"(r) : "r"(x), "r"(lane), "r"(mask));
  return r;
}

static uint __sa_warp_add(__sa_ctx_t *ctx, ulong addr, uint v, int active) {
  ulong key = active ? addr : ~(ulong)0;
  uint mask, lane, same;
  __asm__ volatile("activemask.b32 %0;" : "=r"(mask));
  __asm__ volatile("mov.u32 %0, %%laneid;" : "=r"(lane));
  uint first = 31u - clz(mask & (0u - mask)); /* the lowest active lane */
  ulong key0 = (ulong)__sa_shfl((uint)key, first, mask) |
               ((ulong)__sa_shfl((uint)(key >> 32), first, mask) << 32);
  uint v0 = __sa_shfl(v, first, mask);
  __asm__ volatile("{ .reg .pred p, q; setp.ne.u32 p, %1, 0; vote.sync.all.pred q, p, %2; "
                   "selp.u32 %0, 1, 0, q; }"
                   : "=r"(same) : "r"((uint)(key == key0 && v == v0)), "r"(mask));
  if (!same) /* the same answer in every lane */
    return active ? (uint)__sa_request(ctx, SA_OP_ADD, addr, v, 0) : 0u;
  if (!active) /* ... and then no lane is */
    return 0u;
  uint base = 0;
  if (lane == first) /* the group's deferred atomics on addr go first */
    base = (uint)__sa_request(ctx, SA_OP_ADD, addr, v * popcount(mask), 0);
  base = __sa_shfl(base, first, mask);
  return base + v * popcount(mask & ((1u << lane) - 1u));
}
#endif

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
 * Three barriers: a leader claims its bucket by moving the bucket's call
 * number to this call's, so nothing is cleared between calls. A slow
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
#if defined(SA_COMBINE_MODE) && defined(SA_WARP_COMBINE)
  if (ctx->native && !direct)
    return __sa_warp_add(ctx, addr, v, active);
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
  uint old = 0;
#ifdef SA_ADAPTIVE_GROUP_CALLS
  if (leader || (active && !joined))
    atomic_inc(&requests[call & 1u]); /* the requests this call makes */
#endif
  if (leader)
    bucket[SA_G_BASE] = (uint)__sa_request(ctx, SA_OP_ADD, addr, bucket[SA_G_SUM], 0);
#ifndef SA_NO_DIRECT
  if (active && direct)
    old = atomic_add((volatile __global uint *)p, v);
  else
#endif
  if (active && !joined)
    old = (uint)__sa_request(ctx, SA_OP_ADD, addr, v, 0);
  /* Global too: the kernel may read the target right after. */
  barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
#ifdef SA_ADAPTIVE_GROUP_CALLS
  uint share = min(ctx->combine_min, items);
  if (requests[call & 1u] * share > items)
    ctx->per_item_calls = SA_G_SKIP_CALLS;
#endif
  return joined ? bucket[SA_G_BASE] + prefix : old;
}

/* Whether a work-group entry point (part 9) makes the kernel-as-written
 * call itself, before __sa_wg_add and its barriers. Not on PoCL, which
 * miscompiles barriers behind a condition (__sa_group_begin): there
 * __sa_wg_add makes it, between its barriers. */
#ifdef POCL_DEVICE_ADDRESS_BITS
#define SA_WG_DIRECT(ctx) 0
#else
#define SA_WG_DIRECT(ctx) SA_IS_DIRECT(ctx)
#endif
