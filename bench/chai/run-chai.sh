#!/bin/sh
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Runs Chai benchmarks' OpenCL versions that the user has already built,
# natively and under softatomic's interception layer, and tabulates
# pass/fail, kernels rewritten and time. It builds and fetches nothing:
# bench/chai/README.md says how to build them; docs/BENCHMARKS-HISTORY.md ("Chai
# under the interception layer") has the results and the commands that
# produced them.
#
#   run-chai.sh --chai DIR [--layer PATH] [--out DIR] [--mode MODE]
#               [--preset NAME] [--args BENCH=ARGS]... [--timeout S]
#               [--cache DIR] [--skip-native] [BENCH...]
#
# Pass/fail is the benchmark's own: exit status 0, "Test Passed" printed,
# and none of its verification or OpenCL error messages.  Time is Chai's own
# timer ("Kernel Time (ms): X", the mean over its -r repetitions).
set -u

here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)

chai=
layer=$repo/build/lib/libsoftatomic-layer.so
out=./chai-results
mode=coordinator
preset=default
timeout_s=600
skip_native=0
cache=
benches=
extra_args=

usage() {
  awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"
  cat <<'EOF'
Options:
  --chai DIR        required: a folder holding the built benchmarks, BFS/,
                    HSTI/..., each with its executable (bfs, hsti...) and
                    kernel.cl, as Chai's OpenCL-D/ folder is after make;
                    a checkout's OpenCL-D/ is used when DIR has one
  --layer PATH      the layer (default build/lib/libsoftatomic-layer.so)
  --out DIR         results, logs, the layer's cache (default ./chai-results)
  --mode MODE       coordinator (default), combine or profile: SOFTATOMIC_MODE
                    for the layer runs; names the outputs results-MODE.{csv,md};
                    profile also sets SOFTATOMIC_PROFILE=OUT/BENCH.profile.json,
                    the layer's report of each benchmark (docs/PROFILE.md)
  --preset NAME     default: Chai's defaults with -w 1 -r 3;
                    pocl: sizes and work-group sizes for a 2-core CPU device
  --args B=ARGS     arguments for benchmark B, after the preset's (repeatable;
                    e.g. --args "BFS=-p 1 -d 0")
  --timeout S       limit per run (default 600 s)
  --cache DIR       SOFTATOMIC_LAYER_CACHE for the layer runs (default
                    OUT/layer-cache); a filled one lets a machine without
                    Clang run the rewritten kernels
  --skip-native     layer runs only (the native columns stay empty)
  BENCH...          default: BFS HSTI SC SSSP TQ TRNS
EOF
}

die() { echo "run-chai.sh: $*" >&2; exit 2; }

while [ $# -gt 0 ]; do
  case $1 in
    --chai) chai=$2; shift 2 ;;
    --layer) layer=$2; shift 2 ;;
    --out) out=$2; shift 2 ;;
    --mode) mode=$2; shift 2 ;;
    --preset) preset=$2; shift 2 ;;
    --args) extra_args="$extra_args
$2"; shift 2 ;;
    --timeout) timeout_s=$2; shift 2 ;;
    --cache) cache=$2; shift 2 ;;
    --skip-native) skip_native=1; shift ;;
    -h|--help) usage; exit 0 ;;
    -*) die "unknown option '$1' (--help lists them)" ;;
    *) benches="$benches $1"; shift ;;
  esac
done
[ -n "$benches" ] || benches="BFS HSTI SC SSSP TQ TRNS"
case $mode in coordinator|combine|profile) ;; *) die "--mode must be coordinator, combine or profile" ;; esac
case $preset in default|pocl) ;; *) die "--preset must be default or pocl" ;; esac
[ -n "$chai" ] || die "--chai DIR is required: the folder of built benchmarks (bench/chai/README.md says how to build them)"
[ -d "$chai" ] || die "no folder $chai"
chai=$(cd "$chai" && pwd)
[ -d "$chai/OpenCL-D" ] && chai=$chai/OpenCL-D
[ -f "$layer" ] || die "no layer at $layer (build with -DSOFTATOMIC_BUILD_REWRITER=ON, or pass --layer)"
layer=$(cd "$(dirname "$layer")" && pwd)/$(basename "$layer")

