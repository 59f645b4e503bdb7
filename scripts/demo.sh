#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# The main job on the bundled example: installs what is missing, builds,
# rewrites the paper's Figure 3 kernel, and runs the original and the
# rewritten kernel on PoCL through the host runtime, side by side.
# Usage: scripts/demo.sh [build-dir]   (SA_PLATFORM / SA_DEVICE pick another device)
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$here/build}
"$here/scripts/setup.sh"
cmake -S "$here" -B "$build" -DCMAKE_BUILD_TYPE=Release -DSOFTATOMIC_BUILD_REWRITER=ON -DSOFTATOMIC_BUILD_TESTS=ON >/dev/null
cmake --build "$build" -j "$(nproc)" --target softatomic-rewrite figure3

kernel=$here/examples/figure3/figure3.cl
out=$build/demo
mkdir -p "$out"
echo
echo "== softatomic-rewrite examples/figure3/figure3.cl -o $out/figure3.sa.cl"
"$build/bin/softatomic-rewrite" "$kernel" -o "$out/figure3.sa.cl" --manifest "$out/figure3.manifest.json"
echo "-- the kernel as rewritten (the device runtime it calls sits above it in the file):"
sed -n '/^#line 1 /,$p' "$out/figure3.sa.cl"
echo "-- manifest: $(tr -d ' \n' < "$out/figure3.manifest.json" | cut -c1-160)..."
echo
echo "== figure3: native atom_add vs softatomic, on PoCL unless SA_PLATFORM says otherwise"
"$build/bin/figure3" --rewritten "$out/figure3.sa.cl"
