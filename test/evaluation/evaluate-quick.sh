#!/usr/bin/env bash
# The evaluation test (ctest: evaluation). Usage:
#   evaluate-quick.sh SOURCE_DIR MICROBENCH
# 1. scripts/evaluate.sh --quick with the built program: exit status 0, a
#    CSV row per configuration of every benchmark, each verified, native and
#    software times present; a kernel-info row per kernel and form;
#    the CSV's columns as readers have known them, first, then the spread
#    of the timed runs (min <= median <= max), the atomics per launch, the
#    load average and the cores;
# 2. per benchmark a PNG (200 dpi) and an SVG whose text is text
#    (scripts/plot-evaluation.py), and McKee's contention x padding heatmap
#    of each element type (uint, ulong, float), each result checked;
#    the figures' content (check-plots.py): bars for one size per series,
#    native and software in their own colours, readable legends, labelled
#    ticks on axes spanning less than a decade, a short device label; a
#    python3 without matplotlib is told what to install;
#    the contention sweep in the other runtime modes in one run (--mode);
# 3. --platform by index: a bad one lists the platforms with their
#    indices, PoCL's opens PoCL;
# 4. bad command lines end with a message and exit status 2;
# 5. the user's own files in --out survive every run, a failed one
#    included, while a plot the previous run made and this one did not is
#    removed;
# 6. a load average above the cores (a made-up /proc/loadavg) is warned
#    about at the start and noted in the summary, a low one is not;
# 7. the build inside the script (scripts/bench.sh) shows a line per
#    target on stderr, not every compile line, and keeps all in the log;
# 8. stderr names the files where they are once the run ends, not in its
#    work folder.
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
# The files it names are where they end up, not in the run's work folder
# (gone once the run ends); no word of the project's trackers.
! grep -n -e '/\.evaluate\.' -e 'issue' "$tmp/stderr" ||
  fail "stderr names the run's work folder or says 'issue'"
grep -q "^plot-evaluation: $tmp/out/fig8.png$" "$tmp/stderr" ||
  fail "stderr does not name the plots where they are"
grep -q "^CSV: $tmp/out/evaluation.csv$" "$tmp/stderr" ||
  fail "stderr does not name the CSV where it is"
python3 - "$csv" "$tmp/out/kernel-info.csv" $benches <<'PY' || fail "the CSVs are wrong"
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
info = list(csv.DictReader(open(sys.argv[2])))
benches = sys.argv[3:]
# quick: fig8, fig9, copy, scalar 1 row each; histogram 4 (uniform, skewed,
# each also privatized by hand); matmul, kmeans 2
# (per thread, per wavefront); strmatch 4 (Q1..Q4); contention 18 (3 patterns
# x return unused/used x uint, ulong, float).
want = {"fig8": 1, "fig9": 1, "copy": 1, "scalar": 1, "histogram": 4, "matmul": 2,
        "kmeans": 2, "strmatch": 4, "contention": 18}
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
# Each element type's column: 6 rows, its own kernels (uint's variants
# have no type, as before the sweep had types).
for element, kernel in (("uint", "contention_"), ("ulong", "contention_ulong_"),
                        ("float", "contention_float_")):
    got = [r for r in rows if r["benchmark"] == "contention" and
           (r["variant"].count("/") == 2 if element == "uint" else
            r["variant"].endswith("/" + element)) and
           r["kernel"] in (kernel + "unused", kernel + "used")]
    if len(got) != 6:
        errors.append("contention %s: %d rows, expected 6" % (element, len(got)))
matches = [r["note"] for r in rows if r["benchmark"] == "strmatch"]
counts = [int(m.split()[0]) for m in matches]
if counts != sorted(counts) or len(set(counts)) != 4:
    errors.append("string match counts do not spread Q1 < Q2 < Q3 < Q4: %s" % matches)
# The columns every reader has known come first, in their order; the new
# ones after them.
known = ("benchmark,kernel,variant,param,value,platform,device,groups,local,items,"
         "bytes,repeat,native_ms,software_ms,ratio,native_wall_ms,software_wall_ms,"
         "sa_groups,target_ratio,verified,note,mode").split(",")
added = ["native_min_ms", "native_max_ms", "software_min_ms", "software_max_ms",
         "atomics", "loadavg", "cores"]
header = open(sys.argv[1]).readline().strip().split(",")
if header != known + added:
    errors.append("CSV header %s" % header)
