/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
 * Device runtime, part 2: the per-work-item context (__sa_ctx_t), the
 * local ids, __sa_record_error, and the user's geometry as the rewritten
 * kernel sees it (__sa_get_*), and the user's 1.x fences (__sa_mem_fence).
 * Owns: SA_NO_DIRECT and SA_WARP_PROGRAM (program build options),
 * SA_IS_DIRECT, SA_WARP_ADDS.
 * Reads: SA_NO_DIRECT, SA_WARP_PROGRAM, SA_COMBINE_MODE, SA_WARP_COMBINE,
 * SA_SCOPED_CONTEXT, SA_SITE_PROFILE, SA_REPRODUCIBLE. */

/* The warp program (-DSA_WARP_PROGRAM, docs/REWRITE.md): the rewritten file
 * built as the kernels as written, each rewritten kernel replaced by its
 * copy with the source's name and parameters, launched on the caller's
 * NDRange with no state and no host runtime. Every atomic is a native one,
 * but that a work-item's deferred 32-bit adds to one address are folded
 * into one (part 8a), and where the device runs NVIDIA's warp path
 * (SA_WARP_COMBINE) a warp's 32-bit adds whose results are used are one
 * atomic per address. Its context is constant but for those, so the
 * compiler folds every other path away and the kernel keeps about the
 * registers of the kernel as written. */

/* Whether this build has NVIDIA's warp path for adds
 * (nvidia/warp_adds.cl): in the combining mode, and in the warp program. */
#if defined(SA_WARP_COMBINE) &&                                               \
    (defined(SA_COMBINE_MODE) || defined(SA_WARP_PROGRAM))
#define SA_WARP_ADDS 1
#endif

/* ---- per-work-item context ----------------------------------------------- */

typedef struct {
  __global uint *state; /* the launch's state buffer */
  __global uint *slot;  /* this work-item's request slot */
  volatile __global uchar *ring; /* and its ring byte */
  __local uint *scratch; /* the work-group's buckets for __sa_wg_ atomics */
  uint workers;         /* P */
  uint worker;          /* this physical worker group, 0 .. P-1 */
  uint user_groups;     /* the user's work-groups in all dimensions */
  uint group;           /* the user's (virtual) group now running, linear */
  uint next_group;      /* the one it runs next, if below user_groups */
  uint claims;          /* user groups this worker has claimed */
  uint waits;           /* tests of __sa_waiting, the loop guard of a wait */
  uint group_id[3];     /* the same, per dimension */
  uint num_groups[3];
  ulong offset[3];
  uint failed;          /* a request failed: later ones return at once */
  uint native;          /* the combining mode: no coordinator (SA_COMBINE_MODE) */
  uint direct;          /* the kernel as written (SA_MODE_DIRECT): each atomic
                           is the source's own call, on the caller's NDRange */
  uint group_calls;     /* __sa_wg_ calls combined, the same in every work-item */
  uint combine_min;     /* SA_H_COMBINE_MIN in the combining mode, else 0 */
  uint per_item_calls;  /* __sa_wg_ calls to make per item, from the last combined one */
  uint defer_private;   /* __sa_defer_privately: every atomic is deferred */
  uint ordered;         /* the OpenCL 2.0 call being made asks for more than
                           relaxed order (taken by __sa_request) */
  uint awaiting;        /* a request published, its answer not yet read
                           (__sa_exchange_send, __sa_exchange_receive) */
  uint pending_op;      /* ... the work-item's own deferred atomic, if any */
  uint pending_value;
  ulong pending_addr;
  ulong priv_base;      /* the privatized form (part 6b): the target's start, */
  uint priv_bytes;      /* ... the bytes its copy covers (0: no copy), */
  uint priv_op;         /* ... the operation it combines, */
  uint priv_hash;       /* ... and log2 of its entries where it is a cache */
#ifdef SA_WARP_ADDS
  uint warp_alone;      /* __sa_warp_add's calls left without a match */
#endif
#ifdef SA_REPRODUCIBLE
  __global ulong *repro; /* the launch's accumulators (part 8b), else 0 */
  uint repro_groups;     /* the user groups this worker has run */
  volatile __local ulong *repro_local; /* the worker's own slots (part 8b) */
  uint repro_entries;    /* how many: 0 where the scratch has no room */
#endif
#ifdef SA_SITE_PROFILE
  __global uint *profile; /* a recording launch's buffer (part 7), else 0 */
  uint only_site;       /* a what-if launch: 1 + the site converted alone */
  uint pf_records;      /* calls of each site a work-item records
                           (SA_H_PROFILE_RECORDS) */
  uint pf_sites;
  uint pf_group;        /* the user's group, linear */
  ulong pf_item;        /* this work-item, linear, in the launch */
  ulong pf_items;
#endif
} __sa_ctx_t;

