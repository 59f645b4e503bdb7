// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
/*
 * softatomic_layout.h - the layout of the runtime's global state buffer and
 * local scratch. Shared verbatim by the device runtime (OpenCL C, embedded
 * into every rewritten kernel) and the host runtime (C++), so it holds only
 * preprocessor constants that both languages read the same way.
 *
 * The state buffer is an array of 32-bit words. Offsets below are in words.
 * Fields written by different parties sit on different 128-byte lines so a
 * poll by one never shares a line with a write by another.
 */
#ifndef SOFTATOMIC_LAYOUT_H
#define SOFTATOMIC_LAYOUT_H

#include "softatomic_version.h"
#define SA_STATE_MAGIC 0x53414f31u /* "SAO1": header written by the host. */
#define SA_LINE_WORDS 32u          /* one 128-byte line */

/* Line 0: launch parameters, written by the host before the launch. */
#define SA_H_MAGIC 0u
#define SA_H_WORK_DIM 1u
#define SA_H_USER_GROUPS 2u   /* user's work-groups, all dimensions */
#define SA_H_WORKERS 3u       /* physical worker groups (coordinator excluded) */
#define SA_H_NUM_GROUPS 4u    /* 3 words: user's groups per dimension */
#define SA_H_OFFSET 8u        /* 6 words: user's global offset, (lo, hi) pairs */
#define SA_H_SPIN_LIMIT 14u   /* polls with no coordinator progress before a requester gives up */
#define SA_H_IDLE_LIMIT 15u   /* coordinator rounds to wait for absent workers */
#define SA_H_SLOTS 16u        /* request slots: workers x work-group size */
#define SA_H_LIST_CAPACITY 17u /* requests the coordinator gathers per round */
#define SA_H_PROBE 18u        /* nonzero: a probe launch (scans group 0 makes) */
#define SA_H_TICKET 19u       /* robust placement: tickets taken (zeroed by the host) */
#define SA_H_MODE 20u         /* how the launch carries out atomics: */
#define SA_M_COORDINATOR 0u   /* the coordinator serves every request */
#define SA_M_COMBINE 1u       /* combined requests are applied with native atomics */
#define SA_H_COMBINE_MIN 21u  /* combining mode: work-items per request a group call must
                                 average, or the next SA_G_SKIP_CALLS go per item (0: never) */
#define SA_H_STALL_LIMIT 22u  /* coordinator rounds that change nothing while every
                                 running worker waits, before it gives up */
#define SA_H_ONLY_SITE 23u    /* a what-if launch (SA_MODE_PROFILE): 1 + the one site
                                 of a --profile rewrite that goes through the
                                 runtime, every other site a native atomic; 0: all */
#define SA_H_PROFILE_ITEMS 24u   /* a recording launch: its work-items (lo, hi) */
#define SA_H_PROFILE_RECORDS 26u /* ... the calls of each site each work-item records */
#define SA_H_PROFILE_SITES 27u   /* ... the program's sites */
#define SA_M_PROFILE 2u       /* SA_H_MODE: the kernel as written, each call of a
                                 --profile rewrite's sites counted and recorded */
#define SA_H_NEXT_GROUP 28u   /* combining mode: user groups claimed so far (zeroed
                                 by the host; __sa_claim_group) */
/* The privatized form (combining mode; runtime/device/06_private.cl): 1 +
 * the kernel argument each worker keeps a private copy of (0: none), the
 * copy's elements (32-bit words, after the worker's scratch) and the
 * operation (SA_OP_*) it combines. */
#define SA_H_PRIVATE_ARG 29u
#define SA_H_PRIVATE_WORDS 30u
#define SA_H_PRIVATE_OP 31u
/* ... where the copy is a cache of a target too large for local memory:
 * log2 of its entries, this far up in SA_H_PRIVATE_OP (0: a copy);
 * SA_H_PRIVATE_WORDS is then the target's elements. */
#define SA_P_HASH_SHIFT 16u

/* Line 1: coordinator progress, written only by the coordinator. */
#define SA_C_HEARTBEAT (1u * SA_LINE_WORDS) /* rounds completed */
#define SA_C_STATUS (1u * SA_LINE_WORDS + 1u)
#define SA_COORD_IDLE 0u
#define SA_COORD_RUNNING 1u
#define SA_COORD_EXITED 2u
#define SA_C_PROBED (1u * SA_LINE_WORDS + 2u) /* probe: workers that checked in */
#define SA_PROBE_IN 1u   /* a worker's started word in a probe: checked in */
#define SA_PROBE_LEFT 2u /* ... and left without being released */

