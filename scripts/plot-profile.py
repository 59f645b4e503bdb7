#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Plots the profile's JSON report (SA_MODE_PROFILE, docs/PROFILE.md): per
kernel, what each atomic site costs (the kernel's native time against its
time with that site alone converted, in each mode timed), and how many
work-items of a warp and of a work-group shared an address at the same call
of each recorded site (the report's histograms). PNGs at 200 dpi, named
KERNEL-cost.png and KERNEL-sharers.png; colours, fonts and the time axis as
scripts/plot-evaluation.py has them. Runs anywhere Debian's
python3-matplotlib is installed, so a report made on a GPU machine without
it can be plotted here.

Usage: scripts/plot-profile.py REPORT.json OUTDIR
"""
import importlib.util
import json
import os
import re
import sys

try:
    import matplotlib
except ImportError:
    print("plot-profile: %s has no matplotlib: install Debian's "
          "python3-matplotlib (scripts/setup.sh does) and run this script with "
          "/usr/bin/python3, or give this python3 matplotlib" % sys.executable,
          file=sys.stderr)
    sys.exit(2)

matplotlib.use("Agg")  # files only, no display
import matplotlib.pyplot as plt  # noqa: E402


def _evaluation_plots():
    """scripts/plot-evaluation.py, for its colours, device label and time
    axis: the profile's figures look like the evaluation's."""
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "plot-evaluation.py")
    spec = importlib.util.spec_from_file_location("plot_evaluation", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


evaluation = _evaluation_plots()
NATIVE_COLOUR = evaluation.NATIVE[2]
OTHER_COLOUR = "#9467bd"  # a mode plot-evaluation has no colour for
# Per warp and per group, in colours of their own (not the modes').
SHARERS = (("sharers_per_warp", "per warp", "#17becf"),
           ("sharers_per_group", "per work-group", "#bcbd22"))
REPORT_VERSION = 1
# Headroom above the tallest bar for the legend, which would hide it.
LEGEND_ROOM = 1.5


def location(site):
    return "%s:%d:%d" % (os.path.basename(site["file"]), site["line"], site["column"])


def modes_of(sites):
    """The modes timed for any site, in the order they first appear."""
    modes = []
    for site in sites:
        for key, value in site.items():
            mode = key[:-len("_ms")]
            if key.endswith("_ms") and mode != "native" and value is not None \
                    and mode not in modes:
                modes.append(mode)
    return modes


def device_label(kernel):
    return evaluation.short_device({"device": kernel.get("device", "")})


def bucket_label(b):
    """Bucket b of a sharers histogram: 1, 2, 3-4, 5-8, ..."""
    if b <= 1:
        return str(b + 1)
    return "%d-%d" % (2 ** (b - 1) + 1, 2 ** b)


def cost_figure(kernel):
    """Per timed site, the kernel's native median and its median with that
    site alone converted in each mode; None without such a site."""
    sites = [s for s in kernel["sites"] if s.get("native_ms") is not None]
    modes = modes_of(sites)
    sites = [s for s in sites if any(s.get(m + "_ms") is not None for m in modes)]
    if not sites:
        return None
    forms = [("native_ms", "native", NATIVE_COLOUR)] + \
        [(m + "_ms", "site converted (%s)" % m, evaluation.SOFTWARE.get(m, OTHER_COLOUR))
         for m in modes]
    fig, ax = plt.subplots(figsize=(max(5.0, 1.1 * len(sites) * len(forms) + 1.5), 3.8))
    width = 0.8 / len(forms)
    lo, hi = float("inf"), 0.0
    for j, (key, label, colour) in enumerate(forms):
        xs, ys = [], []
        for i, site in enumerate(sites):
            if site.get(key) is not None:
                xs.append(i + (j - (len(forms) - 1) / 2) * width)
                ys.append(site[key])
        if ys:
            ax.bar(xs, ys, width * 0.95, color=colour, label=label)
            lo, hi = min([lo] + ys), max([hi] + ys)
    ax.set_xticks(range(len(sites)))
    ax.set_xticklabels([location(s) for s in sites], rotation=30 if len(sites) > 3 else 0,
                       ha="right" if len(sites) > 3 else "center")
    ax.set_xlabel("atomic site (file:line:column)")
    ax.set_ylabel("kernel time (ms)")
    evaluation.label_y_axis(ax, lo, hi)
    if ax.get_yscale() == "linear":
        ax.set_ylim(0, hi * LEGEND_ROOM)
    ax.grid(True, which="major", axis="y", alpha=0.3)
    ax.legend(loc="upper right")
    fig.suptitle("%s: kernel time with one site converted\n%s"
                 % (kernel["kernel"], device_label(kernel)), fontsize=10)
    fig.tight_layout()
    return fig


def sharers_figure(kernel):
    """Per recorded site, a panel of recorded calls per bucket of sharers,
    per warp and per work-group; None without a recorded site."""
    sites = [s for s in kernel["sites"] if s.get("sharers_per_warp") is not None
             and s.get("recorded_calls")]
    if not sites:
        return None
    cols = min(len(sites), 3)
    nrows = (len(sites) + cols - 1) // cols
    fig, axes = plt.subplots(nrows, cols, figsize=(max(5.0, 4.2 * cols), 3.4 * nrows),
                             squeeze=False)
    for ax, site in zip(axes.flat, sites):
        buckets = max(len(site[key]["histogram"]) for key, _, _ in SHARERS)
        for j, (key, label, colour) in enumerate(SHARERS):
            counts = site[key]["histogram"] + [0] * (buckets - len(site[key]["histogram"]))
            ax.bar([b + (j - 0.5) * 0.4 for b in range(buckets)], counts, 0.38,
                   color=colour, label="%s (mean %.1f, max %d)"
                   % (label, site[key]["mean"], site[key]["max"]))
        ax.set_xticks(range(buckets))
        ax.set_xticklabels([bucket_label(b) for b in range(buckets)],
                           rotation=30 if buckets > 6 else 0,
                           ha="right" if buckets > 6 else "center")
        ax.set_xlabel("work-items on the same address at the same call")
        ax.set_ylabel("recorded calls")
        ax.set_ylim(0, ax.get_ylim()[1] / 1.05 * LEGEND_ROOM)
        ax.legend(loc="upper right")
        ax.set_title("%s %s %s" % (location(site), site["operation"], site["type"]))
        ax.grid(True, which="major", axis="y", alpha=0.3)
    for ax in list(axes.flat)[len(sites):]:
        ax.set_visible(False)
    fig.suptitle("%s: sharers of an address per call\n%s"
                 % (kernel["kernel"], device_label(kernel)), fontsize=10)
    fig.tight_layout()
    return fig


def save(fig, outdir, name):
    """NAME.png (none for no figure)."""
    if fig is None:
        return []
    path = os.path.join(outdir, name + ".png")
    fig.savefig(path, dpi=evaluation.DPI)
    plt.close(fig)
    return [path]


def main(argv):
    if len(argv) != 3:
        print("usage: " + __doc__.strip().splitlines()[-1].split(": ", 1)[1], file=sys.stderr)
        sys.exit(2)
    try:
        with open(argv[1]) as f:
            report = json.load(f)
    except (OSError, ValueError) as e:
        sys.exit("plot-profile: cannot read %s: %s" % (argv[1], e))
    version = report.get("softatomic_profile") if isinstance(report, dict) else None
    if version != REPORT_VERSION:
        sys.exit("plot-profile: %s is not a profile report of version %d "
                 "(softatomic_profile: %r)" % (argv[1], REPORT_VERSION, version))
    os.makedirs(argv[2], exist_ok=True)
    made, names = [], set()
    for kernel in report["kernels"]:
        # One kernel may be profiled at several geometries or on several
        # devices: each its own files.
        name = re.sub(r"[^A-Za-z0-9_.-]", "_", kernel["kernel"]) or "kernel"
        base, n = name, 1
        while name in names:
            n += 1
            name = "%s-%d" % (base, n)
        names.add(name)
        made += save(cost_figure(kernel), argv[2], name + "-cost")
        made += save(sharers_figure(kernel), argv[2], name + "-sharers")
    for p in made:
        print("plot-profile: %s" % p)
    if not made:
        sys.exit("plot-profile: nothing to plot in %s: no site timed or recorded" % argv[1])


if __name__ == "__main__":
    main(sys.argv)
