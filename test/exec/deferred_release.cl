// A flag released by an atomic whose result is discarded, and waited for by
// another group through an atomic that reads it (a chained scan's pattern,
// Chai's SC): the release must reach the waiting group while both run, so
// it is never deferred to the end of the worker that made it. In the
// combining mode, three physical groups (SOFTATOMIC_MAX_GROUPS; PoCL runs
// two at a time) run 64 user groups, each several in turn: a deferred
// release would wait for its worker's end, which waits for a group that
// waits for the release. (The coordinator mode gets the default groups:
// on a 2-core PoCL, one worker, which sends its own pending entry before
// reading the address; more workers than PoCL runs at once would wait for
// each other.)
// RUN: softatomic-rewrite --combine-mode %s -o %t.sa.cl
// RUN: %sa_user_code %t.sa.cl | not grep -qE "^ *(\(void\))?__sa_nr_atomic_"
// RUN: timeout 300 env SOFTATOMIC_MAX_GROUPS=3 sa-difftest %s %t.sa.cl --mode combine --kernel chain --global 4096 --local 64 --arg buf:uint:65 --arg buf:uint:64
// RUN: timeout 300 env SOFTATOMIC_MAX_GROUPS=3 sa-difftest %s %t.sa.cl --mode combine --kernel chain --global 1024 --local 16 --arg buf:uint:65 --arg buf:uint:64
// RUN: timeout 300 sa-difftest %s %t.sa.cl --mode coordinator --kernel chain --global 1024 --local 16 --arg buf:uint:65 --arg buf:uint:64

__kernel void chain(__global uint *flags, __global uint *order) {
  uint g = get_group_id(0);
  if (get_local_id(0) == 0) {
    uint seen = 1u;
    if (g > 0u)
      while ((seen = atomic_add(&flags[g], 0u)) == 0u)
        ;
    order[g] = seen;
    atomic_add(&flags[g + 1u], seen + 1u);
  }
}
