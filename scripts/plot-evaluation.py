#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Plots the CSV of scripts/evaluate.sh, in the manner of the paper's
Figures 8-13 (Elteir, Lin, Feng): per benchmark, kernel time against
work-groups or input size, native against software; where a run has one
size per series (--quick), bars instead of lines. The McKee contention
sweep also gets McKee's own presentation: a heatmap of throughput over
contention x padding, per runtime mode and access pattern, a figure per
element type (uint, ulong, float) on one colour scale, each cell labelled
as its size allows. Bars show the spread of the timed runs (the CSV's
fastest and slowest) as error bars, on a linear axis from zero: a bar's
length means nothing on a log axis. Each figure is
written twice: NAME.png (200 dpi) and NAME.svg (vector, its text kept as
text, for a paper). Runs anywhere Debian's python3-matplotlib is
installed, so a CSV made on a GPU machine without it can be plotted here.

Usage: scripts/plot-evaluation.py EVALUATION.CSV OUTDIR [SHOWN_OUTDIR]
(SHOWN_OUTDIR: the folder the messages name, where the files end up when
OUTDIR is a temporary one, as scripts/evaluate.sh's is)
"""
import csv
import math
import os
import re
import sys
from collections import OrderedDict

try:
    import matplotlib
except ImportError:
    sys.exit("plot-evaluation: %s has no matplotlib: install Debian's "
             "python3-matplotlib (scripts/setup.sh does) and run this script with "
             "/usr/bin/python3, or give this python3 matplotlib" % sys.executable)

matplotlib.use("Agg")  # files only, no display
import matplotlib.pyplot as plt  # noqa: E402
from matplotlib import colors, ticker  # noqa: E402

# Text stays text in the SVG: a paper's fonts, and searchable labels.
plt.rcParams.update({"svg.fonttype": "none", "font.size": 9,
                     "legend.fontsize": 8, "axes.titlesize": 9})
DPI = 200

TITLES = {
    "fig8": "Figure 8: atom_add only",
    "fig9": "Figure 9: atom_add and a memory transaction",
    "copy": "Memory-bound copy, one atom_add per work-item",
    "scalar": "Figure 12: scalar product",
    "histogram": "Histogram (Kirk-Hwu), 256 bins, global atomics",
    "matmul": "Figure 10: MapReduce matrix multiplication",
    "kmeans": "Figure 11: MapReduce KMeans, map phase",
    "strmatch": "Figure 13: string match",
    "contention": "McKee: contention x padding",
}
AXES = {"groups": "work-groups", "matrix": "matrix dimension (n x n)",
        "points": "points", "KiB": "input (KiB)", "MiB": "buffer (MiB)",
        "contention": "work-items per address"}
# Native and each software mode in a colour of its own (colour-blind safe
# pairs from matplotlib's default cycle); a benchmark's variants differ by
# marker and line style instead.
NATIVE = ("native_ms", "native", "#1f77b4")
SOFTWARE = {"coordinator": "#d62728", "combine": "#2ca02c", "direct": "#7f7f7f",
            "auto": "#ff7f0e"}
# The contention sweep's element types, as the heatmaps' titles name them.
ELEMENTS = {"uint": "32-bit atom_add on uint", "ulong": "64-bit atom_add on ulong",
            "float": "float add (compare-exchange loop)"}
MARKERS = "osD^v<>ph*"
STYLES = ("-", "--", ":", "-.")


def read_rows(path):
    with open(path, newline="") as f:
        rows = list(csv.DictReader(f))
    needed = {"benchmark", "variant", "param", "value", "native_ms", "software_ms",
              "verified"}
    if rows and not needed <= set(rows[0]):
        sys.exit("plot-evaluation: %s lacks columns %s" % (path, sorted(needed - set(rows[0]))))
    return rows


def short_device(row):
    """'PoCL, AMD EPYC' for 'pthread-skylake-avx512-AMD EPYC' on 'Portable
    Computing Language'; 'NVIDIA H100 80GB HBM3' as it is."""
    device = row.get("device", "")
    platform = row.get("platform", "")
    name = re.sub(r"\((R|TM|tm)\)", "", device)
    name = re.sub(r"\s*@.*$", "", name)  # the clock
    name = re.sub(r"\bCPU\b", "", name)
    if "Portable" in platform or "pocl" in platform.lower():
        # PoCL's device name is "pthread-<LLVM CPU>-<model>".
        name = "PoCL, " + re.sub(r"^(pthread|cpu|basic)-([a-z0-9_.-]*-)?", "", name)
    return re.sub(r"\s+", " ", name).strip()


def mode_of(r):
    return r.get("mode") or "coordinator"


def contention_variant(variant):
    """(pattern, padding, returns, element type) of a contention row's
    variant: pattern/padN/returns for uint (the sweep's names from before it
    had types), pattern/padN/returns/TYPE for the others."""
    parts = variant.split("/")
    return tuple(parts[:3]) + (parts[3] if len(parts) > 3 else "uint",)


def panels_of(bench, rows):
    """Panel title -> {series label -> rows}; contention and string match get
    a panel per access pattern and return use, or per query."""
    panels = OrderedDict()
    for r in rows:
        variant = r["variant"]
        if bench == "contention":
            pattern, padding, returns, element = contention_variant(variant)
            panel, series = "%s, return %s (%s)" % (pattern, returns, element), padding
        elif bench == "strmatch":
            matches = r.get("note", "")
            panel, series = variant + (" (%s)" % matches if matches else ""), ""
        else:
            panel, series = "", variant
        panels.setdefault(panel, OrderedDict()).setdefault(series, []).append(r)
    return panels


def forms_of(rows):
    """(column, label, colour) of each form drawn for rows of one series:
    native once (every mode's row has the same native run), then software
    per mode present."""
    forms = [NATIVE]
    modes = list(OrderedDict.fromkeys(mode_of(r) for r in rows))
    for m in modes:
        label = "software" if modes == ["coordinator"] else "software (%s)" % m
        forms.append(("software_ms", label, SOFTWARE.get(m, "#9467bd"), m))
    return forms


def times(rows, column, mode=None):
    """(value, ms) of the rows of one form, by value; native from the first
    mode's rows only."""
    if mode is None:
        mode = mode_of(rows[0])
    pts = sorted((int(r["value"]), float(r[column])) for r in rows if mode_of(r) == mode)
    return [p[0] for p in pts], [p[1] for p in pts]


def label_y_axis(ax, lo, hi):
    """Every axis gets labelled ticks: a log scale where the times span a
    decade or more (1-2-5 ticks up to three decades, so that two or more are
    labelled), a linear one from zero below that, where a log axis would
    have no labelled tick at all."""
    if lo <= 0 or hi / lo < 10:
        ax.set_ylim(0, hi * 1.15)
        ax.yaxis.set_major_locator(ticker.MaxNLocator(5))
        return
    ax.set_yscale("log")
    if hi / lo < 1000:
        ax.yaxis.set_major_locator(ticker.LogLocator(base=10, subs=(1.0, 2.0, 5.0)))
        ax.yaxis.set_major_formatter(ticker.FuncFormatter(lambda v, _: "%g" % v))
        ax.yaxis.set_minor_formatter(ticker.NullFormatter())


def draw_lines(ax, series, param):
    values, lo, hi = set(), math.inf, 0
    for i, (name, rows) in enumerate(series.items()):
        marker, style = MARKERS[i % len(MARKERS)], STYLES[i % len(STYLES)]
        for form in forms_of(rows):
            column, label, colour = form[:3]
            xs, ys = times(rows, column, form[3] if len(form) > 3 else None)
            ax.plot(xs, ys, style, marker=marker, color=colour, markersize=4,
                    label=(name + " " if name else "") + label)
            values.update(xs)
            lo, hi = min([lo] + ys), max([hi] + ys)
    ax.set_xscale("log", base=2)
    ax.set_xticks(sorted(values))  # each size run, labelled as it is
    ax.xaxis.set_major_formatter(ticker.FuncFormatter(lambda v, _: "%g" % v))
    if len(values) > 7:  # 512, 1024, 2048 side by side would overlap
        ax.tick_params(axis="x", labelrotation=45)
    ax.xaxis.set_minor_locator(ticker.NullLocator())
    ax.set_xlabel(AXES.get(param, param))
    label_y_axis(ax, lo, hi)


def spread(rows, column, mode=None):
    """(below, above) the median of the first row of one form: its fastest
    and slowest timed run (the CSV's FORM_min_ms and FORM_max_ms); None
    where the CSV lacks them."""
    if mode is None:
        mode = mode_of(rows[0])
    row = next(r for r in rows if mode_of(r) == mode)
    form = column[:-len("_ms")]
    try:
        median = float(row[column])
        lo, hi = float(row[form + "_min_ms"]), float(row[form + "_max_ms"])
    except (KeyError, TypeError, ValueError):
        return None
    return max(0.0, median - lo), max(0.0, hi - median)


def draw_bars(ax, series, param):
    """One point per series: a group of bars per series, a bar per form,
    each with its runs' spread; the time axis linear from zero."""
    names = list(series)
    legend = OrderedDict()
    hi = 0
    drawn = []
    for i, name in enumerate(names):
        rows = series[name]
        forms = forms_of(rows)
        width = 0.8 / len(forms)
        for j, form in enumerate(forms):
            column, label, colour = form[:3]
            mode = form[3] if len(form) > 3 else None
            _, ys = times(rows, column, mode)
            err = spread(rows, column, mode)
            bar = ax.bar(i + (j - (len(forms) - 1) / 2) * width, ys[0], width * 0.95,
                         color=colour,
                         yerr=None if err is None else [[err[0]], [err[1]]],
                         error_kw={"elinewidth": 0.8, "capsize": 1.5, "ecolor": "black"})
            legend.setdefault(label, bar)
            drawn.append((bar, ys[0]))
            hi = max(hi, ys[0] + (err[1] if err else 0))
    value = series[names[0]][0]["value"]
    ax.set_xticks(range(len(names)))
    ax.set_xticklabels([n or "%s %s" % (value, AXES.get(param, param)) for n in names],
                       rotation=30 if len(names) > 3 else 0, ha="right" if len(names) > 3 else "center")
    ax.set_xlabel("%s = %s" % (AXES.get(param, param), value) if any(names) else "")
    ax.set_ylim(0, hi * 1.15 or 1)
    ax.yaxis.set_major_locator(ticker.MaxNLocator(5))
    # A bar too short to read on the linear axis says its time.
    for bar, value in drawn:
        if value < 0.03 * hi:
            ax.bar_label(bar, labels=["%.3g" % value], fontsize=6, rotation=90, padding=2)
    return list(legend.values()), list(legend.keys())


def bench_figure(bench, rows):
    """The benchmark's figure, or None without a verified row."""
    ok = [r for r in rows if r["verified"] == "yes" and r["native_ms"] and r["software_ms"]]
    if not ok:
        return None
    param = ok[0]["param"]
    panels = panels_of(bench, ok)
    cols = min(len(panels), 3 if bench == "contention" else 4)
    nrows = (len(panels) + cols - 1) // cols
    # Constrained: the layout keeps the title's two lines clear of the
    # panels' titles, however many rows there are.
    fig, axes = plt.subplots(nrows, cols, figsize=(max(5.0, 4.2 * cols), 3.6 * nrows),
                             squeeze=False, layout="constrained")
    for ax, (panel, series) in zip(axes.flat, panels.items()):
        if all(len({r["value"] for r in rs}) == 1 for rs in series.values()):
            handles, labels = draw_bars(ax, series, param)
            ax.legend(handles, labels, loc="best")
        else:
            draw_lines(ax, series, param)
            ax.legend(loc="best")
        ax.set_title(panel)
        ax.set_ylabel("kernel time (ms)")
        ax.grid(True, which="major", axis="y", alpha=0.3)
    for ax in list(axes.flat)[len(panels):]:
        ax.set_visible(False)
    fig.suptitle("%s\n%s" % (TITLES.get(bench, bench), short_device(ok[0])), fontsize=10)
    return fig


def throughput(row, column):
    """G atomics/s of one form of a row."""
    return float(row["atomics"]) / (float(row[column]) * 1e-3) / 1e9


def heatmap_cells(rows):
    """Element type -> form label -> pattern panel -> {(padding, contention):
    G atomics/s} of the verified rows with the CSV's `atomics`."""
    cells = OrderedDict()
    for r in rows:
        if r["verified"] != "yes" or not r.get("atomics"):
            continue
        pattern, padding, returns, element = contention_variant(r["variant"])
        panel = "%s, return %s" % (pattern, returns)
        pad_cont = (int(padding[len("pad"):]), int(r["value"]))
        forms = cells.setdefault(element, OrderedDict())
        native = forms.setdefault("native", OrderedDict()).setdefault(panel, {})
        native.setdefault(pad_cont, throughput(r, "native_ms"))  # one per mode: same run
        soft = "software (%s)" % mode_of(r)
        forms.setdefault(soft, OrderedDict()).setdefault(panel, {})[pad_cont] = \
            throughput(r, "software_ms")
    return cells


def heatmap_norm(cells):
    """One colour scale for every element type's figure, so that their
    colours compare; None where the values do not span a range."""
    values = [v for forms in cells.values() for panels in forms.values()
              for grid in panels.values() for v in grid.values()]
    if values and min(values) > 0 and max(values) > min(values):
        return colors.LogNorm(vmin=min(values), vmax=max(values))
    return None


def heatmap_figure(rows, element="uint"):
    """McKee's presentation for one element type: throughput (G atomics/s)
    over contention x padding, a panel per form and mode (rows) and access
    pattern and return use (columns), on the scale of every type's rows;
    None without a verified row of the type with the CSV's `atomics` (an
    older microbench's CSV lacks it)."""
    cells = heatmap_cells(rows)
    if element not in cells:
        return None
    norm = heatmap_norm(cells)
    forms = cells[element]
    labels = list(forms)
    patterns = list(OrderedDict.fromkeys(p for f in labels for p in forms[f]))
    fig, axes = plt.subplots(len(labels), len(patterns), squeeze=False, layout="constrained",
                             figsize=(2.6 * len(patterns) + 1.2, 2.4 * len(labels) + 0.8))
    image = None
    maps = []
    for i, form in enumerate(labels):
        for j, pattern in enumerate(patterns):
            ax = axes[i][j]
            grid = forms[form].get(pattern, {})
            pads = sorted({p for p, _ in grid})
            conts = sorted({c for _, c in grid})
            data = [[grid.get((p, c), float("nan")) for c in conts] for p in pads]
            image = ax.imshow(data, origin="lower", aspect="auto", cmap="viridis", norm=norm)
            maps.append((ax, pads, conts, grid))
            # The pattern above each column, the form left of each row.
            ax.set_xlabel("contention" if i < len(labels) - 1 else
                          "contention (work-items per address)")
            ax.set_ylabel("%s\npadding (words)" % form if j == 0 else "padding")
            if i == 0:
                ax.set_title(pattern)
    ok = [r for r in rows if r["verified"] == "yes"]
    fig.suptitle("McKee: throughput (G atomics/s), contention x padding, %s\n%s"
                 % (ELEMENTS.get(element, element), short_device(ok[0])), fontsize=10)
    if image is not None:
        fig.colorbar(image, ax=axes.ravel().tolist(), label="G atomics/s", shrink=0.8)
    fig.canvas.draw()  # the layout places the panels: their cells' size
    for ax, pads, conts, grid in maps:
        label_cells(ax, pads, conts, grid, norm)
    return fig


# The width of a digit and the height of a line, in ems of the font (DejaVu
# Sans, matplotlib's own).
DIGIT_EM, LINE_EM = 0.64, 1.25


def cell_text(value, digits):
    """\p value with `digits` significant digits, as short as it reads:
    whole numbers as they are (123, not 1.2e+02), tiny ones with a short
    exponent (5.5e-6)."""
    if 10 ** (digits - 1) <= value < 1e6:
        return "%.0f" % value
    mantissa, _, exponent = ("%.*g" % (digits, value)).partition("e")
    return mantissa + ("e%d" % int(exponent) if exponent else "")


def cell_label_style(cell_w, cell_h, values):
    """(significant digits, font size in points) of a heatmap's cell
    labels (cell_text), for cells cell_w x cell_h points: the most digits,
    3 down to 1, whose widest label fits the width at a size that fits the
    height, 8 pt at most, 6 pt at least; None where not even one digit
    fits (the colours alone tell)."""
    for digits in (3, 2, 1):
        widest = max(len(cell_text(v, digits)) for v in values)
        size = min(8.0, cell_h / LINE_EM, 0.9 * cell_w / (DIGIT_EM * widest))
        if size >= 6.0:
            return digits, math.floor(size * 2) / 2
    return None


def tick_step(cell, labels, fontsize, across):
    """Every how many cells a tick is labelled so that labels do not run
    into one another: across, labels side by side along a cell of `cell`
    points (their width); else stacked (their height)."""
    need = (max(len(t) for t in labels) * DIGIT_EM + 1.0) * fontsize if across \
        else LINE_EM * fontsize
    return max(1, math.ceil(need / cell))


def label_cells(ax, pads, conts, grid, norm):
    """Each cell's throughput, as its size allows (cell_label_style), and
    the ticks of contention and padding, every one that fits."""
    box = ax.get_window_extent()
    to_pt = 72.0 / ax.figure.dpi
    cell_w = box.width * to_pt / max(1, len(conts))
    cell_h = box.height * to_pt / max(1, len(pads))
    style = cell_label_style(cell_w, cell_h, list(grid.values())) if grid else None
    if style is not None:
        digits, size = style
        for y, p in enumerate(pads):
            for x, c in enumerate(conts):
                if (p, c) in grid:  # dark text on viridis' bright end
                    bright = norm is not None and norm(grid[(p, c)]) > 0.6
                    ax.text(x, y, cell_text(grid[(p, c)], digits), ha="center", va="center",
                            fontsize=size, color="black" if bright else "white")
    tick_size = plt.rcParams["font.size"]
    for axis, values, cell, across in ((ax.xaxis, conts, cell_w, True),
                                       (ax.yaxis, pads, cell_h, False)):
        labels = [str(v) for v in values]
        step = tick_step(cell, labels, tick_size, across) if labels else 1
        axis.set_ticks(range(0, len(values), step))
        axis.set_ticklabels(labels[::step])


def heatmap_name(element):
    """contention-heatmap (uint's, the name from before the sweep had
    types), contention-heatmap-ulong, contention-heatmap-float."""
    return "contention-heatmap" + ("" if element == "uint" else "-" + element)


def save(fig, outdir, name):
    """NAME.png and NAME.svg of the figure (none for no figure)."""
    if fig is None:
        return []
    paths = [os.path.join(outdir, name + ext) for ext in (".png", ".svg")]
    fig.savefig(paths[0], dpi=DPI)
    fig.savefig(paths[1])
    plt.close(fig)
    return paths


def main(argv):
    if len(argv) not in (3, 4):
        sys.exit("Usage: scripts/plot-evaluation.py EVALUATION.CSV OUTDIR [SHOWN_OUTDIR]")
    shown = argv[3] if len(argv) > 3 else argv[2]
    rows = read_rows(argv[1])
    os.makedirs(argv[2], exist_ok=True)
    benches = OrderedDict()
    for r in rows:
        benches.setdefault(r["benchmark"], []).append(r)
    made = []
    for bench, brows in benches.items():
        made += save(bench_figure(bench, brows), argv[2], bench)
        if bench == "contention":
            heatmap = []
            for element in heatmap_cells(brows):
                heatmap += save(heatmap_figure(brows, element), argv[2],
                                heatmap_name(element))
            if not heatmap:
                print("plot-evaluation: no contention heatmap: no verified row with "
                      "the 'atomics' column (an older microbench's CSV lacks it)")
            made += heatmap
    for p in made:
        print("plot-evaluation: %s" % os.path.join(shown, os.path.basename(p)))
    if not made:
        sys.exit("plot-evaluation: no verified rows in %s" % argv[1])


if __name__ == "__main__":
    main(sys.argv)
