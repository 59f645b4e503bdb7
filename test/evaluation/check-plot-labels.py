#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""How scripts/plot-evaluation.py labels what it draws (ctest: plot-labels),
on small figures made up here, without a device:

  check-plot-labels.py PLOT_SCRIPT

- a heatmap cell's label: the format and font size its cell allows
  (cell_label_style), the same in a drawn figure, and no tick label of
  contention or padding running into its neighbour;
- bars: on a linear axis from zero, each with its runs' spread (the
  CSV's FORM_min_ms and FORM_max_ms) as an error bar;
- the files it names: the folder given for messages, not the one written.

Needs matplotlib: run by a python3 that lacks it, it tries Debian's
/usr/bin/python3, and without one that has it, it is skipped (status 77).
Prints each problem and exits 1.
"""
import csv
import importlib.util
import io
import os
import sys
import tempfile
from contextlib import redirect_stdout

try:
    import matplotlib  # noqa: F401
except ImportError:
    if sys.executable != "/usr/bin/python3" and os.path.exists("/usr/bin/python3"):
        os.execv("/usr/bin/python3", ["/usr/bin/python3"] + sys.argv)
    print("check-plot-labels: skipped: no python3 here has matplotlib")
    sys.exit(77)

spec = importlib.util.spec_from_file_location("plot_evaluation", sys.argv[1])
plot = importlib.util.module_from_spec(spec)
spec.loader.exec_module(plot)
from matplotlib.container import ErrorbarContainer  # noqa: E402

problems = []


def expect(what, got, want):
    if got != want:
        problems.append("%s: %r, expected %r" % (what, got, want))


# The choice itself: wide cells take three digits at 8 pt; narrower ones
# fewer digits, then a smaller font; cells too small for one digit at 6 pt,
# none. Whole numbers are written whole, tiny ones with a short exponent.
values = [0.0123456, 1.23456, 12.3456, 123.456]
expect("a 60 x 20 pt cell", plot.cell_label_style(60, 20, values), (3, 8.0))
expect("a 24 x 20 pt cell", plot.cell_label_style(24, 20, values), (2, 6.5))
expect("a 20 x 20 pt cell", plot.cell_label_style(20, 20, values), (1, 7.0))
expect("a 14 x 9 pt cell", plot.cell_label_style(14, 9, values), None)
expect("123.456, 2 digits", plot.cell_text(123.456, 2), "123")
expect("0.0123456, 2 digits", plot.cell_text(0.0123456, 2), "0.012")
expect("5.47e-06, 2 digits", plot.cell_text(5.47e-6, 2), "5.5e-6")
expect("ticks 1..1024 in 12 pt cells", plot.tick_step(12, ["1", "1024"], 9, True), 3)
expect("ticks 1..1024 in 40 pt cells", plot.tick_step(40, ["1", "1024"], 9, True), 1)


def sweep(contentions):
    """The contention sweep's rows as a GPU run makes them, 4 paddings."""
    base = {"benchmark": "contention", "param": "contention", "verified": "yes",
            "mode": "coordinator", "platform": "NVIDIA CUDA", "device": "NVIDIA H200",
            "atomics": "1048576", "note": ""}
    rows = []
    for pad in (1, 2, 4, 16):
        for k, cont in enumerate(contentions):
            native = 0.0137 * (1 + k) * pad
            rows.append(dict(base, variant="contiguous/pad%d/unused" % pad,
                             value=str(cont), native_ms="%.6f" % native,
                             software_ms="%.6f" % (native * 3.7)))
    return rows


def check_heatmap(rows, what):
    """The heatmap's labels as its cells allow; their (digits, size)."""
    fig = plot.heatmap_figure(rows)
    values = [v for panels in plot.heatmap_cells(rows)["uint"].values()
              for grid in panels.values() for v in grid.values()]
    cells = len({r["value"] for r in rows}), len({r["variant"] for r in rows})
    styles = set()
    renderer = fig.canvas.get_renderer()
    for ax in [a for a in fig.axes if a.images]:
        box = ax.get_window_extent()
        style = plot.cell_label_style(box.width * 72.0 / fig.dpi / cells[0],
                                      box.height * 72.0 / fig.dpi / cells[1], values)
        styles.add(style)
        labels = [t for t in ax.texts]
        if style is None:
            if labels:
                problems.append("%s: labels in cells too small for them" % what)
            continue
        digits, size = style
        expect("%s: cell labels" % what, len(labels), cells[0] * cells[1])
        texts = {plot.cell_text(v, digits) for v in values}
        for t in labels:
            if t.get_fontsize() != size or t.get_text() not in texts:
                problems.append("%s: label %r at %s pt, expected %d digits at %s pt"
                                % (what, t.get_text(), t.get_fontsize(), digits, size))
                break
        for axis in (ax.xaxis, ax.yaxis):
            boxes = [t.get_window_extent(renderer) for t in axis.get_ticklabels()
                     if t.get_text()]
            if any(a.overlaps(b) for a, b in zip(boxes, boxes[1:])):
                problems.append("%s: tick labels run into each other" % what)
    plot.plt.close(fig)
    expect("%s: one style for every panel" % what, len(styles), 1)
    return styles.pop()


# 11 contentions in a panel 2.6 in wide: narrow cells, their ticks thinned
# out; 3 contentions: wide cells, three digits at 8 pt.
narrow = check_heatmap(sweep([2 ** e for e in range(11)]), "11 x 4 cells")
wide = check_heatmap(sweep([1, 32, 1024]), "3 x 4 cells")
expect("3 x 4 cells' labels", wide, (3, 8.0))
if narrow is None or narrow >= wide:
    problems.append("11 x 4 cells' labels %r: not smaller than 3 x 4 cells' %r"
                    % (narrow, wide))

# Bars: one size per series, times 100x apart, with their spread.
bars = [dict(sweep([1])[0], benchmark="fig8", param="groups", variant="", value="4",
             native_ms="0.10", native_min_ms="0.08", native_max_ms="0.13",
             software_ms="10.0", software_min_ms="9.0", software_max_ms="12.5")]
fig = plot.bench_figure("fig8", bars)
ax = fig.axes[0]
expect("bars' time axis", ax.get_yscale(), "linear")
expect("bars' time axis starts at", ax.get_ylim()[0], 0.0)
spreads = [c for c in ax.containers if isinstance(c, ErrorbarContainer)]
expect("error bars", len(spreads), 2)
for c in spreads:
    segment = c.lines[2][0].get_segments()[0]
    lo, hi = sorted(y for _, y in segment)
    if (round(lo, 6), round(hi, 6)) not in ((0.08, 0.13), (9.0, 12.5)):
        problems.append("an error bar from %g to %g, not a run's min to max" % (lo, hi))

# The messages name the folder given for them.
with tempfile.TemporaryDirectory() as tmp:
    path = os.path.join(tmp, "evaluation.csv")
    with open(path, "w", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=list(bars[0]))
        writer.writeheader()
        writer.writerows(bars)
    out = io.StringIO()
    with redirect_stdout(out):
        plot.main(["plot-evaluation.py", path, os.path.join(tmp, "work"), "/results"])
    if not out.getvalue():
        problems.append("no message names the figures")
    for line in out.getvalue().splitlines():
        if not line.startswith("plot-evaluation: /results/fig8."):
            problems.append("a message names %r" % line)

for p in problems:
    print("check-plot-labels: " + p, file=sys.stderr)
sys.exit(1 if problems else 0)
