#!/usr/bin/env bash
# Prepares the stress test's long mode for a machine without Clang (a GPU):
# generates the kernels and cases, rewrites the kernels here, and copies the
# header-only JSON library the host runtime builds against. The folder holds
# commands.txt, one shell command line per kernel source, relative to the
# repository root; test/stress/run-bundle.sh runs it there (README.md).
# Usage: test/stress/bundle.sh [build-dir] [gen_stress.py bundle options]
#   e.g. test/stress/bundle.sh build --seed 7 --sources 10 --out .gpu-stress
set -euo pipefail
here=$(cd "$(dirname "$0")/../.." && pwd)
# The build folder is the first argument unless that is an option.
if [ $# -gt 0 ] && [ "${1#-}" = "$1" ]; then
  build=$(cd "$1" && pwd)
  shift
else
  build=$here/build
fi
cd "$here"
cmake --build "$build" --target softatomic-rewrite >/dev/null
python3 test/stress/gen_stress.py bundle --rewriter "$build/bin/softatomic-rewrite" \
  --out .gpu-stress "$@"
