/* Device runtime, part 9: the OpenCL 2.0 entry points, on atomic_int and
 * atomic_uint (atomic_long and atomic_ulong with SA_CL20_INT64), mapped
 * onto those of parts 7 and 8.
 * Owns: no macro. Reads: SA_CL20_INT64, SA_CL20_ABSENT,
 * __OPENCL_C_VERSION__, __opencl_c_generic_address_space. */

/* ---- the OpenCL 2.0 forms, on atomic_int and atomic_uint ---------------- */

#if __OPENCL_C_VERSION__ >= 200
/* Each 2.0 form maps onto a 32-bit operation above (docs/REWRITE.md, "The
 * OpenCL 2.0 forms"); atomic_int and atomic_uint are 32-bit words. Each
 * comes in the three shapes the rewriter emits, by the call's arguments:
 * implicit (seq_cst, device scope), _explicit (a memory_order) and
 * _explicit_scope (a memory_order and a memory_scope). The order tells
 * __sa_request whether the call orders the plain accesses around it (any
 * order but relaxed; it then does so at device scope, at least what any
 * scope asks for; seq_cst: see docs/REWRITE.md); the scope argument is
 * evaluated by the call and not otherwise used. */
static inline void __sa_order(__sa_ctx_t *ctx, memory_order o) {
  ctx->ordered = o != memory_order_relaxed;
}
/* The implicit forms' seq_cst, without naming it: memory_order_seq_cst is
 * declared only where the device lists the seq_cst feature, and NVIDIA's
 * OpenCL compiles the implicit forms without listing it. */
static inline void __sa_order_seq_cst(__sa_ctx_t *ctx) { ctx->ordered = 1; }
#define SA_CL20_FORMS(ret, name, T, stmt)                                      \
  static inline ret name##_##T(volatile __global atomic_##T *p, T v,           \
                               __sa_ctx_t *ctx) {                              \
    __sa_order_seq_cst(ctx);                                                  \
    stmt;                                                                      \
  }                                                                            \
  static inline ret name##_explicit_##T(                                       \
      volatile __global atomic_##T *p, T v, memory_order o, __sa_ctx_t *ctx) { \
    __sa_order(ctx, o);                                                        \
    stmt;                                                                      \
  }                                                                            \
  static inline ret name##_explicit_scope_##T(                                 \
      volatile __global atomic_##T *p, T v, memory_order o, memory_scope s,    \
      __sa_ctx_t *ctx) {                                                       \
    __sa_order(ctx, o);                                                        \
    (void)s;                                                                   \
    stmt;                                                                      \
  }
/* <prefix>atomic_<op>..., calling the 32-bit <prefix>atomic_<to>;
 * ret: int (the value is returned, as T) or void. The builtins' own names
 * never pass through a macro argument unpasted: an OpenCL implementation
 * may define them as macros (PoCL does). */
#define SA_CL20_RETURN_int return
#define SA_CL20_RETURN_void (void)
#define SA_CL20_TYPE_int_int int
#define SA_CL20_TYPE_int_uint uint
#define SA_CL20_TYPE_void_int void
#define SA_CL20_TYPE_void_uint void
#define SA_CL20_TYPE_int_long long
#define SA_CL20_TYPE_int_ulong ulong
#define SA_CL20_TYPE_void_long void
#define SA_CL20_TYPE_void_ulong void
/* On atomic_S and atomic_U (int and uint, or long and ulong); name and to
 * arrive pasted (__sa_atomic_fetch_min, __sa_atomic_min), never as a bare
 * builtin name. */
#define SA_CL20_OP_TYPES(ret, name, to, S, U)                                  \
  SA_CL20_FORMS(SA_CL20_TYPE_##ret##_##S, name, S,                             \
                SA_CL20_RETURN_##ret to##_##S((volatile __global S *)p, v,     \
                                              ctx))                            \
  SA_CL20_FORMS(SA_CL20_TYPE_##ret##_##U, name, U,                             \
                SA_CL20_RETURN_##ret to##_##U((volatile __global U *)p, v,     \
                                              ctx))
