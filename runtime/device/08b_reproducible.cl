/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
 * Device runtime, part 8b: reproducible float adds
 * (softatomic-rewrite --float-atomics=reproducible; docs/REWRITE.md,
 * "Reproducible float adds"). A float or double add whose result is unused
 * (an __sa_rp_ entry point, part 9) is summed exactly: its operand, cut
 * into 32-bit pieces at fixed binary positions, goes into the 64-bit
 * integer limbs of its target's slot with integer atomics, which commute.
 * When the last user group ends, its work-items round each target's
 * value plus its limbs once, to nearest even, and store it: the bits do
 * not depend on the order of the adds, the work-group size, the mode or
 * the device. The slots live in the launch's accumulators (the layout
 * header's SA_R_*), which the host runtime zeroes before each launch.
 * Owns: SA_REPRODUCIBLE (the rewriter, with SA_INT64_ATOMICS).
 * Reads: SA_REPRODUCIBLE, cl_khr_fp64, POCL_DEVICE_ADDRESS_BITS. */

#ifdef SA_REPRODUCIBLE
#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable
#define SA_REPRO_ON(ctx) ((ctx)->repro != 0)
#define SA_R_D_FRAC 0x000ffffffffffffful /* a double's 52 fraction bits */
#define SA_R_NAN 1u
#define SA_R_POS_INF 2u
#define SA_R_NEG_INF 4u
/* A limb's sum stays within +-2^62: each piece is below 2^32, so an add
 * that finds more is the first past it, long before 2^63 wraps. */
#define SA_R_LIMB_MAX 0x4000000000000000l
#define SA_R_CHUNK 16ul        /* targets a work-item rounds at a time */
#define SA_R_HELP_POLLS 65536u /* reads of the count by a group that helps */

/* The accumulators, through a pointer PoCL cannot take for the group's
 * (part 2, "the kernel's pointer parameters"): a slot's claim is an
 * atomic whose result each work-item must get for itself. */
static inline __global ulong *__sa_repro_words(__sa_ctx_t *ctx) {
#ifdef POCL_DEVICE_ADDRESS_BITS
  return (__global ulong *)((__global char *)ctx->repro + __sa_varying_zero());
#else
  return ctx->repro;
#endif
}

/* The launch's first reproducibility error: in the header, which keeps the
 * finish from writing any target, and in the state, which the host reads. */
static void __sa_repro_fail(__sa_ctx_t *ctx, __global ulong *r, uint code) {
  atom_cmpxchg(r + SA_R_ERROR, 0ul, (ulong)code);
  if (ctx->state)
    __sa_record_error(ctx->state, code, 0u);
}

/* The slot of the target at address a (kind 0: float, 1: double): linear
 * probing from a multiplicative hash, a free slot claimed by a
 * compare-exchange of its key and listed for the finish. Null when
 * SA_R_PROBES slots hold other targets (SA_DEV_REPRO_FULL). */
static __global ulong *__sa_repro_slot(__sa_ctx_t *ctx, __global ulong *r,
                                       ulong a, uint kind) {
  ulong fs = r[SA_R_FLOAT_SLOTS], slots = kind ? r[SA_R_DOUBLE_SLOTS] : fs;
  ulong words = kind ? SA_R_D_WORDS : SA_R_F_WORDS;
  __global ulong *table = r + (kind ? SA_R_DOUBLE_AT(fs) : SA_R_FLOAT_AT);
  __global ulong *list =
      r + (kind ? SA_R_DOUBLE_LIST(fs, slots) : SA_R_FLOAT_LIST(fs));
  ulong h = ((a >> 2) * 0x9E3779B97F4A7C15ul) >> (clz(slots) + 1u);
  for (uint probe = 0; probe < SA_R_PROBES; ++probe) {
    ulong i = (h + probe) & (slots - 1u);
    __global ulong *s = table + i * words;
    ulong key = *(volatile __global ulong *)(s + SA_R_KEY);
    if (key == 0ul)
      key = atom_cmpxchg(s + SA_R_KEY, 0ul, a);
    if (key == 0ul) { /* claimed here: listed once, in list i % SA_R_LISTS */
      ulong k = i % SA_R_LISTS;
      list[k * (slots / SA_R_LISTS) + atom_inc(r + SA_R_COUNT(kind, k))] = i;
    }
    if (key == 0ul || key == a)
      return s;
  }
  __sa_repro_fail(ctx, r, SA_DEV_REPRO_FULL);
  return 0;
}

