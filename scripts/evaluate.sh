#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# The paper's evaluation in one command: every example of bench/microbench
# (Figures 8-13 of Elteir, Lin and Feng, the Kirk-Hwu histogram with its
# by-hand privatized version as a reference row (variants */by-hand), the McKee
# contention sweep, a copy), native and rewritten, across its sweep on one
# OpenCL device, every run verified. Writes into the output directory:
#   evaluation.csv   one row per configuration (native_ms, software_ms, ratio,
#                    verified, ...; then the timed runs' min and max, the
#                    atomics per launch, the load average and the cores)
#   kernel-info.csv  per kernel and form: local/private memory, work-group sizes
#   evaluation.log   the build and the program's table
#   *.png, *.svg     one plot per figure (scripts/plot-evaluation.py), 200 dpi
#                    and vector, and contention-heatmap, -ulong and -float
#                    (McKee's contention x padding on uint, ulong and float),
#                    where python3-matplotlib is installed
# A line per configuration goes to stderr as it finishes, a line per target
# while it builds; a load average above the cores is warned about at the
# start and noted in the summary (the times are then not the machine's).
#
# Usage:
#   scripts/evaluate.sh [--platform NAME|INDEX] [--device NAME|INDEX] [--quick]
#                       [--only LIST] [--out DIR] [build-dir] [-- PROGRAM-ARGS...]
#       Installs what is missing, builds (default build dir: build) and runs.
#       Sizes: the paper's on a GPU, smaller ones on a CPU device (PoCL);
#       --quick: one small size of each benchmark, one run of each form.
#       --only: benchmarks, comma-separated (fig8,fig9,copy,scalar,histogram,
#       matmul,kmeans,strmatch,contention; default all). --out: default
#       evaluation-results. PROGRAM-ARGS go to build/bin/microbench
#       last (e.g. -- --matrix 8,64 --repeat 9; see its --help).
#   scripts/evaluate.sh --bundle DIR [build-dir]
#       Here, for a machine without Clang: every evaluation kernel, as written
#       and rewritten, into DIR/kernels (scripts/bench.sh --bundle).
#   scripts/evaluate.sh --from-bundle DIR [options and arguments as above]
#       There (NVIDIA driver, no Clang): builds the host side against DIR and
#       runs on NVIDIA's platform unless --platform says otherwise
#       (scripts/bench.sh --from-bundle). Plot the CSV here afterwards:
#       scripts/plot-evaluation.py OUT/evaluation.csv OUT
#   scripts/evaluate.sh --program PATH [options and arguments as above]
#       Runs an already built microbench; builds nothing (the test suite).
# Exit status: 0 when every run verified (and the plots, if made, were made),
# 1 otherwise, 2 on bad usage.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
bundle= from= program= build= out= only=all preset=auto
args=()
extra=()
usage() {
  sed -n '2,/^set -euo/p' "$0" | sed -e '$d' -e 's/^# \{0,1\}//' >&"$(($1 ? 2 : 1))"
  exit "$1"
}
need() { [ "$1" -ge 2 ] || { echo "evaluate.sh: $2 needs a value" >&2; exit 2; }; }
while [ $# -gt 0 ]; do
  case $1 in
  --platform | --device) need $# "$1"; args+=("$1" "$2"); shift 2 ;;
  --quick) preset=quick; shift ;;
  --only) need $# "$1"; only=$2; shift 2 ;;
  --out) need $# "$1"; out=$2; shift 2 ;;
  --bundle) need $# "$1"; bundle=$2; shift 2 ;;
  --from-bundle) need $# "$1"; from=$2; shift 2 ;;
  --program) need $# "$1"; program=$2; shift 2 ;;
  -h | --help) usage 0 ;;
  --) shift; extra=("$@"); break ;;
  -*) echo "evaluate.sh: unknown option $1" >&2; usage 2 ;;
  *) [ -z "$build" ] || { echo "evaluate.sh: one build directory only" >&2; exit 2; }
     build=$1; shift ;;
  esac
done
case ,$only, in
*[!a-z0-9,]* | *,,*) echo "evaluate.sh: bad --only list '$only'" >&2; exit 2 ;;
esac
if [ -n "$bundle" ]; then
  exec "$here/scripts/bench.sh" --bundle "$bundle" ${build:+"$build"}
fi

out=${out:-$here/evaluation-results}
mkdir -p "$out"
out=$(cd "$out" && pwd)
# This run's own folder; what it made moves to $out at the end.
work=$(mktemp -d "$out/.evaluate.XXXXXX")
publish() {
  local made previous
  made=$(cd "$work" && ls -A)
  if [ -f "$out/.evaluate-made" ]; then
    while IFS= read -r previous; do
      case $previous in */* | .* | "") continue ;; esac # only plain names it wrote
      rm -f "$out/$previous"
    done <"$out/.evaluate-made"
  fi
  [ -z "$made" ] || (cd "$work" && mv -f -- * "$out"/)
  printf '%s\n' $made >"$out/.evaluate-made"
  rmdir "$work"
}
trap publish EXIT
trap 'exit 130' INT TERM HUP # publish, then end
csv=$work/evaluation.csv log=$work/evaluation.log
args+=(--bench "$only" --preset "$preset" --kernel-info "$work/kernel-info.csv")
echo "evaluate.sh: running $only (sizes: $preset); table in $out/evaluation.log" >&2
status=0
if [ -n "$program" ]; then
  "$program" --csv "$csv" "${args[@]}" ${extra[@]+"${extra[@]}"} >"$log" || status=$?
else
  "$here/scripts/bench.sh" ${from:+--from-bundle "$from"} --csv "$csv" ${build:+"$build"} \
    -- "${args[@]}" ${extra[@]+"${extra[@]}"} >"$log" || status=$?
fi
if [ "$status" -eq 2 ]; then # the program's usage error, already on stderr
  exit 2
fi
# What the device tells of each kernel, and the verdict; the files it names
# by where they will be once this run ends (not this run's own folder).
verdict=$(sed -n '/^What the device tells/,$p' "$log")
[ -z "$verdict" ] || printf '%s\n' "${verdict//"$work"/"$out"}" >&2
[ -s "$csv" ] || { tail -20 "$log" >&2; echo "evaluate.sh: no results (see $out/evaluation.log)" >&2; exit 1; }

# The plots need matplotlib (Debian: python3-matplotlib), which pyenv's or a
# GPU machine's python3 may lack: Debian's own python3 is tried too.
plotter=
for py in python3 /usr/bin/python3; do
  if command -v "$py" >/dev/null && "$py" -c 'import matplotlib' 2>/dev/null; then
    plotter=$py
    break
  fi
done
if [ -n "$plotter" ]; then
  "$plotter" "$here/scripts/plot-evaluation.py" "$csv" "$work" "$out" >&2 || status=1
else
  echo "evaluate.sh: no plots: neither python3 nor /usr/bin/python3 has matplotlib" \
    "(Debian's python3-matplotlib, which scripts/setup.sh installs); plot elsewhere with" \
    "scripts/plot-evaluation.py evaluation.csv DIR" >&2
fi
echo "evaluate.sh: results in $out" >&2
exit "$status"