#define SA_CL20_OP(ret, prefix, op, to)                                        \
  SA_CL20_OP_TYPES(ret, prefix##atomic_##op, prefix##atomic_##to, int, uint)
SA_CL20_OP(int, __sa_, fetch_add, add)
SA_CL20_OP(int, __sa_, fetch_sub, sub)
SA_CL20_OP(int, __sa_, fetch_or, or)
SA_CL20_OP(int, __sa_, fetch_xor, xor)
SA_CL20_OP(int, __sa_, fetch_and, and)
SA_CL20_OP(int, __sa_, fetch_min, min)
SA_CL20_OP(int, __sa_, fetch_max, max)
SA_CL20_OP(int, __sa_, exchange, xchg)
/* Deferred (result unused, memory_order_relaxed) and work-group (relaxed
 * fetch_add and fetch_sub) forms: as their 1.x counterparts. */
SA_CL20_OP(void, __sa_nr_, fetch_add, add)
SA_CL20_OP(void, __sa_nr_, fetch_sub, sub)
SA_CL20_OP(void, __sa_nr_, fetch_or, or)
SA_CL20_OP(void, __sa_nr_, fetch_xor, xor)
SA_CL20_OP(void, __sa_nr_, fetch_and, and)
SA_CL20_OP(void, __sa_nr_, fetch_min, min)
SA_CL20_OP(void, __sa_nr_, fetch_max, max)
SA_CL20_OP(int, __sa_wg_, fetch_add, add)
SA_CL20_OP(int, __sa_wg_, fetch_sub, sub)
/* The predicated work-group form of the relaxed fetch_add and fetch_sub
 * (only the _explicit shapes are relaxed). */
#define SA_CL20_WGP(op, to, T)                                                 \
  static inline T __sa_wgp_atomic_##op##_explicit_##T(                         \
      int active, volatile __global atomic_##T *p, T v, memory_order o,        \
      __sa_ctx_t *ctx) {                                                       \
    (void)o;                                                                   \
    return __sa_wgp_atomic_##to##_##T(active, (volatile __global T *)p, v,     \
                                      ctx);                                    \
  }                                                                            \
  static inline T __sa_wgp_atomic_##op##_explicit_scope_##T(                   \
      int active, volatile __global atomic_##T *p, T v, memory_order o,        \
      memory_scope s, __sa_ctx_t *ctx) {                                       \
    (void)o;                                                                   \
    (void)s;                                                                   \
    return __sa_wgp_atomic_##to##_##T(active, (volatile __global T *)p, v,     \
                                      ctx);                                    \
  }
SA_CL20_WGP(fetch_add, add, int)
SA_CL20_WGP(fetch_add, add, uint)
SA_CL20_WGP(fetch_sub, sub, int)
SA_CL20_WGP(fetch_sub, sub, uint)
#undef SA_CL20_WGP
/* atomic_store in rewritten code: a software exchange whose answer is
 * awaited (never deferred), so that it cannot overwrite a coordinator's
 * read-modify-write of the same object half way. */
SA_CL20_OP(void, __sa_, store, xchg)
#ifdef SA_CL20_INT64
/* atomic_long and atomic_ulong: per work-item only (no deferred or
 * work-group form), on the 64-bit operations above. */