/* Adds +-piece (below 2^32) to one limb. */
static void __sa_repro_limb(__sa_ctx_t *ctx, __global ulong *r,
                            __global ulong *limb, ulong piece, uint neg) {
  if (piece == 0ul)
    return;
  long old = (long)atom_add(limb, neg ? (ulong)(-(long)piece) : piece);
  if (old > SA_R_LIMB_MAX || old < -SA_R_LIMB_MAX)
    __sa_repro_fail(ctx, r, SA_DEV_REPRO_OVERFLOW);
}

/* The flag of an infinity or NaN operand; a plain 32-bit atomic_or on the
 * flag word's low half (no 64-bit or on every device). */
static void __sa_repro_special(__global ulong *s, uint nan, uint neg) {
  atomic_or((volatile __global uint *)(s + SA_R_FLAGS),
            nan ? SA_R_NAN : neg ? SA_R_NEG_INF : SA_R_POS_INF);
}

/* The worker's own slot of the float target at address a, in its scratch
 * (SA_R_LOCAL_AT): as __sa_repro_slot, with local atomics and fewer
 * probes; null when none is free (the add then goes to the launch's). */
static volatile __local ulong *__sa_repro_local_slot(__sa_ctx_t *ctx, ulong a) {
  uint n = ctx->repro_entries;
  uint h = (uint)(((a >> 2) * 0x9E3779B97F4A7C15ul) >> 32);
  for (uint probe = 0; probe < SA_R_LOCAL_PROBES && n; ++probe) {
    volatile __local ulong *s =
        ctx->repro_local + ((h + probe) & (n - 1u)) * SA_R_F_WORDS;
    ulong key = s[SA_R_KEY];
    if (key == 0ul)
      key = atom_cmpxchg(s + SA_R_KEY, 0ul, a);
    if (key == 0ul || key == a)
      return s;
  }
  return 0;
}

/* Adds +-piece (below 2^32) to a limb of a worker's own slot. */
static void __sa_repro_local_limb(__sa_ctx_t *ctx, volatile __local ulong *limb,
                                  ulong piece, uint neg) {
  if (piece == 0ul)
    return;
  long old = (long)atom_add(limb, neg ? (ulong)(-(long)piece) : piece);
  if (old > SA_R_LIMB_MAX || old < -SA_R_LIMB_MAX)
    __sa_repro_fail(ctx, __sa_repro_words(ctx), SA_DEV_REPRO_OVERFLOW);
}

/* A float's pieces: mantissa m (below 2^24) with its lowest bit at limb
 * position b (2^(b + SA_R_F_BASE)), which the window always holds; into
 * the worker's own slot of the target where it has one, else the
 * launch's. */
static void __sa_repro_add_float(__sa_ctx_t *ctx, volatile __global float *p,
                                 float v) {
  uint u = as_uint(v);
  if (u == 0x80000000u) /* -0.0 leaves every sum as it is */
    return;
  uint e = (u >> 23) & 0xffu, neg = u >> 31, b = (e ? e : 1u) + 10u;
  uint flag = e != 0xffu               ? 0u
              : (u & 0x7fffffu) != 0u ? SA_R_NAN
              : neg                   ? SA_R_NEG_INF
                                      : SA_R_POS_INF;
  /* +0.0 claims a slot alone: a sum of zeros not all -0.0 is +0.0 */
  ulong x = flag ? 0ul : (ulong)((u & 0x7fffffu) | (e ? 0x800000u : 0u))
                             << (b & 31u);
  volatile __local ulong *own = __sa_repro_local_slot(ctx, (ulong)(uintptr_t)p);
  if (own) {
    if (flag)
      atomic_or((volatile __local uint *)(own + SA_R_FLAGS), flag);
    __sa_repro_local_limb(ctx, own + SA_R_LIMB0 + (b >> 5), x & 0xffffffffu, neg);
    __sa_repro_local_limb(ctx, own + SA_R_LIMB0 + (b >> 5) + 1, x >> 32, neg);
    return;
  }
  __global ulong *r = __sa_repro_words(ctx);
  __global ulong *s = __sa_repro_slot(ctx, r, (ulong)(uintptr_t)p, 0u);
  if (!s)
    return;
  if (flag)
    atomic_or((volatile __global uint *)(s + SA_R_FLAGS), flag);
  __sa_repro_limb(ctx, r, s + SA_R_LIMB0 + (b >> 5), x & 0xffffffffu, neg);
  __sa_repro_limb(ctx, r, s + SA_R_LIMB0 + (b >> 5) + 1, x >> 32, neg);
}