/* Line 2: the first error seen on the device; read back by the host. */
#define SA_E_CODE (2u * SA_LINE_WORDS)
#define SA_E_DETAIL (2u * SA_LINE_WORDS + 1u)
#define SA_DEV_OK 0u
#define SA_DEV_NOT_CORESIDENT 1u /* a worker group never started */
#define SA_DEV_COORDINATOR_GONE 2u /* request made after the coordinator left */
#define SA_DEV_SPIN_TIMEOUT 3u /* coordinator made no progress for too long */
#define SA_DEV_LOST_REQUEST 4u /* request not served in the rounds it must be */
#define SA_DEV_BAD_STATE 5u   /* state buffer not set up by the host runtime */
#define SA_DEV_NO_NATIVE 6u   /* combining mode: no native 64-bit atomics */
#define SA_DEV_NO_PROGRESS 7u /* every running worker waited on targets nothing changed */
/* Reproducible float adds (part 8b): an operand (or a target's value) with
 * a set bit outside the accumulators' window, a limb that neared 2^63, an
 * accumulator table too full for another address. */
#define SA_DEV_REPRO_RANGE 8u
#define SA_DEV_REPRO_OVERFLOW 9u
#define SA_DEV_REPRO_FULL 10u
/* The rest of line 2: the coordinator's counts and times per step, filled
 * only in kernels built with -DSA_COORDINATOR_TIMES (=1: with NVIDIA's
 * %globaltimer). Read back with the error words; SOFTATOMIC_VERBOSE prints
 * them. Times in nanoseconds. */
#define SA_P_ROUNDS (2u * SA_LINE_WORDS + 2u)   /* coordinator rounds */
#define SA_P_BUSY (2u * SA_LINE_WORDS + 3u)     /* rounds that served a request */
#define SA_P_REQUESTS (2u * SA_LINE_WORDS + 4u) /* requests served */
#define SA_P_NS (2u * SA_LINE_WORDS + 5u)       /* SA_P_PHASES (lo, hi) pairs */
/* ring call, gather, apply, release, the whole coordinator; then work-item
 * 0's own gather and release work (the rest of a step is barrier wait). */
#define SA_P_PHASES 7u
#define SA_P_WORDS (5u + 2u * SA_P_PHASES) /* from SA_E_CODE */

/* Lines 3..: per worker group a doorbell, a started word and a done word,
 * each kind in an array of its own so the coordinator reads them coalesced.
 * A requester rings its group's doorbell after publishing a request; the
 * coordinator then scans that group's slots, and no others. A started word
 * is 1 from the worker's start, then the number of the user group it runs
 * plus one (in a probe launch, SA_PROBE_IN or SA_PROBE_LEFT). */
#define SA_W_BASE (3u * SA_LINE_WORDS)
#define SA_W_DOORBELL(w) (SA_W_BASE + (w))
#define SA_W_STARTED(workers, w) (SA_W_BASE + (workers) + (w))
#define SA_W_DONE(workers, w) (SA_W_BASE + 2u * (workers) + (w))
#define SA_WORKER_DONE 1u      /* a done word: set by the worker at its end */
#define SA_WORKER_DONE_SEEN 2u /* ... and seen by the coordinator, which read
                                  its ring once more */

/* Then per worker group a ring byte per work-item (16-byte chunks): a
 * requester sets its byte after publishing a request, so the coordinator
 * finds the pending slots of a worker that rang by reading a few chunks,
 * not every slot. */
#define SA_RING_BASE(workers)                                                  \
  (((SA_W_BASE + 3u * (workers) + SA_LINE_WORDS - 1u) / SA_LINE_WORDS) *      \
   SA_LINE_WORDS)
#define SA_RING_CHUNKS(items) (((items) + 15u) / 16u)
#define SA_RING_WORDS(items) (4u * SA_RING_CHUNKS(items)) /* per worker */

/* Then the request slots, one per work-item of every worker group, each on
 * a 64-byte line of its own: a requester spins on its own line. */