/* Whether this launch runs the kernel as written (ctx->direct). A program
 * built with -DSA_NO_DIRECT has no such path: no native global atomic is
 * compiled into it at all, the paper's guarantee checked statically (the
 * host refuses to launch it as written). */
#ifdef SA_WARP_PROGRAM
#define SA_IS_DIRECT(ctx) 1
#elif defined(SA_NO_DIRECT)
#define SA_IS_DIRECT(ctx) 0
#else
#define SA_IS_DIRECT(ctx) ((ctx)->direct)
#endif

static inline uint __sa_local_linear_id(void) {
  return (uint)((get_local_id(2) * get_local_size(1) + get_local_id(1)) *
                    get_local_size(0) +
                get_local_id(0));
}
static inline uint __sa_local_items(void) {
  return (uint)(get_local_size(0) * get_local_size(1) * get_local_size(2));
}

static void __sa_record_error(__global uint *state, uint code, uint detail) {
  if (__sa_load_relaxed(state + SA_E_CODE) == SA_DEV_OK) {
    __sa_store_relaxed(state + SA_E_DETAIL, detail);
    __sa_store_relaxed(state + SA_E_CODE, code);
  }
}

/* ---- the kernel's pointer parameters, on PoCL -------------------------- */

/* PoCL 3.1's kernel compiler takes a value computed from the kernel's
 * arguments alone for one that every work-item of the group shares: a
 * plain load through a parameter, and the result of an atomic on it. In a
 * kernel with barriers (every rewritten kernel has the group loop's) it then
 * runs such a value's computation once for the whole group, and a loop whose
 * exit depends on it alone is left by all work-items together: in
 * `do { old = *p; } while (atomic_cmpxchg(p, old, old + 1u) != old)` every
 * work-item took the same ticket, and with other groups contending the
 * counter lost and gained increments. So the rewriter gives each __global
 * and __local pointer parameter a copy of the same name at the top of the
 * group loop (docs/REWRITE.md), offset by a zero that the compiler cannot
 * see is one: the difference between a work-item's id and a volatile copy
 * of it. Elsewhere there is no copy. */
#ifdef POCL_DEVICE_ADDRESS_BITS
static inline size_t __sa_varying_zero(void) {
  volatile size_t item = get_local_id(0);
  return item - get_local_id(0);
}
#define SA_VARYING_ARG(space, p)                                               \
  __typeof__(p) __sa_arg_##p =                                                 \
      (__typeof__(p))((space char *)(p) + __sa_varying_zero());                \
  __typeof__(p) p = __sa_arg_##p
#else
#define SA_VARYING_ARG(space, p)
#endif

/* ---- the user's geometry, virtualised ------------------------------------ */

static void __sa_set_group(__sa_ctx_t *ctx, uint v) {
  ctx->group = v;
  ctx->group_id[0] = v % ctx->num_groups[0];
  v /= ctx->num_groups[0];
  ctx->group_id[1] = v % ctx->num_groups[1];
  ctx->group_id[2] = v / ctx->num_groups[1];
}

#ifdef SA_WARP_PROGRAM
/* The caller's NDRange is the kernel's own: the builtins themselves. */
static inline size_t __sa_get_group_id(uint d, __sa_ctx_t *ctx) {
  (void)ctx;
  return get_group_id(d);
}
static inline size_t __sa_get_num_groups(uint d, __sa_ctx_t *ctx) {
  (void)ctx;
  return get_num_groups(d);
}
static inline size_t __sa_get_global_size(uint d, __sa_ctx_t *ctx) {
  (void)ctx;
  return get_global_size(d);
}
static inline size_t __sa_get_global_offset(uint d, __sa_ctx_t *ctx) {
  (void)ctx;
  return get_global_offset(d);
}
static inline size_t __sa_get_global_id(uint d, __sa_ctx_t *ctx) {
  (void)ctx;
  return get_global_id(d);
}
#else
static inline size_t __sa_get_group_id(uint d, __sa_ctx_t *ctx) {
  return d < 3 ? ctx->group_id[d] : 0;
}
static inline size_t __sa_get_num_groups(uint d, __sa_ctx_t *ctx) {
  return d < 3 ? ctx->num_groups[d] : 1;
}
static inline size_t __sa_get_global_size(uint d, __sa_ctx_t *ctx) {
  return d < 3 ? (size_t)ctx->num_groups[d] * get_local_size(d) : 1;
}
static inline size_t __sa_get_global_offset(uint d, __sa_ctx_t *ctx) {
  return d < 3 ? (size_t)ctx->offset[d] : 0;
}
static inline size_t __sa_get_global_id(uint d, __sa_ctx_t *ctx) {
  return d < 3 ? (size_t)ctx->group_id[d] * get_local_size(d) +
                     get_local_id(d) + (size_t)ctx->offset[d]
               : 0;
}
#endif
static inline size_t __sa_get_global_linear_id(__sa_ctx_t *ctx) {
  size_t id[3];
  for (uint d = 0; d < 3; ++d)
    id[d] = __sa_get_global_id(d, ctx) - (size_t)ctx->offset[d];
  return (id[2] * __sa_get_global_size(1, ctx) + id[1]) *
             __sa_get_global_size(0, ctx) +
         id[0];
}