/* A worker's own slots, added to the launch's when it ends: each limb's
 * sum cut back into 32-bit pieces (carries up), so that every add keeps
 * below 2^32 as __sa_repro_limb's bound wants. */
static void __sa_repro_flush(__sa_ctx_t *ctx) {
  uint n = ctx->repro_entries, items = __sa_local_items();
  for (uint i = __sa_local_linear_id(); i < n; i += items) {
    volatile __local ulong *own = ctx->repro_local + i * SA_R_F_WORDS;
    __global ulong *r = __sa_repro_words(ctx), *s = 0;
    if (own[SA_R_KEY] != 0ul)
      s = __sa_repro_slot(ctx, r, own[SA_R_KEY], 0u);
    if (!s)
      continue;
    uint flags = (uint)own[SA_R_FLAGS];
    if (flags)
      atomic_or((volatile __global uint *)(s + SA_R_FLAGS), flags);
    long carry = 0;
    for (uint j = 0; j < SA_R_F_LIMBS; ++j) {
      long v = (long)own[SA_R_LIMB0 + j] + carry;
      carry = j + 1u < SA_R_F_LIMBS ? v >> 32 : 0;
      v -= carry * 4294967296l;
      __sa_repro_limb(ctx, r, s + SA_R_LIMB0 + j, (ulong)(v < 0 ? -v : v), v < 0);
    }
  }
}

/* The number of trailing zero bits of m (not 0). */
static inline uint __sa_repro_tz(ulong m) { return popcount((m & -m) - 1ul); }

/* The exact sum of a slot's limbs plus more, rounded once to nearest even
 * with frac fraction bits and exponent bias: the bits of the float (frac
 * 23) or double (frac 52), canonical quiet NaN for a NaN. l has n + 1
 * entries, the last 0; it is changed. */
static ulong __sa_repro_round(long *l, uint n, int base, uint frac, int bias) {
  for (uint j = 0; j < n; ++j) { /* each limb to [0, 2^32), carries up */
    long c = l[j] >> 32;
    l[j] -= c * 4294967296l;
    l[j + 1] += c;
  }
  ulong sign = l[n] < 0 ? 1ul << (frac + (frac == 23u ? 8u : 11u)) : 0ul;
  if (sign) { /* two's complement of the whole: its magnitude */
    ulong carry = 1ul;
    for (uint j = 0; j < n; ++j) {
      ulong x = (~(ulong)l[j] & 0xffffffffu) + carry;
      l[j] = (long)(x & 0xffffffffu);
      carry = x >> 32;
    }
    l[n] = (long)(~(ulong)l[n] + carry);
  }
  int h = (int)n;
  while (h >= 0 && l[h] == 0)
    --h;
  if (h < 0)
    return 0ul; /* exactly zero: +0.0 */
  uint lz = clz((uint)l[h]);
  ulong w = ((ulong)l[h] << 32) | (h >= 1 ? (ulong)l[h - 1] : 0ul);
  ulong next = h >= 2 ? (ulong)l[h - 2] : 0ul;
  uint sticky = 0u;
  for (int j = 0; j < h - 2; ++j)
    sticky |= l[j] != 0;
  if (lz) {
    sticky |= ((next << lz) & 0xffffffffu) != 0ul;
    w = (w << lz) | (next >> (32u - lz));
  } else {
    sticky |= next != 0ul;
  }
  int E = 32 * h + base + 31 - (int)lz, emin = 1 - bias;
  int keep = (int)frac + 1 - (E >= emin ? 0 : emin - E);
  if (keep <= 0) /* at most half the least subnormal */
    return sign | (keep == 0 && (w != 0x8000000000000000ul || sticky));
  ulong q = w >> (64 - keep), rem = w << keep;
  if (rem > 0x8000000000000000ul ||
      (rem == 0x8000000000000000ul && (sticky || (q & 1ul))))
    q += 1ul;
  if (E < emin) /* subnormal; a carry to 2^frac is the least normal's bits */
    return sign | q;
  if (q >> (frac + 1u)) {
    q >>= 1;
    E += 1;
  }
  ulong inf = (ulong)(2 * bias + 1) << frac;
  if (E > bias)
    return sign | inf;
  return sign | ((ulong)(E + bias) << frac) | (q & ((1ul << frac) - 1ul));
}

