#!/usr/bin/env bash
# The evaluation test (ctest: evaluation). Usage:
#   evaluate-quick.sh SOURCE_DIR MICROBENCH
# 1. scripts/evaluate.sh --quick with the built program: exit status 0, a
#    CSV row per configuration of every benchmark, each verified, native and
#    software times present; a kernel-info row per kernel and form;
# 2. one non-empty PNG per benchmark (scripts/plot-evaluation.py);
#    the contention sweep in both runtime modes in one run (--mode);
# 3. --platform by index: a bad one lists the platforms with their
#    indices, PoCL's opens PoCL;
# 4. bad command lines end with a message and exit status 2;
# 5. the user's own files in --out survive every run, a failed one
#    included, while a plot the previous run made and this one did not is
#    removed.
set -euo pipefail
src=$1 program=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "evaluation test: $*" >&2; exit 1; }

benches="fig8 fig9 copy scalar histogram matmul kmeans strmatch contention"
# The user's own files, a PNG among them, in the output folder.
mkdir -p "$tmp/out"
echo "the user's plot" >"$tmp/out/mine.png"
echo "the user's notes" >"$tmp/out/notes.txt"
"$src/scripts/evaluate.sh" --quick --program "$program" --out "$tmp/out" 2>"$tmp/stderr" ||
  { cat "$tmp/stderr" "$tmp/out/evaluation.log"; fail "evaluate.sh --quick failed"; }
csv=$tmp/out/evaluation.csv
# One progress line per configuration on stderr.
rows=$(($(wc -l <"$csv") - 1))
[ "$(grep -c '^\[[0-9]*/[0-9]*\] ' "$tmp/stderr")" -eq "$rows" ] ||
  fail "expected $rows progress lines on stderr"
python3 - "$csv" "$tmp/out/kernel-info.csv" $benches <<'PY' || fail "the CSVs are wrong"
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
info = list(csv.DictReader(open(sys.argv[2])))
benches = sys.argv[3:]
# quick: fig8, fig9, copy, scalar 1 row each; histogram 2; matmul, kmeans 2
# (per thread, per wavefront); strmatch 4 (Q1..Q4); contention 6 (3 patterns
# x return unused/used).
want = {"fig8": 1, "fig9": 1, "copy": 1, "scalar": 1, "histogram": 2, "matmul": 2,
        "kmeans": 2, "strmatch": 4, "contention": 6}
errors = []
for b in benches:
    got = [r for r in rows if r["benchmark"] == b]
    if len(got) != want[b]:
        errors.append("%s: %d rows, expected %d" % (b, len(got), want[b]))
for r in rows:
    if r["verified"] != "yes" or not r["native_ms"] or not r["software_ms"] or not r["ratio"]:
        errors.append("not verified: %s %s %s=%s: %s" % (r["benchmark"], r["variant"],
                      r["param"], r["value"], r["note"]))
kernels = {(r["benchmark"], r["kernel"]) for r in rows}
for k in kernels:
    forms = sorted(i["form"] for i in info if (i["benchmark"], i["kernel"]) == k)
    if forms != ["native", "software"]:
        errors.append("kernel info of %s: %s" % (k, forms))
matches = [r["note"] for r in rows if r["benchmark"] == "strmatch"]
counts = [int(m.split()[0]) for m in matches]
if counts != sorted(counts) or len(set(counts)) != 4:
    errors.append("string match counts do not spread Q1 < Q2 < Q3 < Q4: %s" % matches)
for e in errors:
    print(e, file=sys.stderr)
sys.exit(1 if errors else 0)
PY
for b in $benches; do
  png=$tmp/out/$b.png
  [ -s "$png" ] || fail "no plot $b.png"
  [ "$(head -c 8 "$png" | od -An -tx1 | tr -d ' \n')" = 89504e470d0a1a0a ] ||
    fail "$b.png is not a PNG"
done

