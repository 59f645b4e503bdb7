/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
 * Device runtime, part 6b: the privatized form. A worker's private copy of
 * one kernel argument in local memory, started at the operation's identity,
 * updated with local atomics by every deferred atomic whose address falls
 * in it, and merged into global memory once, when the worker ends.
 * Owns: SA_P_EMPTY, SA_P_PROBES. Reads: SA_COMBINE_MODE (the form exists only there: its
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

/* Where the target is larger than the local memory a copy may take, the
 * launch asks for a cache instead (the header's SA_H_PRIVATE_OP holds log2
 * of its entries above SA_P_HASH_SHIFT): entries of an element's index
 * (SA_P_EMPTY: none yet) and its value, claimed by the first atomic on the
 * element that hashes there and kept for the worker's life; an atomic whose
 * element finds no entry in SA_P_PROBES is applied natively at once. The
 * elements a skewed workload hits most come early and stay. */
#define SA_P_EMPTY 0xffffffffu
#define SA_P_PROBES 2u

/* Each worker's work-items, at its start (the barrier of __sa_group_begin
 * follows): the copy, at the identity of its operation (a cache: every key
 * empty too), where the launch asks for one. */
static void __sa_private_begin(__sa_ctx_t *ctx) {
#ifdef SA_COMBINE_MODE
  /* Only where every update is applied natively: in the coordinator mode a
   * native merge would not be atomic with the coordinator's updates. */
  if (ctx->direct || !ctx->native ||
      __sa_load_header(ctx->state + SA_H_PRIVATE_ARG) == 0u)
    return;
  uint words = __sa_load_header(ctx->state + SA_H_PRIVATE_WORDS);
  uint word = __sa_load_header(ctx->state + SA_H_PRIVATE_OP);
  uint op = word & ((1u << SA_P_HASH_SHIFT) - 1u);
  uint hash = word >> SA_P_HASH_SHIFT, entries = hash ? 1u << hash : 0u;
  uint items = __sa_local_items(), none = __sa_deferred_identity(op);
  __local uint *copy = ctx->scratch + SA_P_COPY(items);
  SA_FOR_STRIDED(i, hash ? 2u * entries : words, items)
    copy[i] = i < entries ? SA_P_EMPTY : none;
  ctx->priv_op = op;
  ctx->priv_hash = hash;
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

#ifdef SA_COMBINE_MODE
/* An atomic on element `index` of a cached target: into its entry, or, where
 * it finds none, native now. */
static void __sa_private_cached(__sa_ctx_t *ctx, uint op, uint index,
                                uint v) {
  uint hash = ctx->priv_hash, mask = (1u << hash) - 1u;
  volatile __local uint *keys = ctx->scratch + SA_P_COPY(__sa_local_items());
  uint h = (index * 2654435761u) >> (32u - hash);
  for (uint k = 0; k < SA_P_PROBES; ++k) {
    uint e = (h + k) & mask, key = keys[e];
    if (key == SA_P_EMPTY)
      key = atomic_cmpxchg(&keys[e], SA_P_EMPTY, index);
    if (key == SA_P_EMPTY || key == index) {
      __sa_deferred_combine(keys + mask + 1u + e, op, v);
      return;
    }
  }
  __sa_native(ctx, op, ctx->priv_base + 4ul * index, v, 0);
}
#endif

/* A deferred entry point's first test (part 9): an atomic on the copy's
 * range, of its operation, joins the copy. (An address below the target's
 * start wraps to a large offset and fails the test too.) */
static inline int __sa_private(__sa_ctx_t *ctx, uint op, ulong addr, uint v) {
  ulong offset = addr - ctx->priv_base;
  if (offset >= ctx->priv_bytes || op != ctx->priv_op)
    return 0;
#ifdef SA_COMBINE_MODE
  if (ctx->priv_hash)
    __sa_private_cached(ctx, op, (uint)(offset >> 2), v);
  else
#endif
    __sa_deferred_combine(ctx->scratch + SA_P_COPY(__sa_local_items()) +
                              (uint)(offset >> 2),
                          op, v);
  return 1;
}

/* Every work-item of a worker, after its last group and a barrier with
 * CLK_LOCAL_MEM_FENCE (__sa_kernel_end): the copy's elements that changed
 * (a cache's entries that were claimed and changed), a share each, one
 * native atomic per element. A failed launch's results are void: nothing
 * is merged. */
static void __sa_private_merge(__sa_ctx_t *ctx) {
#ifdef SA_COMBINE_MODE
  if (ctx->priv_bytes == 0u || ctx->failed)
    return;
  uint items = __sa_local_items(), op = ctx->priv_op;
  uint none = __sa_deferred_identity(op);
  __local uint *copy = ctx->scratch + SA_P_COPY(items);
  uint entries = ctx->priv_hash ? 1u << ctx->priv_hash : 0u;
  SA_FOR_STRIDED(i, entries ? entries : ctx->priv_bytes / 4u, items) {
    uint v = copy[entries + i], index = entries ? copy[i] : i;
    if (v != none && index != SA_P_EMPTY)
      __sa_native(ctx, op, ctx->priv_base + 4ul * index, v, 0);
  }
#else
  (void)ctx;
#endif
}