/* The bits a special sum gives: the canonical quiet NaN, an infinity, or
 * none (0). */
static ulong __sa_repro_special_bits(uint flags, ulong inf, ulong sign_bit,
                                     ulong quiet) {
  if ((flags & SA_R_NAN) ||
      (flags & (SA_R_POS_INF | SA_R_NEG_INF)) == (SA_R_POS_INF | SA_R_NEG_INF))
    return inf | quiet;
  if (flags & SA_R_POS_INF)
    return inf;
  if (flags & SA_R_NEG_INF)
    return inf | sign_bit;
  return 0ul;
}

/* One float target: its value now, plus its slot's sum, rounded once. */
static void __sa_repro_finish_float(__global ulong *s) {
  long l[SA_R_F_LIMBS + 1];
  for (uint j = 0; j < SA_R_F_LIMBS; ++j)
    l[j] = (long)((volatile __global ulong *)s)[SA_R_LIMB0 + j];
  l[SA_R_F_LIMBS] = 0;
  volatile __global float *p =
      (volatile __global float *)(uintptr_t)((volatile __global ulong *)s)[SA_R_KEY];
  uint u = as_uint(*p), e = (u >> 23) & 0xffu;
  uint flags = ((volatile __global uint *)(s + SA_R_FLAGS))[0];
  if (e == 0xffu)
    flags |= (u & 0x7fffffu) ? SA_R_NAN : (u >> 31) ? SA_R_NEG_INF : SA_R_POS_INF;
  else if ((u & 0x7fffffffu) != 0u) { /* the value the target holds */
    ulong x = (ulong)((u & 0x7fffffu) | (e ? 0x800000u : 0u))
              << (((e ? e : 1u) + 10u) & 31u);
    uint j = ((e ? e : 1u) + 10u) >> 5;
    long sgn = (u >> 31) ? -1 : 1;
    l[j] += sgn * (long)(x & 0xffffffffu);
    l[j + 1] += sgn * (long)(x >> 32);
  }
  ulong bits = __sa_repro_special_bits(flags, 0x7f800000ul, 0x80000000ul,
                                        0x400000ul);
  if (!bits)
    bits = __sa_repro_round(l, SA_R_F_LIMBS, SA_R_F_BASE, 23u, 127);
  *p = as_float((uint)bits);
}

#if defined(cl_khr_fp64)
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
/* A double's pieces into limbs (or, with l, into a private copy of them):
 * its mantissa without trailing zeros, whose every bit must lie in the
 * window (else SA_DEV_REPRO_RANGE, and nothing is added). */
static uint __sa_repro_double_pieces(ulong u, ulong *pieces, uint *j) {
  uint e = (uint)(u >> 52) & 0x7ffu;
  ulong m = (u & SA_R_D_FRAC) | (e ? 0x10000000000000ul : 0ul);
  uint tz = __sa_repro_tz(m);
  int b = (int)(e ? e : 1u) - 1075 + (int)tz - SA_R_D_BASE;
  m >>= tz;
  if (b < 0 || b + (64 - (int)clz(m)) > 32 * (int)SA_R_D_LIMBS)
    return 0u;
  uint sh = (uint)b & 31u;
  ulong x = m << sh;
  pieces[0] = x & 0xffffffffu;
  pieces[1] = x >> 32;
  pieces[2] = sh ? m >> (64u - sh) : 0ul;
  *j = (uint)b >> 5;
  return 1u;
}