mkdir -p "$out" || die "cannot create $out"
out=$(cd "$out" && pwd)
[ -n "$cache" ] || cache=$out/layer-cache
# Absolute: the runs start in each benchmark's folder.
mkdir -p "$cache" || die "cannot create $cache"
cache=$(cd "$cache" && pwd)

# preset_args BENCH: the preset's arguments.  pocl: a 2-core CPU device runs
# two work-groups at a time and a work-group's work-items one after another
# between barriers, which Chai's TQ and TRNS kernels do not allow for (work-item
# 0 rewrites __local task and cycle state that the others read before the
# next barrier; a warp in lockstep never sees it): they run with one work-item
# per group there.  SC spins on flags of other groups: two groups at most.
preset_args() {
  case $preset:$1 in
    default:*) echo "-w 1 -r 3" ;;
    pocl:BFS|pocl:SSSP) echo "-w 1 -r 1" ;;
    pocl:HSTI) echo "-t 2 -w 1 -r 3" ;;
    pocl:SC) echo "-g 2 -t 2 -n 65536 -w 1 -r 3" ;;
    pocl:TQ) echo "-i 1 -w 1 -r 3" ;;
    pocl:TRNS) echo "-i 1 -s 4 -g 4 -m 64 -n 1024 -w 1 -r 3" ;;
  esac
}

# bench_args BENCH: the preset's arguments, then --args for it.
bench_args() {
  printf '%s' "$(preset_args "$1")"
  printf '%s\n' "$extra_args" | sed -n "s/^$1=/ /p" | tr '\n' ' '
}

# passed OUTPUT RC: Chai's own verdict.
passed() {
  [ "$2" -eq 0 ] && grep -q '^Test Passed' "$1" &&
    ! grep -qE 'Test failed|does not match|^line: |OpenCL error|Allocation error|Error Reading' "$1"
}

# kernel_ms OUTPUT: Chai's "Kernel Time (ms): X".
kernel_ms() { sed -n 's/^Kernel Time (ms): \([0-9.e+-]*\).*/\1/p' "$1" | tail -n 1; }

# run_one BENCH EXE KIND: runs ./EXE in the benchmark's folder; KIND native
# or the mode; writes $out/BENCH.KIND.out (and .log under the layer).
run_one() {
  name=$3
  output=$out/$1.$name.out
  log=$out/$1.$name.log
  # shellcheck disable=SC2046 # the arguments are words on purpose
  if [ "$name" = native ]; then
    (cd "$chai/$1" && timeout "$timeout_s" "./$2" $(bench_args "$1")) > "$output" 2>&1
  else
    rm -f "$log" "$out/$1.profile.json"
    # (An empty SOFTATOMIC_PROFILE is no profile.)
    profile=
    [ "$mode" = profile ] && profile=$out/$1.profile.json
    (cd "$chai/$1" && env SOFTATOMIC_MODE="$mode" SOFTATOMIC_LAYER_LOG="$log" \
      SOFTATOMIC_PROFILE="$profile" \
      SOFTATOMIC_LAYER_CACHE="$cache" LD_PRELOAD="$layer" \
      timeout "$timeout_s" "./$2" $(bench_args "$1")) > "$output" 2>&1
  fi
  rc=$?
  [ "$name" = native ] || touch "$log"
  [ "$rc" -eq 124 ] && echo "run-chai.sh: timed out after ${timeout_s}s" >> "$output"
  return "$rc"
}

