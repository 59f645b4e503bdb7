/*
 * softatomic device runtime: software atomics served by a coordinator
 * work-group, after Elteir, Lin and Feng, "Performance Characterization and
 * Optimization of Atomic Operations on AMD GPUs", Sections IV-B/C.
 *
 * A rewritten kernel is launched with 1 + P physical work-groups, all of them
 * co-resident (the host runtime caps P). Physical group 0 is the coordinator;
 * groups 1..P are workers that run the user's work-groups in turn
 * (virtual group v = w, w + P, w + 2P, ...), so the user's code sees the
 * geometry it was written for through the __sa_get_* functions.
 *
 * Each work-item of a worker owns one request slot. A work-item that calls a
 * software atomic publishes (op, address, operand) in its slot and waits for
 * the coordinator to mark it done. Nothing here assumes that the work-items
 * of a wavefront run in lockstep: a request involves no other work-item of
 * its group, so divergent call sites are safe, and so is PoCL, which runs a
 * group's work-items one after another.
 *
 * Memory model. OpenCL 2.0+ sources with acquire/release and device scope
 * use atomic loads and stores for the hand-off; 1.2 sources use the paper's
 * volatile accesses ordered by device-scope fences (__sa_fence_acquire and
 * __sa_fence_release: mem_fence is not that everywhere). No global read-modify-write
 * instruction is used anywhere: the coordinator is the only writer of every
 * atomic target, and one coordinator work-item owns each address.
 *
 * Every wait is bounded; a bound that runs out records an error in the state
 * buffer (SA_E_CODE), which the host runtime reports, instead of hanging.
 */
#include "softatomic_layout.h"

#ifndef SOFTATOMIC_RUNTIME
#define SOFTATOMIC_RUNTIME 1

/* ---- device-scope fences -------------------------------------------------- */

/* Every fence of the hand-off orders this work-item's global accesses for
 * the other work-groups, so it must have device scope, and an acquire must
 * also keep later plain loads from hitting stale cache lines. OpenCL C 1.2
 * leaves mem_fence's scope open, and devices take it as the work-group's:
 * NVIDIA's OpenCL compiles it to membar.cta, after which a lock built on
 * software atomics lost the updates it guarded, and a plain re-read after
 * a software compare-exchange kept seeing a stale line on the H100.
 * NVIDIA's compiler (it defines __NV_CL_C_VERSION) lists none of OpenCL C
 * 3.0's atomic features, even though it compiles the 2.0 fences: there the
 * fence is membar.gl, which is what it emits itself for a device-scope
 * fence. */

/* OpenCL C 2.0 makes these features core, so its compilers define the
 * macros whatever the device has: a device that lists no OpenCL C 2.0 may
 * still compile -cl-std=CL2.0 sources but lack 2.0's atomic builtins and
 * generic address space (PoCL 3.1). There the host runtime's build options
 * (saGetBuildOptions) define SA_NO_OPENCL_C_20, and a 2.0 source gets the
 * 1.2 hand-off and no generic forms, so that the runtime builds wherever
 * the source does. */
#if __OPENCL_C_VERSION__ < 300 && defined(SA_NO_OPENCL_C_20)
#define SA_CL20_ABSENT 1
#endif
#if __OPENCL_C_VERSION__ >= 200 && defined(__opencl_c_atomic_order_acq_rel) && \
    defined(__opencl_c_atomic_scope_device) && !defined(SA_CL20_ABSENT)
#define SA_USE_C11_ATOMICS 1
#endif

#if defined(SA_USE_C11_ATOMICS)
static inline void __sa_fence_acquire(void) {
  atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, memory_order_acquire,
                         memory_scope_device);
}
static inline void __sa_fence_release(void) {
  atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, memory_order_release,
                         memory_scope_device);
}
#elif defined(__NV_CL_C_VERSION)
static inline void __sa_fence_acquire(void) {
  __asm__ volatile("membar.gl;" ::: "memory");
}
static inline void __sa_fence_release(void) {
  __asm__ volatile("membar.gl;" ::: "memory");
}
#else
/* The paper's rule (Section IV-C): mem_fence commits this work-item's
 * accesses in order, so a write made before the fence is visible to another
 * group once a write made after it is. (Device scope on the devices this
 * branch meets: PoCL's CPUs. A GPU compiler whose mem_fence has work-group
 * scope needs a branch of its own above.) */
static inline void __sa_fence_acquire(void) { mem_fence(CLK_GLOBAL_MEM_FENCE); }
static inline void __sa_fence_release(void) { mem_fence(CLK_GLOBAL_MEM_FENCE); }
#endif

/* ---- the hand-off words: acquire/release loads and stores ---------------- */

#ifdef SA_USE_C11_ATOMICS
/* Release: this work-item's earlier writes are visible to whoever acquires. */
static inline void __sa_store_release(__global uint *p, uint v) {
  atomic_store_explicit((volatile __global atomic_uint *)p, v,
                        memory_order_release, memory_scope_device);
}
static inline uint __sa_load_acquire(__global uint *p) {
  return atomic_load_explicit((volatile __global atomic_uint *)p,
                              memory_order_acquire, memory_scope_device);
}
static inline void __sa_store_relaxed(__global uint *p, uint v) {
  atomic_store_explicit((volatile __global atomic_uint *)p, v,
                        memory_order_relaxed, memory_scope_device);
}
static inline uint __sa_load_relaxed(__global uint *p) {
  return atomic_load_explicit((volatile __global atomic_uint *)p,
                              memory_order_relaxed, memory_scope_device);
}
#else
/* Volatile keeps every access a real memory access (no register caching,
 * no stale non-coherent L1 hit); the device-scope fences above order it. */
static inline void __sa_store_release(__global uint *p, uint v) {
  __sa_fence_release();
  *(volatile __global uint *)p = v;
}
static inline uint __sa_load_acquire(__global uint *p) {
  uint v = *(volatile __global uint *)p;
  __sa_fence_acquire();
  return v;
}
static inline void __sa_store_relaxed(__global uint *p, uint v) {
  *(volatile __global uint *)p = v;
}
static inline uint __sa_load_relaxed(__global uint *p) {
  return *(volatile __global uint *)p;
}
#endif

static inline ulong __sa_load_pair(__global uint *p) {
  return (ulong)__sa_load_relaxed(p) | ((ulong)__sa_load_relaxed(p + 1) << 32);
}
static inline void __sa_store_pair(__global uint *p, ulong v) {
  __sa_store_relaxed(p, (uint)v);
  __sa_store_relaxed(p + 1, (uint)(v >> 32));
}

/* 64-bit atomics (long, ulong, atomic_long, atomic_ulong): compiled only in
 * a file that has some (the rewriter then defines SA_INT64_ATOMICS), so that
 * every other output still builds on devices without cl_khr_int64_*. The
 * coordinator reads and writes a 64-bit target whole, so that a native
 * atomic_load of it sees each update whole. */
#ifdef SA_INT64_ATOMICS
#if defined(SA_USE_C11_ATOMICS) && defined(cl_khr_int64_base_atomics) &&     \
    defined(cl_khr_int64_extended_atomics)