#define SA_SLOT_WORDS 16u
#define SA_SLOT_BASE(workers, items)                                           \
  (((SA_RING_BASE(workers) + (workers) * SA_RING_WORDS(items) +               \
     SA_LINE_WORDS - 1u) / SA_LINE_WORDS) * SA_LINE_WORDS)
#define SA_S_STATE 0u   /* SA_REQ_* below; the hand-off word */
#define SA_S_OP 1u      /* SA_OP_* below */
#define SA_S_ADDR 2u    /* 2 words: target address (lo, hi) */
#define SA_S_VALUE 4u   /* 2 words: operand, replaced by the old value */
#define SA_S_COMPARE 6u /* 2 words: cmpxchg's expected value */
#define SA_REQ_NONE 0u
#define SA_REQ_PENDING 1u
#define SA_REQ_DONE 2u
#define SA_STATE_WORDS(workers, slots)                                         \
  (SA_SLOT_BASE(workers, (slots) / ((workers) ? (workers) : 1u)) +            \
   (slots) * SA_SLOT_WORDS)

/* A recording launch (SA_M_PROFILE): the kernel as written on the caller's
 * NDRange, whose state buffer is the profile's and holds, after the header
 * and its line of arguments:
 *   SA_PROFILE_ARGS: the address (lo, hi) each __global pointer parameter
 *     holds at the kernel's start, by parameter index (written by global
 *     work-item 0; parameters past SA_PROFILE_MAX_ARGS are not);
 *   SA_PROFILE_TOTALS: per site s and work-item i (the launch's linear
 *     global id, offset removed), at s * items + i, the calls i made of s;
 *   SA_PROFILE_RECORD_BASE: each work-item's first R calls of each site
 *     (SA_H_PROFILE_RECORDS), structure of arrays: field f of work-item
 *     i's k-th call of site s at ((f * sites + s) * R + k) * items + i.
 * Indices are ulong on the device: items * R * fields may pass 2^32. */
#define SA_PROFILE_MAX_ARGS 64u
#define SA_PROFILE_ARGS (3u * SA_LINE_WORDS)
#define SA_PROFILE_TOTALS (SA_PROFILE_ARGS + 2u * SA_PROFILE_MAX_ARGS)
#define SA_PROFILE_RECORD_BASE(sites, items)                                   \
  (SA_PROFILE_TOTALS + (sites) * (items))
/* A record's fields: its tag, 1 + the site | the work-item's count of
 * earlier calls of that site (saturating at 2^24 - 1) << 8 (0: no record);
 * the user's work-group, linear; the work-item in it, linear; the target's
 * address (lo, hi). */
#define SA_PF_TAG 0u
#define SA_PF_GROUP 1u
#define SA_PF_LOCAL 2u
#define SA_PF_ADDR_LO 3u
#define SA_PF_ADDR_HI 4u
#define SA_PROFILE_FIELDS 5u
#define SA_PROFILE_WORDS(sites, items, records)                                \
  (SA_PROFILE_RECORD_BASE(sites, items) +                                      \
   SA_PROFILE_FIELDS * (sites) * (records) * (items))

/* Operations: low bits the operation, SA_OP_SIGNED for signed min/max,
 * SA_OP_WIDE for a 64-bit target (long, ulong, double; only in kernels
 * built with SA_INT64_ATOMICS), SA_OP_FLOAT for an add, sub, min or max
 * whose target and operand are the bits of a float (a double when wide).
 * An exchange of a float is one of its bits: it carries no flag. */
#define SA_OP_ADD 1u
#define SA_OP_SUB 2u
#define SA_OP_XCHG 3u
#define SA_OP_MIN 4u
#define SA_OP_MAX 5u
#define SA_OP_AND 6u
#define SA_OP_OR 7u
#define SA_OP_XOR 8u
#define SA_OP_CMPXCHG 9u
#define SA_OP_SIGNED 0x100u
#define SA_OP_WIDE 0x200u
#define SA_OP_FLOAT 0x400u

/* Local scratch of the coordinator: counters, one list head per
 * coordinator work-item (the requests it owns), the workers whose doorbell
 * rang this round, the round each worker last rang in, then the round's
 * gathered requests. */
