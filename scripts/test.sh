#!/usr/bin/env bash
# The test command: installs what is missing, builds, and runs the whole
# suite (lit, then ctest). Usage: scripts/test.sh [build-dir]
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$here/build}
"$here/scripts/setup.sh"
cmake -S "$here" -B "$build" -DCMAKE_BUILD_TYPE=Release -DSOFTATOMIC_BUILD_REWRITER=ON -DSOFTATOMIC_BUILD_TESTS=ON >/dev/null
cmake --build "$build" -j "$(nproc)"
echo "== lit =="
python3 "$(grep -m1 '^SOFTATOMIC_LIT:' "$build/CMakeCache.txt" | cut -d= -f2)" -sv "$build/test"
echo "== ctest =="
ctest --test-dir "$build" --output-on-failure -E '^lit$'
