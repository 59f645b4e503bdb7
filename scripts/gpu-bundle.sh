#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Prepares .gpu/ for a machine that has an OpenCL driver (an NVIDIA GPU) but
# no Clang: the execution tests' kernels rewritten here, their sa-difftest
# command lines, the profile's known-answer tests and the ordering kernels
# (locks, flags, publish-then-read) in the profile mode, with their
# --profile rewrites (profile-cases.txt), the Figure 3 kernel, the interception layer's cache for
# the layer's sample application (the layer built there has no rewriter;
# layer/README.md, "A layer without Clang"), and the header-only JSON
# library the host runtime builds against. scripts/gpu-run.sh consumes it
# there.
# Usage: scripts/gpu-bundle.sh [build-dir]
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$here/build}
cd "$here"
cmake --build "$build" --target softatomic-rewrite softatomic-layer layer-sample >/dev/null
rm -rf .gpu
mkdir -p .gpu/kernels .gpu/deps/include .gpu/deps/share/cmake
: > .gpu/exec-cases.txt
for test in test/exec/*.cl; do
  name=$(basename "$test" .cl)
  # PoCL-only tests stay here; NVIDIA's OpenCL 3.0 has the generic address
  # space (cl20_generic.cl passes there).
  grep -q 'REQUIRES: pocl' "$test" && continue
  # The rewriter's options as the test's own RUN line gives them.
  # (%S, the test's directory, as in lit: include_header.cl's -I.)
  opts=()
  # (Without what follows a pipe: keep_native.cl's checks its warnings.)
  read -r -a opts < <(sed -n -e 's| *2>&1||' -e 's| *[|].*$||' \
    -e 's|^// RUN: softatomic-rewrite \(.*\)%s \(.*\)-o %t\.sa\.cl\(.*\)$|\1\2\3|p' "$test" |
    head -1 | sed -e "s|%S|test/exec|g") || true
  "$build/bin/softatomic-rewrite" "$test" -o ".gpu/kernels/$name.sa.cl" "${opts[@]}"
  # The kernels whose plain accesses atomics order, in the profile mode:
  # the what-if launches make a site's call the native atomic of the
  # kernel as written beside converted ones.
  case $name in lock_cl30 | publish_chain | publish_chain_cl30 | ticket_cas | cas_retry | deferred_release)
    "$build/bin/softatomic-rewrite" --profile "$test" -o ".gpu/kernels/$name.pf.cl" "${opts[@]}" ;;
  esac
  # A case that must fail (`not sa-difftest`) checks the host's message
  # with FileCheck, which that machine lacks: it stays here.
  grep -E '^// RUN: .*sa-difftest ' "$test" | grep -v -E '(^// RUN: | )not ' | sed -e 's|^// RUN: ||' \
    -e "s|%t\.sa\.cl|.gpu/kernels/$name.sa.cl|g" -e "s|%s|$test|g" -e "s|%S|test/exec|g" \
    -e 's/ *|.*$//' -e 's|sa-difftest |build-gpu/bin/sa-difftest |' |
    grep -v '%t' >>.gpu/exec-cases.txt || true # a second rewrite: not bundled
done
python3 test/profile/gpu-cases.py "$build" .gpu/kernels >.gpu/profile-cases.txt
for pf in .gpu/kernels/*.pf.cl; do
  name=$(basename "$pf" .pf.cl)
  case $name in profile-*) continue ;; esac
  # Every case of the kernel but those that expect an error or run the
  # warp program; the last --mode is the one sa-difftest takes.
  grep -F ".gpu/kernels/$name.sa.cl" .gpu/exec-cases.txt |
    grep -v -e '--expect-error' -e '--warp-program' |
    sed -e "s|kernels/$name.sa.cl|kernels/$name.pf.cl|" -e 's|$| --mode profile|' \
      >>.gpu/profile-cases.txt
done
"$build/bin/softatomic-rewrite" examples/figure3/figure3.cl -o .gpu/kernels/figure3.sa.cl
# The privatized form's benchmark (bench/privatize/histogram.sh .gpu/kernels).
"$build/bin/softatomic-rewrite" bench/privatize/histogram.cl -o .gpu/kernels/privatize_histogram.sa.cl
# The reproducible float adds' benchmark (bench/reproducible/scatter-add.sh):
# its kernel in the default rewrite (native float adds, as written) and in
# the reproducible one.
"$build/bin/softatomic-rewrite" bench/reproducible/scatter.cl -o .gpu/kernels/scatter.default.sa.cl
"$build/bin/softatomic-rewrite" --float-atomics=reproducible bench/reproducible/scatter.cl \
  -o .gpu/kernels/scatter.repro.sa.cl
# The sample under the layer, in each mode gpu-run.sh runs, from the
# repository's root with a relative -I, as gpu-run.sh runs it: the cache's
# key and header paths then hold there. PoCL runs it here; the entries do
# not depend on it. The cache's key holds the profile of the device the
# parse is for (what the layer queries there): the NVIDIA machine's, from
# scripts/nvidia-device-profile.json (softatomic-device-profile NVIDIA on
# the H100; a device that reports otherwise misses the cache, and
# gpu-run.sh says so).
profile=$(scripts/device-profile-options.sh scripts/nvidia-device-profile.json)
for mode in coordinator combine auto profile; do
  # (profile: the layer's profile of the sample, SOFTATOMIC_PROFILE.)
  report=
  [ "$mode" = profile ] && report=$(mktemp)
  SOFTATOMIC_LAYER_OPTIONS="$profile" SOFTATOMIC_PROFILE="$report" \
  SOFTATOMIC_MODE=$mode SOFTATOMIC_LAYER_CACHE=.gpu/layer-cache \
    LD_PRELOAD="$build/lib/libsoftatomic-layer.so" \
    "$build/bin/layer-sample" --include test/layer/Inputs >/dev/null 2>&1
  [ -z "$report" ] || rm -f "$report"
done
cp -r /usr/include/nlohmann .gpu/deps/include/
cp -r /usr/share/cmake/nlohmann_json .gpu/deps/share/cmake/
echo "gpu-bundle: $(wc -l <.gpu/exec-cases.txt) execution cases and" \
  "$(grep -c sa-difftest .gpu/profile-cases.txt) profile cases in .gpu/ (carry it)"
