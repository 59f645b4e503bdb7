/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
 * Device runtime, part 3: the coordinator's round, steps 1 to 5 (ring
 * call, gather, read, apply, release), and what they build on: the owner
 * of an address, one operation's result, a target's load and store at its
 * width, SA_COORD_PARAMS, and SA_FOR_STRIDED (parts 6 and 10 use it too).
 * Owns: no macro. Reads: SA_INT64_ATOMICS, cl_khr_fp64. */

/* ---- the coordinator work-group (paper Figure 7, without lockstep) ------- */

/* One coordinator work-item owns each address, so requests to an address are
 * applied in one order by one work-item: that order is the linearisation. */
static inline uint __sa_owner(ulong addr, uint items) {
  /* In 32 bits: a 64-bit remainder is a long division on GPUs (NVIDIA's
   * compiler calls a routine for it), and the deferred table asks this for
   * every call it takes. */
  uint h = (uint)(addr >> 2) ^ (uint)(addr >> 13) ^ (uint)(addr >> 29);
  return h % items;
}

/* A float operation (SA_OP_FLOAT) on the bits of a target's value, as F
 * (float, or double for the 64-bit U): IEEE arithmetic on the values, so
 * the coordinator applies each request rounded on its own, as a native
 * float atomic would. min and max are fmin and fmax (a NaN operand loses),
 * as cl_ext_float_atomics defines them. */
#define SA_DEFINE_APPLY_FLOAT(name, F, U, as_F, as_U)                          \
  static U name(uint op, U old, U v) {                                         \
    F a = as_F(old), b = as_F(v);                                              \
    switch (op & ~(SA_OP_WIDE | SA_OP_FLOAT)) {                                \
    case SA_OP_ADD: return as_U(a + b);                                        \
    case SA_OP_SUB: return as_U(a - b);                                        \
    case SA_OP_MIN: return as_U(fmin(a, b));                                   \
    case SA_OP_MAX: return as_U(fmax(a, b));                                   \
    }                                                                          \
    return old;                                                                \
  }
SA_DEFINE_APPLY_FLOAT(__sa_apply_float, float, uint, as_float, as_uint)
/* Double atomics need cl_khr_fp64, which every source that has them
 * enables; a program without it has no double request to apply. */
#if defined(SA_INT64_ATOMICS) && defined(cl_khr_fp64)
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
SA_DEFINE_APPLY_FLOAT(__sa_apply_double, double, ulong, as_double, as_ulong)
#elif defined(SA_INT64_ATOMICS)
static ulong __sa_apply_double(uint op, ulong old, ulong v) { return old; }
#endif
#undef SA_DEFINE_APPLY_FLOAT

/* One operation on a target's value of type U (S: signed, for min/max;
 * FL: the float operations at U's width); the width flag is not looked
 * at. */
#define SA_DEFINE_APPLY(name, S, U, FL)                                        \
  static U name(uint op, U old, U v, U cmp) {                                  \
    if (op & SA_OP_FLOAT)                                                      \
      return FL(op, old, v);                                                   \
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
SA_DEFINE_APPLY(__sa_apply, int, uint, __sa_apply_float)
#ifdef SA_INT64_ATOMICS
SA_DEFINE_APPLY(__sa_apply_wide, long, ulong, __sa_apply_double)
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
 * scanned), how many workers have started and finished, and the sum of
 * their started words (which user group each is running). A doorbell is
 * cleared before the slots are scanned: a request published after the scan
 * rings it again, and a requester rings again while it waits, so none is
 * left unseen. Also counted: running workers that have not rung for
 * SA_SILENT_ROUNDS rounds (busy with their own work, or held back by the
 * operating system: see the stall bound in __sa_coordinate). */
static void __sa_ring_call(SA_COORD_PARAMS, uint round, uint silent_window) {
  uint started = 0, done = 0, silent = 0, groups = 0;
  __local uint *last_rang = scratch + SA_L_LAST_RANG(items, workers);
  SA_FOR_STRIDED(w, workers, items) {
    /* Relaxed polls, so that the loads of one sweep overlap; only a word
     * found set is read again with acquire (see __sa_gather). */
    uint started_word = __sa_load_relaxed(state + SA_W_STARTED(workers, w));
    uint began = started_word != 0;
    started += began;
    groups += started_word;
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
  if (groups)
    atomic_add(&scratch[SA_L_GROUPS], groups);
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
