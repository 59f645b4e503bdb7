"""Kernel families of the stress test beyond counters (README.md here,
"Families"): kernels whose work-groups wait for each other, kernels whose
plain (non-atomic) memory accesses are ordered by atomics, and either run
with limits so small that the runtime fails on purpose. Imported by
gen_stress.py; standard library only.

A family source is one kernel file holding all of its family's kernels,
built once per sa-difftest process, with a few cases per kernel. Every case
runs with --allow-error: it passes with the original's results, or with an
error the runtime reports (a wait the device cannot hold in the coordinator
mode, a forced failure); what it may not do is hang (gen_stress.py bounds
each source's process with --timeout) or give other results.

Source K of a family run depends only on (profile, seed, families,
threads, K); its case C on those and C.
"""

import os
import random

# Kernels that the execution tests run too, taken from their files.
EXEC = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "exec")


def exec_kernel(path, name):
    """The text of kernel `name` in test/exec's file `path`, from its
    `__kernel` line to the `}` that ends it at the start of a line."""
    with open(os.path.join(EXEC, path)) as f:
        text = f.read()
    start = text.index("__kernel void %s(" % name)
    return "\n" + text[start:text.index("\n}\n", start) + 3]

# Which kernels each family's file holds.
FAMILIES = ("waits", "plain", "failures")
KERNELS = {
    "waits": ["gbar", "release", "chain", "queue", "gpoll"],
    "plain": ["lock12", "lock20", "publish", "argmax"],
    # Forced failures: the kernels that wait most, with tiny limits.
    "failures": ["chain", "gpoll", "release", "lock12", "argmax"],
}
# Kernels whose groups all wait for each other: natively they need every
# group running at once (on PoCL, no more groups than threads).
ALL_AT_ONCE = {"gbar", "release"}

# Sizes per profile: local sizes to pick from, the most groups and
# work-items of a case, and the groups a device holds at once where no
# PoCL thread count says (the GPU).
SIZES = {
    "ci": dict(locals=[1, 2, 4, 16, 64], max_groups=64, max_items=1024, cases=2,
               coresident=3, iters=4),
    "long": dict(locals=[1, 4, 32, 64, 128, 256], max_groups=4096, max_items=1 << 16, cases=6,
                 coresident=1024, iters=16),
}

# Limits of the failures family (environment of its sources): each source
# takes one set.
FORCED_LIMITS = [
    {"SOFTATOMIC_SPIN_LIMIT": "1"},
    {"SOFTATOMIC_STALL_LIMIT": "16", "SOFTATOMIC_IDLE_LIMIT": "16"},
    {"SOFTATOMIC_SPIN_LIMIT": "2", "SOFTATOMIC_STALL_LIMIT": "256", "SOFTATOMIC_IDLE_LIMIT": "64"},
]
# The other families: waits the device cannot hold end with SA_NO_PROGRESS
# in well under a second, and a worker that PoCL starts late (or only after
# the coordinator has left) ends a launch within about a second.
WAIT_LIMITS = {"SOFTATOMIC_STALL_LIMIT": str(1 << 21), "SOFTATOMIC_IDLE_LIMIT": str(1 << 22)}

HEADER = """// softatomic stress kernels (test/stress/families.py): family %s, profile %s,
// seed %d, source %d
uint mix32(uint x) {
  x ^= x >> 16; x *= 0x7feb352du; x ^= x >> 15; x *= 0x846ca68bu; x ^= x >> 16;
  return x;
}
"""

