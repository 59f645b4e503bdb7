#!/usr/bin/env python3
"""The evaluation test's checks of scripts/plot-evaluation.py's figures
(run by evaluate-quick.sh with a python3 that has matplotlib):

  check-plots.py PLOT_SCRIPT QUICK_CSV

On the quick run's CSV (one size per series): bars, not lines; native and
software in different colours; legends readable; both axes labelled; a short
device label; McKee's contention x padding heatmap of each element type
(uint, ulong, float). On rows made up here,
with several sizes: lines, and labelled ticks on a time axis that spans
less than a decade, and on one that spans a little more. Prints each
problem and exits 1.
"""
import csv
import importlib.util
import sys

spec = importlib.util.spec_from_file_location("plot_evaluation", sys.argv[1])
plot = importlib.util.module_from_spec(spec)
spec.loader.exec_module(plot)
from matplotlib import colors  # noqa: E402  (plot-evaluation imported it)

problems = []


def problem(what):
    problems.append(what)


def visible_axes(fig):
    # A colour bar is an axes of its own; it has no legend or bars.
    return [ax for ax in fig.axes if ax.get_visible() and ax.get_label() != "<colorbar>"]


def labelled_ticks(ax, axis):
    """The tick labels drawn inside the axis' view, non-empty."""
    getter = ax.yaxis if axis == "y" else ax.xaxis
    lo, hi = sorted(ax.get_ylim() if axis == "y" else ax.get_xlim())
    return [t.get_text() for t, v in zip(getter.get_ticklabels(), getter.get_ticklocs())
            if t.get_text() and lo <= v <= hi]


def check_bench_figure(name, fig, bars):
    fig.canvas.draw()  # tick labels exist once drawn
    title = fig._suptitle.get_text() if fig._suptitle else ""
    device = title.split("\n")[-1]
    if not device or len(device) > 40 or "(R)" in device or "pthread" in device:
        problem("%s: device label %r is not short" % (name, device))
    for ax in visible_axes(fig):
        where = "%s '%s'" % (name, ax.get_title())
        legend = ax.get_legend()
        if legend is None:
            problem(where + ": no legend")
            continue
        if min(t.get_fontsize() for t in legend.get_texts()) < 8:
            problem(where + ": legend text below 8 pt")
        colour = {}
        for handle, text in zip(legend.legend_handles if hasattr(legend, "legend_handles")
                                else legend.legendHandles, legend.get_texts()):
            face = handle.get_color() if hasattr(handle, "get_color") else handle.get_facecolor()
            form = "software" if "software" in text.get_text() else "native"
            colour.setdefault(form, set()).add(colors.to_hex(face))
        if len(colour) != 2 or colour["native"] & colour["software"]:
            problem(where + ": native and software not in distinct colours: %s" % colour)
        if bars and (not ax.patches or any(len(l.get_xdata()) > 1 for l in ax.lines)):
            problem(where + ": one size per series, but not drawn as bars")
        if not bars and not any(len(l.get_xdata()) > 1 for l in ax.lines):
            problem(where + ": several sizes, but no line")
        if len(labelled_ticks(ax, "y")) < 2:
            problem(where + ": fewer than two labelled ticks on the time axis (%s)"
                    % labelled_ticks(ax, "y"))
        if not labelled_ticks(ax, "x") or not ax.get_ylabel():
            problem(where + ": an axis without labels")


rows = list(csv.DictReader(open(sys.argv[2])))
benches = sorted({r["benchmark"] for r in rows})
for bench in benches:
    fig = plot.bench_figure(bench, [r for r in rows if r["benchmark"] == bench])
    if fig is None:
        problem("%s: no figure" % bench)
    else:
        check_bench_figure(bench, fig, bars=True)

contention = [r for r in rows if r["benchmark"] == "contention"]
for element in ("uint", "ulong", "float"):
    heat = plot.heatmap_figure(contention, element)
    if heat is None:
        problem("contention: no %s heatmap" % element)
        continue
    maps = [ax for ax in visible_axes(heat) if ax.images]
    # native, software: one row each; 3 patterns x return unused/used.
    if len(maps) != 2 * 6:
        problem("%s heatmap: %d panels, expected 12" % (element, len(maps)))
    for ax in maps:
        if "contention" not in ax.get_xlabel() or "padding" not in ax.get_ylabel():
            problem("%s heatmap '%s': axes not contention x padding" % (element, ax.get_title()))
    if element not in heat._suptitle.get_text():
        problem("%s heatmap: the title does not name the type" % element)

# Lines: three sizes, times spanning 1.4x (native) to 12x (software).
base = dict(rows[0], benchmark="fig8", variant="", param="groups", verified="yes",
            mode="coordinator")
made = [dict(base, value=str(v), native_ms=str(n), software_ms=str(s))
        for v, n, s in ((2, 1.0, 3.0), (4, 1.2, 12.0), (8, 1.4, 24.0))]
check_bench_figure("fig8 lines", plot.bench_figure("fig8", made), bars=False)
narrow = [dict(r, software_ms=str(float(r["native_ms"]) * 2)) for r in made]
check_bench_figure("fig8 lines within a decade", plot.bench_figure("fig8", narrow), bars=False)

for p in problems:
    print("check-plots: " + p, file=sys.stderr)
sys.exit(1 if problems else 0)