online = __import__("os").sysconf("SC_NPROCESSORS_ONLN")
for r in rows:
    where = "%s %s: " % (r["benchmark"], r["variant"])
    for form in ("native", "software"):
        low, mid, high = (float(r[form + c]) for c in ("_min_ms", "_ms", "_max_ms"))
        if not low <= mid <= high:
            errors.append(where + "%s min/median/max %s %s %s" % (form, low, mid, high))
    if float(r["loadavg"]) < 0 or int(r["cores"]) != online:
        errors.append(where + "load %s on %s cores (%d online)" % (r["loadavg"], r["cores"], online))
    # --cont-iters 2 in the quick preset: two adds per work-item.
    want = str(2 * int(r["items"])) if r["benchmark"] == "contention" else ""
    if r["atomics"] != want:
        errors.append(where + "atomics %r, expected %r" % (r["atomics"], want))
for e in errors:
    print(e, file=sys.stderr)
sys.exit(1 if errors else 0)
PY
# PNG width from its IHDR chunk (bytes 16-19): 200 dpi gives at least
# 1000 pixels for the narrowest figure (5 inches).
png_width() { od -An -tu1 -j16 -N4 "$1" | awk '{ print $1 * 16777216 + $2 * 65536 + $3 * 256 + $4 }'; }
for b in $benches contention-heatmap contention-heatmap-ulong contention-heatmap-float; do
  png=$tmp/out/$b.png svg=$tmp/out/$b.svg
  [ -s "$png" ] || fail "no plot $b.png"
  [ "$(head -c 8 "$png" | od -An -tx1 | tr -d ' \n')" = 89504e470d0a1a0a ] ||
    fail "$b.png is not a PNG"
  [ "$(png_width "$png")" -ge 1000 ] || fail "$b.png is $(png_width "$png") pixels wide"
  grep -q "<svg" "$svg" 2>/dev/null || fail "no vector plot $b.svg"
done
grep -q ">kernel time (ms)<" "$tmp/out/fig8.svg" || fail "fig8.svg: its text is not text"
# What the figures show, checked with matplotlib's own objects.
plotter=
for py in python3 /usr/bin/python3; do
  if "$py" -c 'import matplotlib' 2>/dev/null; then plotter=$py; break; fi
done
"$plotter" "$(dirname "$0")/check-plots.py" "$src/scripts/plot-evaluation.py" "$csv" ||
  fail "the figures are not fit for a paper (above)"
# Without matplotlib (-S: no site packages), what to install.
status=0
"$plotter" -S "$src/scripts/plot-evaluation.py" "$csv" "$tmp/none" 2>"$tmp/nompl.err" || status=$?
[ "$status" -eq 1 ] && grep -q "has no matplotlib: install Debian's python3-matplotlib" "$tmp/nompl.err" ||
  { cat "$tmp/nompl.err"; fail "without matplotlib: exit $status, no word of python3-matplotlib"; }

# A run that fails and one of fig8 alone keep the user's files; the
# second removes the plots the first made and it did not.
status=0
"$src/scripts/evaluate.sh" --quick --program false --out "$tmp/out" 2>/dev/null || status=$?
[ "$status" -eq 1 ] || fail "a failing program: evaluate.sh exited $status, expected 1"
# (On a machine whose load average is far above its cores.)
echo "99.00 98.00 97.00 9/300 4242" >"$tmp/loadavg-high"
MICROBENCH_LOADAVG=$tmp/loadavg-high \
  "$src/scripts/evaluate.sh" --quick --program "$program" --only fig8 --out "$tmp/out" \
  2>"$tmp/loaded.err" || { cat "$tmp/loaded.err"; fail "evaluate.sh --only fig8 failed"; }
[ "$(cat "$tmp/out/mine.png")" = "the user's plot" ] || fail "the user's mine.png was changed"
[ "$(cat "$tmp/out/notes.txt")" = "the user's notes" ] || fail "the user's notes.txt was changed"
[ -s "$tmp/out/fig8.png" ] || fail "no fig8.png after --only fig8"
[ ! -e "$tmp/out/copy.png" ] || fail "copy.png of an earlier run is still there"
[ -z "$(find "$tmp/out" -name '.evaluate.*')" ] || fail "a run's work folder was left behind"

# The loaded machine: warned at the start, noted in the summary (which
# evaluate.sh shows on stderr, and the log keeps), recorded in the CSV.
grep -q "^microbench: warning: load average 99.00 on [0-9]* cores at the start: " "$tmp/loaded.err" ||
  { cat "$tmp/loaded.err"; fail "no warning of a load average above the cores"; }