#define SA_CL20_INT64 1 /* atomic_long and atomic_ulong exist */
static inline ulong __sa_load_wide(__global uint *p) {
  return atomic_load_explicit((volatile __global atomic_ulong *)p,
                              memory_order_relaxed, memory_scope_device);
}
static inline void __sa_store_wide(__global uint *p, ulong v) {
  atomic_store_explicit((volatile __global atomic_ulong *)p, v,
                        memory_order_relaxed, memory_scope_device);
}
#else
static inline ulong __sa_load_wide(__global uint *p) {
  return *(volatile __global ulong *)p;
}
static inline void __sa_store_wide(__global uint *p, ulong v) {
  *(volatile __global ulong *)p = v;
}
#endif
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
  uint group_id[3];     /* the same, per dimension */
  uint num_groups[3];
  ulong offset[3];
  uint failed;          /* a request failed: later ones return at once */
  uint native;          /* the combining mode: no coordinator (SA_COMBINE_MODE) */
  uint group_calls;     /* __sa_wg_ calls combined, the same in every work-item */
  uint combine_min;     /* SA_H_COMBINE_MIN in the combining mode, else 0 */
  uint per_item_calls;  /* __sa_wg_ calls to make per item, from the last combined one */
  uint defer_private;   /* __sa_defer_privately: every atomic is deferred */
  uint ordered;         /* the OpenCL 2.0 call being made asks for more than
                           relaxed order (taken by __sa_request) */
  uint pending_op;      /* ... the work-item's own deferred atomic, if any */
  uint pending_value;
  ulong pending_addr;
} __sa_ctx_t;

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

/* ---- the user's geometry, virtualised ------------------------------------ */

static void __sa_set_group(__sa_ctx_t *ctx, uint v) {
  ctx->group = v;
  ctx->group_id[0] = v % ctx->num_groups[0];
  v /= ctx->num_groups[0];
  ctx->group_id[1] = v % ctx->num_groups[1];
  ctx->group_id[2] = v / ctx->num_groups[1];
}

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
static inline size_t __sa_get_global_linear_id(__sa_ctx_t *ctx) {
  size_t id[3];
  for (uint d = 0; d < 3; ++d)
    id[d] = __sa_get_global_id(d, ctx) - (size_t)ctx->offset[d];
  return (id[2] * __sa_get_global_size(1, ctx) + id[1]) *
             __sa_get_global_size(0, ctx) +
         id[0];
}

/* ---- the coordinator work-group (paper Figure 7, without lockstep) ------- */

/* One coordinator work-item owns each address, so requests to an address are
 * applied in one order by one work-item: that order is the linearisation. */
static inline uint __sa_owner(ulong addr, uint items) {
  ulong h = (addr >> 2) ^ (addr >> 13) ^ (addr >> 29);
  return (uint)(h % items);
}

/* One operation on a target's value of type U (S: signed, for min/max);
 * the width flag is not looked at. */
#define SA_DEFINE_APPLY(name, S, U)                                            \
  static U name(uint op, U old, U v, U cmp) {                                  \
    switch (op & ~SA_OP_WIDE) {                                                \
    case SA_OP_ADD: return old + v;                                            \
    case SA_OP_SUB: return old - v;                                            \
    case SA_OP_XCHG: return v;                                                 \
    case SA_OP_MIN: return min(old, v);                                        \
    case SA_OP_MAX: return max(old, v);                                        \
    case SA_OP_MIN | SA_OP_SIGNED: return (U)min((S)old, (S)v);                \
    case SA_OP_MAX | SA_OP_SIGNED: return (U)max((S)old, (S)v);                \
    case SA_OP_AND: return old & v;                                            \
    case SA_OP_OR: return old | v;                                             \
    case SA_OP_XOR: return old ^ v;                                            \
    case SA_OP_CMPXCHG: return old == cmp ? v : old;                           \
    }                                                                          \
    return old;                                                                \
  }
SA_DEFINE_APPLY(__sa_apply, int, uint)
#ifdef SA_INT64_ATOMICS
SA_DEFINE_APPLY(__sa_apply_wide, long, ulong)
#endif
#undef SA_DEFINE_APPLY

/* A list entry (SA_L_ENTRY_WORDS) seen by the coordinator's apply step: a
 * run of requests is read and written at one width, so a 32-bit-only
 * kernel keeps its 32-bit value in registers and never tests the flag. */
#ifdef SA_INT64_ATOMICS
typedef ulong __sa_value_t;
#define SA_ENTRY_WIDE(e) ((e)[4] & SA_OP_WIDE)
#else
typedef uint __sa_value_t;
#define SA_ENTRY_WIDE(e) 0u
#endif

static inline __sa_value_t __sa_target_load(__global uint *p, uint wide) {
#ifdef SA_INT64_ATOMICS
  if (wide)
    return __sa_load_wide(p);
#endif
  return __sa_load_relaxed(p);
}

static inline void __sa_target_store(__global uint *p, __sa_value_t v,
                                     uint wide) {
#ifdef SA_INT64_ATOMICS
  if (wide) {
    __sa_store_wide(p, v);
    return;
  }
#endif
  __sa_store_relaxed(p, (uint)v);
}

/* Applies entry e to its target's value old and returns the new value; e's
 * operand is replaced by old, which step 5 sends back. */
static inline __sa_value_t __sa_apply_entry(__local uint *e, __sa_value_t old,
                                            __global uint *slot0) {
#ifdef SA_INT64_ATOMICS
  if (SA_ENTRY_WIDE(e)) {
    /* No room for a 64-bit comparand in the entry: from the slot, which
     * step 3 acquired (the barrier since orders this read after it). */
    ulong cmp = e[4] == (SA_OP_CMPXCHG | SA_OP_WIDE)
                    ? __sa_load_pair(slot0 + e[0] * SA_SLOT_WORDS + SA_S_COMPARE)
                    : 0;
    ulong v = __sa_apply_wide(e[4], old, (ulong)e[5] | ((ulong)e[7] << 32), cmp);
    e[5] = (uint)old;
    e[7] = (uint)(old >> 32);
    return v;
  }
#else
  (void)slot0;
#endif
  uint v = __sa_apply(e[4], (uint)old, e[5], e[6]);
  e[5] = (uint)old;
  return v;
}

/* The old value an entry sends back, after step 4. */
static inline ulong __sa_entry_old(__local uint *e) {
  return SA_ENTRY_WIDE(e) ? (ulong)e[5] | ((ulong)e[7] << 32) : (ulong)e[5];
}

/* The coordinator's steps take the launch's layout as plain arguments, not
 * as a struct in private memory behind a pointer: PoCL 3.1 (local size 2)
 * gave one work-item a stale copy of such a struct across the round's
 * barriers, and it scanned a worker that does not exist. */
#define SA_COORD_PARAMS                                                        \
  __global uint *state, __global uint *slot0, __local uint *scratch,          \
      uint workers, uint items, uint capacity
#define SA_COORD_ARGS state, slot0, scratch, workers, items, capacity

/* Strided loops over a range shared by the group's work-items run the same
 * number of iterations in every work-item, with a guard inside: PoCL 3.1
 * (local size 2) ran the body of `for (i = lid; i < n; i += items)` in a
 * work-item whose first i was already >= n. */
#define SA_FOR_STRIDED(i, n, items)                                            \
  for (uint __sa_k = 0, __sa_n = (n), __sa_it = (items),                       \
            i = __sa_local_linear_id();                                        \
       __sa_k < (__sa_n + __sa_it - 1u) / __sa_it; ++__sa_k, i += __sa_it)     \
    if (i < __sa_n)

/* Round, step 1: which workers rang their doorbell (their slots get
 * scanned), and how many workers have started and finished. A doorbell is
 * cleared before the slots are scanned: a request published after the scan
 * rings it again, and a requester rings again while it waits, so none is
 * left unseen. Also counted: running workers that have not rung for
 * SA_SILENT_ROUNDS rounds (busy with their own work, or held back by the
 * operating system: see the stall bound in __sa_coordinate). */
