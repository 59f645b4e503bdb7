/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
 * Device runtime, part 4: the coordinator's loop (__sa_coordinate), its
 * rounds, when it stops and the bounds that stop it, and its times per
 * step.
 * Owns: SA_COORDINATOR_TIMES (-DSA_COORDINATOR_TIMES in the build options).
 * Reads: SA_COORDINATOR_TIMES, __NV_CL_C_VERSION (its clock: nvidia/ptx.cl). */

/* The coordinator's times per step (-DSA_COORDINATOR_TIMES; "profile"
 * names the per-site profile, docs/PROFILE.md): work-item 0 reads a clock
 * after each step's barrier, so a step's time includes waiting for the
 * slowest work-item. Only NVIDIA's %globaltimer is read
 * (-DSA_COORDINATOR_TIMES=1); elsewhere the counts are kept and the times
 * stay zero. */
#ifdef SA_COORDINATOR_TIMES
static inline ulong __sa_clock(void) {
#if SA_COORDINATOR_TIMES == 1 && defined(__NV_CL_C_VERSION)
  return __sa_nv_clock();
#else
  return 0;
#endif
}
#define SA_COORDINATOR_MARK(phase)                                                 \
  do {                                                                         \
    ulong __sa_now = __sa_clock();                                             \
    prof[phase] += __sa_now - prof_last;                                       \
    prof_last = __sa_now;                                                      \
  } while (0)
#else
#define SA_COORDINATOR_MARK(phase) ((void)0)
#endif

static void __sa_coordinate(__global uint *state, __local uint *scratch) {
  uint items = __sa_local_items();
  uint workers = __sa_load_header(state + SA_H_WORKERS);
  uint capacity = __sa_load_header(state + SA_H_LIST_CAPACITY);
  __global uint *slot0 = state + SA_SLOT_BASE(workers, items);
  uint idle_limit = __sa_load_header(state + SA_H_IDLE_LIMIT);
  uint stall_limit = __sa_load_header(state + SA_H_STALL_LIMIT);
  /* A worker silent for this many rounds is busy with its own work, which
   * may yet change something. At most half the stall bound: a worker whose
   * request changed nothing and that then works on its own for longer is
   * seen silent before the bound runs out, unless it rang again in the
   * bound's second half (with a window as long as the bound, a pause right
   * after such a request ended the launch with SA_NO_PROGRESS). */
  uint silent_window = max(1u, min(stall_limit / 2u, SA_SILENT_ROUNDS));
  if (__sa_local_linear_id() == 0)
    __sa_store_release(state + SA_C_STATUS, SA_COORD_RUNNING);
  uint idle = 0, stalled = 0, last_done = 0, last_started = 0, last_groups = 0;
#ifdef SA_COORDINATOR_TIMES
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
      scratch[SA_L_GROUPS] = 0;
    }
    barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
    /* Workers are counted before gathering: a worker publishes its last
     * requests before its done word, so a round that begins with all done
     * gathers every request left. */
    __sa_ring_call(SA_COORD_ARGS, round, silent_window);
    barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
    SA_COORDINATOR_MARK(0);
    __sa_gather(SA_COORD_ARGS, round);
#ifdef SA_COORDINATOR_TIMES
    prof[5] += __sa_clock() - prof_last; /* work-item 0's own share */
#endif
    barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
    uint count = min(scratch[SA_L_COUNT], capacity);
    __sa_read_requests(SA_COORD_ARGS, count);
    barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
    SA_COORDINATOR_MARK(1);
    if (__sa_apply_owned(SA_COORD_ARGS))
      scratch[SA_L_CHANGED] = 1u; /* local memory, any work-item */
    barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
    SA_COORDINATOR_MARK(2);
    __sa_release(SA_COORD_ARGS, count);
#ifdef SA_COORDINATOR_TIMES
    prof[6] += __sa_clock() - prof_last;
#endif
    uint done = scratch[SA_L_DONE], started = scratch[SA_L_STARTED];
    uint groups = scratch[SA_L_GROUPS];
    /* A worker moving on to its next user group is progress too: the
     * groups that run in turn on one worker may each make requests that
     * change nothing (compare-exchanges that fail), and no waiter ever
     * ends its group. */
    uint progress = scratch[SA_L_CHANGED] || scratch[SA_L_SILENT] ||
                    done != last_done || started != last_started ||
                    groups != last_groups;
    if (lid == 0)
      __sa_store_relaxed(state + SA_C_HEARTBEAT, round);
    barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
    SA_COORDINATOR_MARK(3);
#ifdef SA_COORDINATOR_TIMES
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
     * its heartbeat keeps their own bounds from firing. Such a round has a
     * worker running, changes no target, sees no worker start or end or
     * move on to its next user group, and has every running worker
     * ringing within the silent window (one busy with its own work may yet
     * change something). Past SA_H_STALL_LIMIT of them in a row the
     * coordinator leaves: the waiters then fail (coordinator gone) and
     * their loops end. (Rounds, not the requests served: a waiter that the
     * operating system holds back asks less often, and a count of its
     * requests took minutes on loaded cores.) Before the first worker
     * starts nothing waits: a worker that the operating system starts late
     * is the idle bound's, not this one's. */
    stalled = (progress || started <= done) ? 0u : stalled + 1u;
    last_done = done;
    last_started = started;
    last_groups = groups;
    if (stalled > stall_limit) {
      if (lid == 0)
        __sa_record_error(state, SA_DEV_NO_PROGRESS, workers - done);
      break;
    }
  }
#ifdef SA_COORDINATOR_TIMES
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
