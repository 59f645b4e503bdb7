#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# The test command: installs what is missing, builds, and runs the whole
# suite with both ends of the Clang range softatomic supports.
# Usage: scripts/test.sh [build-dir]
#
# - Clang 16, Release, in build-dir (default build/): everything; lit (the
#   rewrite, execution and stress tests), then ctest.
# - Clang 19, Debug (assertions on), compiled by clang++-19, in
#   <build-dir>-clang19: only what depends on Clang (the rewriter, its
#   tool, its unit tests, the layer's rewriter module), sa-difftest,
#   softatomic-run and softatomic-device-profile (lit's configuration names
#   every tool).
#   lit's rewrite tests and the unit tests run there, with the same
#   FileCheck lines and assertions; and in the Clang 16 run each
#   kernel that the execution and stress tests rewrite is rewritten by both
#   builds, which must write the same bytes, then run once (lit.cfg.py,
#   "second_rewriter"): the kernels and the host side do not depend on
#   Clang, so running them twice would only double the suite's time.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$here/build}
build19=$build-clang19
"$here/scripts/setup.sh"
lit_of() { grep -m1 '^SOFTATOMIC_LIT:' "$1/CMakeCache.txt" | cut -d= -f2; }

echo "== build: Clang 16, Release =="
cmake -S "$here" -B "$build" -DCMAKE_BUILD_TYPE=Release -DSOFTATOMIC_BUILD_REWRITER=ON -DSOFTATOMIC_BUILD_TESTS=ON >/dev/null
cmake --build "$build" -j "$(nproc)"
echo "== build: Clang 19, Debug =="
cmake -S "$here" -B "$build19" -DCMAKE_BUILD_TYPE=Debug \
  -DClang_DIR=/usr/lib/llvm-19/lib/cmake/clang \
  -DCMAKE_C_COMPILER=clang-19 -DCMAKE_CXX_COMPILER=clang++-19 >/dev/null
cmake --build "$build19" -j "$(nproc)" \
  --target softatomic-rewrite softatomic-device-profile softatomic-layer-rewriter \
  sa-difftest softatomic-run rewrite-unit-test
echo "== lit: Clang 19, the rewrite tests =="
python3 "$(lit_of "$build19")" -sv "$build19/test/rewrite"
echo "== ctest: Clang 19, the rewriter's unit tests =="
ctest --test-dir "$build19" --output-on-failure -L rewrite-unit
echo "== lit: Clang 16, each kernel also rewritten by the Clang 19 build =="
python3 "$(lit_of "$build")" -sv --param second_rewriter="$build19/bin/softatomic-rewrite" "$build/test"
echo "== ctest: Clang 16 =="
ctest --test-dir "$build" --output-on-failure -E '^lit$'