static void __sa_ring_call(SA_COORD_PARAMS, uint round, uint silent_window) {
  uint started = 0, done = 0, silent = 0;
  __local uint *last_rang = scratch + SA_L_LAST_RANG(items, workers);
  SA_FOR_STRIDED(w, workers, items) {
    /* Relaxed polls, so that the loads of one sweep overlap; only a word
     * found set is read again with acquire (see __sa_gather). */
    uint began = __sa_load_relaxed(state + SA_W_STARTED(workers, w)) != 0;
    started += began;
    /* Acquire a done word found set: the worker's last requests, published
     * before it, are then seen by this round's ring reads. */
    __global uint *finished = state + SA_W_DONE(workers, w);
    uint fin = __sa_load_relaxed(finished);
    done += fin != 0u;
    uint just_done = fin == SA_WORKER_DONE && __sa_load_acquire(finished) != 0u;
    __global uint *bell = state + SA_W_DOORBELL(w);
    uint rang = __sa_load_relaxed(bell) != 0 && __sa_load_acquire(bell) != 0;
    if (rang)
      __sa_store_relaxed(bell, 0u);
    /* A worker just seen done has its ring read once more, whatever its
     * doorbell says: clearing the doorbell can overwrite the ring of a
     * request published meanwhile by another of its work-items, which
     * rings again only while it waits, and a worker's last requests do not
     * wait. The done word's acquire makes this last look see them all. */
    if (just_done)
      __sa_store_relaxed(finished, SA_WORKER_DONE_SEEN);
    if (rang || just_done) {
      uint a = atomic_inc(&scratch[SA_L_ACTIVE]); /* local memory */
      scratch[SA_L_ACTIVE_LIST(items) + a] = w;
    }
    if (rang || round == 1u) /* (the first round starts every clock) */
      last_rang[w] = round;
    silent += began && fin == 0u && round - last_rang[w] > silent_window;
  }
  if (started)
    atomic_add(&scratch[SA_L_STARTED], started); /* local memory */
  if (done)
    atomic_add(&scratch[SA_L_DONE], done);
  if (silent)
    atomic_add(&scratch[SA_L_SILENT], silent);
}

/* Tells the coordinator that a slot holds a request: its ring byte, then
 * its worker's doorbell (a coordinator that sees the doorbell reads the
 * ring after it). Requesters ring after publishing, and again while they
 * wait; the coordinator rings for a request it could not take this round. */
static inline void __sa_ring(volatile __global uchar *byte, __global uint *bell) {
  *byte = 1;
  __sa_store_release(bell, 1u);
}

/* Round, step 2: the pending requests of the workers that rang, found in
 * parallel: each coordinator work-item reads 16-byte chunks of those
 * workers' ring bytes and looks only at the slots whose byte is set
 * (clearing it first: a request published later sets it again), and takes
 * a list entry for each pending one. A request that does not fit waits for
 * the next round (its byte and its worker's doorbell are set again); the
 * scan starts somewhere else each round so that no chunk is always last.
 * No fence per request here: the next step starts with one per work-item. */
static void __sa_gather(SA_COORD_PARAMS, uint round) {
  uint active = scratch[SA_L_ACTIVE];
  uint chunks = SA_RING_CHUNKS(items);
  uint total = active * chunks;
  uint start = total ? (uint)(((ulong)round * 7919u) % total) : 0;
  __local uint *list = scratch + SA_L_LIST(items, workers);
  SA_FOR_STRIDED(i, total, items) {
    uint k = i + start < total ? i + start : i + start - total;
    uint w = scratch[SA_L_ACTIVE_LIST(items) + k / chunks];
    uint c = k % chunks;
    volatile __global uint *words =
        state + SA_RING_BASE(workers) + w * SA_RING_WORDS(items) + 4u * c;
    /* Four independent loads, then the bytes from registers. */
    uint r0 = words[0], r1 = words[1], r2 = words[2], r3 = words[3];
    ulong lo = (ulong)r0 | ((ulong)r1 << 32), hi = (ulong)r2 | ((ulong)r3 << 32);
    for (uint j = 0; (lo | hi) != 0 && j < 16u; ++j) {
      uint set = (uint)(j < 8u ? lo >> (8u * j) : hi >> (8u * (j - 8u))) & 0xffu;
      uint item = 16u * c + j;
      if (!set || item >= items)
        continue;
      volatile __global uchar *byte = (volatile __global uchar *)words + j;
      uint s = w * items + item;
      /* The requester set the byte after the slot's state: a slot found
       * not pending is one whose byte was set again before its request
       * was served, or a stale read (no fence here, on purpose). Its byte
       * stays set, so that the state is read again when the worker rings,
       * or when it is done: a worker's last requests do not ring again. */
      if (__sa_load_relaxed(slot0 + s * SA_SLOT_WORDS + SA_S_STATE) != SA_REQ_PENDING)
        continue;
      *byte = 0; /* before the request is served: the next one sets it */
      uint pos = atomic_inc(&scratch[SA_L_COUNT]); /* local memory */
      if (pos >= capacity) {
        __sa_ring(byte, state + SA_W_DOORBELL(w));
        continue;
      }
      list[pos * SA_L_ENTRY_WORDS] = s;
    }
  }
}

/* Round, step 3: the gathered requests' fields, read in parallel after one
 * acquire fence per work-item, each request linked into the list of the
 * coordinator work-item that owns its address. */
static void __sa_read_requests(SA_COORD_PARAMS, uint count) {
  __sa_fence_acquire(); /* the slots' fields after their state */
  __local uint *list = scratch + SA_L_LIST(items, workers);
  SA_FOR_STRIDED(i, count, items) {
    __local uint *e = list + i * SA_L_ENTRY_WORDS;
    __global uint *slot = slot0 + e[0] * SA_SLOT_WORDS;
    ulong addr = __sa_load_pair(slot + SA_S_ADDR);
    e[2] = (uint)addr;
    e[3] = (uint)(addr >> 32);
    e[4] = __sa_load_relaxed(slot + SA_S_OP);
    e[5] = __sa_load_relaxed(slot + SA_S_VALUE);
    e[6] = __sa_load_relaxed(slot + SA_S_COMPARE);
#ifdef SA_INT64_ATOMICS
    e[7] = __sa_load_relaxed(slot + SA_S_VALUE + 1u); /* a 64-bit operand's */
#endif
    e[1] = atomic_xchg(&scratch[SA_L_HEADS + __sa_owner(addr, items)],
                       i); /* local memory: push onto the owner's list */
  }
}

/* Round, step 4: each work-item applies the requests it owns, in its list's
 * order, in registers and local memory: the target is read once and written
 * once per run of requests to one address. The old values stay in local
 * memory: the next step writes them to the slots in parallel (one owner
 * may hold every request of a round). */
