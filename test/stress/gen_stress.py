#!/usr/bin/env python3
"""Randomized differential stress test of softatomic (see README.md here).

From a seed, generates OpenCL C kernels that make atomic adds on __global
uint/int counters (random divergence, address sets of 1 to 4096 counters,
contention from one call per counter to every call on one, increments,
iteration counts), rewrites each with softatomic-rewrite (every other one
with --combine-mode: its cases run in both runtime modes), and runs many
cases of each through `sa-difftest --cases`: native and software atomics
must leave the same counters, record the same calls, and every returned
value must fit a linearization of the adds (--check-add); in kernels that
discard some adds' results, every counter must instead end at its initial
value plus its adds (--check-sum).

  gen_stress.py run    --rewriter R --difftest D --work DIR [--seed S ...]
      generate, rewrite, run every case here; exit 1 if any case failed
  gen_stress.py case   --rewriter R --difftest D --seed S --source K --case C
                       [--repeat N]
      regenerate and run one case (what `run` prints for a failure); with
      --case C1,C2,... several, in that order, in one process
  gen_stress.py bundle --rewriter R --out DIR [--profile long ...]
      generate and rewrite for a machine without Clang (a GPU): kernels,
      case files and commands.txt, one shell command line per source;
      run-bundle.sh runs it there (bundle.sh calls this)
  gen_stress.py gen    --out DIR [--seed S ...]
      only write the kernels and case files

--family waits,plain,failures (with --threads, PoCL thread counts) makes
the other families instead (families.py; README.md, "Families"): work-groups
that wait for each other, plain accesses ordered by atomics, forced
failures; each case passes with the original's results or a reported error.

Source K of seed S, and its case C, depend only on (profile, S, K) and
(profile, S, K, C) (and, for the families, the family and thread lists):
Python's random.Random seeded with a string is the same on every platform
and version.

Standard library only.
"""

import argparse
import math
import os
import random
import shlex
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.dont_write_bytecode = True  # no __pycache__ in the source tree
import families  # noqa: E402  (the families beyond counters)

# ---------------------------------------------------------------------------
# Profiles: how many cases, how large.

PROFILES = {
    # CI on PoCL (2 cores), 560 cases for the two seeds of the lit tests in
    # ~1.5 minutes on idle cores: 3 local sizes per source, because PoCL
    # compiles a work-group function for every local size a kernel is
    # launched with (~1 to 2 s for native and rewritten); at most 2^15
    # calls a case, because on PoCL every call is one coordinator round
    # trip, which can take milliseconds when the cores are contended
    # (README.md: where the time goes).
    "ci": dict(sources=7, cases=40, max_items=1 << 14, max_records=1 << 15,
               max_iters=32, max_groups=4096, shapes=3),
    # The GPU: every case its own local size, up to 1M work-items.
    "long": dict(sources=50, cases=100, max_items=1 << 20, max_records=1 << 23,
                 max_iters=64, max_groups=1 << 16, shapes=0),
}

REPO_ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
MAX_ADDRESSES = 4096
INITIAL_MOD = 1 << 20  # counters start below this
INC_BUDGET = 1 << 30   # calls * largest increment: no counter reaches 2^31

# The kernel's arguments, in order (sa-difftest --arg / --check indices).
COUNTERS, OLD, TARGET, INCS, FLAGS, GEO = range(6)
SCALARS = ["naddr", "iters", "ivar", "amode", "span", "incmax", "lmask", "pct",
           "gmod", "gsel", "fthresh", "skip", "brk", "seed"]
AMODES = 6  # see pick() in the kernel


def log_uniform(r, lo, hi):
    """An integer in [lo, hi], log-uniformly."""
    if hi <= lo:
        return lo
    return min(hi, max(lo, int(math.exp(r.uniform(math.log(lo), math.log(hi + 1))))))


# ---------------------------------------------------------------------------
# Kernel sources.

def local_shape(r, dims):
    """A local size of `dims` dimensions, 1 to 256 work-items in all, at
    most 64 in dimension 2 (NVIDIA's limit)."""
    total = r.choice([1, 2, 3, 7, 16, 32, 48, 64, 64, 96, 128, 128, 192, 256, 256])
    if r.random() < 0.15:
        total = r.randint(1, 256)
    shape = [1] * dims
    # Spread the prime factors of total over the dimensions.
    n, p = total, 2
    while n > 1:
        while n % p == 0:
            room = [d for d in range(dims) if d < 2 or shape[d] * p <= 64]
            shape[r.choice(room)] *= p
            n //= p
        p += 1
    return shape


def balanced(profile, seed, k, name, values):
    """Feature `name` of source k: sources k // n * n to k // n * n + n - 1
    (n = len(values)) take the values in an order shuffled per block, so
    every n sources in a row (a seed's first n, say) have each of them."""
    block, pos = divmod(k, len(values))
    r = random.Random("softatomic-stress:%s:%d:%s:%d" % (profile, seed, name, block))
    order = list(values)
    r.shuffle(order)
    return order[pos]