static void __sa_repro_add_double(__sa_ctx_t *ctx, volatile __global double *p,
                                  double v) {
  ulong u = as_ulong(v), pieces[3];
  uint e = (uint)(u >> 52) & 0x7ffu, neg = (uint)(u >> 63), j = 0;
  if (u == 0x8000000000000000ul)
    return;
  __global ulong *r = __sa_repro_words(ctx);
  __global ulong *s = __sa_repro_slot(ctx, r, (ulong)(uintptr_t)p, 1u);
  if (!s)
    return;
  if (e == 0x7ffu) {
    __sa_repro_special(s, (u & SA_R_D_FRAC) != 0ul, neg);
    return;
  }
  if ((u << 1) == 0ul)
    return;
  if (!__sa_repro_double_pieces(u, pieces, &j)) {
    __sa_repro_fail(ctx, r, SA_DEV_REPRO_RANGE);
    return;
  }
  for (uint k = 0; k < 3u; ++k)
    __sa_repro_limb(ctx, r, s + SA_R_LIMB0 + j + k, pieces[k], neg);
}

static void __sa_repro_finish_double(__sa_ctx_t *ctx, __global ulong *r,
                                     __global ulong *s) {
  long l[SA_R_D_LIMBS + 1];
  for (uint j = 0; j < SA_R_D_LIMBS; ++j)
    l[j] = (long)((volatile __global ulong *)s)[SA_R_LIMB0 + j];
  l[SA_R_D_LIMBS] = 0;
  volatile __global double *p = (volatile __global double *)(uintptr_t)(
      (volatile __global ulong *)s)[SA_R_KEY];
  ulong u = as_ulong(*p), pieces[3];
  uint e = (uint)(u >> 52) & 0x7ffu, j = 0;
  uint flags = ((volatile __global uint *)(s + SA_R_FLAGS))[0];
  if (e == 0x7ffu)
    flags |= (u & SA_R_D_FRAC) ? SA_R_NAN
             : (u >> 63)              ? SA_R_NEG_INF
                                      : SA_R_POS_INF;
  else if ((u << 1) != 0ul) {
    if (!__sa_repro_double_pieces(u, pieces, &j)) {
      __sa_repro_fail(ctx, r, SA_DEV_REPRO_RANGE);
      return;
    }
    for (uint k = 0; k < 3u; ++k)
      l[j + k] += (u >> 63) ? -(long)pieces[k] : (long)pieces[k];
  }
  ulong bits =
      __sa_repro_special_bits(flags, 0x7ff0000000000000ul, 0x8000000000000000ul,
                              0x8000000000000ul);
  if (!bits)
    bits = __sa_repro_round(l, SA_R_D_LIMBS, SA_R_D_BASE, 52u, 1023);
  *p = as_double(bits);
}
#endif

/* Called by every work-item after __sa_kernel_begin, in a kernel with
 * reproducible adds: the launch's accumulators, and the worker's own
 * slots (as many as the host found room for), emptied. The barrier is
 * every work-item's (PoCL 3.1 miscompiles one behind a condition). */
static void __sa_repro_begin(__sa_ctx_t *ctx, __global ulong *repro) {
  ctx->repro = repro;
  uint n = repro ? (uint)repro[SA_R_LOCAL_ENTRIES] : 0u;
  ctx->repro_local = (volatile __local ulong *)ctx->scratch +
                     SA_R_LOCAL_AT(__sa_local_items());
#ifdef POCL_DEVICE_ADDRESS_BITS
  ctx->repro_local = (volatile __local ulong *)((volatile __local char *)
                                                    ctx->repro_local +
                                                __sa_varying_zero());
#endif
  for (uint i = __sa_local_linear_id(); i < n * SA_R_F_WORDS;
       i += __sa_local_items())
    ctx->repro_local[i] = 0ul;
  barrier(CLK_LOCAL_MEM_FENCE);
  ctx->repro_entries = n;
}

/* The user groups of the launch: each ends once, in some physical group. */
static uint __sa_repro_user_groups(__sa_ctx_t *ctx) {
  if (!ctx->direct)
    return ctx->user_groups;
  return (uint)(get_num_groups(0) * get_num_groups(1) * get_num_groups(2));
}

