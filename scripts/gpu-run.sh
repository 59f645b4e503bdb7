#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Runs on the GPU machine (NVIDIA driver, CUDA's OpenCL headers, no Clang):
# builds the host runtime and runners against NVIDIA's OpenCL, then runs
# every execution case of .gpu/exec-cases.txt (made by scripts/gpu-bundle.sh)
# and the Figure 3 example, then the interception layer's sample application
# natively and under the layer (built here without a rewriter, answering
# from the cache in .gpu/layer-cache) in the coordinator, combining and
# automatic modes, 100 rounds in one process each. With GPU_LAYER_ONLY=1, only the layer's sample.
# GPU_LAYER_LIMIT: seconds each of the sample's runs may take (180). Logs go to $OUT (or ./gpu-out). With
# GPU_REPEAT=N, the cases matching GPU_REPEAT_CASES (a grep pattern, default
# every case) then run N more times each: races show up in repeats.
set -uo pipefail
out=${OUT:-$PWD/gpu-out}
mkdir -p "$out"
. "$(dirname "$0")/nvidia-opencl.sh"
export SA_PLATFORM=${SA_PLATFORM:-NVIDIA}
loader=$OPENCL_LOADER
cuda_inc=${CUDA_INCLUDE:-/usr/local/cuda/include}
{
  nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
  cmake -S . -B build-gpu -DCMAKE_BUILD_TYPE=Release -DSOFTATOMIC_BUILD_REWRITER=OFF \
    -DOpenCL_INCLUDE_DIR="$cuda_inc" -DOpenCL_LIBRARY="$loader" \
    -DCMAKE_PREFIX_PATH="$PWD/.gpu/deps" \
    -DFIGURE3_REWRITTEN="$PWD/.gpu/kernels/figure3.sa.cl" >/dev/null &&
    cmake --build build-gpu -j "$(nproc)" --target sa-difftest figure3 softatomic-layer layer-sample >/dev/null
} >"$out/build.log" 2>&1 || { cat "$out/build.log"; exit 1; }
head -1 "$out/build.log"

