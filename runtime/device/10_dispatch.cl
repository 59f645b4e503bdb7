/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
 * Device runtime, part 10: the kernel's dispatch. The probe launch, which
 * physical group is the coordinator, __sa_kernel_begin (and the warp
 * program's __sa_warp_program_begin and _end), __sa_group_begin,
 * __sa_next_group, __sa_kernel_end; then the include guard's end.
 * Owns: SA_ROBUST_PLACEMENT (softatomic-rewrite --placement=robust).
 * Reads: SA_ROBUST_PLACEMENT, SA_COMBINE_MODE, SA_WARP_ADDS, SA_SITE_PROFILE,
 * SA_REPRODUCIBLE. */

/* ---- the kernel's dispatch ----------------------------------------------- */

/* A probe launch (the host's, before the first real launch of a kernel on
 * a device): how many groups of this kernel, at this local size and scratch
 * size, the device runs at once. Each worker checks in and waits for group
 * 0's release; group 0 waits until all have checked in, or until its scans
 * run out, and records how many did. A group that can only start once
 * another has ended never checks in before the release. Every wait is
 * bounded; a worker that gives up says so, and the host then distrusts
 * the count. No user code runs. */
static void __sa_probe(__global uint *state) {
  uint workers = (uint)get_num_groups(0) - 1u, g = (uint)get_group_id(0);
  uint scans = __sa_load_header(state + SA_H_PROBE);
  if (__sa_local_linear_id() == 0 && g == 0) {
    uint in = 0;
    for (uint scan = 0; scan < scans && in < workers; ++scan) {
      in = 0;
      for (uint w = 0; w < workers; ++w)
        in += __sa_load_relaxed(state + SA_W_STARTED(workers, w)) == SA_PROBE_IN;
    }
    __sa_store_relaxed(state + SA_C_PROBED, in);
    __sa_store_release(state + SA_C_STATUS, SA_COORD_EXITED);
  } else if (__sa_local_linear_id() == 0) {
    __global uint *mine = state + SA_W_STARTED(workers, g - 1u);
    __sa_store_release(mine, SA_PROBE_IN);
    /* A scan of group 0 reads every worker's word: wait as long as all its
     * scans could take, and then some. */
    ulong limit = 4ul * scans * (workers + 1ul), poll = 0;
    while (__sa_load_acquire(state + SA_C_STATUS) != SA_COORD_EXITED &&
           ++poll < limit)
      ;
    if (poll >= limit)
      __sa_store_relaxed(mine, SA_PROBE_LEFT);
  }
  barrier(CLK_GLOBAL_MEM_FENCE);
}

/* Which physical group this is: 0 the coordinator, 1..P the workers.
 *
 * Static placement (the paper's, the default): the group's id. The
 * coordinator is group 0, which every device this runtime knows dispatches
 * first; no native atomic anywhere.
 *
 * Robust placement (softatomic-rewrite --placement=robust, which defines
 * SA_ROBUST_PLACEMENT): the order in which groups start, from one native
 * atomic_inc per group on the state's ticket word. The coordinator is then
 * the first group to run, whatever order the device dispatches in. */
static uint __sa_physical_group(__global uint *state, __local uint *scratch) {
#ifdef SA_ROBUST_PLACEMENT
  if (__sa_local_linear_id() == 0)
    scratch[0] = atomic_inc(state + SA_H_TICKET);
  barrier(CLK_LOCAL_MEM_FENCE);
  uint ticket = scratch[0];
  barrier(CLK_LOCAL_MEM_FENCE); /* read by all before the scratch is reused */
  return ticket;
#else
  (void)state;
  (void)scratch;
  return (uint)get_group_id(0);
#endif
}

/* A launch of the kernel as written (SA_MODE_DIRECT: the host passes no
 * state buffer): the caller's NDRange is the physical one, each group runs
 * once, and every atomic is the source's own call (part 9). Nothing of the
 * state or the scratch is read or written. */
static void __sa_begin_direct(__sa_ctx_t *ctx) {
  ctx->direct = 1;
  ctx->native = 1;
  ctx->combine_min = 0;
  ctx->worker = 0;
  ctx->workers = 1;
  ctx->user_groups = 1; /* __sa_next_group: this group, and no other */
  ctx->group = 0;
  ctx->next_group = 1;
  for (uint d = 0; d < 3; ++d) {
    ctx->group_id[d] = (uint)get_group_id(d);
    ctx->num_groups[d] = (uint)get_num_groups(d);
    ctx->offset[d] = (ulong)get_global_offset(d);
  }
}

/* The user groups a worker runs, claimed one at a time by its work-item 0
 * (every work-item reads the claim after a barrier: __sa_take_claim).
 *
 * In the combining mode, in the order of their numbers, from one counter
 * that every running worker draws from (a native atomic per user group):
 * a worker claims a group only once it runs, so whatever group a claimed
 * one waits for, if its number is lower (a chained scan, a publish chain,
 * a group that waits for the one before it) it was claimed by a worker
 * that is running too. Handing out by stride (worker w: w, w + P, ...)
 * would leave group w + P waiting for w + P - 1 in a worker that the device
 * starts only once another ends: on PoCL, 65 groups of 64 on two threads
 * hung. In the coordinator mode every worker runs at once (the host's
 * co-residency rule), so the stride is safe there, and it keeps that mode
 * free of native atomics. */
static uint __sa_claim_group(__sa_ctx_t *ctx) {
#ifdef SA_COMBINE_MODE
  if (ctx->native) /* through __sa_native, with every native atomic */
    return (uint)__sa_native(ctx, SA_OP_ADD,
                             (ulong)(uintptr_t)(ctx->state + SA_H_NEXT_GROUP),
                             1u, 0u);
#endif
  return ctx->claims == 0u ? ctx->worker : ctx->group + ctx->workers;
}

/* Work-item 0's part of a claim, before a barrier. */
static void __sa_post_claim(__sa_ctx_t *ctx) {
  if (__sa_local_linear_id() == 0)
    ctx->scratch[SA_G_CLAIMED(__sa_local_items()) + (ctx->claims & 1u)] =
        __sa_claim_group(ctx);
}

/* Every work-item's, after it: the claimed group. */
static uint __sa_take_claim(__sa_ctx_t *ctx) {
  uint claimed =
      ctx->scratch[SA_G_CLAIMED(__sa_local_items()) + (ctx->claims & 1u)];
  ctx->claims += 1u;
  return claimed;
}

/* Called first by every work-item of a rewritten kernel. Returns nonzero in
 * the coordinator group (after it has served every request) and when the
 * launch was not set up by the host runtime; the kernel then returns. */
static void __sa_ctx_init(__sa_ctx_t *ctx, __local uint *scratch,
                          __global uint *state) {
  ctx->state = state;
  ctx->scratch = scratch;
  ctx->failed = 0;
  ctx->group_calls = 0;
  ctx->per_item_calls = 0;
  ctx->defer_private = 0;
  ctx->ordered = 0;
  ctx->pending_op = 0;
  ctx->priv_base = 0;
  ctx->priv_bytes = 0;
  ctx->priv_op = 0;
  ctx->priv_hash = 0;
  ctx->awaiting = 0;
  ctx->direct = 0;
  ctx->waits = 0;
#ifdef SA_WARP_ADDS
  ctx->warp_alone = 0;
#endif
#ifdef SA_REPRODUCIBLE
  ctx->repro = 0;
  ctx->repro_groups = 0;
  ctx->repro_entries = 0;
#endif
#ifdef SA_SITE_PROFILE
  ctx->profile = 0;
  ctx->only_site = 0;
  ctx->pf_sites = 0;
#endif
}

/* Called first by every work-item of a kernel of the warp program (part 2,
 * SA_WARP_PROGRAM): the kernel as written's context, on the caller's
 * NDRange, with no state and no scratch. */
static void __sa_warp_program_begin(__sa_ctx_t *ctx) {
  __sa_ctx_init(ctx, 0, 0);
  __sa_begin_direct(ctx);
}

/* Called last by every work-item of a kernel of the warp program: the sum
 * its deferred adds still hold (part 8a). */
static void __sa_warp_program_end(__sa_ctx_t *ctx) { __sa_warp_flush(ctx); }

static int __sa_kernel_begin(__sa_ctx_t *ctx, __local uint *scratch,
                             __global uint *state) {
  __sa_ctx_init(ctx, scratch, state);
  if (state == 0) {
#ifdef SA_NO_DIRECT
    return 1; /* not compiled in; the host never launches it so */
#else
    __sa_begin_direct(ctx);
    return 0;
#endif
  }
  uint mode = __sa_load_header(state + SA_H_MODE);
#ifdef SA_SITE_PROFILE
  /* A recording launch: the kernel as written on the caller's NDRange,
   * recording each site's calls in the state (part 7). */
  if (mode == SA_M_PROFILE &&
      __sa_load_header(state + SA_H_MAGIC) == SA_STATE_MAGIC) {
    __sa_begin_direct(ctx);
    __sa_pf_begin(ctx, state);
    return 0;
  }
  /* A what-if launch converts one site alone (the host asks it of the
   * combining mode only). */
  ctx->only_site = __sa_load_header(state + SA_H_ONLY_SITE);
#endif
#ifdef SA_COMBINE_MODE
  ctx->native = mode == SA_M_COMBINE;
  ctx->combine_min = ctx->native ? __sa_load_header(state + SA_H_COMBINE_MIN) : 0u;
#else
  ctx->combine_min = 0;
  ctx->native = 0;
#endif
  if (__sa_load_header(state + SA_H_MAGIC) != SA_STATE_MAGIC ||
      __sa_load_header(state + SA_H_WORKERS) + 1u != get_num_groups(0) ||
      mode != (ctx->native ? SA_M_COMBINE : SA_M_COORDINATOR)) {
    if (get_group_id(0) == 0 && __sa_local_linear_id() == 0)
      __sa_record_error(state, SA_DEV_BAD_STATE, 0);
    return 1;
  }
  if (__sa_load_header(state + SA_H_PROBE) != 0) {
    __sa_probe(state);
    return 1;
  }
  uint physical = __sa_physical_group(state, scratch);
  if (physical == 0) {
    if (!ctx->native) /* in the combining mode nothing asks it */
      __sa_coordinate(state, scratch);
    return 1;
  }
  uint worker = physical - 1u;
  ctx->worker = worker;
  ctx->workers = __sa_load_header(state + SA_H_WORKERS);
  ctx->user_groups = __sa_load_header(state + SA_H_USER_GROUPS);
  for (uint d = 0; d < 3; ++d) {
    ctx->num_groups[d] = __sa_load_header(state + SA_H_NUM_GROUPS + d);
    ctx->offset[d] = __sa_load_header_pair(state + SA_H_OFFSET + 2u * d);
  }
  ctx->slot = state + SA_SLOT_BASE(ctx->workers, __sa_local_items()) +
              (worker * __sa_local_items() + __sa_local_linear_id()) *
                  SA_SLOT_WORDS;
  ctx->ring = (volatile __global uchar *)(state + SA_RING_BASE(ctx->workers) +
                                          worker * SA_RING_WORDS(__sa_local_items())) +
              __sa_local_linear_id();
  ctx->claims = 0;
  ctx->next_group = ctx->user_groups; /* none, unless claimed */
  __sa_post_claim(ctx);
  barrier(CLK_LOCAL_MEM_FENCE);
  uint first = __sa_take_claim(ctx);
  if (first >= ctx->user_groups)
    return 1; /* every group was claimed before this worker started */
  __sa_set_group(ctx, first);
  uint items = __sa_local_items();
  SA_FOR_STRIDED(i, SA_D_ENTRIES(items), items)
    __sa_deferred_entry(ctx, i)[SA_D_TAG] = SA_D_FREE;
  __sa_private_begin(ctx);
  scratch[__sa_local_linear_id() * SA_G_WORDS + SA_G_CALL] = 0u; /* its bucket */
  if (__sa_local_linear_id() == 0) {
    scratch[SA_G_REQUESTS(items)] = 0u;
    scratch[SA_G_REQUESTS(items) + 1u] = 0u;
    scratch[SA_G_FAILED(items)] = 0u;
  }
  if (__sa_local_linear_id() == 0)
    __sa_store_release(state + SA_W_STARTED(ctx->workers, worker), 1u);
  return 0; /* __sa_group_begin's barrier follows */
}

/* Starts one of the user's groups. They run one after another in a worker;
 * a barrier keeps one group's __local data from being overwritten by the
 * next while still in use, as it would not be between real groups. (At the
 * top of the loop rather than in __sa_next_group: PoCL 3.1's kernel
 * compiler asserts on a barrier in the loop latch when the user's code has
 * a loop with a break and the local size is 1.) */
static void __sa_group_begin(__sa_ctx_t *ctx) {
  /* A failure elsewhere in the launch, seen by the whole group at once
   * after the barrier (__sa_live): whichever work-item reads it sets the
   * group's word. (On PoCL every work-item reads: `if (lid == 0 && ...)` made
   * PoCL 3.1's kernel compiler abort, "Could not find a dominating
   * alternative variable", on kernels with a spin loop at local size 1.) */
  /* The kernel as written has no state to read; its barrier stays, as
   * every barrier here does whatever the mode: PoCL 3.1 miscompiles a
   * barrier behind a condition, uniform or not (test/exec/group_combining.cl
   * returned values no linearization allows). */
#ifdef POCL_DEVICE_ADDRESS_BITS
  uint reads = !ctx->direct;
#else
  /* Elsewhere one work-item reads: every warp reading this one line,
   * coherently as it must, put 264 groups of 1024 on the H100 at 19 us
   * where one read per group takes 16 (one atomic per work-item). */
  uint reads = !ctx->direct && __sa_local_linear_id() == 0;
#endif
  uint seen =
      reads && __sa_load_relaxed(ctx->state + SA_E_CODE) != SA_DEV_OK;
  if (seen)
    ctx->scratch[SA_G_FAILED(__sa_local_items())] = 1u;
  /* The group after this one, claimed now: __sa_next_group, in the loop's
   * condition, may have no barrier. Only where the workers are fewer than
   * the user's groups: where each of these has a worker of its own, a group
   * may wait for a later one (a global barrier), and a claim made before
   * the current group ends would hold that later group back. (Fewer
   * workers could not run such a group at once with the one it waits for
   * anyway; a group that waits for a lower one, whose worker is running,
   * is safe either way.) */
  uint claims = !ctx->direct && ctx->user_groups > ctx->workers;
  if (claims)
    __sa_post_claim(ctx);
  barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
  if (claims)
    ctx->next_group = __sa_take_claim(ctx);
#ifdef SA_REPRODUCIBLE
  ctx->repro_groups += 1u; /* counted in when the worker ends (part 8b) */
#endif
}

/* Moves a worker on to its next user group; zero when it has run them all. */
static int __sa_next_group(__sa_ctx_t *ctx) {
  uint next = ctx->next_group;
  if (next >= ctx->user_groups)
    return 0;
  __sa_set_group(ctx, next);
  /* Tells the coordinator that this worker moved on (its stall bound):
   * the started word becomes the user group's number plus one. */
  if (__sa_local_linear_id() == 0)
    __sa_store_relaxed(ctx->state + SA_W_STARTED(ctx->workers, ctx->worker),
                       next + 1u);
  return 1;
}

/* Called by every work-item of a worker after its last group: sends the
 * deferred table, then marks the worker done (after every work-item has
 * published its last request; the coordinator serves those before it
 * stops). */
static void __sa_kernel_end(__sa_ctx_t *ctx) {
  /* The kernel as written deferred nothing and has no coordinator to tell;
   * the barriers stay (__sa_group_begin says why). */
  if (ctx->pending_op != 0 && !ctx->failed)
    __sa_defer_shared(ctx, ctx->pending_op, ctx->pending_addr, ctx->pending_value);
  barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
  if (!ctx->direct)
    __sa_deferred_send_all(ctx);
  __sa_private_merge(ctx); /* after the barrier above: every update is in */
  barrier(CLK_GLOBAL_MEM_FENCE);
  if (!ctx->direct && __sa_local_linear_id() == 0)
    __sa_store_release(ctx->state + SA_W_DONE(ctx->workers, ctx->worker),
                       SA_WORKER_DONE);
#ifdef SA_REPRODUCIBLE
  __sa_repro_end(ctx); /* the last group to end rounds every sum */
#endif
}

#endif /* SOFTATOMIC_RUNTIME */
