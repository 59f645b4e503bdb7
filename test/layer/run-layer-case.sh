#!/bin/sh
# One case of the layer's test: an application run natively, then under
# the layer, each bounded by a timeout (a hang fails the case); both must
# print "<app>: OK", and the layer's log must have the lines asked for.
#   run-layer-case.sh [--layers] [--expect PATTERN]...
#                     [--expect-if OUTPUT LINE]... LAYER LOGDIR NAME --
#                     COMMAND [ARGS...]
# --layers loads the layer as an OpenCL layer (OPENCL_LAYERS) instead of
# LD_PRELOAD (a loader without layers: the case is skipped, exit 77);
# --expect: the log has a line "softatomic-layer: PATTERN" (a grep
# pattern); --expect-if: it has LINE if the layer's run printed a line
# matching OUTPUT.
set -u
layers=0 expects="" conditional=""
nl='
'
while :; do
  case $1 in
  --layers) layers=1; shift ;;
  --expect) expects="$expects$2$nl"; shift 2 ;;
  --expect-if) conditional="$conditional$2$nl$3$nl"; shift 3 ;;
  *) break ;;
  esac
done
layer=$1 logs=$2 name=$3
shift 4 # and the --
mkdir -p "$logs"
log=$logs/$name.log out=$logs/$name.out
rm -f "$log" "$out"
# The rewrites are cached in the case's own directory, emptied first (a
# run that creates the same program again and again rewrites it once),
# never in $HOME.
export SOFTATOMIC_LAYER_CACHE="$logs/$name.cache"
rm -rf "$SOFTATOMIC_LAYER_CACHE"
# Generous: two cores shared with other work can make a run of seconds
# take a minute; a hang still fails.
limit=240

failures=0
fail() { echo "FAIL: $name: $*"; failures=$((failures + 1)); }

timeout "$limit" "$@" > "$out.native" 2>&1
status=$?
grep -q ': OK$' "$out.native" ||
  fail "natively (exit $status): $(cat "$out.native")"

if [ "$layers" -eq 1 ]; then
  load="OPENCL_LAYERS=$layer"
else
  load="LD_PRELOAD=$layer"
fi
timeout "$limit" env SOFTATOMIC_LAYER_LOG="$log" "$load" "$@" > "$out" 2>&1
status=$?
touch "$log"
if [ "$layers" -eq 1 ] &&
  ! grep -q "^softatomic-layer: OpenCL layer: loaded by the ICD loader" "$log"; then
  echo "SKIP: $name: the ICD loader did not load $layer as an OpenCL layer"
  exit 77
fi
[ "$status" -ne 124 ] || fail "under the layer: no end in $limit s"
grep -q ': OK$' "$out" || fail "under the layer (exit $status): $(cat "$out")"

printf '%s' "$expects" | while IFS= read -r pattern; do
  grep -q "^softatomic-layer: $pattern" "$log" || echo "$pattern"
done > "$logs/$name.missing"
printf '%s' "$conditional" | while IFS= read -r output && IFS= read -r pattern; do
  ! grep -q "$output" "$out" || grep -q "^softatomic-layer: $pattern" "$log" ||
    echo "$pattern"
done >> "$logs/$name.missing"
while IFS= read -r pattern; do
  fail "no log line '$pattern' (log: $log)"
done < "$logs/$name.missing"

cat "$out"
if [ "$failures" -ne 0 ]; then
  exit 1
fi
echo "$name: passed"