#define SA_L_COUNT 0u   /* requests gathered this round */
#define SA_L_ACTIVE 1u  /* workers whose doorbell rang */
#define SA_L_DONE 2u
#define SA_L_STARTED 3u
#define SA_L_CHANGED 4u /* some request of this round changed its target */
#define SA_L_SILENT 5u  /* running workers that have not rung for SA_SILENT_ROUNDS */
#define SA_L_GROUPS 6u  /* the sum of the workers' started words: changes when
                           a worker moves on to its next user group */
#define SA_L_HEADS 7u   /* one per coordinator work-item */
#define SA_L_ACTIVE_LIST(items) (SA_L_HEADS + (items))
#define SA_L_LAST_RANG(items, workers) (SA_L_ACTIVE_LIST(items) + (workers))
#define SA_L_LIST(items, workers) (SA_L_LAST_RANG(items, workers) + (workers))
/* A running worker that has not rung its doorbell for this many rounds is
 * busy with something other than waiting on a target, or held back (the
 * stall bound, SA_H_STALL_LIMIT, then starts again). */
#define SA_SILENT_ROUNDS (1u << 20)
/* An entry: slot, next, address lo/hi, op, value lo (replaced by the old
 * value's), compare, value hi (replaced by the old value's; 64-bit ops
 * only). A 64-bit compare-exchange's comparand is read from its slot. */
#define SA_L_ENTRY_WORDS 8u
#define SA_L_NONE 0xffffffffu
#define SA_SCRATCH_BYTES(capacity, items, workers)                             \
  (4u * (SA_L_LIST(items, workers) + (capacity) * SA_L_ENTRY_WORDS))

/* The same scratch in a worker group: one bucket per work-item for the
 * addresses its work-group combines (__sa_wg_ atomics). It needs 5 words
 * per work-item, less than the coordinator's list of at least as many
 * entries. A bucket belongs to the group call whose number it holds in
 * SA_G_CALL (zeroed at the kernel's start; calls count from 1), so no call
 * needs to clear the buckets of the last. */
#define SA_G_KEY_LO 0u
#define SA_G_KEY_HI 1u
#define SA_G_SUM 2u
#define SA_G_BASE 3u
#define SA_G_CALL 4u
#define SA_G_WORDS 5u
/* A 64-bit add (__sa_wg_add) takes an even bucket and the next: its key
 * and call number where the even one has them, its sum in the next one's
 * words 1 and 2, or 0 and 1 where those are the 8-byte aligned ones (the
 * scratch may be 4 mod 8: __sa_wide_sum_word), its base in the two
 * buckets' base words. So no word a call writes before its first barrier
 * (keys, sums, call numbers, at either width) is one a slow work-item may
 * still read the last call's base from. */
#define SA_G_WIDE_SUM (SA_G_WORDS + 1u)
#define SA_G_WIDE_BASE_HI (SA_G_WORDS + SA_G_BASE)
/* After the buckets, two words: the requests a group call made (calls of
 * one parity share one), and the calls that then go per item. */
#define SA_G_REQUESTS(items) ((items) * SA_G_WORDS)
/* Then one word: nonzero once the launch has failed, as the work-group sees
 * it (set by its work-item whose request failed, and at each user group's
 * start from the launch's error word): what __sa_live reads. */
#define SA_G_FAILED(items) ((items) * SA_G_WORDS + 2u)
#define SA_G_SKIP_CALLS 15u
/* Then two words: the user group the worker runs next, as its work-item 0
 * claimed it before a barrier (__sa_claim_group), alternately in one and
 * the other so that a claim never overwrites one still being read. */
#define SA_G_CLAIMED(items) ((items) * SA_G_WORDS + 3u)

/* After the buckets, in a worker group: the table of deferred atomics
 * (__sa_nr_ functions), whose results nobody reads. One entry per address
 * (and operation), combined with local atomics by every work-item that
 * targets it, across the user's groups the worker runs; sent to the
 * coordinator when the worker ends. */
