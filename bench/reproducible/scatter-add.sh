#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Reproducible float adds (--float-atomics=reproducible) against native
# float atomics: a scatter-add of UPDATES (default 2^26) floats of mixed
# signs and magnitudes (scatter.cl) into 1, 256 and 2^20 targets. Per
# target count, one line: the native float atomic's median kernel time
# (the default rewrite run as written, SA_MODE_DIRECT, whose float add is
# the device's instruction: atom.global.add.f32 on NVIDIA), the
# reproducible rewrite's in the combining mode (what the automatic mode
# runs it in) at two work-group sizes, their ratio, and whether every one
# of its runs left the exact sums, bit for bit (expect.py computes them,
# once, into KERNELS_DIR; minutes at 2^26). scatter.cl as written (a
# compare-exchange loop, which on one address would take minutes on a GPU)
# never runs: sa-difftest --no-native.
# Usage: bench/reproducible/scatter-add.sh SA_DIFFTEST KERNELS_DIR [REPEAT [UPDATES]]
#   KERNELS_DIR holds scatter.default.sa.cl and scatter.repro.sa.cl
#   (scripts/gpu-bundle.sh's .gpu/kernels).
set -uo pipefail
difftest=$1 kernels=$2 repeat=${3:-20} updates=${4:-67108864}
here=$(cd "$(dirname "$0")" && pwd)
seed=7
for targets in 1 256 1048576; do
  expect=$kernels/scatter-$updates-$targets.expect
  [ -s "$expect" ] || python3 "$here/expect.py" "$updates" "$targets" "$seed" "$expect"
  args=(--kernel scatter_hash --global "$updates" --arg "buf:float:$targets"
    --arg "scalar:uint:$targets" --arg "scalar:uint:$seed" --no-native)
  native=$("$difftest" "$here/scatter.cl" "$kernels/scatter.default.sa.cl" \
    "${args[@]}" --local 256 --mode direct --repeat "$repeat" --check 0:ignore 2>&1 |
    sed -n 's/.*direct \([0-9.]*\) ms.*/\1/p')
  bits=ok times=()
  for local in 256 128; do
    out=$("$difftest" "$here/scatter.cl" "$kernels/scatter.repro.sa.cl" \
      "${args[@]}" --local "$local" --mode combine --repeat "$repeat" \
      --check "0:expect=$expect" 2>&1)
    grep -q '^PASS' <<<"$out" || bits=FAIL
    times+=("$(sed -n 's/.*combine \([0-9.]*\) ms.*/\1/p' <<<"$out")")
  done
  python3 - "$targets" "$native" "${times[@]}" "$bits" <<'PY'
import sys
targets, native, t256, t128, bits = sys.argv[1:6]
try:
    ratio = f"{float(t256) / float(native):.2f}x"
except ValueError:
    ratio = "?"
print(f"{targets:>8} targets: native {native} ms, reproducible {t256} ms "
      f"(local 256; {t128} at 128), {ratio} native; exact bits: {bits}")
PY
done
