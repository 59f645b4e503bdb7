#!/usr/bin/env python3
"""Plots the CSV of scripts/evaluate.sh: one PNG per benchmark, kernel time
against work-groups or input size, native against software, in the manner of
the paper's Figures 8-13 (Elteir, Lin, Feng). Runs anywhere Debian's
python3-matplotlib is installed, so a CSV made on a GPU machine without it
can be plotted here.

Usage: scripts/plot-evaluation.py EVALUATION.CSV OUTDIR
"""
import csv
import os
import sys
from collections import OrderedDict

import matplotlib

matplotlib.use("Agg")  # files only, no display
import matplotlib.pyplot as plt  # noqa: E402

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
FORMS = (("native_ms", "native", "-", "o"), ("software_ms", "software", "--", "s"))


def read_rows(path):
    with open(path, newline="") as f:
        rows = list(csv.DictReader(f))
    needed = {"benchmark", "variant", "param", "value", "native_ms", "software_ms",
              "verified"}
    if rows and not needed <= set(rows[0]):
        sys.exit("plot-evaluation: %s lacks columns %s" % (path, sorted(needed - set(rows[0]))))
    return rows


def panels_of(bench, rows):
    """Panel title -> {line label -> rows}; contention and string match get a
    panel per access pattern and return use, or per query."""
    panels = OrderedDict()
    for r in rows:
        variant = r["variant"]
        if bench == "contention":  # pattern/padN/returns
            pattern, padding, returns = variant.split("/")
            panel, line = "%s, return %s" % (pattern, returns), padding
        elif bench == "strmatch":
            matches = r.get("note", "")
            panel, line = variant + (" (%s)" % matches if matches else ""), ""
        else:
            panel, line = "", variant
        mode = r.get("mode") or "coordinator"  # a line per runtime mode
        if mode != "coordinator":
            line = (line + " " if line else "") + mode
        panels.setdefault(panel, OrderedDict()).setdefault(line, []).append(r)
    return panels


def plot_bench(bench, rows, outdir):
    ok = [r for r in rows if r["verified"] == "yes" and r["native_ms"] and r["software_ms"]]
    if not ok:
        return None
    param = ok[0]["param"]
    panels = panels_of(bench, ok)
    cols = min(len(panels), 3 if bench == "contention" else 4)
    nrows = (len(panels) + cols - 1) // cols
    fig, axes = plt.subplots(nrows, cols, figsize=(4.2 * cols, 3.4 * nrows), squeeze=False)
    for ax, (panel, lines) in zip(axes.flat, panels.items()):
        for color, (line, lrows) in enumerate(lines.items()):
            lrows.sort(key=lambda r: int(r["value"]))
            xs = [int(r["value"]) for r in lrows]
            mode = lrows[0].get("mode") or "coordinator"
            for column, form, style, marker in FORMS:  # one colour per variant
                base = line[:-len(mode)].rstrip() if mode != "coordinator" else None
                if form == "native" and base in lines:
                    continue  # the coordinator mode's line has the same native run
                label = (line + " " if line else "") + form
                ax.plot(xs, [float(r[column]) for r in lrows], style, marker=marker,
                        color="C%d" % color, label=label, markersize=4)
        if len({int(r["value"]) for ls in lines.values() for r in ls}) > 2:
            ax.set_xscale("log", base=2)
        ax.set_yscale("log")
        ax.set_title(panel, fontsize=9)
        ax.set_xlabel(AXES.get(param, param))
        ax.set_ylabel("kernel time (ms)")
        ax.grid(True, which="major", alpha=0.3)
        ax.legend(fontsize=7)
    for ax in list(axes.flat)[len(panels):]:
        ax.set_visible(False)
    device = ok[0].get("device", "")
    fig.suptitle("%s\n%s" % (TITLES.get(bench, bench), device), fontsize=10)
    fig.tight_layout()
    path = os.path.join(outdir, bench + ".png")
    fig.savefig(path, dpi=80)
    plt.close(fig)
    return path


def main(argv):
    if len(argv) != 3:
        sys.exit(__doc__.strip().splitlines()[-1])
    rows = read_rows(argv[1])
    os.makedirs(argv[2], exist_ok=True)
    benches = OrderedDict()
    for r in rows:
        benches.setdefault(r["benchmark"], []).append(r)
    made = [p for p in (plot_bench(b, rs, argv[2]) for b, rs in benches.items()) if p]
    for p in made:
        print("plot-evaluation: %s" % p)
    if not made:
        sys.exit("plot-evaluation: no verified rows in %s" % argv[1])


if __name__ == "__main__":
    main(sys.argv)
