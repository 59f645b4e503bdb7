/* Device runtime, part 7: the per-work-item entry points. __sa_request
 * (what they all call), the 1.x atomics on int and uint (long and ulong
 * with SA_INT64_ATOMICS), and their deferred forms (__sa_nr_).
 * Owns: no macro. Reads: SA_INT64_ATOMICS. */

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
  __sa_deferred_send_address(ctx, addr);
  if (fenced)
    __sa_fence_release();
  ulong old = __sa_exchange(ctx, op, addr, value, compare);
  if (fenced)
    __sa_fence_acquire();
  return old;
}

static inline ulong __sa_addr(volatile __global void *p) {
  return (ulong)(uintptr_t)p;
}

/* The 1.x atomics on a signed type S and its unsigned type U (op: the
 * unsigned type's operation; sop: the signed one's, for min and max), at the
 * width flag wide. */
#define SA_DEFINE_ATOMIC(name, S, U, op, sop)                                  \
  static inline S __sa_atomic_##name##_##S(volatile __global S *p, S v,        \
                                           __sa_ctx_t *ctx) {                  \
    return (S)__sa_request(ctx, (sop), __sa_addr(p), (U)v, 0);                 \
  }                                                                            \
  static inline U __sa_atomic_##name##_##U(volatile __global U *p, U v,        \
                                           __sa_ctx_t *ctx) {                  \
    return (U)__sa_request(ctx, (op), __sa_addr(p), v, 0);                     \
  }
#define SA_DEFINE_ATOMIC_UNARY(name, T, to, v)                                 \
  static inline T __sa_atomic_##name##_##T(volatile __global T *p,             \
                                           __sa_ctx_t *ctx) {                  \
    return __sa_atomic_##to##_##T(p, (v), ctx);                                \
  }
#define SA_DEFINE_ATOMIC_CMPXCHG(T, U, wide)                                   \
  static inline T __sa_atomic_cmpxchg_##T(volatile __global T *p, T cmp, T v,  \
                                          __sa_ctx_t *ctx) {                   \
    return (T)__sa_request(ctx, SA_OP_CMPXCHG | (wide), __sa_addr(p), (U)v,    \
                           (U)cmp);                                            \
  }
#define SA_DEFINE_ATOMICS(S, U, wide)                                          \
  SA_DEFINE_ATOMIC(add, S, U, SA_OP_ADD | (wide), SA_OP_ADD | (wide))          \
  SA_DEFINE_ATOMIC(sub, S, U, SA_OP_SUB | (wide), SA_OP_SUB | (wide))          \
  SA_DEFINE_ATOMIC(xchg, S, U, SA_OP_XCHG | (wide), SA_OP_XCHG | (wide))       \
  SA_DEFINE_ATOMIC(and, S, U, SA_OP_AND | (wide), SA_OP_AND | (wide))          \
  SA_DEFINE_ATOMIC(or, S, U, SA_OP_OR | (wide), SA_OP_OR | (wide))             \
  SA_DEFINE_ATOMIC(xor, S, U, SA_OP_XOR | (wide), SA_OP_XOR | (wide))          \
  SA_DEFINE_ATOMIC(min, S, U, SA_OP_MIN | (wide),                              \
                   SA_OP_MIN | SA_OP_SIGNED | (wide))                          \
  SA_DEFINE_ATOMIC(max, S, U, SA_OP_MAX | (wide),                              \
                   SA_OP_MAX | SA_OP_SIGNED | (wide))                          \
  SA_DEFINE_ATOMIC_UNARY(inc, S, add, 1)                                       \
  SA_DEFINE_ATOMIC_UNARY(inc, U, add, 1u)                                      \
  SA_DEFINE_ATOMIC_UNARY(dec, S, sub, 1)                                       \
  SA_DEFINE_ATOMIC_UNARY(dec, U, sub, 1u)                                      \
  SA_DEFINE_ATOMIC_CMPXCHG(S, U, wide)                                         \
  SA_DEFINE_ATOMIC_CMPXCHG(U, U, wide)
SA_DEFINE_ATOMICS(int, uint, 0u)
#ifdef SA_INT64_ATOMICS
SA_DEFINE_ATOMICS(long, ulong, SA_OP_WIDE)
#endif
#undef SA_DEFINE_ATOMICS
#undef SA_DEFINE_ATOMIC_CMPXCHG
#undef SA_DEFINE_ATOMIC_UNARY
#undef SA_DEFINE_ATOMIC

#define SA_DEFINE_DEFERRED(name, op, value)                                    \
  static inline void __sa_nr_atomic_##name##_int(volatile __global int *p,     \
                                                 int v, __sa_ctx_t *ctx) {     \
    __sa_defer(ctx, (op), __sa_addr(p), (value));                              \
  }                                                                            \
  static inline void __sa_nr_atomic_##name##_uint(volatile __global uint *p,   \
                                                  uint v, __sa_ctx_t *ctx) {   \
    __sa_defer(ctx, (op) & ~SA_OP_SIGNED, __sa_addr(p), (value));              \
  }
SA_DEFINE_DEFERRED(add, SA_OP_ADD, (uint)v)
SA_DEFINE_DEFERRED(sub, SA_OP_ADD, 0u - (uint)v)
SA_DEFINE_DEFERRED(and, SA_OP_AND, (uint)v)
SA_DEFINE_DEFERRED(or, SA_OP_OR, (uint)v)
SA_DEFINE_DEFERRED(xor, SA_OP_XOR, (uint)v)
SA_DEFINE_DEFERRED(min, SA_OP_MIN | SA_OP_SIGNED, (uint)v)
SA_DEFINE_DEFERRED(max, SA_OP_MAX | SA_OP_SIGNED, (uint)v)
#undef SA_DEFINE_DEFERRED
static inline void __sa_nr_atomic_inc_int(volatile __global int *p, __sa_ctx_t *ctx) {
  __sa_defer(ctx, SA_OP_ADD, __sa_addr(p), 1u);
}
static inline void __sa_nr_atomic_inc_uint(volatile __global uint *p, __sa_ctx_t *ctx) {
  __sa_defer(ctx, SA_OP_ADD, __sa_addr(p), 1u);
}
static inline void __sa_nr_atomic_dec_int(volatile __global int *p, __sa_ctx_t *ctx) {
  __sa_defer(ctx, SA_OP_ADD, __sa_addr(p), 0xffffffffu);
}
static inline void __sa_nr_atomic_dec_uint(volatile __global uint *p, __sa_ctx_t *ctx) {
  __sa_defer(ctx, SA_OP_ADD, __sa_addr(p), 0xffffffffu);
}