static uint __sa_apply_owned(SA_COORD_PARAMS) {
  __local uint *list = scratch + SA_L_LIST(items, workers);
  __global uint *target = 0;
  __sa_value_t value = 0;
  uint wide = 0, dirty = 0, changed = 0; /* changed: any target, for the stall bound */
  uint head = scratch[SA_L_HEADS + __sa_local_linear_id()];
  /* Release before the targets are written: a native acquire load of a
   * target (OpenCL 2.0 atomic_load, which the rewriter leaves alone) that
   * reads what this step writes then sees what the requesters wrote before
   * their requests (acquired by step 3's fence, across the barrier). */
  __sa_fence_release(); /* in every work-item: no branch around it (PoCL) */
  for (uint i = head; i != SA_L_NONE;) {
    __local uint *e = list + i * SA_L_ENTRY_WORDS;
    __global uint *p =
        (__global uint *)(uintptr_t)((ulong)e[2] | ((ulong)e[3] << 32));
    /* A run: one address, one width (a 32-bit and a 64-bit request on one
     * address each see the other's update in memory). */
    if (p != target || SA_ENTRY_WIDE(e) != wide) {
      if (dirty)
        __sa_target_store(target, value, wide);
      target = p;
      wide = SA_ENTRY_WIDE(e);
      value = __sa_target_load(p, wide);
      dirty = 0;
    }
    __sa_value_t old = value;
    value = __sa_apply_entry(e, old, slot0);
    dirty |= value != old;
    changed |= dirty;
    i = e[1];
  }
  if (dirty)
    __sa_target_store(target, value, wide);
  /* Device-wide before the barrier: another work-item releases them. */
  __sa_fence_release();
  return changed;
}

/* Round, step 5: every gathered request gets its old value and is released,
 * in parallel: values first, one release fence per work-item, then the
 * DONE words. The targets written in step 4 are visible before any DONE is
 * (step 4's fence), so a released work-item reads its own update. */
static void __sa_release(SA_COORD_PARAMS, uint count) {
  __local uint *list = scratch + SA_L_LIST(items, workers);
  SA_FOR_STRIDED(i, count, items) {
    __local uint *e = list + i * SA_L_ENTRY_WORDS;
    __sa_store_pair(slot0 + e[0] * SA_SLOT_WORDS + SA_S_VALUE, __sa_entry_old(e));
  }
  __sa_fence_release();
  SA_FOR_STRIDED(i, count, items)
    __sa_store_relaxed(slot0 + list[i * SA_L_ENTRY_WORDS] * SA_SLOT_WORDS + SA_S_STATE,
                       SA_REQ_DONE);
}

/* The coordinator's profile (-DSA_PROFILE): work-item 0 reads a clock
 * after each step's barrier, so a step's time includes waiting for the
 * slowest work-item. Only NVIDIA's %globaltimer is read (-DSA_PROFILE=1);
 * elsewhere the counts are kept and the times stay zero. */
#ifdef SA_PROFILE
static inline ulong __sa_clock(void) {
#if SA_PROFILE == 1
  ulong t;
  __asm__ volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
  return t;
#else
  return 0;
#endif
}
#define SA_PROFILE_MARK(phase)                                                 \
  do {                                                                         \
    ulong __sa_now = __sa_clock();                                             \
    prof[phase] += __sa_now - prof_last;                                       \
    prof_last = __sa_now;                                                      \
  } while (0)
#else
#define SA_PROFILE_MARK(phase) ((void)0)
#endif

static void __sa_coordinate(__global uint *state, __local uint *scratch) {
  uint items = __sa_local_items();
  uint workers = __sa_load_relaxed(state + SA_H_WORKERS);
  uint capacity = __sa_load_relaxed(state + SA_H_LIST_CAPACITY);
  __global uint *slot0 = state + SA_SLOT_BASE(workers, items);
  uint idle_limit = __sa_load_relaxed(state + SA_H_IDLE_LIMIT);
  uint stall_limit = __sa_load_relaxed(state + SA_H_STALL_LIMIT);
  /* A worker silent for this many rounds is busy with its own work, which
   * may yet change something: never longer than the stall bound, however
   * low that is set. */
  uint silent_window = min(stall_limit, SA_SILENT_ROUNDS);
  if (__sa_local_linear_id() == 0)
    __sa_store_release(state + SA_C_STATUS, SA_COORD_RUNNING);
  uint idle = 0, stalled = 0, last_done = 0, last_started = 0;
#ifdef SA_PROFILE
  ulong prof[SA_P_PHASES] = {0, 0, 0, 0, 0, 0, 0}, prof_start = __sa_clock();
  ulong prof_last = prof_start;
  uint busy = 0, served = 0;
#endif
  uint round = 1;
  for (;; ++round) {
    uint lid = __sa_local_linear_id();
    scratch[SA_L_HEADS + lid] = SA_L_NONE;
    if (lid == 0) {
      scratch[SA_L_COUNT] = 0;
      scratch[SA_L_ACTIVE] = 0;
      scratch[SA_L_DONE] = 0;
      scratch[SA_L_STARTED] = 0;
      scratch[SA_L_CHANGED] = 0;
      scratch[SA_L_SILENT] = 0;
    }
    barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
    /* Workers are counted before gathering: a worker publishes its last
     * requests before its done word, so a round that begins with all done
     * gathers every request left. */
    __sa_ring_call(SA_COORD_ARGS, round, silent_window);
    barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
    SA_PROFILE_MARK(0);
    __sa_gather(SA_COORD_ARGS, round);
#ifdef SA_PROFILE
    prof[5] += __sa_clock() - prof_last; /* work-item 0's own share */
#endif
    barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
    uint count = min(scratch[SA_L_COUNT], capacity);
    __sa_read_requests(SA_COORD_ARGS, count);
    barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
    SA_PROFILE_MARK(1);
    if (__sa_apply_owned(SA_COORD_ARGS))
      scratch[SA_L_CHANGED] = 1u; /* local memory, any work-item */
    barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
    SA_PROFILE_MARK(2);
    __sa_release(SA_COORD_ARGS, count);
#ifdef SA_PROFILE
    prof[6] += __sa_clock() - prof_last;
#endif
    uint done = scratch[SA_L_DONE], started = scratch[SA_L_STARTED];
    uint progress = scratch[SA_L_CHANGED] || scratch[SA_L_SILENT] ||
                    done != last_done || started != last_started;
    if (lid == 0)
      __sa_store_relaxed(state + SA_C_HEARTBEAT, round);
    barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
    SA_PROFILE_MARK(3);
#ifdef SA_PROFILE
    busy += count != 0;
    served += count;
#endif
    /* All workers done when this round began, and nothing left to serve:
     * a worker's last requests may be published without waiting for them
     * (__sa_deferred_send), so a round that served some goes round again. */
    if (done == workers && count == 0)
      break;
    /* Workers that never start are not co-resident with the coordinator;
     * waiting for them could last forever. */
    idle = (count == 0 && started < workers) ? idle + 1 : 0;
    if (idle > idle_limit) {
      if (lid == 0)
        __sa_record_error(state, SA_DEV_NOT_CORESIDENT, workers - started);
      break;
    }
    /* Work-groups that wait for each other (a global barrier, a flag that
     * a later group releases) when the device cannot hold them all at
     * once: the running ones poll targets that only a group that has not
     * started would change, so the coordinator serves them forever, and
     * its heartbeat keeps their own bounds from firing. Such a round
     * changes no target, sees no worker start or end and has every running
     * worker ringing within SA_SILENT_ROUNDS (one busy with its own work
     * may yet change something). Past SA_H_STALL_LIMIT of them in a row
     * the coordinator leaves: the waiters then fail (coordinator gone) and
     * their loops end. (Rounds, not the requests served: a waiter that the
     * operating system holds back asks less often, and a count of its
     * requests took minutes on loaded cores.) */
    stalled = progress ? 0u : stalled + 1u;
    last_done = done;
    last_started = started;
    if (stalled > stall_limit) {
      if (lid == 0)
        __sa_record_error(state, SA_DEV_NO_PROGRESS, workers - done);
      break;
    }
  }
#ifdef SA_PROFILE
  if (__sa_local_linear_id() == 0) {
    prof[4] = __sa_clock() - prof_start;
    __sa_store_relaxed(state + SA_P_ROUNDS, round);
    __sa_store_relaxed(state + SA_P_BUSY, busy);
    __sa_store_relaxed(state + SA_P_REQUESTS, served);
    for (uint p = 0; p < SA_P_PHASES; ++p)
      __sa_store_pair(state + SA_P_NS + 2u * p, prof[p]);
  }
#endif
  if (__sa_local_linear_id() == 0)
    __sa_store_release(state + SA_C_STATUS, SA_COORD_EXITED);
}

