/* Device runtime, part 7: what every entry point calls. __sa_request (a
 * request of the work-item's own, in either mode), __sa_addr, and the
 * memory order an OpenCL 2.0 entry point notes for its request
 * (__sa_order). The entry points themselves are part 9, written from
 * the rewriter's table.
 * Owns: no macro. Reads: __OPENCL_C_VERSION__, SA_IS_DIRECT. */

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