/* One listed target of list k of kind, its entry e. */
static void __sa_repro_finish_one(__sa_ctx_t *ctx, __global ulong *r,
                                  uint kind, ulong k, ulong e) {
  volatile __global ulong *v = (volatile __global ulong *)r;
  ulong fs = r[SA_R_FLOAT_SLOTS], ds = r[SA_R_DOUBLE_SLOTS];
  if (!kind) {
    ulong i = v[SA_R_FLOAT_LIST(fs) + k * (fs / SA_R_LISTS) + e];
    __sa_repro_finish_float(r + SA_R_FLOAT_AT + i * SA_R_F_WORDS);
  }
#if defined(cl_khr_fp64)
  else {
    ulong i = v[SA_R_DOUBLE_LIST(fs, ds) + k * (ds / SA_R_LISTS) + e];
    __sa_repro_finish_double(ctx, r, r + SA_R_DOUBLE_AT(fs) + i * SA_R_D_WORDS);
  }
#endif
}

/* The targets of the launch, rounded by every work-item of the groups
 * that finish, SA_R_CHUNK listed targets at a time taken from each list's
 * second counter (each work-item starting at a list of its own): no
 * work-item waits for another. After an error, none: a target then keeps
 * its value. */
static void __sa_repro_finish(__sa_ctx_t *ctx, __global ulong *r) {
  volatile __global ulong *v = (volatile __global ulong *)r;
  if (v[SA_R_ERROR] != 0ul ||
      (ctx->state && __sa_load_relaxed(ctx->state + SA_E_CODE) != SA_DEV_OK))
    return;
  uint start = (uint)get_group_id(0) * __sa_local_items() + __sa_local_linear_id();
  for (uint l = 0; l < 2u * SA_R_LISTS; ++l) {
    uint list = (start + l) % (2u * SA_R_LISTS), kind = list / SA_R_LISTS;
    ulong k = list % SA_R_LISTS;
    __global ulong *count = r + SA_R_COUNT(kind, k);
    ulong n = ((volatile __global ulong *)count)[0];
    while (((volatile __global ulong *)count)[1] < n) {
      ulong c = atom_add(count + 1, SA_R_CHUNK);
      for (ulong e = c; e < c + SA_R_CHUNK && e < n; ++e)
        __sa_repro_finish_one(ctx, r, kind, k, e);
    }
  }
}

/* Called by every work-item of a worker at its end (__sa_kernel_end, after
 * a barrier that every add of the group precedes): its own slots added to
 * the launch's, then the user groups it ran counted in, with a release.
 * The group that completes the count finishes; a group that ended before
 * waits a bounded while (SA_R_HELP_POLLS reads of the count by one
 * work-item) to help it, and leaves if the count stays short: the last
 * group takes whatever no one has. Its barriers are every work-item's, in
 * every kernel of the file (a kernel without reproducible adds counts
 * nothing; PoCL 3.1 miscompiles a barrier behind a condition). */
static void __sa_repro_end(__sa_ctx_t *ctx) {
  barrier(CLK_LOCAL_MEM_FENCE); /* every add to the worker's slots made */
  __sa_repro_flush(ctx);
  barrier(CLK_GLOBAL_MEM_FENCE);
  __global ulong *r = ctx->repro ? __sa_repro_words(ctx) : 0;
  if (__sa_local_linear_id() == 0) {
    uint done = 0u;
    if (r) {
      ulong all = (ulong)__sa_repro_user_groups(ctx);
      __sa_fence_release();
      done = atom_add(r + SA_R_ARRIVED, (ulong)ctx->repro_groups) +
                 ctx->repro_groups == all;
      for (uint poll = 0; !done && poll < SA_R_HELP_POLLS; ++poll)
        done = ((volatile __global ulong *)r)[SA_R_ARRIVED] == all;
      /* the observer's own acquire, before the barrier hands it on */
      __sa_fence_acquire();
    }
    ctx->scratch[0] = done;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  if (ctx->scratch[0]) {
    __sa_fence_acquire();
    __sa_repro_finish(ctx, r);
  }
}
#else
#define SA_REPRO_ON(ctx) 0
#define __sa_repro_add_float(ctx, p, v) ((void)0)
#define __sa_repro_add_double(ctx, p, v) ((void)0)
#endif /* SA_REPRODUCIBLE */
