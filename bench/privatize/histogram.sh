#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# The privatized form against the kernel as written (native), the combining
# mode, auto, and the histogram privatized by hand (byhand.cl), on the rows
# of its targets: the textbook histogram at 16 MiB (64 groups of 256) and
# 256 MiB (1,056 groups of 256), uniform and with 4 distinct values; a
# 65,536-bin histogram whose low bins are hot; a scatter to a unique
# address per sample (where privatization cannot pay). Each row is
# sa-difftest's run (every mode's result checked against native) with
# --repeat launches per mode (30 by default: auto learns for up to 3
# launches of each way before its choice, and its time is after it); the
# by-hand row's "native" is byhand.cl.
# Prints sa-difftest's kernel-time lines, then one summary line per row:
# auto / by hand (target: at most 1.25 on the histogram rows), auto /
# native (at most 1.05 where privatization does not pay).
# Usage: bench/privatize/histogram.sh SA_DIFFTEST KERNELS_DIR [REPEAT [ROWS]]
#   ROWS: an extended regular expression; only the rows whose name matches
#   run (e.g. '4 distinct|65,536|scatter').
#   WITH_ORIGINAL=1 (environment): every software launch is given the
#   kernel as written too (sa-difftest --with-original), as the layer and
#   softatomic-run give it, so that auto may run the application's own
#   kernel; otherwise auto's "as written" is the rewritten kernel's path.
#   On the GPU machine, after scripts/gpu-run.sh built build-gpu/bin/sa-difftest:
#     . scripts/nvidia-opencl.sh   # registers NVIDIA's ICD where none does
#     SA_PLATFORM=NVIDIA bench/privatize/histogram.sh build-gpu/bin/sa-difftest .gpu/kernels
#   KERNELS_DIR holds privatize_histogram.sa.cl: bench/privatize/histogram.cl
#   rewritten (scripts/gpu-bundle.sh's .gpu/kernels, or
#   `softatomic-rewrite bench/privatize/histogram.cl -o DIR/privatize_histogram.sa.cl`).
set -uo pipefail
difftest=$1 kernels=$2 repeat=${3:-30} rows=${4:-}
here=$(cd "$(dirname "$0")" && pwd)
rewritten=$kernels/privatize_histogram.sa.cl
[ -f "$rewritten" ] || { echo "histogram.sh: no $rewritten" >&2; exit 2; }
times() { # ORIGINAL KERNEL MODES ARGS...: sa-difftest's kernel-time line
  local original=$1 kernel=$2 modes=$3
  shift 3
  "$difftest" "$original" "$rewritten" --kernel "$kernel" --mode "$modes" \
    --repeat "$repeat" ${WITH_ORIGINAL:+--with-original} "$@" 2>&1 |
    grep -E "kernel time|FAIL"
}
row() { # NAME KERNEL BYHAND(yes|no) ARGS...
  local name=$1 kernel=$2 byhand=$3
  [ -z "$rows" ] || grep -qE "$rows" <<<"$name" || return 0
  shift 3
  local line hand=""
  line=$(times "$here/histogram.cl" "$kernel" combine,private,auto "$@")
  echo "$name: $line"
  if [ "$byhand" = yes ]; then
    hand=$(times "$here/byhand.cl" "$kernel" private "$@")
    echo "$name, by hand: $hand"
  fi
  python3 - "$name" "$line" "$hand" <<'PY'
import re, sys
name, line, hand = sys.argv[1:4]
def ms(text, mode):
    m = re.search(mode + r" ([0-9.]+) ms", text)
    return float(m.group(1)) if m else None
native, comb, priv, auto = (ms(line, m) for m in ("native", "combine", "private", "auto"))
byhand = ms(hand, "native") if hand else None
if None in (native, comb, priv):
    print(f"  {name}: no figures"); sys.exit()
show = lambda v: f"{v:.3f}" if v else "n/a (still learning: raise REPEAT)"
out = f"  {name}: native {native:.3f}, combine {comb:.3f}, private {priv:.3f}, auto {show(auto)} ms"
if byhand:
    out += f", by hand {byhand:.3f} ms; private/by hand {priv / byhand:.2f}x"
    if auto:
        out += f", auto/by hand {auto / byhand:.2f}x"
if auto:
    out += f"; auto/native {auto / native:.2f}x"
print(out)
PY
}
mib16=4194304 mib256=67108864
row "16 MiB uniform, 64 groups of 256" histo yes --global 16384 --local 256 \
  --arg buf:uint:$mib16:random=1 --arg scalar:uint:$mib16 --arg buf:uint:256
row "256 MiB uniform, 1056 groups of 256" histo yes --global 270336 --local 256 \
  --arg buf:uint:$mib256:random=2 --arg scalar:uint:$mib256 --arg buf:uint:256
row "256 MiB, 4 distinct values" histo yes --global 270336 --local 256 \
  --arg buf:uint:$mib256:random=3,4 --arg scalar:uint:$mib256 --arg buf:uint:256
row "65,536 bins, skewed, 64 MiB" histo64k no --global 270336 --local 256 \
  --arg buf:uint:16777216:random=4 --arg scalar:uint:16777216 --arg buf:uint:65536
row "unique-address scatter, 64 MiB" scatter no --global 270336 --local 256 \
  --arg buf:uint:16777216:iota --arg scalar:uint:16777216 --arg buf:uint:16777216
