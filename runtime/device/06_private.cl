/* Device runtime, part 6b: the privatized form. A worker's private copy of
 * one kernel argument in local memory, started at the operation's identity,
 * updated with local atomics by every deferred atomic whose address falls
 * in it, and merged into global memory once, when the worker ends.
 * Owns: no macro. Reads: SA_COMBINE_MODE (the form exists only there: its
 * merge is native, which the coordinator's program never is). */

/* ---- the privatized form: a worker's copy of one target ----------------- */

/* Why a copy and not the deferred table (part 6): a table entry is found
 * by hashing a 64-bit address and probing tags and keys, a claim takes a
 * compare-exchange, and every entry goes to memory on its own. A copy
 * indexed by the offset into the target is one subtraction, one compare
 * and one local atomic per call (a by-hand privatized histogram), and the
 * merge is one native atomic per element that changed.
 *
 * The rewriter proves that every atomic on the target is this operation,
 * with its result unused, and that nothing else touches it
 * (analysis/PrivateTargets.h); the host makes sure that no other argument
 * names the same buffer, and sizes the copy per launch
 * (runtime/host/src/Privatize.cpp). So no work-item can tell when an
 * update lands before the kernel ends. An address beyond the copy takes
 * the deferred path, which is correct for any index. */

/* Each worker's work-items, at its start (the barrier of __sa_group_begin
 * follows): the copy, at the identity of its operation, where the launch
 * asks for one. */
static void __sa_private_begin(__sa_ctx_t *ctx) {
#ifdef SA_COMBINE_MODE
  /* Only where every update is applied natively: in the coordinator mode a
   * native merge would not be atomic with the coordinator's updates. */
  if (ctx->direct || !ctx->native ||
      __sa_load_header(ctx->state + SA_H_PRIVATE_ARG) == 0u)
    return;
  uint words = __sa_load_header(ctx->state + SA_H_PRIVATE_WORDS);
  uint op = __sa_load_header(ctx->state + SA_H_PRIVATE_OP);
  uint items = __sa_local_items(), none = __sa_deferred_identity(op);
  __local uint *copy = ctx->scratch + SA_P_COPY(items);
  SA_FOR_STRIDED(i, words, items)
    copy[i] = none;
  ctx->priv_op = op;
#else
  (void)ctx;
#endif
}

/* The rewritten kernel's prologue, for each argument the copy may serve:
 * where the launch privatizes argument `arg`, the copy covers its start. */
static void __sa_private_target(__sa_ctx_t *ctx, uint arg,
                                __global void *target) {
  if (ctx->priv_op == 0u ||
      __sa_load_header(ctx->state + SA_H_PRIVATE_ARG) != arg + 1u)
    return;
  ctx->priv_base = (ulong)(uintptr_t)target;
  ctx->priv_bytes = 4u * __sa_load_header(ctx->state + SA_H_PRIVATE_WORDS);
}

/* A deferred entry point's first test (part 9): an atomic on the copy's
 * range, of its operation, joins the copy. (An address below the target's
 * start wraps to a large offset and fails the test too.) */
static inline int __sa_private(__sa_ctx_t *ctx, uint op, ulong addr, uint v) {
  ulong offset = addr - ctx->priv_base;
  if (offset >= ctx->priv_bytes || op != ctx->priv_op)
    return 0;
  __sa_deferred_combine(ctx->scratch + SA_P_COPY(__sa_local_items()) +
                            (uint)(offset >> 2),
                        op, v);
  return 1;
}

/* Every work-item of a worker, after its last group and a barrier with
 * CLK_LOCAL_MEM_FENCE (__sa_kernel_end): the copy's elements that changed,
 * a share each, one native atomic per element. A failed launch's results
 * are void: nothing is merged. */
static void __sa_private_merge(__sa_ctx_t *ctx) {
#ifdef SA_COMBINE_MODE
  if (ctx->priv_bytes == 0u || ctx->failed)
    return;
  uint items = __sa_local_items(), op = ctx->priv_op;
  uint none = __sa_deferred_identity(op);
  __local uint *copy = ctx->scratch + SA_P_COPY(items);
  SA_FOR_STRIDED(i, ctx->priv_bytes / 4u, items) {
    uint v = copy[i];
    if (v != none)
      __sa_native(ctx, op, ctx->priv_base + 4ul * i, v, 0);
  }
#else
  (void)ctx;
#endif
}