def source_features(profile, seed, k):
    r = random.Random("softatomic-stress:%s:%d:%d" % (profile, seed, k))
    def pick(name, values):
        return balanced(profile, seed, k, name, values)
    f = {}
    f["T"] = pick("T", ["uint", "int"])
    f["op"] = pick("op", ["atom_add", "atomic_add", "atom_add", "atomic_add", "atom_inc", "atomic_inc"])
    f["call"] = pick("call", ["direct", "helper", "helper2"])
    f["ptr"] = pick("ptr", ["index", "plus", "var"])
    f["sites"] = pick("sites", [1, 1, 2])
    f["skip"] = pick("skip", ["if", "return"])
    f["tile"] = pick("tile", [True, False, False])
    f["chase"] = pick("chase", [True, False, False, False, False, False])
    # One more add that every work-item makes at the kernel's top level:
    # the rewriter turns it into the work-group form (__sa_wg_atomic_*).
    f["group_add"] = pick("group_add", [True, False])
    # That add under an `if` with a divergent condition, as the first thing
    # its branch does: the predicated work-group form (__sa_wgp_atomic_*).
    f["group_guard"] = pick("group_guard", [True, False])
    # That add repeated in a loop every work-item runs equally often (a
    # literal count): the work-group form once per iteration.
    f["group_loop"] = pick("group_loop", [1, 1, 3])
    # Adds whose result the kernel discards (a call as a statement): in the
    # loop (divergent), the top-level add (uniform), or both. Such sources
    # check the counters' sums instead of the returned values (--check-sum).
    f["discard"] = pick("discard", ["none", "none", "none", "divergent", "uniform", "both"])
    f["dform"] = r.choice(["stmt", "void"])  # `atom_add(p, v);` or `(void)atom_add(p, v);`
    f["dsites"] = []  # the loop's call sites that discard
    if f["discard"] in ("uniform", "both"):
        f["group_add"] = True
    if f["discard"] in ("divergent", "both"):
        if f["chase"]:
            # The first site's result picks the next counter: the second
            # site discards.
            f["sites"] = 2
            f["dsites"] = [1]
        else:
            f["dsites"] = r.choice([[0, 1], [0], [1]]) if f["sites"] == 2 else [0]
    f["loop"] = pick("loop", ["for", "while", "do"])
    f["std"] = pick("std", [None, "CL1.2", "CL3.0"])
    f["lin"] = r.choice(["global", "group"] + (["linear"] if f["std"] == "CL3.0" else []))
    if PROFILES[profile]["shapes"]:
        shapes = []
        while len(shapes) < PROFILES[profile]["shapes"]:
            s = local_shape(r, r.choice([1, 1, 2, 3]))
            if s not in shapes:
                shapes.append(s)
        f["shapes"] = shapes
    # On PoCL, some sources run with more worker threads than cores (more
    # physical work-groups, so requests of several workers interleave).
    f["threads"] = pick("threads", [None, None, None, 3, 4])
    return f


def describe(f):
    keys = ["T", "op", "call", "ptr", "sites", "skip", "tile", "chase", "group_add",
            "group_guard", "group_loop", "loop", "std", "lin"]
    text = " ".join("%s=%s" % (key, f[key]) for key in keys)
    if f["discard"] != "none":
        text += " discard=%s%s(%s)" % (
            f["discard"], "" if not f["dsites"] else ":" + ",".join(map(str, f["dsites"])), f["dform"])
    return text


def discards(f):
    """True if some add's result is discarded: no returned values to check."""
    return f["discard"] != "none"


