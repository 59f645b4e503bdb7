#!/usr/bin/env bash
# The profile's plots (ctest: profile-plots). Usage:
#   check-profile-plots.sh SOURCE_DIR PROFILE_REPORT_TEST PYTHON
# PYTHON has matplotlib (CMake found it). On the report that
# profile-report-test's SampleForPlots writes (a recorded kernel of three
# sites, and one not recorded):
# 1. scripts/plot-profile.py writes a cost and a sharers PNG (200 dpi) per
#    recorded kernel, only a cost PNG for the other;
# 2. the cost bars are labelled file:line:col, native and each mode in a
#    colour of its own; the sharers panels' buckets read 1, 2, 3-4, ...;
# 3. without matplotlib (-S: no site packages) and on a bad command line:
#    a message and exit status 2.
set -euo pipefail
src=$1 test=$2 py=$3
script=$src/scripts/plot-profile.py
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "profile-plots test: $*" >&2; exit 1; }

PROFILE_REPORT_SAMPLE=$tmp/report.json "$test" --gtest_filter=ProfileReport.SampleForPlots >/dev/null ||
  fail "profile-report-test did not write the sample report"
"$py" "$script" "$tmp/report.json" "$tmp/out" >"$tmp/stdout" ||
  fail "plot-profile.py failed"
png_width() { od -An -tu1 -j16 -N4 "$1" | awk '{print $1*16777216 + $2*65536 + $3*256 + $4}'; }
for f in histogram-cost histogram-sharers unrecorded-cost; do
  png=$tmp/out/$f.png
  [ "$(head -c 8 "$png" 2>/dev/null | od -An -tx1 | tr -d ' \n')" = 89504e470d0a1a0a ] ||
    fail "no PNG $f.png (made: $(cat "$tmp/stdout"))"
  [ "$(png_width "$png")" -ge 1000 ] || fail "$f.png is $(png_width "$png") pixels wide"
done
[ ! -e "$tmp/out/unrecorded-sharers.png" ] || fail "a sharers plot of a kernel not recorded"

"$py" - "$script" "$tmp/report.json" <<'PY' || fail "the figures are wrong (above)"
import importlib.util, json, sys
from matplotlib import colors
spec = importlib.util.spec_from_file_location("plot_profile", sys.argv[1])
plot = importlib.util.module_from_spec(spec)
spec.loader.exec_module(plot)
kernel = json.load(open(sys.argv[2]))["kernels"][0]
problems = []
fig = plot.cost_figure(kernel)
fig.canvas.draw()
ax = fig.axes[0]
ticks = [t.get_text() for t in ax.get_xticklabels()]
if ticks != ["kernels.cl:10:5", "kernels.cl:20:5"]:  # site 30 was not timed
    problems.append("cost: x labels %s" % ticks)
box = ax.get_legend()
handles = box.legend_handles if hasattr(box, "legend_handles") else box.legendHandles
legend = {t.get_text(): colors.to_hex(h.get_facecolor())
          for t, h in zip(box.get_texts(), handles)}
if sorted(legend) != ["native", "site converted (auto)", "site converted (combine)"] \
        or len(set(legend.values())) != 3:
    problems.append("cost: legend %s" % legend)
if not ax.get_ylabel():
    problems.append("cost: no time axis label")
fig = plot.sharers_figure(kernel)
panels = [a for a in fig.axes if a.get_visible()]
if len(panels) != 3:
    problems.append("sharers: %d panels, expected 3" % len(panels))
fig.canvas.draw()
labels = [t.get_text() for t in panels[0].get_xticklabels()]
if labels != ["1", "2", "3-4", "5-8", "9-16", "17-32", "33-64"]:
    problems.append("sharers: buckets %s" % labels)
for p in problems:
    print("check-profile-plots: " + p, file=sys.stderr)
sys.exit(1 if problems else 0)
PY

status=0
"$py" -S "$script" "$tmp/report.json" "$tmp/none" 2>"$tmp/nompl.err" || status=$?
[ "$status" -eq 2 ] && grep -q "has no matplotlib: install Debian's python3-matplotlib" "$tmp/nompl.err" ||
  { cat "$tmp/nompl.err"; fail "without matplotlib: exit $status, no word of python3-matplotlib"; }
status=0
"$py" "$script" "$tmp/report.json" 2>"$tmp/usage.err" || status=$?
[ "$status" -eq 2 ] && grep -q "^usage: " "$tmp/usage.err" ||
  fail "no output folder: exit $status, $(cat "$tmp/usage.err")"