/* ---- the user's fences ---------------------------------------------------- */

/* OpenCL C 1.x's mem_fence, read_mem_fence and write_mem_fence in rewritten
 * code. Their scope is left open, and NVIDIA compiles the global part to a
 * work-group fence (membar.cta): a kernel that hands data to another group
 * with plain stores, a global fence and an atomic then works natively by
 * timing alone. The combining mode's native atomics change that timing (on
 * the H200 a queue whose consumer groups of 4 poll a count read items not
 * yet written in every run of ten), so every mode but the kernel as written
 * also fences at device scope where the user fences global memory, as the
 * runtime's own hand-off does (part 1); the kernel as written keeps the
 * user's fence alone. */
static inline void __sa_mem_fence(cl_mem_fence_flags flags, __sa_ctx_t *ctx) {
  mem_fence(flags);
  if ((flags & CLK_GLOBAL_MEM_FENCE) && !SA_IS_DIRECT(ctx))
    __sa_fence_acq_rel();
}
static inline void __sa_read_mem_fence(cl_mem_fence_flags flags,
                                       __sa_ctx_t *ctx) {
  read_mem_fence(flags);
  if ((flags & CLK_GLOBAL_MEM_FENCE) && !SA_IS_DIRECT(ctx))
    __sa_fence_acquire();
}
static inline void __sa_write_mem_fence(cl_mem_fence_flags flags,
                                        __sa_ctx_t *ctx) {
  write_mem_fence(flags);
  if ((flags & CLK_GLOBAL_MEM_FENCE) && !SA_IS_DIRECT(ctx))
    __sa_fence_release();
}

/* ---- geometry in a macro shared with code that has no context ------------ */

/* A macro that a rewritten kernel and code left as written both expand
 * (OpenMM's `#define GLOBAL_ID get_global_id(0)`) is edited once, to
 * __sa_scoped_get_global_id(0, __sa_ctx) (docs/REWRITE.md, "Macros"). Where
 * the rewrite declared a __sa_ctx, in a rewritten kernel's prologue or as a
 * context-taking function's parameter, that one shadows this program-scope
 * null pointer: rewritten code sees its virtual geometry, other code the
 * device's own. Only C99 scoping and a __constant program-scope variable
 * (OpenCL C 1.2, 6.5), no overloading; once inlined, the test folds. */
#ifdef SA_SCOPED_CONTEXT
__sa_ctx_t *__constant __sa_ctx = 0;

static inline size_t __sa_scoped_get_group_id(uint d, __sa_ctx_t *ctx) {
  return ctx ? __sa_get_group_id(d, ctx) : get_group_id(d);
}
static inline size_t __sa_scoped_get_num_groups(uint d, __sa_ctx_t *ctx) {
  return ctx ? __sa_get_num_groups(d, ctx) : get_num_groups(d);
}
static inline size_t __sa_scoped_get_global_size(uint d, __sa_ctx_t *ctx) {
  return ctx ? __sa_get_global_size(d, ctx) : get_global_size(d);
}
static inline size_t __sa_scoped_get_global_offset(uint d, __sa_ctx_t *ctx) {
  return ctx ? __sa_get_global_offset(d, ctx) : get_global_offset(d);
}
static inline size_t __sa_scoped_get_global_id(uint d, __sa_ctx_t *ctx) {
  return ctx ? __sa_get_global_id(d, ctx) : get_global_id(d);
}
static inline void __sa_scoped_mem_fence(cl_mem_fence_flags flags,
                                         __sa_ctx_t *ctx) {
  if (ctx)
    __sa_mem_fence(flags, ctx);
  else
    mem_fence(flags);
}
static inline void __sa_scoped_read_mem_fence(cl_mem_fence_flags flags,
                                              __sa_ctx_t *ctx) {
  if (ctx)
    __sa_read_mem_fence(flags, ctx);
  else
    read_mem_fence(flags);
}
static inline void __sa_scoped_write_mem_fence(cl_mem_fence_flags flags,
                                               __sa_ctx_t *ctx) {
  if (ctx)
    __sa_write_mem_fence(flags, ctx);
  else
    write_mem_fence(flags);
}
#if __OPENCL_C_VERSION__ >= 200 /* get_global_linear_id is OpenCL 2.0's */
static inline size_t __sa_scoped_get_global_linear_id(__sa_ctx_t *ctx) {
  return ctx ? __sa_get_global_linear_id(ctx) : get_global_linear_id();
}
#endif
#endif /* SA_SCOPED_CONTEXT */