SOURCES = {
    # A global barrier, and the last group releasing the others.
    "gbar": exec_kernel("Inputs/group_waits.cl", "gbar"),
    "release": exec_kernel("Inputs/group_waits.cl", "release"),
    # A hand-off chain: group g waits for flags[g], then adds to flags[g + 1].
    "chain": exec_kernel("deferred_release.cl", "chain"),
    # A work queue per pair of groups: group 2k publishes its items with
    # plain stores and counts each in; group 2k+1's work-items take tickets
    # and wait until every item is in, then read theirs through a volatile
    # pointer. (Waiting only for ticket + 1 items to be counted in, and a
    # plain read after mem_fence, were races of the kernel's own: a warp's
    # lanes may count in out of order, and OpenCL 1.2's mem_fence orders a
    # work-item's own accesses only; on the H200 the kernel as written read
    # items not yet written, or stale.)
    "queue": """
__kernel void queue(__global uint *data, __global uint *produced, __global uint *taken,
                    __global uint *out, uint seed) {
  uint g = get_group_id(0), k = g / 2u, lsz = get_local_size(0), lid = get_local_id(0);
  uint result = 0u;
  if ((g & 1u) == 0u) {
    data[k * lsz + lid] = mix32(k * lsz + lid + seed);
    mem_fence(CLK_GLOBAL_MEM_FENCE);
    atomic_inc(&produced[k]);
  } else {
    uint t = atomic_inc(&taken[k]);
    while (atomic_add(&produced[k], 0u) < lsz)
      ;
    mem_fence(CLK_GLOBAL_MEM_FENCE);
    result = ((volatile __global uint *)data)[k * lsz + t];
  }
  out[get_global_id(0)] = result;
}
""",
    # A chain waited for by the whole group: the first work-item polls, a
    # barrier shares what it saw, and the group loops until it is set.
    "gpoll": """
__kernel void gpoll(__global uint *flags, __global uint *out) {
  __local uint seen;
  uint g = get_group_id(0), v = 0u;
  do {
    barrier(CLK_LOCAL_MEM_FENCE);
    if (get_local_id(0) == 0)
      seen = g == 0u ? 1u : atomic_add(&flags[g], 0u);
    barrier(CLK_LOCAL_MEM_FENCE);
    v = seen;
  } while (v == 0u);
  if (get_local_id(0) == 0)
    atomic_add(&flags[g + 1u], v + 1u);
  out[get_global_id(0)] = v;
}
""",
    # A spin lock, OpenCL 1.2 style, guarding a plain counter update.
    "lock12": """
__kernel void lock12(__global uint *locks, __global uint *count, uint iters, uint nlocks) {
  uint k = (uint)get_global_id(0) % nlocks;
  for (uint i = 0; i < iters; ++i) {
    k = (k * 1664525u + 1013904223u) % nlocks;
    while (atomic_cmpxchg(&locks[k], 0u, 1u) != 0u)
      ;
    mem_fence(CLK_GLOBAL_MEM_FENCE);
    count[k] += 1u;
    mem_fence(CLK_GLOBAL_MEM_FENCE);
    atomic_xchg(&locks[k], 0u);
  }
}
""",
    # The same, OpenCL 2.0 style (seq_cst compare-exchange and store).
    "lock20": """
__kernel void lock20(__global atomic_uint *locks, __global uint *count, uint iters, uint nlocks) {
  uint k = (uint)get_global_id(0) % nlocks;
  for (uint i = 0; i < iters; ++i) {
    k = (k * 1664525u + 1013904223u) % nlocks;
    uint e = 0u;
    while (!atomic_compare_exchange_strong(&locks[k], &e, 1u))
      e = 0u;
    count[k] += 1u;
    atomic_store(&locks[k], 0u);
  }
}
""",
    # Publish, then read: each work-item writes its data plainly and
    # releases its flag with an atomic; a work-item of the next group spins
    # on that flag with an atomic, then reads the data plainly.
    "publish": """
__kernel void publish(__global uint *data, __global uint *flag, __global uint *out, uint seed) {
  uint gid = get_global_id(0), lsz = get_local_size(0);
  data[gid] = mix32(gid ^ seed);
  mem_fence(CLK_GLOBAL_MEM_FENCE);
  atomic_xchg(&flag[gid], 1u);
  uint got = 0u;
  if (gid >= lsz) {
    while (atomic_or(&flag[gid - lsz], 0u) == 0u)
      ;
    mem_fence(CLK_GLOBAL_MEM_FENCE);
    got = data[gid - lsz];
  }
  out[gid] = got;
}
""",
    # A compare-exchange retried with a plain re-read (Boost.Compute's
    # find_extrema): the index of the largest value, the smallest on ties.
    "argmax": """
__kernel void argmax(__global const uint *v, __global uint *best) {
  uint gid = get_global_id(0);
  uint cur = *best;
  while (v[gid] > v[cur] || (v[gid] == v[cur] && gid < cur)) {
    if (atomic_cmpxchg(best, cur, gid) == cur)
      break;
    cur = *best;
  }
}
""",
}