#define SA_CL20_OP64(ret, op, to)                                              \
  SA_CL20_OP_TYPES(ret, __sa_atomic_##op, __sa_atomic_##to, long, ulong)
SA_CL20_OP64(int, fetch_add, add)
SA_CL20_OP64(int, fetch_sub, sub)
SA_CL20_OP64(int, fetch_or, or)
SA_CL20_OP64(int, fetch_xor, xor)
SA_CL20_OP64(int, fetch_and, and)
SA_CL20_OP64(int, fetch_min, min)
SA_CL20_OP64(int, fetch_max, max)
SA_CL20_OP64(int, exchange, xchg)
SA_CL20_OP64(void, store, xchg)
#undef SA_CL20_OP64
#endif
#undef SA_CL20_OP
#undef SA_CL20_OP_TYPES
#undef SA_CL20_FORMS
#undef SA_CL20_RETURN_int
#undef SA_CL20_RETURN_void
#undef SA_CL20_TYPE_int_int
#undef SA_CL20_TYPE_int_uint
#undef SA_CL20_TYPE_void_int
#undef SA_CL20_TYPE_void_uint
#undef SA_CL20_TYPE_int_long
#undef SA_CL20_TYPE_int_ulong
#undef SA_CL20_TYPE_void_long
#undef SA_CL20_TYPE_void_ulong

/* Compare-exchange, strong and weak alike (weak never fails spuriously
 * here): one cmpxchg request with *expected as the comparand; on failure
 * the value it found goes to *expected. One function per address space of
 * the expected pointer, which the rewriter names. */
#define SA_CL20_CAS_FORMS(space, AS, T)                                        \
  static inline bool __sa_cas_##space##_##T(volatile __global atomic_##T *p,   \
                                            AS T *e, T d, __sa_ctx_t *ctx) {   \
    T want = *e;                                                               \
    T old = __sa_atomic_cmpxchg_##T((volatile __global T *)p, want, d, ctx);   \
    if (old == want)                                                           \
      return true;                                                             \
    *e = old;                                                                  \
    return false;                                                              \
  }                                                                            \
  static inline bool __sa_atomic_compare_exchange_##space##_##T(               \
      volatile __global atomic_##T *p, AS T *e, T d, __sa_ctx_t *ctx) {        \
    __sa_order_seq_cst(ctx);                                                  \
    return __sa_cas_##space##_##T(p, e, d, ctx);                               \
  }                                                                            \
  static inline bool __sa_atomic_compare_exchange_explicit_##space##_##T(      \
      volatile __global atomic_##T *p, AS T *e, T d, memory_order ok,          \
      memory_order fail, __sa_ctx_t *ctx) {                                    \
    /* Success and failure orders alike: one request serves both. */           \
    __sa_order(ctx, ok != memory_order_relaxed ? ok : fail);                   \
    return __sa_cas_##space##_##T(p, e, d, ctx);                               \
  }                                                                            \
  static inline bool __sa_atomic_compare_exchange_explicit_scope_##space##_##T( \
      volatile __global atomic_##T *p, AS T *e, T d, memory_order ok,          \
      memory_order fail, memory_scope s, __sa_ctx_t *ctx) {                    \
    __sa_order(ctx, ok != memory_order_relaxed ? ok : fail);                   \
    (void)s;                                                                   \
    return __sa_cas_##space##_##T(p, e, d, ctx);                               \
  }
#ifdef SA_CL20_INT64
#define SA_CL20_CAS64(space, AS)                                               \
  SA_CL20_CAS_FORMS(space, AS, long) SA_CL20_CAS_FORMS(space, AS, ulong)
#else
#define SA_CL20_CAS64(space, AS)
#endif
#define SA_CL20_CAS(space, AS)                                                 \
  SA_CL20_CAS_FORMS(space, AS, int) SA_CL20_CAS_FORMS(space, AS, uint)        \
  SA_CL20_CAS64(space, AS)
SA_CL20_CAS(private, __private)
SA_CL20_CAS(global, __global)
SA_CL20_CAS(local, __local)
#if (__OPENCL_C_VERSION__ == 200 || defined(__opencl_c_generic_address_space)) && \
    !defined(SA_CL20_ABSENT)
SA_CL20_CAS(generic, __generic)
#endif
#undef SA_CL20_CAS
#undef SA_CL20_CAS64
#undef SA_CL20_CAS_FORMS
#endif /* __OPENCL_C_VERSION__ >= 200 */
