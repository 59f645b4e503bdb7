#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Every way at its best, and what auto costs to find it: the kernel shapes
# of docs/BENCHMARKS.md's "Every way at its best" table, each in the kernel
# as written (direct), the combining mode, the coordinator mode and auto,
# --repeat launches each, in one run, with the kernel as written by the
# user (native) once per shape (--native-once: the one-address float loop
# takes seconds a launch). Prints sa-difftest's kernel-time lines and, per
# shape, auto's two figures: its median after the choice against the best
# way's, and the time of all its launches against REPEAT launches of the
# best way plus one as written.
# Usage: bench/auto/auto-table.sh SA_DIFFTEST KERNELS_DIR [REPEAT]
#   KERNELS_DIR holds wide_adds.sa.cl, float_adds_hot.sa.cl and
#   double_add_loops.sa.cl (the
#   execution tests' kernels rewritten with their RUN lines' options:
#   scripts/gpu-bundle.sh's .gpu/kernels).
set -uo pipefail
difftest=$1 kernels=$2 repeat=${3:-20}
here=$(cd "$(dirname "$0")/../.." && pwd)
shape() {
  local name=$1 test=$2
  shift 2
  local line
  line=$("$difftest" "$here/test/exec/$test.cl" "$kernels/$test.sa.cl" \
    --mode direct,combine,coordinator,auto --native-once --repeat "$repeat" "$@" 2>&1 |
    grep -E "kernel time|FAIL")
  echo "$name: $line"
  python3 - "$name" "$repeat" "$line" <<'PY'
import re, sys
name, repeat, line = sys.argv[1], int(sys.argv[2]), sys.argv[3]
ms = {m: float(v) for m, v in re.findall(r"(direct|combine|coordinator) ([0-9.]+) ms", line)}
auto = re.search(r"auto ([0-9.]+) ms", line)
total = re.search(r"auto's [0-9]+ launches ([0-9.]+) ms in all", line)
if not ms or not auto or not total:
    print(f"  {name}: no figures"); sys.exit()
best = min(ms, key=ms.get)
bound = repeat * ms[best] + ms["direct"]
print(f"  {name}: best {best} {ms[best]:.4f} ms; auto after its choice "
      f"{float(auto.group(1)) / ms[best]:.2f}x the best; all {repeat} launches "
      f"{float(total.group(1)) / bound:.2f}x ({repeat} of the best + one as written)")
PY
}
shape "64-bit add, 8 counters, unused" wide_adds --kernel add64 \
  --global 1048576 --local 256 --arg buf:ulong:8
shape "64-bit add, 8 counters, used" wide_adds --kernel add64_used \
  --global 1048576 --local 256 --arg buf:ulong:8 --arg buf:ulong:1048576 \
  --check 1:multiset
shape "float-add loop, 64 bins" float_adds_hot --kernel fadd_cas \
  --global 262144 --local 256 --arg buf:float:64 --arg scalar:uint:64
shape "float-add loop, one address" float_adds_hot --kernel fadd_cas \
  --global 262144 --local 256 --arg buf:float:1 --arg scalar:uint:1
shape "double-add loop, 64 bins" double_add_loops --kernel dadd_cas \
  --global 262144 --local 256 --arg buf:double:64 --arg scalar:uint:64
shape "double-add loop, one address" double_add_loops --kernel dadd_cas \
  --global 262144 --local 256 --arg buf:double:1 --arg scalar:uint:1
