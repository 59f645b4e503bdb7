#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# The rewriter's speed and memory against Clang's parse alone (issue: the
# rewriter, "Robustness and speed"): generates a kernel file of LINES lines
# with SITES global atomic call sites (bench/gen_big_kernel.py), then times
# `clang -fsyntax-only` with the flags the rewriter parses with, and
# `softatomic-rewrite` on the same file, RUNS times each, and prints the
# medians of wall time, CPU time (user + system) and peak memory
# (bench/measure.py) and their ratios. CPU time is the steadier figure on a
# loaded machine, where wall time also counts waiting for a core.
#
# Usage: bench/rewriter-speed.sh [build-dir] [LINES] [SITES] [RUNS]
#        (defaults: build 20000 2000 5)
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
build=$(cd "${1:-$here/build}" && pwd)
lines=${2:-20000} sites=${3:-2000} runs=${4:-5}
clang=${CLANG:-$(command -v clang-16 || echo /usr/lib/llvm-16/bin/clang)}
rewriter="$build/bin/softatomic-rewrite"
[ -x "$rewriter" ] || { echo "rewriter-speed: build $rewriter first" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 "$here/bench/gen_big_kernel.py" "$work/big.cl" --lines "$lines" --sites "$sites"

measure() { bench/measure.py "$runs" "$@"; } # "wall_s cpu_s max_kb", medians
cd "$here"
read -r parse_s parse_cpu parse_kb < <(measure "$clang" -x cl -target spir64 -Xclang \
  -finclude-default-header -cl-std=CL1.2 -fsyntax-only "$work/big.cl")
read -r rewrite_s rewrite_cpu rewrite_kb < <(measure "$rewriter" "$work/big.cl" -o "$work/big.sa.cl")
printf 'input: %s lines, %s atomic sites (%s)\n' "$(wc -l <"$work/big.cl")" \
  "$sites" "$(uname -m), $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
printf '%-34s %8s s wall %8s s CPU %10s KB\n' "clang -fsyntax-only (median of $runs)" \
  "$parse_s" "$parse_cpu" "$parse_kb"
printf '%-34s %8s s wall %8s s CPU %10s KB\n' "softatomic-rewrite (median of $runs)" \
  "$rewrite_s" "$rewrite_cpu" "$rewrite_kb"
awk -v a="$rewrite_s" -v b="$parse_s" -v e="$rewrite_cpu" -v f="$parse_cpu" \
  -v c="$rewrite_kb" -v d="$parse_kb" 'BEGIN {
  printf "rewrite / parse: wall %.2fx, CPU %.2fx (target <= 1.3x); memory %.2fx (target < 2x)\n",
    a / b, e / f, c / d }'