csv=$out/results-$mode.csv
md=$out/results-$mode.md
echo "benchmark,mode,kernels_rewritten,kernels_total,kernels_launched,native_pass,layer_pass,native_ms,layer_ms,ratio,note" > "$csv"
{
  echo "| benchmark | kernels rewritten / total | native pass | layer pass ($mode) | native ms | layer ms | layer / native | note |"
  echo "| --- | --- | --- | --- | --- | --- | --- | --- |"
} > "$md"

for b in $benches; do
  exe=$(echo "$b" | tr "[:upper:]" "[:lower:]")
  dir=$chai/$b
  note=
  echo "== $b ($(bench_args "$b"))"
  if [ ! -d "$dir" ]; then
    echo "$b,$mode,,,,,,,,,no folder $dir" >> "$csv"
    echo "| $b | | | | | | | no folder |" >> "$md"
    continue
  fi
  if [ ! -x "$dir/$exe" ]; then
    echo "run-chai.sh: $dir/$exe is missing: build $b first (bench/chai/README.md)" >&2
    echo "$b,$mode,,,,,,,,,not built" >> "$csv"
    echo "| $b | | | | | | | not built |" >> "$md"
    continue
  fi
  python3 "$here/make-inputs.py" --bench "$b" "$dir" || note="make-inputs.py failed"

  native_pass="" native_ms=""
  if [ "$skip_native" -eq 0 ]; then
    run_one "$b" "$exe" native; rc=$?
    [ "$rc" -eq 124 ] && note="${note:+$note; }native timed out"
    if passed "$out/$b.native.out" "$rc"; then native_pass=yes; else native_pass=no; fi
    native_ms=$(kernel_ms "$out/$b.native.out")
  fi
  run_one "$b" "$exe" "$mode"; rc=$?
  if passed "$out/$b.$mode.out" "$rc"; then layer_pass=yes; else layer_pass=no; fi
  [ "$rc" -eq 124 ] && note="${note:+$note; }layer timed out"
  layer_ms=$(kernel_ms "$out/$b.$mode.out")

  # The layer's log: one line per kernel and event.
  log=$out/$b.$mode.log
  rewritten=$(sed -n "s/.*kernel '\([^']*\)' rewritten (.*/\1/p" "$log" | sort -u | wc -l)
  total=$(sed -n "s/.*kernel '\([^']*\)' \(rewritten (\|left native\).*/\1/p" "$log" | sort -u | wc -l)
  launched=$(sed -n "s/.*kernel '\([^']*\)' launched through the software runtime.*/\1/p" "$log" | sort -u | wc -l)
  refused=$(sed -n 's/.*program [0-9]*: left native: \(.*\)/\1/p' "$log" | head -n 1)
  [ -n "$refused" ] && note="${note:+$note; }left native: $refused"
  grep -q 'launch failed' "$log" && note="${note:+$note; }$(grep -m 1 -o 'launch failed.*' "$log")"
  [ "$launched" -eq 0 ] && [ "$rewritten" -gt 0 ] && note="${note:+$note; }never launched"

  ratio=
  if [ -n "$native_ms" ] && [ -n "$layer_ms" ]; then
    ratio=$(awk -v a="$layer_ms" -v b="$native_ms" 'BEGIN { if (b > 0) printf "%.1f", a / b }')
  fi
  note_csv=$(printf '%s' "$note" | tr ',' ';')
  echo "$b,$mode,$rewritten,$total,$launched,$native_pass,$layer_pass,$native_ms,$layer_ms,$ratio,$note_csv" >> "$csv"
  echo "| $b | $rewritten / $total | $native_pass | $layer_pass | $native_ms | $layer_ms | $ratio | $note |" >> "$md"
  echo "   native: ${native_pass:-skipped} ${native_ms:+$native_ms ms}; layer ($mode): $layer_pass ${layer_ms:+$layer_ms ms}; $rewritten/$total kernels rewritten${note:+; $note}"
done

echo "results: $csv and $md"