def kernel_source(profile, seed, k, f):
    T = f["T"]
    inc_op = f["op"].endswith("_inc")
    sites = f["sites"]

    def atomic(c, a, v):
        """The atomic call on counter a of c; value v (unused by inc)."""
        ptr = {"index": "&%s[%s]" % (c, a), "plus": "%s + %s" % (c, a), "var": "p"}[f["ptr"]]
        call = "%s(%s)" % (f["op"], ptr) if inc_op else "%s(%s, %s)" % (f["op"], ptr, v)
        if f["ptr"] == "var":
            return "__global %s *p = %s + %s;" % (T, c, a), call
        return "", call

    def discarded(call):
        """The call as a statement whose result nobody uses."""
        return ("(void)%s;" if f["dform"] == "void" else "%s;") % call

    dsites = f["dsites"]
    used_sites = [s for s in range(sites) if s not in dsites]

    lin_expr = {
        "global": "((uint)(get_global_id(2) - get_global_offset(2)) * (uint)get_global_size(1)"
                  " + (uint)(get_global_id(1) - get_global_offset(1))) * (uint)get_global_size(0)"
                  " + (uint)(get_global_id(0) - get_global_offset(0))",
        "group": "grp * lsz + lid",
        "linear": "(uint)get_global_linear_id()",
    }[f["lin"]]

    out = []
    w = out.append
    w("// softatomic stress kernel (test/stress/gen_stress.py): profile %s, seed %d, source %d"
      % (profile, seed, k))
    w("// %s" % describe(f))
    w("")
    w("uint mix32(uint x) {")
    w("  x ^= x >> 16; x *= 0x7feb352du; x ^= x >> 15; x *= 0x846ca68bu; x ^= x >> 16;")
    w("  return x;")
    w("}")
    w("")
    w("// The counter a call adds to (amode: the address pattern).")
    w("uint pick(uint amode, uint lin, uint lid, uint grp, uint it, uint span, uint naddr, uint r) {")
    w("  switch (amode) {")
    w("  case 0: return r % naddr;                  // hashed")
    w("  case 1: return (lin / span + it) % naddr;  // blocks of span items share one")
    w("  case 2: return (lin * span + it) % naddr;  // strided")
    w("  case 3: return (grp + it * span) % naddr;  // one per work-group")
    w("  case 4: return (it * span) % naddr;        // all items alike")
    w("  default: return (lid + it * span) % naddr; // by local id")
    w("  }")
    w("}")
    w("")
    grp_expr = ("(uint)((get_group_id(2) * get_num_groups(1) + get_group_id(1)) * get_num_groups(0)"
                " + get_group_id(0))")
    lid_expr = ("(uint)((get_local_id(2) * get_local_size(1) + get_local_id(1)) * get_local_size(0)"
                " + get_local_id(0))")
    lsz_expr = "(uint)(get_local_size(0) * get_local_size(1) * get_local_size(2))"
    if f["call"] in ("helper", "helper2"):
        pre, call = atomic("c", "a", "v")
        if used_sites:
            w("%s bump(__global %s *c, uint a, %s v) {" % (T, T, T))
            if pre:
                w("  " + pre)
            if inc_op:
                w("  (void)v;")
            w("  return %s;" % call)
            w("}")
            w("")
        if dsites:
            # The add as a statement, its result unused.
            w("void bump_void(__global %s *c, uint a, %s v) {" % (T, T))
            if pre:
                w("  " + pre)
            if inc_op:
                w("  (void)v;")
            w("  " + discarded(call))
            w("}")
            w("")
    if f["call"] == "helper2":
        # Records and adds two calls deep; the linear id comes from a helper
        # that reads geometry (both take the runtime's context).
        if used_sites:
            w("%s add_rec(__global %s *c, __global %s *old, __global uint *target, __global %s *incs,"
              % (T, T, T, T))
            w("          uint rec, uint a, %s v) {" % T)
            w("  target[rec] = a;")
            w("  incs[rec] = v;")
            w("  %s o = bump(c, a, v);" % T)
            w("  old[rec] = o;")
            w("  return o;")
            w("}")
            w("")
        if dsites:
            w("void add_rec_void(__global %s *c, __global uint *target, __global %s *incs, uint rec,"
              % (T, T))
            w("                  uint a, %s v) {" % T)
            w("  target[rec] = a;")
            w("  incs[rec] = v;")
            w("  bump_void(c, a, v);")
            w("}")
            w("")
        w("uint my_lin(void) {")
        if f["lin"] == "group":
            w("  uint grp = %s;" % grp_expr)
            w("  uint lid = %s;" % lid_expr)
            w("  uint lsz = %s;" % lsz_expr)
        w("  return %s;" % lin_expr)
        w("}")
        w("")
    w("__kernel void stress(__global %s *counters, __global %s *old, __global uint *target," % (T, T))
    w("                     __global %s *incs, __global const uint *flags, __global uint *geo," % T)
    w("                     " + ", ".join("uint " + s for s in SCALARS) + ") {")
    if f["tile"]:
        w("  __local uint tile[256];")
    w("  uint lsz = %s;" % lsz_expr)
    w("  uint lid = %s;" % lid_expr)
    w("  uint grp = %s;" % grp_expr)
    w("  uint lin = %s;" % ("my_lin()" if f["call"] == "helper2" else lin_expr))
    # Every geometry builtin, hashed: the software run must see the launch's.
    w("  uint g = mix32(lin + seed);")
    for d in range(3):
        w("  g = mix32(g ^ (uint)get_global_id(%d)) + (uint)get_group_id(%d) * 7u + (uint)get_local_id(%d);"
          % (d, d, d))
        w("  g = mix32(g ^ (uint)get_global_size(%d)) + (uint)get_num_groups(%d) * 3u"
          " + (uint)get_global_offset(%d) + (uint)get_local_size(%d);" % (d, d, d, d))
    w("  geo[lin] = g ^ get_work_dim();")
    if f["tile"]:
        # Local memory read across work-items after a barrier: each user
        # work-group must have its own.
        w("  tile[lid] = mix32(lin ^ seed);")
        w("  barrier(CLK_LOCAL_MEM_FENCE);")
        w("  uint nb = tile[(lid + 1u) % lsz];")
        w("  barrier(CLK_LOCAL_MEM_FENCE);")
    w("  uint h0 = mix32(lin ^ seed);")
    if f["group_add"]:
        # Recorded after the loop's records, one block of items per
        # repetition; the same address pattern and increments as the loop's
        # iterations.
        w("  uint items = (uint)(get_global_size(0) * get_global_size(1) * get_global_size(2));")
        gi = "  "
        gk = "0u"
        if f["group_loop"] > 1:
            w("  for (uint gk = 0; gk < %du; ++gk) {" % f["group_loop"])
            gi = "    "
            gk = "gk"
        w(gi + "uint grec = items * iters * %du + %s * items + lin;" % (sites, gk))
        w(gi + "uint ga = pick(amode, lin, lid, grp, %s, span, naddr, h0);" % gk)
        if inc_op:
            w(gi + "%s gv = 1;" % T)
        else:
            w(gi + "%s gv = (%s)(1u + mix32(h0 + 7u + %s) %% incmax);" % (T, T, gk))
        guard = ""
        if f["group_guard"]:
            w(gi + "bool gon = (mix32(h0 ^ 0x2545f491u) & 1023u) < pct;")
            w(gi + "target[grec] = gon ? ga : 0xffffffffu;")
            guard = "if (gon) "
        else:
            w(gi + "target[grec] = ga;")
        w(gi + "incs[grec] = gv;")
        pre, call = atomic("counters", "ga", "gv")
        if pre:
            w(gi + pre.replace("*p =", "*gp =").replace("p;", "gp;"))
            call = call.replace("(p", "(gp")
        if f["discard"] in ("uniform", "both"):
            w(gi + guard + discarded(call))
        else:
            w(gi + "%sold[grec] = %s;" % (guard, call))
        if f["group_loop"] > 1:
            w("  }")
    w("  bool active = ((lmask >> (lid & 31u)) & 1u) != 0u && (h0 & 1023u) < pct &&")
    w("                (gmod == 0u || grp % gmod != gsel) && flags[lin] >= fthresh;")
    ind = "  "
    if f["skip"] == "return":
        w("  if (!active)")
        w("    return;")
    else:
        w("  if (active) {")
        ind = "    "
    w(ind + "uint n = ivar ? 1u + mix32(h0 ^ 0x9e3779b9u) % iters : iters;")
    if f["chase"]:
        w(ind + "uint a = 0;")
        w(ind + "%s o = 0;" % T)
    if f["loop"] == "for":
        w(ind + "for (uint it = 0; it < n; ++it) {")
        body = ind + "  "
    elif f["loop"] == "while":
        w(ind + "uint next = 0;")
        w(ind + "while (next < n) {")
        body = ind + "  "
        w(body + "uint it = next++;")
    else:
        w(ind + "uint next = 0;")
        w(ind + "do {")
        body = ind + "  "
        w(body + "uint it = next++;")
    w(body + "uint rec = (lin * iters + it) * %du;" % sites)
    w(body + "uint r = mix32(rec ^ seed);")
    w(body + "if ((r & 1023u) < skip)")
    w(body + "  continue;")
    for s in range(sites):
        a = "a" if s == 0 else "a%d" % s
        v = "v" if s == 0 else "v%d" % s
        decl = "" if (f["chase"] and s == 0) else "uint "
        if s == 0 and not f["chase"]:
            w(body + "%s%s = pick(amode, lin, lid, grp, it, span, naddr, r);" % (decl, a))
        elif s == 0:
            w(body + "a = it == 0u ? pick(amode, lin, lid, grp, it, span, naddr, r) : (a + (uint)o) % naddr;")
        elif f["chase"]:
            w(body + "uint %s = (a + (uint)o) %% naddr;" % a)
        else:
            w(body + "uint %s = (a + 1u + (r >> 20) %% 3u) %% naddr;" % a)
        if inc_op:
            w(body + "%s %s = 1;" % (T, v))
        else:
            mixin = " ^ nb" if f["tile"] else ""
            w(body + "%s %s = (%s)(1u + (mix32(r + %du)%s) %% incmax);" % (T, v, T, s, mixin))
        rec = "rec" if s == 0 else "rec + %du" % s
        if s in dsites:
            # The result is discarded; target and increment are recorded.
            if f["call"] == "helper2":
                w(body + "add_rec_void(counters, target, incs, %s, %s, %s);" % (rec, a, v))
                continue
            w(body + "target[%s] = %s;" % (rec, a))
            w(body + "incs[%s] = %s;" % (rec, v))
            if f["call"] == "helper":
                w(body + "bump_void(counters, %s, %s);" % (a, v))
                continue
            pre, call = atomic("counters", a, v)
            if pre:
                w(body + "{")
                w(body + "  " + pre)
                w(body + "  " + discarded(call))
                w(body + "}")
            else:
                w(body + discarded(call))
            continue
        if f["call"] == "helper2":
            call = "add_rec(counters, old, target, incs, %s, %s, %s)" % (rec, a, v)
            w(body + ("o = %s;" % call if f["chase"] else "%s;" % call))
            continue
        w(body + "target[%s] = %s;" % (rec, a))
        w(body + "incs[%s] = %s;" % (rec, v))
        if f["call"] == "helper":
            call = "bump(counters, %s, %s)" % (a, v)
            pre = ""
        else:
            pre, call = atomic("counters", a, v)
        if pre:
            w(body + "{")
            w(body + "  " + pre)
            w(body + "  " + ("o = %s;" % call if f["chase"] else "old[%s] = %s;" % (rec, call)))
            if f["chase"]:
                w(body + "  old[%s] = o;" % rec)
            w(body + "}")
        elif f["chase"]:
            w(body + "o = %s;" % call)
            w(body + "old[%s] = o;" % rec)
        else:
            w(body + "old[%s] = %s;" % (rec, call))
    w(body + "if ((mix32(r ^ 0x5bd1e995u) & 1023u) < brk)")
    w(body + "  break;")
    if f["loop"] == "do":
        w(ind + "} while (next < n);")
    else:
        w(ind + "}")
    if f["skip"] != "return":
        w("  }")
    w("}")
    return "\n".join(out) + "\n"