class FamilyPlan:
    """Source k of a family run: its family, PoCL threads (0: not PoCL),
    kernels, local sizes, limits, text and cases (gen_stress.FamilySource
    makes files and commands of it)."""

    def __init__(self, profile, seed, families, threads, k):
        self.profile, self.seed, self.k = profile, seed, k
        combos = [(fam, t) for fam in families for t in threads]
        self.family, self.threads = combos[k % len(combos)]
        self.name = "f%03d-%s" % (k, self.family)
        r = random.Random("softatomic-stress-family:%s:%d:%d" % (profile, seed, k))
        kernels = list(KERNELS[self.family])
        # OpenCL C 3.0 (the 2.0-style lock) in every other plain source.
        self.std = "CL3.0" if self.family == "plain" and (k % len(threads)) % 2 == 0 else "CL1.2"
        if self.std != "CL3.0" and "lock20" in kernels:
            kernels.remove("lock20")
        # Not on the GPU: NVIDIA's OpenCL makes the 1.2 lock's mem_fence a
        # work-group-scope membar.cta, so the original loses the updates
        # its lock guards (the rewrite, with device-scope fences, counts
        # them all) and there is no native result to compare with.
        if profile == "long" and "lock12" in kernels:
            kernels.remove("lock12")
        self.kernels = kernels
        sizes = SIZES[profile]
        # One local size per kernel and source: PoCL compiles a work-group
        # function for each local size a kernel is launched with.
        self.local = {name: r.choice(sizes["locals"]) for name in kernels}
        # On the GPU (the long profile) the runtime's own limits: they are
        # what a user meets there, and they end a wait it cannot hold in
        # seconds.
        waits = WAIT_LIMITS if profile == "ci" else {}
        self.limits = dict(r.choice(FORCED_LIMITS) if self.family == "failures" else waits)
        # The features gen_stress reads (POCL_MAX_PTHREAD_COUNT, -cl-std=).
        self.f = {"threads": self.threads or None, "std": self.std}

    def describe(self):
        """What the source holds (its limits are in its environment)."""
        return "family=%s kernels=%s std=%s" % (self.family, ",".join(self.kernels), self.std)

    def source_text(self):
        return (HEADER % (self.family, self.profile, self.seed, self.k) +
                "".join(SOURCES[name] for name in self.kernels))

    def case_options(self, c):
        """Case c: one kernel (in turn) with a size picked from the seed."""
        r = random.Random("softatomic-stress-family:%s:%d:%d:%d" % (self.profile, self.seed, self.k, c))
        sizes = SIZES[self.profile]
        name = self.kernels[c % len(self.kernels)]
        L = self.local[name]
        # Groups: where every group waits for every other, natively no more
        # than the device holds at once (PoCL: its threads).
        most = max(1, min(sizes["max_groups"], sizes["max_items"] // L))
        if name in ALL_AT_ONCE:
            most = min(most, self.threads or sizes["coresident"])
        G = r.randint(1, most) if r.random() < 0.5 else most
        if name == "queue":
            G = max(2, G - G % 2)
        n = G * L
        opts = ["--kernel", name, "--global", str(n), "--local", str(L), "--allow-error"]
        seed = r.getrandbits(31)
        if name == "gbar":
            args = ["buf:uint:1", "buf:uint:%d" % n]
        elif name == "release":
            args = ["buf:uint:1", "buf:uint:%d" % n]
        elif name in ("chain", "gpoll"):
            args = ["buf:uint:%d" % (G + 1), "buf:uint:%d" % (G if name == "chain" else n)]
        elif name == "queue":
            pairs = G // 2
            args = ["buf:uint:%d" % (pairs * L), "buf:uint:%d" % pairs, "buf:uint:%d" % pairs,
                    "buf:uint:%d" % n, "scalar:uint:%d" % seed]
            opts += ["--check", "3:multiset"]
        elif name in ("lock12", "lock20"):
            nlocks = r.choice([1, 2, 7, 64])
            iters = r.randint(1, sizes["iters"])
            args = ["buf:uint:%d" % nlocks, "buf:uint:%d" % nlocks,
                    "scalar:uint:%d" % iters, "scalar:uint:%d" % nlocks]
        elif name == "publish":
            args = ["buf:uint:%d" % n, "buf:uint:%d" % n, "buf:uint:%d" % n, "scalar:uint:%d" % seed]
        else:  # argmax
            mod = r.choice([4, 1000, 1 << 30])
            args = ["buf:uint:%d:random=%d,%d" % (n, seed, mod), "buf:uint:1"]
        for a in args:
            opts += ["--arg", a]
        return opts, "%s global %d local %d" % (name, n, L)