grep -q "^Note: the load average (99.00) was above the [0-9]* cores: " "$tmp/loaded.err" ||
  fail "no note of the load in the summary on stderr"
grep -q "^Note: the load average (99.00)" "$tmp/out/evaluation.log" || fail "no note in the log"
[ "$(sed -n 2p "$tmp/out/evaluation.csv" | awk -F, '{ print $(NF - 1) }')" = 99.00 ] ||
  fail "the CSV's loadavg is not the load average read"
echo "0.00 0.00 0.00 1/300 4242" >"$tmp/loadavg-idle"
MICROBENCH_LOADAVG=$tmp/loadavg-idle \
  "$src/scripts/evaluate.sh" --quick --program "$program" --only fig8 --out "$tmp/idle" \
  2>"$tmp/idle.err" || { cat "$tmp/idle.err"; fail "evaluate.sh on an idle machine failed"; }
! grep -q "warning: load average\|^Note: the load average" "$tmp/idle.err" ||
  fail "a load warning on an idle machine"
grep -q "^Machine: load average 0.00 on [0-9]* cores at the start, 0.00 at most" "$tmp/idle.err" ||
  fail "the summary does not give the load"

# The build inside: a stand-in cmake prints what Make prints; the run uses
# the built program through the build folder. One stderr line per target,
# the compile lines only in the log.
mkdir -p "$tmp/fakebin" "$tmp/fakebuild/bin"
ln -s "$program" "$tmp/fakebuild/bin/microbench"
cat >"$tmp/fakebin/cmake" <<'CMAKE'
#!/bin/sh
[ "$1" = --build ] || exit 0 # configure: nothing to say
for i in 1 2 3 4 5 6; do echo "[ ${i}0%] Building CXX object bench/microbench/f$i.cpp.o"; done
echo "[ 60%] Built target softatomic"
echo "[100%] Built target microbench"
CMAKE
chmod +x "$tmp/fakebin/cmake"
PATH=$tmp/fakebin:$PATH "$src/scripts/evaluate.sh" --quick --only fig8 --out "$tmp/built" \
  "$tmp/fakebuild" 2>"$tmp/built.err" || { cat "$tmp/built.err"; fail "evaluate.sh with a build failed"; }
[ "$(grep -c "^bench.sh: build \[ *[0-9]*%\] Built target " "$tmp/built.err")" -eq 2 ] ||
  { cat "$tmp/built.err"; fail "the build's progress is not a line per target on stderr"; }
! grep -q "Building CXX" "$tmp/built.err" || fail "the build floods stderr with compile lines"
grep -q "Building CXX object bench/microbench/f6.cpp.o" "$tmp/built/evaluation.log" ||
  fail "the build's output is not in the log"

# The McKee sweep in the host runtime's other modes, in one run (the first
# run had the coordinator; one pattern here keeps the plots' time down): a
# row per mode, element type and return use, each verified, and the plots.
"$src/scripts/evaluate.sh" --quick --program "$program" --only contention --out "$tmp/modes" \
  -- --mode combine,direct,auto --patterns random 2>"$tmp/modes.err" ||
  { cat "$tmp/modes.err" "$tmp/modes/evaluation.log"; fail "evaluate.sh -- --mode failed"; }
python3 - "$tmp/modes/evaluation.csv" <<'PY' || fail "the CSV of both modes is wrong"
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
modes = sorted((r["mode"], r["variant"].split("/")[3:]) for r in rows)
want = sorted((m, t) for m in ("combine", "direct", "auto")
              for t in [[]] * 2 + [["ulong"]] * 2 + [["float"]] * 2)
ok = all(r["verified"] == "yes" and r["software_ms"] for r in rows)
if modes != want or not ok:
    sys.exit("modes and types %s, all verified: %s" % (modes, ok))
PY
for plot in contention contention-heatmap-float; do
  [ -s "$tmp/modes/$plot.png" ] || fail "no $plot.png of the other modes"
done

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
expect_usage_error "$program" --cont-type double
expect_usage_error "$program" --mode fast
expect_usage_error "$src/scripts/evaluate.sh" --program "$program" --only 'fig8;ls'
expect_usage_error "$src/scripts/evaluate.sh" --program "$program" --only nonesuch --out "$tmp/bad"
expect_usage_error "$src/scripts/evaluate.sh" --program "$program" --frobnicate
expect_usage_error "$src/scripts/evaluate.sh" --out
echo "evaluation test: $rows configurations verified, $(echo $benches | wc -w) plots"