pass=0 fail=0
if [ "${GPU_LAYER_ONLY:-0}" != 1 ]; then
  while IFS= read -r cmd; do
    [ -z "$cmd" ] && continue
    if timeout 120 bash -c "$cmd" >>"$out/exec.log" 2>&1; then
      pass=$((pass + 1))
    else
      fail=$((fail + 1))
      echo "FAILED: $cmd" | tee -a "$out/exec.log"
    fi
  done <.gpu/exec-cases.txt
  grep -E "kernel time|^sa-difftest" "$out/exec.log" | paste - - | sed -e 's/sa-difftest: //' \
    -e 's/  kernel time (median of 1)://' >"$out/exec-summary.txt"
  cat "$out/exec-summary.txt"
  build-gpu/bin/figure3 --platform "$SA_PLATFORM" | tee "$out/figure3.txt"
  # The profile (docs/PROFILE.md): its known-answer tests, with this
  # device's warp size, and the ordering kernels in the profile mode. A
  # line that fails fails its case; the lines of a test run in order.
  while IFS= read -r cmd; do
    [ -z "$cmd" ] && continue
    if timeout 120 bash -c "$cmd" >>"$out/profile.log" 2>&1; then
      case $cmd in *sa-difftest* | *check-report*) pass=$((pass + 1)) ;; esac
    else
      fail=$((fail + 1))
      echo "FAILED: $cmd" | tee -a "$out/profile.log"
    fi
  done <.gpu/profile-cases.txt
  grep -c "checks passed" "$out/profile.log" | sed 's/$/ profile checks passed/'
  cp /tmp/sa-profile/*.json "$out/" 2>/dev/null || true
fi
# The sample application natively 100 times in one process (the driver's
# own behaviour, for comparison), then under the layer once and 100 times
# per mode: it must verify every round, free every context it created and
# stay flat in memory, and the log must show the software path, from the
# cache (which serves every round: its entries do not depend on the
# program's number). Each run is bounded, and one that hangs prints every
# thread's stack into its log first (scripts/thread-stacks.c).
cc -shared -fPIC -O1 -o build-gpu/thread-stacks.so scripts/thread-stacks.c -lpthread
stacks=$PWD/build-gpu/thread-stacks.so
limit=${GPU_LAYER_LIMIT:-180} # seconds a run may take; the stacks 10 s before
# Memory bounds over rounds 10 to 100: NVIDIA's driver grows with every
# program it builds (building the sample's program and its rewritten one
# 100 times natively: about 0.9 MiB resident, 80 KiB of malloc's bytes;
# under the layer, 1.5-4.9 MiB and 160-1045 KiB: two runs of one binary
# in one mode gave 178 and 1045 KiB, a step in some runs, not a growth
# per round; docs/BENCHMARKS-HISTORY.md), far
# below what one leaked context or shadow program per round would be.
layer_sample=(build-gpu/bin/layer-sample --include test/layer/Inputs
  --max-growth-kb 8192 --max-heap-growth-kb 2048)
if timeout $limit env SA_STACKS_AFTER=$((limit - 10)) LD_PRELOAD="$stacks" \
  "${layer_sample[@]}" --repeat 100 \
  >"$out/layer-native-100.log" 2>&1; then
  pass=$((pass + 1)) && echo "layer sample (native, 100 rounds): ok"
else
  fail=$((fail + 1)) && echo "FAILED: layer sample (native, 100 rounds)" && tail -5 "$out/layer-native-100.log"
fi
# auto, the default, on a queue the sample makes without profiling: the
# layer must turn it on (and the sample checks that it still reads the
# properties it asked for).
for mode in coordinator combine auto; do
  extra=() turned_on=.
  [ "$mode" = auto ] && extra=(--no-profiling) turned_on="profiling turned on"
  for rounds in 1 100; do
    log=$out/layer-$mode-$rounds.log
    if SOFTATOMIC_MODE=$mode SOFTATOMIC_LAYER_CACHE=.gpu/layer-cache SOFTATOMIC_LAYER_LOG="$log" \
      timeout $limit env SA_STACKS_AFTER=$((limit - 10)) LD_PRELOAD="$stacks $PWD/build-gpu/lib/libsoftatomic-layer.so" \
      "${layer_sample[@]}" ${extra[@]+"${extra[@]}"} --repeat $rounds >>"$log" 2>&1 &&
      grep -q "rewrite from cache" "$log" &&
      grep -q "$turned_on" "$log" &&
      grep -q "launched through the software runtime" "$log"; then
      pass=$((pass + 1)) && echo "layer sample ($mode, $rounds rounds): ok" && grep "resident memory" "$log"
    else
      fail=$((fail + 1)) && echo "FAILED: layer sample ($mode, $rounds rounds)" && tail -5 "$log"
    fi
  done
done
# The layer's profile of the sample (SOFTATOMIC_PROFILE), from the cache:
# a report with the histogram's two sites and a table on stderr.
log=$out/layer-profile.log
if SOFTATOMIC_PROFILE="$out/layer-sample.profile.json" SOFTATOMIC_LAYER_CACHE=.gpu/layer-cache \
  SOFTATOMIC_LAYER_LOG="$log" timeout $limit env LD_PRELOAD="$PWD/build-gpu/lib/libsoftatomic-layer.so" \
  "${layer_sample[@]}" --repeat 20 >"$out/layer-profile.out" 2>&1 &&
  grep -q "rewrite from cache" "$log" &&
  grep -q "atom_add uint" "$out/layer-profile.out" &&
  python3 -c "import json, sys; r = json.load(open(sys.argv[1])); assert r['kernels'][0]['sites']" \
    "$out/layer-sample.profile.json"; then
  pass=$((pass + 1)) && echo "layer sample (profile): ok" && grep -A3 "^kernel" "$out/layer-profile.out" | head -8
else
  fail=$((fail + 1)) && echo "FAILED: layer sample (profile)" && tail -5 "$out/layer-profile.out"
fi
repeat=${GPU_REPEAT:-0}
if [ "$repeat" -gt 0 ]; then
  grep -e "${GPU_REPEAT_CASES:-.}" .gpu/exec-cases.txt >"$out/repeat-cases.txt"
  runs=0 failed=0
  for i in $(seq "$repeat"); do
    while IFS= read -r cmd; do
      runs=$((runs + 1))
      if ! timeout 120 bash -c "$cmd" >"$out/repeat-last.log" 2>&1; then
        failed=$((failed + 1))
        { echo "REPEAT $i FAILED: $cmd"; grep -v ' ok$' "$out/repeat-last.log"; } >>"$out/repeat.log"
      fi
    done <"$out/repeat-cases.txt"
  done
  echo "repeats: $runs runs of $(wc -l <"$out/repeat-cases.txt") cases, $failed failed"
  fail=$((fail + failed))
fi
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