/* ---- failures ----------------------------------------------------------- */

/* Whether the launch is still sound, first in the condition of every loop
 * of the user's that reaches a software atomic (the rewriter guards them:
 * docs/REWRITE.md, "Loops"). After a failure every software atomic
 * returns 0 at once, so a loop waiting for a value (a flag another group
 * sets) would spin forever: the guard ends it, and the work-item goes on
 * to the kernel's end. It reads the work-group's failed word in local
 * memory (cheap), which a work-item whose request fails sets at once
 * (__sa_fail), and __sa_group_begin sets at each user group's start from
 * the launch's error word (another group's failure; until then this
 * group's own requests fail once the coordinator has left). One word
 * for the whole group, so that the work-items of a loop with a barrier in
 * it (the first work-item polls, a barrier shares what it saw) leave it at
 * the same iteration when the failure came before that barrier. */
static inline int __sa_live(__sa_ctx_t *ctx) {
  volatile __local uint *failed =
      ctx->scratch + SA_G_FAILED(__sa_local_items());
  return *failed == 0u;
}

/* A request failed: the launch's first error (the host reports it), and
 * this work-item's later requests and its group's guarded loops end. */
static void __sa_fail(__sa_ctx_t *ctx, uint code) {
  __sa_record_error(ctx->state, code, ctx->group);
  ctx->failed = 1;
  ctx->scratch[SA_G_FAILED(__sa_local_items())] = 1u;
}

/* ---- the combining mode: native atomics on combined requests ------------ */

/* Compiled only with softatomic-rewrite --combine-mode (SA_COMBINE_MODE):
 * without it the kernel has no native global atomic, the paper's mode.
 * In the combining mode (SA_M_COMBINE, chosen by the host per launch) every
 * request that would go to the coordinator, after the group has combined
 * what it can, is applied here with one native atomic instead. Every write
 * to a target is then a native atomic, so no mix of native and software
 * updates is ever made. The native atomic orders nothing but itself, as a
 * 1.x atomic or a relaxed 2.0 one does; a 2.0 call that asks for more gets
 * its fences in __sa_request. */
#ifdef SA_COMBINE_MODE
/* A group call that shared too little makes the next ones go per item
 * (__sa_wg_add), which puts its barriers behind a condition, uniform in
 * the group as OpenCL requires. PoCL 3.1's compiler (it defines
 * POCL_DEVICE_ADDRESS_BITS) gets such a function wrong even when the
 * condition is never true (test/exec/group_combining.cl returned values
 * no linearization allows), so there every call combines. */
#ifndef POCL_DEVICE_ADDRESS_BITS
#define SA_ADAPTIVE_GROUP_CALLS 1
#endif
#if defined(SA_INT64_ATOMICS) && defined(cl_khr_int64_base_atomics)
#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable
#define SA_NATIVE_WIDE 1
/* 64-bit: a compare-exchange loop (cl_khr_int64_base_atomics has no min,
 * max, and, or, xor; those are in the extended extension, which a device
 * may lack). */
static ulong __sa_native_wide(uint op, volatile __global ulong *p, ulong v,
                              ulong cmp) {
  ulong old = *p;
  for (;;) {
    ulong seen = atom_cmpxchg(p, old, __sa_apply_wide(op, old, v, cmp));
    if (seen == old)
      return old;
    old = seen;
  }
}
#endif

static ulong __sa_native(__sa_ctx_t *ctx, uint op, ulong addr, ulong value,
                         ulong compare) {
  volatile __global uint *p = (volatile __global uint *)(uintptr_t)addr;
  volatile __global int *sp = (volatile __global int *)p;
  uint v = (uint)value, old = 0;
  switch (op) {
  case SA_OP_ADD: old = atomic_add(p, v); break;
  case SA_OP_SUB: old = atomic_sub(p, v); break;
  case SA_OP_XCHG: old = atomic_xchg(p, v); break;
  case SA_OP_AND: old = atomic_and(p, v); break;
  case SA_OP_OR: old = atomic_or(p, v); break;
  case SA_OP_XOR: old = atomic_xor(p, v); break;
  case SA_OP_MIN: old = atomic_min(p, v); break;
  case SA_OP_MAX: old = atomic_max(p, v); break;
  case SA_OP_MIN | SA_OP_SIGNED: old = (uint)atomic_min(sp, (int)v); break;
  case SA_OP_MAX | SA_OP_SIGNED: old = (uint)atomic_max(sp, (int)v); break;
  case SA_OP_CMPXCHG: old = atomic_cmpxchg(p, (uint)compare, v); break;
  default: /* 64-bit */
#ifdef SA_NATIVE_WIDE
    return __sa_native_wide(op, (volatile __global ulong *)p, value, compare);
#else
    __sa_fail(ctx, SA_DEV_NO_NATIVE);
    return 0;
#endif
  }
  return old;
}
#endif /* SA_COMBINE_MODE */

/* ---- the requesting work-item (paper Figure 6, one slot per work-item) --- */

/* Publishes one request in this work-item's slot: the fields, the slot's
 * state, then its ring byte and its worker's doorbell (__sa_ring). */
static void __sa_publish(__sa_ctx_t *ctx, uint op, ulong addr, ulong value,
                         ulong compare) {
  __global uint *slot = ctx->slot;
  __sa_store_relaxed(slot + SA_S_OP, op);
  __sa_store_pair(slot + SA_S_ADDR, addr);
  __sa_store_pair(slot + SA_S_VALUE, value);
  __sa_store_pair(slot + SA_S_COMPARE, compare);
  __sa_store_release(slot + SA_S_STATE, SA_REQ_PENDING);
  __sa_fence_release(); /* the slot, then its ring byte */
  __sa_ring(ctx->ring, ctx->state + SA_W_DOORBELL(ctx->worker));
}

/* Publishes one request and waits for the coordinator to carry it out;
 * returns the target's old value. */
