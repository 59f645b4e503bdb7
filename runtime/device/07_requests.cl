/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
 * Device runtime, part 7: what every entry point calls. __sa_request (a
 * request of the work-item's own, in either mode), __sa_addr, and the
 * memory order an OpenCL 2.0 entry point notes for its request
 * (__sa_order). The entry points themselves are part 9, written from
 * the rewriter's table.
 * Then what the profiled entry points of a --profile rewrite call
 * (SA_SITE_PROFILE, docs/PROFILE.md): __sa_pf_enter records a call in a
 * recording launch, and makes a site other than the one a what-if launch
 * converts a native atomic.
 * Owns: SA_SITE_PROFILE (the rewriter's, in a --profile rewrite),
 * SA_PROFILE_ARG. Reads: __OPENCL_C_VERSION__, SA_IS_DIRECT. */

/* A request of the work-item's own. An OpenCL 2.0 call whose memory order
 * is not relaxed (seq_cst unless the call says otherwise) orders the plain
 * accesses around it: in the coordinator mode the hand-off does (a release
 * before the request is published, an acquire after its answer, at device
 * scope); in the combining mode, where the request is one native atomic,
 * fences on either side do, as a lock's acquire by compare-exchange and
 * release by store need. */
static ulong __sa_request(__sa_ctx_t *ctx, uint op, ulong addr, ulong value,
                          ulong compare) {
  uint fenced = ctx->native && ctx->ordered;
  ctx->ordered = 0;
  /* The kernel as written (SA_MODE_DIRECT, native too): the native atomic
   * itself, with the fences of the call's order; nothing was deferred. A
   * 64-bit one needs cl_khr_int64_base_atomics, as the kernel as written
   * does: the host does not launch it so on a device without it. */
  if (SA_IS_DIRECT(ctx)) {
    if (fenced)
      __sa_fence_release();
    ulong old = __sa_native(ctx, op, addr, value, compare);
    if (fenced)
      __sa_fence_acquire();
    return old;
  }
  __sa_deferred_send_address(ctx, addr);
  if (fenced)
    __sa_fence_release();
  ulong old = __sa_exchange(ctx, op, addr, value, compare);
  if (fenced)
    __sa_fence_acquire();
  return old;
}

/* The first half of a request of the work-item's own whose group waits
 * for its answers together (__sa_wg_request): as __sa_request, but a
 * request published to the coordinator is not awaited here: it leaves
 * ctx->awaiting set, and its answer comes from __sa_exchange_receive. Else
 * the old value. A published request needs no fence of its own: in the
 * coordinator mode the hand-off orders, as in __sa_request. */
static ulong __sa_request_send(__sa_ctx_t *ctx, uint op, ulong addr,
                               ulong value, ulong compare) {
  if (ctx->native) /* the kernel as written, or the combining mode */
    return __sa_request(ctx, op, addr, value, compare);
  ctx->ordered = 0;
  __sa_deferred_send_address(ctx, addr);
  return __sa_exchange_send(ctx, op, addr, value, compare);
}

static inline ulong __sa_addr(volatile __global void *p) {
  return (ulong)(uintptr_t)p;
}

#if __OPENCL_C_VERSION__ >= 200
/* The order tells __sa_request whether the call orders the plain accesses
 * around it (any order but relaxed; it then does so at device scope, at
 * least what any scope asks for; seq_cst: see docs/REWRITE.md); an entry
 * point's scope argument is evaluated by the call and not otherwise used. */
static inline void __sa_order(__sa_ctx_t *ctx, memory_order o) {
  ctx->ordered = o != memory_order_relaxed;
}
/* The implicit forms' seq_cst, without naming it: memory_order_seq_cst is
 * declared only where the device lists the seq_cst feature, and NVIDIA's
 * OpenCL compiles the implicit forms without listing it. */
static inline void __sa_order_seq_cst(__sa_ctx_t *ctx) { ctx->ordered = 1; }
#endif

#ifdef SA_SITE_PROFILE
/* ---- the profile (docs/PROFILE.md) ---------------------------------------- */

/* A recording launch (SA_M_PROFILE, softatomic_layout.h): the kernel as
 * written, with the context of the profile's buffer. The work-item's place
 * in the launch is computed once here: each call records it. */
static void __sa_pf_begin(__sa_ctx_t *ctx, __global uint *state) {
  ctx->profile = state;
  ctx->pf_records = __sa_load_header(state + SA_H_PROFILE_RECORDS);
  ctx->pf_sites = __sa_load_header(state + SA_H_PROFILE_SITES);
  ctx->pf_items = __sa_load_header_pair(state + SA_H_PROFILE_ITEMS);
  ulong item = 0, group = 0;
  for (int d = 2; d >= 0; --d) {
    item = item * get_global_size(d) + (get_global_id(d) - get_global_offset(d));
    group = group * get_num_groups(d) + get_group_id(d);
  }
  ctx->pf_item = item;
  ctx->pf_group = (uint)group;
}

/* A pointer parameter's address at the kernel's start (the rewrite's
 * prologue names each __global one): the report's buffer arguments. */
#define SA_PROFILE_ARG(ctx, index, p)                                          \
  __sa_pf_arg((ctx), (index), (ulong)(uintptr_t)(p))
static void __sa_pf_arg(__sa_ctx_t *ctx, uint index, ulong addr) {
  if (!ctx->profile || ctx->pf_item != 0 || index >= SA_PROFILE_MAX_ARGS)
    return;
  ctx->profile[SA_PROFILE_ARGS + 2u * index] = (uint)addr;
  ctx->profile[SA_PROFILE_ARGS + 2u * index + 1u] = (uint)(addr >> 32);
}

/* Called by a profiled entry point before the form it wraps: in a recording
 * launch, counts the call of the site (where the work-item is the caller:
 * a predicated group call's others are not) and records the work-item's
 * first calls of it. Returns the context's direct flag, which the entry
 * point restores after the call, and sets it where a what-if launch
 * converts another site alone: that site's call is then the native atomic
 * of the kernel as written. (Every global atomic of the combining mode is a native one, so
 * the two meet safely.) Plain stores only: each work-item owns its words. */
static uint __sa_pf_enter(__sa_ctx_t *ctx, uint site, int caller, ulong addr) {
  uint direct = ctx->direct;
  if (ctx->only_site != 0u && ctx->only_site != site + 1u)
    ctx->direct = 1;
  __global uint *pf = ctx->profile;
  if (!pf || !caller || site >= ctx->pf_sites)
    return direct;
  ulong items = ctx->pf_items;
  __global uint *total = pf + SA_PROFILE_TOTALS + (ulong)site * items + ctx->pf_item;
  uint k = *total;
  *total = k + 1u;
  uint records = ctx->pf_records;
  if (k >= records)
    return direct;
  ulong stride = (ulong)ctx->pf_sites * records * items;
  __global uint *record = pf + SA_PROFILE_RECORD_BASE((ulong)ctx->pf_sites, items) +
                          ((ulong)site * records + k) * items + ctx->pf_item;
  record[SA_PF_TAG * stride] = (site + 1u) | (min(k, 0xffffffu) << 8);
  record[SA_PF_GROUP * stride] = ctx->pf_group;
  record[SA_PF_LOCAL * stride] = __sa_local_linear_id();
  record[SA_PF_ADDR_LO * stride] = (uint)addr;
  record[SA_PF_ADDR_HI * stride] = (uint)(addr >> 32);
  return direct;
}
#endif /* SA_SITE_PROFILE */
