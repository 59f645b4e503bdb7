/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
 * Device runtime, NVIDIA's warp path for adds (__sa_warp_add): in the
 * combining mode and in the warp program, the lanes of a warp that add to
 * one address make one atomic. Joined between part 8 (the arithmetic it
 * uses) and part 8a (whose per-item and work-group adds take it where
 * SA_WARP_ADDS is defined), with the warp's instructions it needs. Another
 * vendor's path (an AMD wavefront's, an Intel sub-group's) is a part
 * beside this one that defines the same functions under its own switch.
 * Owns: SA_WARP_ALONE_CALLS, SA_WARP_MIN_SHARE, SA_WARP_PATH.
 * Reads: SA_WARP_ADDS, SA_WARP_PROGRAM, SA_COMBINES. */

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