static ulong __sa_exchange(__sa_ctx_t *ctx, uint op, ulong addr, ulong value,
                           ulong compare) {
  if (ctx->failed)
    return 0;
#ifdef SA_COMBINE_MODE
  if (ctx->native)
    return __sa_native(ctx, op, addr, value, compare);
#endif
  __global uint *state = ctx->state, *slot = ctx->slot;
  __sa_publish(ctx, op, addr, value, compare);

  /* Wait for the coordinator, and only for it: give up when it has left,
   * when it shows no progress for SA_H_SPIN_LIMIT polls, or when it has run
   * more rounds than it needs to reach every slot. */
  uint spin_limit = __sa_load_relaxed(state + SA_H_SPIN_LIMIT);
  uint slots = __sa_load_relaxed(state + SA_H_SLOTS);
  uint capacity = __sa_load_relaxed(state + SA_H_LIST_CAPACITY);
  uint round_limit = 64u * (slots / capacity + 1u) + 1024u;
  uint seen = __sa_load_relaxed(state + SA_C_HEARTBEAT);
  uint stale = 0, rounds = 0, error = SA_DEV_OK;
  /* Relaxed polls (a fence per poll would slow every one down), and one
   * acquire after the loop, before the old value is read. */
  for (uint poll = 1; __sa_load_relaxed(slot + SA_S_STATE) != SA_REQ_DONE; ++poll) {
    if ((poll & 63u) != 0)
      continue;
    if ((poll & 1023u) == 0) /* in case the coordinator cleared them first */
      __sa_ring(ctx->ring, state + SA_W_DOORBELL(ctx->worker));
    uint beat = __sa_load_relaxed(state + SA_C_HEARTBEAT);
    if (beat != seen) {
      rounds += beat - seen;
      seen = beat;
      stale = 0;
      if (rounds > round_limit)
        error = SA_DEV_LOST_REQUEST;
    } else if (++stale > spin_limit) {
      error = SA_DEV_SPIN_TIMEOUT;
    }
    if (__sa_load_relaxed(state + SA_C_STATUS) == SA_COORD_EXITED)
      error = SA_DEV_COORDINATOR_GONE;
    if (error != SA_DEV_OK)
      break; /* the loop's one exit besides DONE: see below */
  }
  /* A work-item descheduled while the coordinator served it and ran on sees
   * many rounds go by: only a slot still unserved is a failure. (One exit
   * from the loop above: with an early return inside it, PoCL 3.1 lets the
   * work-items of a group leave a caller's retry loop together.) */
  if (error != SA_DEV_OK &&
      __sa_load_acquire(slot + SA_S_STATE) != SA_REQ_DONE) {
    __sa_fail(ctx, error);
    return 0;
  }
  __sa_fence_acquire(); /* the old value, and the target, after DONE */
  return __sa_load_pair(slot + SA_S_VALUE);
}

/* ---- deferred atomics: results that nobody reads ------------------------ */

/* An atomic whose result is unused, on a target the kernel reads only
 * through atomics (the rewriter proves both: docs/REWRITE.md), need not
 * wait for the coordinator: the worker combines it in a local table with
 * every other such atomic of its work-items on the same address, across
 * the user's groups it runs, and sends one request per address when the
 * worker ends. Divergent callers are fine: a work-item takes an entry with
 * local atomics and never waits for another. An address's entries sit on
 * one probe sequence and no entry is freed before the worker ends, so the
 * first free entry ends a search. */
static uint __sa_deferred_identity(uint op) {
  switch (op) {
  case SA_OP_AND: case SA_OP_MIN: return 0xffffffffu;
  case SA_OP_MIN | SA_OP_SIGNED: return 0x7fffffffu;
  case SA_OP_MAX | SA_OP_SIGNED: return 0x80000000u;
  }
  return 0u; /* add, or, xor, unsigned max */
}

static void __sa_deferred_combine(volatile __local uint *v, uint op, uint x) {
  switch (op) {
  case SA_OP_ADD: atomic_add(v, x); break;
  case SA_OP_AND: atomic_and(v, x); break;
  case SA_OP_OR: atomic_or(v, x); break;
  case SA_OP_XOR: atomic_xor(v, x); break;
  case SA_OP_MIN: atomic_min(v, x); break;
  case SA_OP_MAX: atomic_max(v, x); break;
  case SA_OP_MIN | SA_OP_SIGNED: atomic_min((volatile __local int *)v, (int)x); break;
  case SA_OP_MAX | SA_OP_SIGNED: atomic_max((volatile __local int *)v, (int)x); break;
  }
}

static inline volatile __local uint *__sa_deferred_entry(__sa_ctx_t *ctx,
                                                         uint e) {
  return ctx->scratch + SA_D_TABLE(__sa_local_items()) + e * SA_D_WORDS;
}

/* Sends what an entry holds (if anything) and leaves it holding nothing;
 * waits for the coordinator unless 'last' (the work-item's last request of
 * the launch: nothing reads its answer, and the coordinator serves every
 * request published before the worker's done word before it stops). */
static void __sa_deferred_send(__sa_ctx_t *ctx, volatile __local uint *e,
                               uint tag, uint last) {
  uint op = tag - SA_D_READY, none = __sa_deferred_identity(op);
  ulong addr = (ulong)e[SA_D_KEY_LO] | ((ulong)e[SA_D_KEY_HI] << 32);
  uint v = atomic_xchg(&e[SA_D_VALUE], none);
  if (v != none && last && !ctx->failed && !ctx->native)
    __sa_publish(ctx, op, addr, v, 0);
  else if (v != none)
    __sa_exchange(ctx, op, addr, v, 0);
}

/* Before a request on addr that returns a value (or one that cannot be
 * deferred): the group's deferred atomics on addr go first, so the request
 * sees them, as it would see them in memory. */
static void __sa_deferred_send_address(__sa_ctx_t *ctx, ulong addr) {
  uint n = SA_D_ENTRIES(__sa_local_items());
  uint h = __sa_owner(addr, n);
  for (uint k = 0; k < SA_D_PROBES && k < n; ++k) {
    volatile __local uint *e = __sa_deferred_entry(ctx, (h + k) % n);
    uint tag = e[SA_D_TAG];
    if (tag == SA_D_FREE)
      return;
    mem_fence(CLK_LOCAL_MEM_FENCE);
    if (tag >= SA_D_READY && e[SA_D_KEY_LO] == (uint)addr &&
        e[SA_D_KEY_HI] == (uint)(addr >> 32))
      __sa_deferred_send(ctx, e, tag, 0u);
  }
}

/* Every work-item of a worker, after its last group and a barrier: sends
 * the table's entries, a share each. (Sending a full table between the
 * user's groups, behind a branch and a second barrier there, made PoCL 3.1
 * drop an `if (get_local_id(0) == 0)` block of the user's kernel; a call
 * that finds no room goes to the coordinator at once instead.) */
static void __sa_deferred_send_all(__sa_ctx_t *ctx) {
  uint items = __sa_local_items();
  SA_FOR_STRIDED(i, SA_D_ENTRIES(items), items) {
    volatile __local uint *e = __sa_deferred_entry(ctx, i);
    uint tag = e[SA_D_TAG];
    if (tag >= SA_D_READY)
      __sa_deferred_send(ctx, e, tag, i + items >= SA_D_ENTRIES(items));
  }
}

/* Into the worker's table. */
static void __sa_defer_shared(__sa_ctx_t *ctx, uint op, ulong addr, uint v) {
  uint lo = (uint)addr, hi = (uint)(addr >> 32);
  uint n = SA_D_ENTRIES(__sa_local_items());
  uint h = __sa_owner(addr, n);
  for (uint k = 0; k < SA_D_PROBES && k < n; ++k) {
    volatile __local uint *e = __sa_deferred_entry(ctx, (h + k) % n);
    uint tag = e[SA_D_TAG];
    if (tag == SA_D_FREE &&
        (tag = atomic_cmpxchg(&e[SA_D_TAG], SA_D_FREE, SA_D_CLAIMED)) ==
            SA_D_FREE) {
      e[SA_D_KEY_LO] = lo;
      e[SA_D_KEY_HI] = hi;
      e[SA_D_VALUE] = __sa_deferred_identity(op);
      mem_fence(CLK_LOCAL_MEM_FENCE);
      tag = SA_D_READY + op;
      atomic_xchg(&e[SA_D_TAG], tag);
    }
    /* Another work-item is filling the entry in, a few instructions: give
     * it a moment (the work-items of a group that race for one address
     * should share its entry, not spill into the next ones or go to the
     * coordinator), but never wait on it for long: it may not run until
     * this work-item stops (PoCL runs a group's work-items in turn). */
    for (uint spin = 0; tag == SA_D_CLAIMED && spin < SA_D_CLAIM_SPINS; ++spin)
      tag = e[SA_D_TAG];
    if (tag < SA_D_READY)
      continue;
    mem_fence(CLK_LOCAL_MEM_FENCE);
    if (e[SA_D_KEY_LO] != lo || e[SA_D_KEY_HI] != hi)
      continue;
    if (tag != SA_D_READY + op)
      break; /* another operation on this address: keep the order */
    __sa_deferred_combine(&e[SA_D_VALUE], op, v);
    return;
  }
  /* No room, or a different operation pending: ask now. */
  __sa_deferred_send_address(ctx, addr);
  __sa_exchange(ctx, op, addr, v, 0);
}

