#!/bin/sh
# The interception layer's test (ctest "layer"): runs layer-sample plainly,
# then under LD_PRELOAD in each of the layer's configurations, and checks
# both the sample's verdict and the layer's log.
#   run-layer-sample.sh SAMPLE LAYER LOGDIR
set -u
sample=$1 layer=$2 logs=$3
rm -rf "$logs" && mkdir -p "$logs"
failures=0

fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

# run NAME [VAR=VALUE...] -- [ARGS...]: the sample under the layer, logging
# to $logs/NAME.log; it must print OK.
run() {
  name=$1; shift
  out=$(env SOFTATOMIC_LAYER_LOG="$logs/$name.log" LD_PRELOAD="$layer" "$@" 2>&1)
  echo "$out" | grep -qx 'layer-sample: OK' || fail "$name: the sample did not pass: $out"
  touch "$logs/$name.log"
}
# expect NAME PATTERN: the log of run NAME has a line matching PATTERN.
expect() {
  grep -q "^softatomic-layer: $2" "$logs/$1.log" || fail "$1: no log line '$2'"
}
# refute NAME PATTERN: it has none.
refute() {
  ! grep -q "$2" "$logs/$1.log" || fail "$1: unexpected log line '$2'"
}

# 1. Without the layer.
"$sample" | grep -qx 'layer-sample: OK' || fail "plain: the sample did not pass"

# 2. The atomic kernel rewritten and launched by the runtime, the other native.
run default "$sample"
expect default "program 1: kernel 'histogram' rewritten (2 atomic sites)$"
expect default "program 1: kernel 'scale' left native: it reaches no global atomic$"
expect default "program 1: kernel 'histogram' launched through the software runtime$"
refute default "launch failed"
expect default "program 2: built from binary: passed through$"

# 3. The combining mode, compiled in by SOFTATOMIC_LAYER_OPTIONS ...
run combine SOFTATOMIC_MODE=combine SOFTATOMIC_LAYER_OPTIONS="--combine-mode --defer-unused=false" "$sample"
expect combine "program 1: kernel 'histogram' launched through the software runtime$"
refute combine "unknown option"
# ... or by SOFTATOMIC_MODE=combine alone: the layer then rewrites with it.
run combine-implied SOFTATOMIC_MODE=combine "$sample"
expect combine-implied "program 1: kernel 'histogram' launched through the software runtime$"
refute combine-implied "launch failed"

# 4. A program the rewriter refuses runs natively, and the log says why.
run unsupported "$sample" --unsupported
expect unsupported "program 1: left native: .*error: 'atomic_xchg' on a global 'float' cannot be rewritten"
refute unsupported "rewritten ("
refute unsupported "launched through"

# 5. SOFTATOMIC_LAYER_KERNELS leaves the kernels it does not name native.
run selected SOFTATOMIC_LAYER_KERNELS=scale,other "$sample"
expect selected "program 1: kernel 'histogram' left native: not in SOFTATOMIC_LAYER_KERNELS$"
refute selected "launched through"

# 6. SOFTATOMIC_LAYER=0: a pure pass-through, nothing logged.
run off SOFTATOMIC_LAYER=0 "$sample"
[ ! -s "$logs/off.log" ] || fail "off: the layer logged: $(cat "$logs/off.log")"

# 7. Unknown rewriter options are named in the log, and do no harm.
run unknown SOFTATOMIC_LAYER_OPTIONS=--frobnicate "$sample"
expect unknown "SOFTATOMIC_LAYER_OPTIONS: ignoring unknown option '--frobnicate'$"

# 8. SOFTATOMIC_LAYER_LOG=- logs to stderr.
env SOFTATOMIC_LAYER_LOG=- LD_PRELOAD="$layer" "$sample" 2>&1 >/dev/null |
  grep -q "^softatomic-layer: program 1: kernel 'histogram' rewritten" ||
  fail "stderr: no log line on stderr"

if [ "$failures" -ne 0 ]; then
  echo "$failures check(s) failed; logs in $logs"
  exit 1
fi
echo "layer: all checks passed"
