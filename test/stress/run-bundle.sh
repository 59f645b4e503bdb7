#!/usr/bin/env bash
# The stress test's long mode, on a machine with an OpenCL driver (an NVIDIA
# GPU) and no Clang: builds sa-difftest there, then runs every line of the
# bundle's commands.txt (one kernel source and its cases a line; made here by
# test/stress/bundle.sh) and lists each failing case with the command that
# reruns it alone. Run from the repository root:
#
#   test/stress/run-bundle.sh [BUNDLE]        (default .gpu-stress)
#
# Environment: SA_PLATFORM (default NVIDIA) and SA_DEVICE pick the device;
# SA_DIFFTEST an sa-difftest already built (then nothing is built);
# STRESS_TIMEOUT seconds per line (default 1800); STRESS_BUDGET seconds
# after which no further line starts (default: none); STRESS_LINES a range
# of lines of commands.txt to run, as `sed -n` takes it (e.g. 1,10p);
# OUT the folder for the logs (default ./stress-out).
set -uo pipefail
bundle=${1:-.gpu-stress}
out=${OUT:-$PWD/stress-out}
mkdir -p "$out"
[ -f "$bundle/commands.txt" ] || { echo "run-bundle: no $bundle/commands.txt" >&2; exit 2; }
export SA_PLATFORM=${SA_PLATFORM:-NVIDIA}

difftest=${SA_DIFFTEST:-}
if [ -z "$difftest" ]; then
  . "$(dirname "$0")/../../scripts/nvidia-opencl.sh"
  loader=$OPENCL_LOADER
  cuda_inc=${CUDA_INCLUDE:-/usr/local/cuda/include}
  {
    nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2>/dev/null
    cmake -S . -B build-gpu-stress -DCMAKE_BUILD_TYPE=Release -DSOFTATOMIC_BUILD_REWRITER=OFF \
      -DOpenCL_INCLUDE_DIR="$cuda_inc" -DOpenCL_LIBRARY="$loader" \
      -DCMAKE_PREFIX_PATH="$PWD/$bundle/deps" >/dev/null &&
      cmake --build build-gpu-stress -j "$(nproc)" --target sa-difftest >/dev/null
  } >"$out/build.log" 2>&1 || { cat "$out/build.log"; exit 1; }
  head -1 "$out/build.log"
  difftest=build-gpu-stress/bin/sa-difftest
fi

start=$SECONDS
total=0 failed=0 lines=0 broken=0
: >"$out/failures.txt"
while IFS= read -r cmd; do
  [ -z "$cmd" ] && continue
  if [ -n "${STRESS_BUDGET:-}" ] && [ $((SECONDS - start)) -ge "$STRESS_BUDGET" ]; then
    echo "run-bundle: STRESS_BUDGET of ${STRESS_BUDGET} s spent; the remaining lines do not run"
    break
  fi
  cmd=${cmd//build-gpu-stress\/bin\/sa-difftest/$difftest}
  cases=$(sed -e 's/.*--cases \([^ ]*\).*/\1/' <<<"$cmd")
  name=$(basename "$cases" .cases)
  log="$out/$name.log"
  lines=$((lines + 1))
  t0=$SECONDS
  timeout "${STRESS_TIMEOUT:-1800}" bash -c "$cmd" >"$log" 2>&1
  rc=$?
  n=$(grep -c '^case ' "$log")
  bad=$(grep -c '^case [0-9]*: FAIL' "$log")
  expected=$(grep -vc '^#' "$cases")
  total=$((total + expected))
  failed=$((failed + bad))
  note=""
  if [ "$rc" -ne 0 ] && [ "$rc" -ne 1 ] || [ "$n" -ne "$expected" ]; then
    note=" (sa-difftest exit status $rc after $n of $expected cases: see $log)"
    broken=$((broken + 1))
    echo "BROKEN: $cmd$note" >>"$out/failures.txt"
  fi
  echo "$name: $expected cases, $bad failed, $((SECONDS - t0)) s$note"
  # Each failing case alone: the same command with its line instead of --cases.
  grep '^case [0-9]*: FAIL' "$log" | while read -r _ num _; do
    num=${num%:}
    single=$(sed -e "s| --cases [^ ]*| $(sed -n "${num}p" "$cases")|" <<<"$cmd")
    { echo "FAILED: $name line $num"; sed -n "/^case $num: FAIL/,/^FAIL\$/p" "$log" | head -20;
      echo "  rerun: $single"; } | tee -a "$out/failures.txt"
  done
done < <(if [ -n "${STRESS_LINES:-}" ]; then sed -n "$STRESS_LINES" "$bundle/commands.txt"; else cat "$bundle/commands.txt"; fi)
echo "run-bundle: $lines sources, $total cases, $failed failed, $broken sources broken off, $((SECONDS - start)) s (logs in $out)"
[ "$failed" -eq 0 ] && [ "$broken" -eq 0 ]