# A run that fails and one of fig8 alone keep the user's files; the
# second removes the plots the first made and it did not.
status=0
"$src/scripts/evaluate.sh" --quick --program false --out "$tmp/out" 2>/dev/null || status=$?
[ "$status" -eq 1 ] || fail "a failing program: evaluate.sh exited $status, expected 1"
"$src/scripts/evaluate.sh" --quick --program "$program" --only fig8 --out "$tmp/out" 2>/dev/null ||
  fail "evaluate.sh --only fig8 failed"
[ "$(cat "$tmp/out/mine.png")" = "the user's plot" ] || fail "the user's mine.png was changed"
[ "$(cat "$tmp/out/notes.txt")" = "the user's notes" ] || fail "the user's notes.txt was changed"
[ -s "$tmp/out/fig8.png" ] || fail "no fig8.png after --only fig8"
[ ! -e "$tmp/out/copy.png" ] || fail "copy.png of an earlier run is still there"
[ -z "$(find "$tmp/out" -name '.evaluate.*')" ] || fail "a run's work folder was left behind"

# The McKee sweep in both host runtime modes, in one run: a row per mode,
# each verified, and the plot.
"$src/scripts/evaluate.sh" --quick --program "$program" --only contention --out "$tmp/modes" \
  -- --mode coordinator,combine 2>"$tmp/modes.err" ||
  { cat "$tmp/modes.err" "$tmp/modes/evaluation.log"; fail "evaluate.sh -- --mode failed"; }
python3 - "$tmp/modes/evaluation.csv" <<'PY' || fail "the CSV of both modes is wrong"
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
modes = sorted(r["mode"] for r in rows)
ok = all(r["verified"] == "yes" and r["software_ms"] for r in rows)
if modes != ["combine"] * 6 + ["coordinator"] * 6 or not ok:
    sys.exit("modes %s, all verified: %s" % (modes, ok))
PY
[ -s "$tmp/modes/contention.png" ] || fail "no plot of both modes"

# A platform chosen by index: an index past the last is refused with the
# numbered list, and PoCL's index from that list opens PoCL.
status=0
"$program" --platform 99 --bench fig8 --preset quick >/dev/null 2>"$tmp/list.err" || status=$?
[ "$status" -eq 1 ] || fail "--platform 99 exited $status, expected 1"
index=$(sed -n "s/^ *platform \([0-9]*\) 'Portable Computing Language'.*/\1/p" "$tmp/list.err")
[ -n "$index" ] || { cat "$tmp/list.err"; fail "--platform 99 did not list PoCL with its index"; }
"$program" --platform "$index" --device 0 --bench fig8 --preset quick >"$tmp/index.out" 2>&1 ||
  { cat "$tmp/index.out"; fail "--platform $index --device 0 failed"; }
grep -q "^device: .*(Portable Computing Language)" "$tmp/index.out" ||
  fail "--platform $index did not open PoCL"

# Bad input: a message, exit status 2.
expect_usage_error() {
  local status=0
  "$@" >"$tmp/bad.out" 2>"$tmp/bad.err" || status=$?
  [ "$status" -eq 2 ] || fail "'$*' exited $status, expected 2"
  grep -qi "bad argument\|unknown option\|needs a value\|bad --only" "$tmp/bad.err" ||
    { cat "$tmp/bad.err"; fail "'$*' printed no message naming the problem"; }
}
expect_usage_error "$program" --bench nonesuch
expect_usage_error "$program" --matrix 0
expect_usage_error "$program" --patterns diagonal
expect_usage_error "$program" --mode fast
expect_usage_error "$src/scripts/evaluate.sh" --program "$program" --only 'fig8;ls'
expect_usage_error "$src/scripts/evaluate.sh" --program "$program" --only nonesuch --out "$tmp/bad"
expect_usage_error "$src/scripts/evaluate.sh" --program "$program" --frobnicate
expect_usage_error "$src/scripts/evaluate.sh" --out
echo "evaluation test: $rows configurations verified, $(echo $benches | wc -w) plots"