def build_options(f):
    return "-cl-std=%s" % f["std"] if f["std"] else ""


# ---------------------------------------------------------------------------
# Cases.

def split_groups(r, groups, dims):
    """groups work-groups as a count per dimension (product <= groups)."""
    counts = [1] * dims
    n = groups
    for d in range(dims - 1):
        c = log_uniform(r, 1, n)
        counts[d] = c
        n //= c
    counts[dims - 1] = max(1, n)
    r.shuffle(counts)
    return counts


def case_options(profile, seed, k, c, f):
    """The sa-difftest options of case c of source k, and a summary."""
    p = PROFILES[profile]
    r = random.Random("softatomic-stress:%s:%d:%d:case:%d" % (profile, seed, k, c))
    T = f["T"]
    sites = f["sites"]
    if p["shapes"]:
        local = list(r.choice(f["shapes"]))
    else:
        local = local_shape(r, r.choice([1, 1, 2, 3]))
    dims = len(local)
    lsz = 1
    for x in local:
        lsz *= x
    max_groups = max(1, min(p["max_groups"], p["max_items"] // lsz))
    groups = log_uniform(r, 1, max_groups)
    counts = split_groups(r, groups, dims)
    glob = [counts[d] * local[d] for d in range(dims)]
    items = 1
    for x in glob:
        items *= x
    max_iters = max(1, min(p["max_iters"], p["max_records"] // (items * sites)))
    iters = log_uniform(r, 1, max_iters)
    records = items * iters * sites + (items * f["group_loop"] if f["group_add"] else 0)
    offset = None
    if r.random() < 0.4:
        offset = [r.choice([0, 1, r.randrange(1 << 12), r.randrange(1 << 20)]) for _ in range(dims)]

    naddr = r.choice([1, 2, 3, log_uniform(r, 1, MAX_ADDRESSES), log_uniform(r, 1, MAX_ADDRESSES),
                      MAX_ADDRESSES, min(MAX_ADDRESSES, records)])
    naddr = max(1, min(MAX_ADDRESSES, naddr))
    guard = r.choice([0, 0, 1, 3])
    s = {}
    s["naddr"] = naddr
    s["iters"] = iters
    s["ivar"] = r.choice([0, 1])
    s["amode"] = r.randrange(AMODES)
    s["span"] = r.choice([1, 1, 2, r.randint(1, 64), log_uniform(r, 1, 4096)])
    s["incmax"] = 1 if r.random() < 0.15 else log_uniform(r, 1, max(1, min(1 << 16, INC_BUDGET // records)))
    s["lmask"] = r.choice([0xffffffff, 0xffffffff, r.getrandbits(32), 1 << r.randrange(32),
                           0x55555555, 0xffff0000])
    s["pct"] = r.choice([1024, 1024, r.randint(0, 1024), r.randint(0, 64), r.randint(960, 1024)])
    s["gmod"] = r.choice([0, 0, r.randint(2, 5)])
    s["gsel"] = r.randrange(s["gmod"]) if s["gmod"] else 0
    s["fthresh"] = r.choice([0, 0, r.randint(1, 15)])
    s["skip"] = r.choice([0, 0, 0, r.randint(0, 512)])
    s["brk"] = r.choice([0, 0, 0, r.randint(0, 256)])
    s["seed"] = r.getrandbits(32)
    init = r.choice(["zero", "random=%d,%d" % (r.getrandbits(31), INITIAL_MOD),
                     "fill=%d" % r.randrange(INITIAL_MOD)])

    opts = ["--kernel", "stress", "--global", ",".join(map(str, glob)),
            "--local", ",".join(map(str, local))]
    if offset:
        opts += ["--offset", ",".join(map(str, offset))]
    opts += ["--arg", "buf:%s:%d:%s" % (T, naddr + guard, init),
             "--arg", "buf:%s:%d" % (T, records),
             "--arg", "buf:uint:%d:fill=-1" % records,
             "--arg", "buf:%s:%d" % (T, records),
             "--arg", "buf:uint:%d:random=%d,16" % (items, r.getrandbits(31)),
             "--arg", "buf:uint:%d" % items]
    for name in SCALARS:
        opts += ["--arg", "scalar:uint:%d" % s[name]]
    opts += ["--check", "%d:ignore" % OLD]
    if f["chase"]:
        # Which counter a call picks depends on the values earlier calls
        # returned: only each run's own linearizability can be checked.
        opts += ["--check", "%d:ignore" % COUNTERS, "--check", "%d:ignore" % TARGET,
                 "--check", "%d:ignore" % INCS]
    if discards(f):
        # Some adds' results are discarded: no returned values to chain;
        # each counter must end at its initial value plus its adds.
        opts += ["--check-sum", "%d,%d,%d" % (TARGET, INCS, COUNTERS)]
    else:
        opts += ["--check-add", "%d,%d,%d,%d" % (OLD, TARGET, INCS, COUNTERS)]
    summary = "global %s local %s items %d iters %d addresses %d amode %d" % (
        ",".join(map(str, glob)), ",".join(map(str, local)), items, iters, naddr, s["amode"])
    return opts, summary


# ---------------------------------------------------------------------------
# Files and commands.

class Source:
    """A counters source (the features above) and its cases."""
    def __init__(self, profile, seed, k):
        self.profile, self.seed, self.k = profile, seed, k
        self.f = source_features(profile, seed, k)
        self.name = "s%03d" % k

    def describe(self):
        return describe(self.f)

    def text(self):
        return kernel_source(self.profile, self.seed, self.k, self.f)

    def options(self, c):
        return case_options(self.profile, self.seed, self.k, c, self.f)[0]

    def combine_mode(self):
        return self.k % 2 == 0  # its cases then run in both runtime modes

    def write(self, directory, cases):
        """Writes NAME.cl and NAME.cases (line 1 a comment, then case 0, 1, ...)."""
        self.cl = os.path.join(directory, self.name + ".cl")
        self.sa = os.path.join(directory, self.name + ".sa.cl")
        self.cases_file = os.path.join(directory, self.name + ".cases")
        with open(self.cl, "w") as out:
            out.write(self.text())
        self.lines = {}  # line number -> (case, options)
        cases = list(cases)
        with open(self.cases_file, "w") as out:
            out.write("# gen_stress.py: profile %s, seed %d, source %d; from line 2, cases %s\n"
                      % (self.profile, self.seed, self.k,
                         "none" if not cases else
                         "%d to %d" % (cases[0], cases[-1]) if cases == list(range(cases[0], cases[-1] + 1))
                         else ",".join(map(str, cases))))
            for line, c in enumerate(cases, 2):
                opts = self.options(c)
                self.lines[line] = (c, opts)
                out.write(" ".join(opts) + "\n")

    def rewrite(self, rewriter):
        cmd = [rewriter, self.cl, "-o", self.sa]
        if self.combine_mode():
            cmd.insert(1, "--combine-mode")
        if self.f["std"]:
            cmd += ["--", "-cl-std=" + self.f["std"]]
        res = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        if res.returncode != 0:
            sys.exit("gen_stress: rewriting %s failed:\n%s%s" % (self.cl, " ".join(cmd), res.stdout))

    def env(self):
        return {"POCL_MAX_PTHREAD_COUNT": str(self.f["threads"])} if self.f["threads"] else {}

    def difftest_command(self, difftest, extra):
        cmd = [difftest, self.cl, self.sa]
        if build_options(self.f):
            cmd += ["--build-options", build_options(self.f)]
        return cmd + extra


class FamilySource(Source):
    """A source of the families beyond counters (families.py): waits
    between work-groups, plain accesses ordered by atomics, forced
    failures. Every one is rewritten with --combine-mode (both runtime
    modes run), and its limits go into its environment."""
    def __init__(self, profile, seed, family_list, threads, k):
        self.profile, self.seed, self.k = profile, seed, k
        self.plan = families.FamilyPlan(profile, seed, family_list, threads, k)
        self.f = self.plan.f
        self.name = self.plan.name

    def describe(self):
        return self.plan.describe()

    def text(self):
        return self.plan.source_text()

    def options(self, c):
        return self.plan.case_options(c)[0]

    def combine_mode(self):
        return True

    def env(self):
        env = Source.env(self)
        env.update(self.plan.limits)
        return env


def shell_line(env, cmd):
    words = ["%s=%s" % kv for kv in sorted(env.items())] + cmd
    return " ".join(shlex.quote(w) for w in words)


def add_common(ap, profile_default="ci"):
    ap.add_argument("--profile", choices=sorted(PROFILES), default=profile_default)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--sources", type=int, help="kernel sources (default: the profile's)")
    ap.add_argument("--cases", type=int, help="cases per source (default: the profile's)")
    ap.add_argument("--first-source", type=int, default=0)
    ap.add_argument("--family", default="counters",
                    help="counters (default), or a list of %s (README.md, \"Families\")"
                    % ",".join(families.FAMILIES))
    ap.add_argument("--threads", help="families: PoCL threads to run each family with, "
                    "a list (default: 1,2,3 in the ci profile; 0, not PoCL, in long)")


def family_args(a):
    """The families and thread counts of a family run, or None."""
    if a.family == "counters":
        return None
    names = a.family.split(",")
    for n in names:
        if n not in families.FAMILIES:
            sys.exit("gen_stress: unknown family '%s'" % n)
    threads = a.threads or ("1,2,3" if a.profile == "ci" else "0")
    return names, [int(t) for t in threads.split(",")]


def make_source(a, k):
    fam = family_args(a)
    if fam:
        return FamilySource(a.profile, a.seed, fam[0], fam[1], k)
    return Source(a.profile, a.seed, k)


def make_sources(a, directory):
    p = PROFILES[a.profile]
    fam = family_args(a)
    default_sources = len(fam[0]) * len(fam[1]) if fam else p["sources"]
    n_sources = a.sources if a.sources is not None else default_sources
    os.makedirs(directory, exist_ok=True)
    sources = []
    for k in range(a.first_source, a.first_source + n_sources):
        s = make_source(a, k)
        n_cases = a.cases if a.cases is not None else (
            families.SIZES[a.profile]["cases"] * len(s.plan.kernels) if fam else p["cases"])
        s.write(directory, range(n_cases))
        sources.append(s)
    return sources


def case_command(a, s, cases, repeat=None):
    """The one command that regenerates and runs cases of source s."""
    cmd = ["python3", os.path.abspath(__file__), "case", "--rewriter", os.path.abspath(a.rewriter),
           "--difftest", os.path.abspath(a.difftest), "--profile", a.profile,
           "--seed", str(a.seed), "--source", str(s.k), "--case", ",".join(map(str, cases))]
    if family_args(a):
        cmd += ["--family", a.family, "--threads", ",".join(map(str, family_args(a)[1]))]
    if repeat:
        cmd += ["--repeat", str(repeat)]
    return " ".join(shlex.quote(w) for w in cmd)


def parse_batch(output):
    """sa-difftest --cases output: {line: (passed, report lines)}."""
    results = {}
    current = None
    for line in output.splitlines():
        if line.startswith("case ") and ":" in line:
            num, verdict = line[5:].split(":", 1)
            current = int(num)
            results[current] = (verdict.strip().startswith("PASS"), [line])
        elif line.startswith("  ") and current is not None and not results[current][0]:
            results[current][1].append(line)
    return results


def run_batch(a, s, lines, attempt):
    """Runs the given lines of s's case file in one sa-difftest process.
    Returns ({line: (passed, report)}, how it ended if not normally, its
    command line, the output's last lines)."""
    path = s.cases_file
    if lines != sorted(s.lines):
        path = "%s.rest%d" % (s.cases_file, attempt)
        with open(path, "w") as f:
            f.write("# the cases of %s from line %d on\n" % (s.cases_file, lines[0]))
            for ln in lines:
                f.write(" ".join(s.lines[ln][1]) + "\n")
    cmd = s.difftest_command(a.difftest, ["--cases", path])
    env = dict(os.environ)
    env.update(s.env())
    try:
        res = subprocess.run(cmd, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                             universal_newlines=True, timeout=a.timeout)
        output, rc = res.stdout, res.returncode
    except subprocess.TimeoutExpired as e:
        output = e.stdout.decode() if isinstance(e.stdout, bytes) else (e.stdout or "")
        rc = None
    # Lines of the file run -> lines of s.cases_file.
    results = {}
    for n, (ok, report) in parse_batch(output).items():
        if 2 <= n < len(lines) + 2:
            ln = lines[n - 2]
            results[ln] = (ok, ["case %d:%s" % (ln, report[0].split(":", 1)[1])] + report[1:])
    bad = [ln for ln in lines if ln in results and not results[ln][0]]
    how = ""
    if rc is None:
        how = "timed out after %d s" % a.timeout
    elif rc < 0:
        how = "killed by signal %d" % -rc
    elif rc not in (0, 1) or (rc == 1 and not bad):
        how = "exited with status %d" % rc
    elif len(results) < len(lines):
        how = "stopped early"
    tail = [l for l in output.splitlines() if not l.startswith("case ")][-15:]
    return results, how, cmd, tail


def cmd_run(a):
    start = time.time()
    work = os.path.abspath(a.work)
    sources = make_sources(a, work)
    for s in sources:
        s.rewrite(a.rewriter)
    total = failed = reported = 0
    problems = []
    for s in sources:
        t0 = time.time()
        lines = sorted(s.lines)
        results = {}
        broken = 0
        pending = lines
        while pending:
            got, how, cmd, tail = run_batch(a, s, pending, broken)
            results.update(got)
            rest = [ln for ln in pending if ln not in got]
            if not how:
                break
            # The process ended abnormally during the first case it did not
            # report: that case failed; the ones after it run in a new one.
            broken += 1
            msg = ["FAILED: seed %d source %d: sa-difftest %s" % (a.seed, s.k, how)]
            if rest:
                ln = rest[0]
                c = s.lines[ln][0]
                results[ln] = (False, [])
                msg.append("  during case %d (line %d of %s)" % (c, ln, s.cases_file))
                before = [s.lines[x][0] for x in lines if x < ln][-1:]
                msg += ["  " + l for l in tail]
                msg.append("  reproduce it after the case before it, 20 times over: " +
                           case_command(a, s, before + [c], repeat=20))
            else:
                msg += ["  " + l for l in tail]
            msg.append("  or rerun the batch: " + shell_line(s.env(), cmd))
            problems.append("\n".join(msg))
            pending = rest[1:]
        bad = [ln for ln in lines if not results.get(ln, (False,))[0]]
        # Passed by ending with an error the runtime reported (--allow-error).
        errors = sum(1 for ln in lines if ln in results and results[ln][0] and
                     "error reported" in results[ln][1][0])
        total += len(lines)
        failed += len(bad)
        reported += errors
        print("%s (%s)%s: %d cases, %d failed%s, %.1f s%s" % (
            s.name, s.describe(), " " + shell_line(s.env(), []) if s.env() else "",
            len(lines), len(bad),
            ", %d passed with an error reported" % errors if errors else "", time.time() - t0,
            " (sa-difftest ended abnormally %d times)" % broken if broken else ""))
        sys.stdout.flush()
        for ln in bad:
            if not results[ln][1]:
                continue  # reported above
            c, opts = s.lines[ln]
            problems.append("\n".join(
                ["FAILED: seed %d source %d case %d (line %d of %s)" % (a.seed, s.k, c, ln, s.cases_file)]
                + results[ln][1] +
                ["  reproduce: " + case_command(a, s, [c], repeat=20),
                 "  or: " + shell_line(s.env(), s.difftest_command(a.difftest, opts))]))
    for p in problems:
        print(p)
    print("gen_stress: %d cases (%s profile, seed %d, %d sources), %d failed%s, %.1f s" % (
        total, a.profile, a.seed, len(sources), failed,
        ", %d passed with an error reported" % reported if reported else "",
        time.time() - start))
    return 1 if failed or problems else 0


def cmd_case(a):
    s = make_source(a, a.source)
    import tempfile
    work = os.path.abspath(a.work or os.path.join(tempfile.gettempdir(), "softatomic-stress-case"))
    os.makedirs(work, exist_ok=True)
    cases = [int(c) for c in a.case.split(",")]
    s.write(work, cases)
    s.rewrite(a.rewriter)
    env = dict(os.environ)
    env.update(s.env())
    if len(cases) == 1:
        opts = s.lines[2][1] + (["--repeat", str(a.repeat)] if a.repeat else [])
        cmd = s.difftest_command(a.difftest, opts)
    else:
        # Several cases, in this order, as many times over, in one process
        # (a failure may need the launches before it).
        with open(s.cases_file) as f:
            text = f.read()
        with open(s.cases_file, "w") as f:
            f.write(text.splitlines(True)[0] + "".join(text.splitlines(True)[1:]) * (a.repeat or 1))
        cmd = s.difftest_command(a.difftest, ["--cases", s.cases_file])
    print("# %s\n%s" % (s.describe(), shell_line(s.env(), cmd)))
    sys.stdout.flush()
    return subprocess.call(cmd, env=env)


def cmd_bundle(a):
    import shutil
    out = os.path.abspath(a.out)
    if os.path.exists(out):
        # Only ever delete a bundle made before.
        if os.listdir(out) and not os.path.exists(os.path.join(out, "commands.txt")):
            sys.exit("gen_stress: %s exists and is not a bundle; not replacing it" % out)
        shutil.rmtree(out)
    sources = make_sources(a, out)
    for s in sources:
        s.rewrite(a.rewriter)
    with open(os.path.join(out, "commands.txt"), "w") as cmds:
        for s in sources:
            # Paths relative to the repository root, where run-bundle.sh
            # runs them.
            def r(path):
                return os.path.relpath(path, REPO_ROOT)
            cmd = [a.difftest_path, r(s.cl), r(s.sa)]
            if build_options(s.f):
                cmd += ["--build-options", build_options(s.f)]
            cmd += ["--cases", r(s.cases_file)]
            cmds.write(shell_line(s.env(), cmd) + "\n")
    # The header-only JSON library the host runtime builds against.
    for src, dst in [("/usr/include/nlohmann", "deps/include/nlohmann"),
                     ("/usr/share/cmake/nlohmann_json", "deps/share/cmake/nlohmann_json")]:
        if os.path.isdir(src):
            shutil.copytree(src, os.path.join(out, dst))
    n = sum(len(s.lines) for s in sources)
    print("gen_stress: %d cases in %d sources (%s profile, seed %d) in %s"
          % (n, len(sources), a.profile, a.seed, os.path.relpath(out, REPO_ROOT)))
    return 0


def cmd_gen(a):
    sources = make_sources(a, a.out)
    print("gen_stress: %d sources, %d cases in %s" % (
        len(sources), sum(len(s.lines) for s in sources), a.out))
    return 0


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    run = sub.add_parser("run", help="generate, rewrite and run every case")
    add_common(run)
    run.add_argument("--rewriter", required=True)
    run.add_argument("--difftest", required=True)
    run.add_argument("--work", required=True, help="folder for kernels and case files")
    run.add_argument("--timeout", type=int, default=600,
                     help="seconds for one source's cases (a few seconds normally)")
    case = sub.add_parser("case", help="regenerate and run one case")
    add_common(case)
    case.add_argument("--source", type=int, required=True)
    case.add_argument("--case", required=True,
                      help="case number, or several (N,M,...: run in that order in one process)")
    case.add_argument("--repeat", type=int, help="run it this many times (several cases: the list)")
    case.add_argument("--rewriter", required=True)
    case.add_argument("--difftest", required=True)
    case.add_argument("--work", help="folder for the files (default: softatomic-stress-case in the temporary folder)")
    bundle = sub.add_parser("bundle", help="generate and rewrite for another machine")
    add_common(bundle, "long")
    bundle.add_argument("--rewriter", required=True)
    bundle.add_argument("--out", required=True)
    bundle.add_argument("--difftest-path", default="build-gpu-stress/bin/sa-difftest",
                        help="sa-difftest there, relative to the repository root")
    gen = sub.add_parser("gen", help="only write kernels and case files")
    add_common(gen)
    gen.add_argument("--out", required=True)
    a = ap.parse_args()
    return {"run": cmd_run, "case": cmd_case, "bundle": cmd_bundle, "gen": cmd_gen}[a.cmd](a)


if __name__ == "__main__":
    sys.exit(main())