/* A kernel whose every global atomic is deferred (the rewriter then calls
 * __sa_defer_privately after __sa_kernel_begin) reads no target at all, so
 * nothing can tell when an update lands before the kernel ends: a
 * work-item may also fold its repeated atomics on one address in private
 * memory, and enter the table only when the address or operation changes,
 * and at the end. (Where some atomic returns its value, another work-item
 * may read the target after a barrier, and only the shared table, which
 * any work-item can send, keeps that right.) */
static inline void __sa_defer_privately(__sa_ctx_t *ctx) {
  ctx->defer_private = 1;
}

static void __sa_defer(__sa_ctx_t *ctx, uint op, ulong addr, uint v) {
  if (ctx->failed)
    return;
  if (!ctx->defer_private) {
    __sa_defer_shared(ctx, op, addr, v);
    return;
  }
  if (ctx->pending_op == op && ctx->pending_addr == addr) {
    ctx->pending_value = __sa_apply(op, ctx->pending_value, v, 0);
    return;
  }
  if (ctx->pending_op != 0)
    __sa_defer_shared(ctx, ctx->pending_op, ctx->pending_addr, ctx->pending_value);
  ctx->pending_op = op;
  ctx->pending_addr = addr;
  ctx->pending_value = v;
}

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

/* ---- adds the whole work-group makes together (paper Figure 6) ---------- */

#if defined(SA_COMBINE_MODE) && defined(SA_WARP_COMBINE)
/* NVIDIA's fast path for the work-group form in the combining mode
 * (-DSA_WARP_COMBINE=1, which saGetBuildOptions gives for compute
 * capability 7.0 and up), with no barrier. Every lane of the group calls at
 * this point (the work-group form), so the active mask names no lane that
 * does not reach the vote. A warp whose lanes all add one value to one
 * address (a counter, a histogram bin hit by the whole warp) makes one
 * native atomic of the sum, and each lane's old value is the base plus
 * its rank among the lanes times the value; any other warp applies its
 * lanes' adds one by one (match.any.sync would group them, but it costs a
 * pass per distinct address: slower than the atomics it saves on the
 * H100). An inactive work-item (the predicated form) votes with an
 * address no target has. */
static inline uint __sa_shfl(uint x, uint lane, uint mask) {
  uint r;
  __asm__ volatile("shfl.sync.idx.b32 %0, %1, %2, 31, %3;" : "=r"(r) : "r"(x), "r"(lane), "r"(mask));
  return r;
}

static uint __sa_warp_add(__sa_ctx_t *ctx, ulong addr, uint v, int active) {
  ulong key = active ? addr : ~(ulong)0;
  uint mask, lane, same;
  __asm__ volatile("activemask.b32 %0;" : "=r"(mask));
  __asm__ volatile("mov.u32 %0, %%laneid;" : "=r"(lane));
  uint first = 31u - clz(mask & (0u - mask)); /* the lowest active lane */
  ulong key0 = (ulong)__sa_shfl((uint)key, first, mask) |
               ((ulong)__sa_shfl((uint)(key >> 32), first, mask) << 32);
  uint v0 = __sa_shfl(v, first, mask);
  __asm__ volatile("{ .reg .pred p, q; setp.ne.u32 p, %1, 0; vote.sync.all.pred q, p, %2; "
                   "selp.u32 %0, 1, 0, q; }"
                   : "=r"(same) : "r"((uint)(key == key0 && v == v0)), "r"(mask));
  if (!same) /* the same answer in every lane */
    return active ? (uint)__sa_request(ctx, SA_OP_ADD, addr, v, 0) : 0u;
  if (!active) /* ... and then no lane is */
    return 0u;
  uint base = 0;
  if (lane == first) /* the group's deferred atomics on addr go first */
    base = (uint)__sa_request(ctx, SA_OP_ADD, addr, v * popcount(mask), 0);
  base = __sa_shfl(base, first, mask);
  return base + v * popcount(mask & ((1u << lane) - 1u));
}
#endif

/* Every work-item of the group calls this at the same point (the rewriter
 * proves it: docs/REWRITE.md), so barriers are allowed, and the group can
 * combine its requests without assuming lockstep: the work-items sum their
 * operands per address in local memory, one leader per address asks the
 * coordinator for the sum (or, in the combining mode, applies it), and each
 * work-item's old value is the base the leader got plus its prefix in the
 * group. An address that collides with another in the bucket table is asked
 * for alone. A work-item that is not active (the predicated form: its
 * guarding condition was false) takes part in the barriers only; its
 * pointer may be null and is never used.
 *
 * Three barriers: a leader claims its bucket by moving the bucket's call
 * number to this call's, so nothing is cleared between calls. A slow
 * work-item may still read its last call's base when a fast one claims the
 * bucket again; the claim leaves the base alone, and the new base is
 * written only after this call's first barrier, which the slow work-item
 * reaches after its read. */
