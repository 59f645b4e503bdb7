#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# The profile of McKee's contention microbenchmark (bench/microbench/
# contention.cl) over a sweep of contention and padding: work-item i adds to
# res[(i / C) * P], so C work-items share each address, P words apart. For
# each (C, P) the kernel as written and its --profile rewrite run through
# sa-difftest in the profile mode (each launch checked against the kernel
# as written), and the report's figures are tabulated beside what the
# benchmark was built with: sharers per group min(C, local), per warp
# min(C, warp), G / C distinct addresses; with the recording's cost and
# what converting the site measured (docs/PROFILE.md).
#
#   bench/profile/mckee-sweep.sh [--build DIR] [--rewritten FILE] [--out DIR]
#       [--global G] [--local L] [--rounds N] [--contention "C ..."]
#       [--padding "P ..."]
#
# --build: where bin/sa-difftest is (default build); --rewritten: the
# kernel's --profile rewrite (default: made with DIR's softatomic-rewrite);
# SA_PLATFORM and SA_DEVICE choose the device. Writes OUT/C-P.json and
# OUT/mckee-sweep.md; exits 1 if a run failed or a figure is not the one
# constructed.
set -euo pipefail
here=$(cd "$(dirname "$0")/../.." && pwd)
build=$here/build rewritten= out=mckee-sweep
global=1048576 local=256 rounds=5
contention="1 2 8 32 256 4096" padding="1 32"
while [ $# -gt 0 ]; do
  case $1 in
  --build) build=$2; shift 2 ;;
  --rewritten) rewritten=$2; shift 2 ;;
  --out) out=$2; shift 2 ;;
  --global) global=$2; shift 2 ;;
  --local) local=$2; shift 2 ;;
  --rounds) rounds=$2; shift 2 ;;
  --contention) contention=$2; shift 2 ;;
  --padding) padding=$2; shift 2 ;;
  *) echo "mckee-sweep.sh: unknown argument '$1'" >&2; exit 2 ;;
  esac
done
kernel=$here/bench/microbench/contention.cl
mkdir -p "$out"
if [ -z "$rewritten" ]; then
  rewritten=$out/contention.pf.cl
  "$build/bin/softatomic-rewrite" --profile "$kernel" -o "$rewritten"
fi
status=0
for p in $padding; do
  for c in $contention; do
    indexes=$out/indexes-$c-$p.bin
    python3 -c 'import struct, sys
g, c, p = (int(a) for a in sys.argv[2:5])
open(sys.argv[1], "wb").write(struct.pack("<%dI" % g, *((i // c) * p for i in range(g))))' \
      "$indexes" "$global" "$c" "$p"
    words=$(((global - 1) / c * p + 1))
    if ! "$build/bin/sa-difftest" "$kernel" "$rewritten" --kernel contention_unused \
      --global "$global" --local "$local" --arg "buf:uint:$words" \
      --arg "buf:uint:$global:file=$indexes" --arg scalar:uint:1 \
      --mode profile --repeat "$rounds" --report "$out/$c-$p.json" >"$out/$c-$p.log" 2>&1; then
      echo "mckee-sweep.sh: C=$c P=$p failed (see $out/$c-$p.log)" >&2
      status=1
    fi
    rm -f "$indexes"
  done
done
python3 - "$out" "$global" "$local" "$contention" "$padding" <<'PY' || status=1
import json, os, sys
out, g, local = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
cs, ps = [int(x) for x in sys.argv[4].split()], [int(x) for x in sys.argv[5].split()]
rows, bad = [], 0
for p in ps:
    for c in cs:
        path = os.path.join(out, "%d-%d.json" % (c, p))
        if not os.path.exists(path):
            continue
        k = json.load(open(path))["kernels"][0]
        s = k["sites"][0]
        warp = k["warp_size"]
        want = (min(c, local), min(c, warp), g // c if c <= g else 1)
        got = (s["sharers_per_group"]["max"], s["sharers_per_warp"]["max"],
               s["distinct_addresses"])
        ok = want == got and s["sharers_per_group"]["mean"] == want[0] \
            and s["sharers_per_warp"]["mean"] == want[1]
        bad += not ok
        f = lambda v, d=4: "-" if v is None else ("%.*g" % (d, v))
        rows.append("| %d | %d | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |" % (
            c, p, f(s["sharers_per_warp"]["mean"]), f(s["sharers_per_group"]["mean"]),
            s["distinct_addresses"] if s["distinct_addresses_exact"] else "~%d" % s["distinct_addresses"],
            "yes" if ok else "NO", f(k["native_ms"]), f(k["recording_ms"]),
            f(k["recording_overhead"], 3), f(s.get("combine_ms")), f(s.get("combine_gain"), 3),
            s["advice"]))
dev = k["device"] if rows else "?"
with open(os.path.join(out, "mckee-sweep.md"), "w") as md:
    md.write("McKee contention sweep on %s: %d work-items in groups of %d, warp %s\n\n" % (
        dev, g, local, warp if rows else "?"))
    md.write("| C | P | sharers/warp | sharers/group | distinct | as built | native ms | recording ms | recording / native | combine ms | gain | advice |\n")
    md.write("|---|---|---|---|---|---|---|---|---|---|---|---|\n")
    md.write("\n".join(rows) + "\n")
print(open(os.path.join(out, "mckee-sweep.md")).read())
sys.exit(1 if bad else 0)
PY
exit $status
