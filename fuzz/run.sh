#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Builds softatomic-rewrite-fuzzer, seeds its corpus from the lit inputs and
# runs it. Usage: fuzz/run.sh [seconds] [build-dir]   (default 1800 s,
# build-fuzz/). The corpus grows in <build-dir>/fuzz-corpus, crashes, hangs
# and sanitizer reports land in <build-dir>/fuzz-crashes, the log in
# <build-dir>/fuzz.log. Extra libFuzzer flags: FUZZ_FLAGS="...".
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
seconds=${1:-1800}
build=${2:-$here/build-fuzz}

cmake -S "$here" -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCMAKE_C_COMPILER=clang-16 -DCMAKE_CXX_COMPILER=clang++-16 \
  -DSOFTATOMIC_BUILD_REWRITER=ON -DSOFTATOMIC_BUILD_TESTS=OFF \
  -DSOFTATOMIC_BUILD_FUZZER=ON >/dev/null
cmake --build "$build" -j "$(nproc)" --target softatomic-rewrite-fuzzer

# Each seed is one selector byte (the target's first byte: standard and
# options) and then a lit input; the tests named for a standard get it.
seeds=$build/fuzz-seeds corpus=$build/fuzz-corpus crashes=$build/fuzz-crashes
rm -rf "$seeds"
mkdir -p "$seeds" "$corpus" "$crashes"
for f in "$here"/test/rewrite/*/*.cl "$here"/test/rewrite/*/Inputs/*.cl \
         "$here"/test/rewrite/*/Inputs/*.h "$here"/test/exec/*.cl; do
  case $(basename "$f") in
    *cl20*) sel='\001' ;;
    *cl30*) sel='\002' ;;
    *) sel='\000' ;;
  esac
  { printf "$sel"; cat "$f"; } >"$seeds/$(basename "$(dirname "$f")")-$(basename "$f")"
done

echo "fuzz: $seconds s, load before: $(uptime)"
cd "$build"
# -timeout: one input running 10 s is a hang; -rss_limit_mb: a leak or a
# blow-up. The corpus directory comes first, so new inputs go there.
set +e
./bin/softatomic-rewrite-fuzzer "$corpus" "$seeds" \
  -max_total_time="$seconds" -timeout=10 -rss_limit_mb=4096 \
  -max_len=16384 -artifact_prefix="$crashes/" -print_final_stats=1 \
  ${FUZZ_FLAGS:-} 2>&1 | tee "$build/fuzz.log"
status=${PIPESTATUS[0]}
set -e
echo "fuzz: exit $status, load after: $(uptime)"
# Triage: the innermost frame of each crash. One inside libclang-cpp with
# no softatomic frame above it is Clang's own (fuzz/README.md).
for f in "$crashes"/*; do
  [ -e "$f" ] || continue
  frame=$(./bin/softatomic-rewrite-fuzzer "$f" 2>&1 | grep -m1 '^    #0 ' || true)
  echo "fuzz: $(basename "$f"):${frame#    #0}"
done
exit "$status"