static uint __sa_wg_add(__sa_ctx_t *ctx, volatile __global void *p, uint v,
                        int active) {
  uint items = __sa_local_items();
  ulong addr = __sa_addr(p);
  uint lo = (uint)addr, hi = (uint)(addr >> 32);
#if defined(SA_COMBINE_MODE) && defined(SA_WARP_COMBINE)
  if (ctx->native)
    return __sa_warp_add(ctx, addr, v, active);
#endif
#ifdef SA_ADAPTIVE_GROUP_CALLS
  /* The combining mode, when the group's last combined call shared too
   * little to pay for its barriers (the same decision in every work-item,
   * from one count read after a barrier): the next calls apply per item. */
  if (ctx->per_item_calls != 0) {
    --ctx->per_item_calls;
    return active ? (uint)__sa_request(ctx, SA_OP_ADD, addr, v, 0) : 0u;
  }
#endif
  uint call = ++ctx->group_calls;
#ifdef SA_ADAPTIVE_GROUP_CALLS
  __local uint *requests = ctx->scratch + SA_G_REQUESTS(items);
#endif
  __local uint *bucket = ctx->scratch + __sa_owner(addr, items) * SA_G_WORDS;
  int leader = 0;
  if (active) {
    uint seen = bucket[SA_G_CALL];
    leader = seen != call && atomic_cmpxchg(&bucket[SA_G_CALL], seen, call) == seen;
  }
  if (leader) {
    bucket[SA_G_KEY_LO] = lo;
    bucket[SA_G_KEY_HI] = hi;
    bucket[SA_G_SUM] = 0;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
#ifdef SA_ADAPTIVE_GROUP_CALLS
  if (__sa_local_linear_id() == 0) /* the next call's count: this one's readers are done */
    requests[(call + 1u) & 1u] = 0;
#endif
  int joined = active && bucket[SA_G_KEY_LO] == lo && bucket[SA_G_KEY_HI] == hi;
  uint prefix = joined ? atomic_add(&bucket[SA_G_SUM], v) : 0u; /* local */
  barrier(CLK_LOCAL_MEM_FENCE);
  uint old = 0;
#ifdef SA_ADAPTIVE_GROUP_CALLS
  if (leader || (active && !joined))
    atomic_inc(&requests[call & 1u]); /* the requests this call makes */
#endif
  if (leader)
    bucket[SA_G_BASE] = (uint)__sa_request(ctx, SA_OP_ADD, addr, bucket[SA_G_SUM], 0);
  if (active && !joined)
    old = (uint)__sa_request(ctx, SA_OP_ADD, addr, v, 0);
  /* Global too: the kernel may read the target right after. */
  barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
#ifdef SA_ADAPTIVE_GROUP_CALLS
  uint share = min(ctx->combine_min, items);
  if (requests[call & 1u] * share > items)
    ctx->per_item_calls = SA_G_SKIP_CALLS;
#endif
  return joined ? bucket[SA_G_BASE] + prefix : old;
}

/* The work-group form (__sa_wg_, every work-item calls) and the predicated
 * work-group form (__sa_wgp_: every work-item calls, with whether it is
 * the atomic's caller first; the rewriter hoists a call guarded by an `if`
 * that the whole group reaches). */
#define SA_DEFINE_WG(name, T, value)                                           \
  static inline T __sa_wg_atomic_##name##_##T(volatile __global T *p,          \
                                              SA_WG_VALUE_PARAM_##name(T)      \
                                              __sa_ctx_t *ctx) {               \
    return (T)__sa_wg_add(ctx, p, (value), 1);                                 \
  }                                                                            \
  static inline T __sa_wgp_atomic_##name##_##T(int active,                     \
                                               volatile __global T *p,         \
                                               SA_WG_VALUE_PARAM_##name(T)     \
                                               __sa_ctx_t *ctx) {              \
    return (T)__sa_wg_add(ctx, p, (value), active);                            \
  }
#define SA_WG_VALUE_PARAM_add(T) T v,
#define SA_WG_VALUE_PARAM_sub(T) T v,
#define SA_WG_VALUE_PARAM_inc(T)
#define SA_WG_VALUE_PARAM_dec(T)
SA_DEFINE_WG(add, int, (uint)v)
SA_DEFINE_WG(add, uint, v)
SA_DEFINE_WG(sub, int, 0u - (uint)v)
SA_DEFINE_WG(sub, uint, 0u - v)
SA_DEFINE_WG(inc, int, 1u)
SA_DEFINE_WG(inc, uint, 1u)
SA_DEFINE_WG(dec, int, 0xffffffffu)
SA_DEFINE_WG(dec, uint, 0xffffffffu)
#undef SA_WG_VALUE_PARAM_add
#undef SA_WG_VALUE_PARAM_sub
#undef SA_WG_VALUE_PARAM_inc
#undef SA_WG_VALUE_PARAM_dec
#undef SA_DEFINE_WG

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
  uint scans = __sa_load_relaxed(state + SA_H_PROBE);
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

/* Called first by every work-item of a rewritten kernel. Returns nonzero in
 * the coordinator group (after it has served every request) and when the
 * launch was not set up by the host runtime; the kernel then returns. */
static int __sa_kernel_begin(__sa_ctx_t *ctx, __local uint *scratch,
                             __global uint *state) {
  ctx->state = state;
  ctx->scratch = scratch;
  ctx->failed = 0;
  ctx->group_calls = 0;
  ctx->per_item_calls = 0;
  ctx->defer_private = 0;
  ctx->ordered = 0;
  ctx->pending_op = 0;
  uint mode = __sa_load_relaxed(state + SA_H_MODE);
#ifdef SA_COMBINE_MODE
  ctx->native = mode == SA_M_COMBINE;
  ctx->combine_min = ctx->native ? __sa_load_relaxed(state + SA_H_COMBINE_MIN) : 0u;
#else
  ctx->combine_min = 0;
  ctx->native = 0;
#endif
  if (__sa_load_relaxed(state + SA_H_MAGIC) != SA_STATE_MAGIC ||
      __sa_load_relaxed(state + SA_H_WORKERS) + 1u != get_num_groups(0) ||
      mode != (ctx->native ? SA_M_COMBINE : SA_M_COORDINATOR)) {
    if (get_group_id(0) == 0 && __sa_local_linear_id() == 0)
      __sa_record_error(state, SA_DEV_BAD_STATE, 0);
    return 1;
  }
  if (__sa_load_relaxed(state + SA_H_PROBE) != 0) {
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
  ctx->workers = __sa_load_relaxed(state + SA_H_WORKERS);
  ctx->user_groups = __sa_load_relaxed(state + SA_H_USER_GROUPS);
  for (uint d = 0; d < 3; ++d) {
    ctx->num_groups[d] = __sa_load_relaxed(state + SA_H_NUM_GROUPS + d);
    ctx->offset[d] = __sa_load_pair(state + SA_H_OFFSET + 2u * d);
  }
  ctx->slot = state + SA_SLOT_BASE(ctx->workers, __sa_local_items()) +
              (worker * __sa_local_items() + __sa_local_linear_id()) *
                  SA_SLOT_WORDS;
  ctx->ring = (volatile __global uchar *)(state + SA_RING_BASE(ctx->workers) +
                                          worker * SA_RING_WORDS(__sa_local_items())) +
              __sa_local_linear_id();
  __sa_set_group(ctx, worker);
  uint items = __sa_local_items();
  SA_FOR_STRIDED(i, SA_D_ENTRIES(items), items)
    __sa_deferred_entry(ctx, i)[SA_D_TAG] = SA_D_FREE;
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
   * group's word. (Every work-item reads: `if (lid == 0 && ...)` here made
   * PoCL 3.1's kernel compiler abort, "Could not find a dominating
   * alternative variable", on kernels with a spin loop at local size 1.) */
  uint seen = __sa_load_relaxed(ctx->state + SA_E_CODE) != SA_DEV_OK;
  if (seen)
    ctx->scratch[SA_G_FAILED(__sa_local_items())] = 1u;
  barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
}

/* Moves a worker on to its next user group; zero when it has run them all. */
static int __sa_next_group(__sa_ctx_t *ctx) {
  uint next = ctx->group + ctx->workers;
  if (next >= ctx->user_groups)
    return 0;
  __sa_set_group(ctx, next);
  return 1;
}

/* Called by every work-item of a worker after its last group: sends the
 * deferred table, then marks the worker done (after every work-item has
 * published its last request; the coordinator serves those before it
 * stops). */
static void __sa_kernel_end(__sa_ctx_t *ctx) {
  if (ctx->pending_op != 0 && !ctx->failed)
    __sa_defer_shared(ctx, ctx->pending_op, ctx->pending_addr, ctx->pending_value);
  barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
  __sa_deferred_send_all(ctx);
  barrier(CLK_GLOBAL_MEM_FENCE);
  if (__sa_local_linear_id() == 0)
    __sa_store_release(ctx->state + SA_W_DONE(ctx->workers, ctx->worker),
                       SA_WORKER_DONE);
}

#endif /* SOFTATOMIC_RUNTIME */