#define SA_D_TABLE(items) ((items) * SA_G_WORDS + 5u)
#define SA_D_ENTRIES(items) ((items) > 64u ? (items) : 64u)
#define SA_D_PROBES 16u   /* entries an address may be looked for in */
#define SA_D_CLAIM_SPINS 256u /* reads of an entry being filled in */
#define SA_D_TAG 0u       /* SA_D_FREE, SA_D_CLAIMED or SA_D_READY + op */
#define SA_D_KEY_LO 1u
#define SA_D_KEY_HI 2u
#define SA_D_VALUE 3u
#define SA_D_WORDS 4u
#define SA_D_FREE 0u
#define SA_D_CLAIMED 1u   /* a work-item is filling the entry in */
#define SA_D_READY 2u
#define SA_WORKER_SCRATCH_BYTES(items)                                         \
  (4u * (SA_D_TABLE(items) + SA_D_ENTRIES(items) * SA_D_WORDS))
/* After the deferred table, in the privatized form: the private copy
 * (SA_H_PRIVATE_WORDS words), at this word of the scratch. */
#define SA_P_COPY(items) (SA_WORKER_SCRATCH_BYTES(items) / 4u)

/* The accumulators of reproducible float adds (--float-atomics=
 * reproducible; part 8b): the kernel's third extra argument, in 64-bit
 * words. A header (the host writes the slot counts, powers of two, and
 * zeros the rest before each launch); the lists' counters; then the float
 * slots, the lists of the float slots claimed in this launch, the double
 * slots and theirs. Slot i is listed in list i % SA_R_LISTS (which holds
 * at most slots / SA_R_LISTS), each list's counter in a line of its own,
 * so that claims spread over many counters.
 * A slot is the target's address (0: free), flags (NaN and infinities
 * added), and signed 64-bit limbs: limb j sums 32-bit pieces of weight
 * 2^(32j + base). A float's window covers every float (2^-160 ..
 * 2^160); a double's is 2^-288 .. 2^288. */
#define SA_R_ARRIVED 0u     /* user groups that have ended */
#define SA_R_FLOAT_SLOTS 3u /* set by the host */
#define SA_R_DOUBLE_SLOTS 4u
#define SA_R_ERROR 5u       /* the first SA_DEV_REPRO_* of the launch */
#define SA_R_LOCAL_ENTRIES 6u /* set by the host: a worker's own slots */
#define SA_R_HEADER_WORDS 16u
#define SA_R_F_LIMBS 10u
#define SA_R_F_BASE (-160)
#define SA_R_D_LIMBS 18u
#define SA_R_D_BASE (-288)
#define SA_R_KEY 0u
#define SA_R_FLAGS 1u
#define SA_R_LIMB0 2u
#define SA_R_F_WORDS (2u + SA_R_F_LIMBS)
#define SA_R_D_WORDS (2u + SA_R_D_LIMBS)
#define SA_R_PROBES 64u /* slots an address may be looked for in */
#define SA_R_LISTS 32u
/* List k of kind (0 float, 1 double): its entries, and at + 1 the next
 * entry to round (the finish's). */
#define SA_R_COUNT(kind, k)                                                    \
  (SA_R_HEADER_WORDS + ((kind) * SA_R_LISTS + (k)) * 16u)
#define SA_R_FLOAT_AT (SA_R_HEADER_WORDS + 2u * SA_R_LISTS * 16u)
#define SA_R_FLOAT_LIST(fs) (SA_R_FLOAT_AT + (fs) * SA_R_F_WORDS)
#define SA_R_DOUBLE_AT(fs) (SA_R_FLOAT_LIST(fs) + (fs))
#define SA_R_DOUBLE_LIST(fs, ds) (SA_R_DOUBLE_AT(fs) + (ds) * SA_R_D_WORDS)
#define SA_REPRO_WORDS(fs, ds) (SA_R_DOUBLE_LIST(fs, ds) + (ds))
#define SA_REPRO_BYTES(fs, ds) (SA_REPRO_WORDS(fs, ds) * 8u)
/* A worker's own float slots, in its scratch after the worker's part
 * (8-byte aligned): the same words as a float slot. Its reproducible float
 * adds sum there first, with local atomics, and it adds each slot's sum to
 * the launch's once, when it ends. */
#define SA_R_LOCAL_AT(items) ((SA_WORKER_SCRATCH_BYTES(items) + 7u) / 8u)
#define SA_R_LOCAL_PROBES 8u
#define SA_R_LOCAL_BYTES(items, entries)                                       \
  ((SA_R_LOCAL_AT(items) + (entries) * SA_R_F_WORDS) * 8u)

#endif /* SOFTATOMIC_LAYOUT_H */
