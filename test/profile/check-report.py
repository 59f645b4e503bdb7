#!/usr/bin/env python3
"""Checks a profile report (docs/PROFILE.md) against known answers.

  check-report.py REPORT.json KERNEL LINE:COL [KEY=EXPECTED ...]

Finds kernel KERNEL's entry (the first, if the report has several) and in
it the site at LINE:COL, then checks each KEY, a dotted path into the
site's object (`calls`, `sharers_per_warp.max`, `hot_addresses.0.index`),
or into the kernel's with a leading `kernel.` (`kernel.warp_size`).
KEY>EXPECTED asks for more than EXPECTED instead. EXPECTED is a Python
expression, evaluated with `warp` (the kernel's
warp_size) and `local` (its work-group size, all dimensions) bound; a float
matches within 1e-6 relative. Prints every mismatch and exits 1 on any.
"""
import json
import sys


def walk(value, path):
    for part in path.split("."):
        value = value[int(part)] if isinstance(value, list) else value[part]
    return value


def main(argv):
    if len(argv) < 4 or ":" not in argv[3]:
        sys.exit(__doc__)
    report = json.load(open(argv[1]))
    if report.get("softatomic_profile") != 1:
        sys.exit("%s: not a version 1 profile report" % argv[1])
    kernels = [k for k in report["kernels"] if k["kernel"] == argv[2]]
    if not kernels:
        sys.exit("%s: no kernel %s" % (argv[1], argv[2]))
    kernel = kernels[0]
    line, column = (int(x) for x in argv[3].split(":"))
    sites = [s for s in kernel["sites"]
             if s["line"] == line and s["column"] == column]
    if not sites:
        sys.exit("%s: kernel %s has no site at %d:%d (sites: %s)" % (
            argv[1], argv[2], line, column,
            ", ".join("%d:%d" % (s["line"], s["column"])
                      for s in kernel["sites"])))
    site = sites[0]
    local = 1
    for size in kernel["local"] or [0]:
        local *= size
    names = {"warp": kernel["warp_size"], "local": local}
    failures = 0
    for check in argv[4:]:
        greater = ">" in check.split("=")[0]
        key, _, text = check.partition(">" if greater else "=")
        expected = eval(text, {"__builtins__": {"min": min, "max": max}},
                        names)
        try:
            actual = (walk(kernel, key[len("kernel."):])
                      if key.startswith("kernel.") else walk(site, key))
        except (KeyError, IndexError) as e:
            print("%s: %s missing (%s)" % (argv[3], key, e))
            failures += 1
            continue
        if greater:
            same = actual is not None and actual > expected
        elif isinstance(expected, float):
            same = abs(actual - expected) <= 1e-6 * max(1.0, abs(expected))
        else:
            same = actual == expected
        if not same:
            print("%s:%s: %s is %r, expected %s%r" % (
                argv[2], argv[3], key, actual, "more than " if greater else "",
                expected))
            failures += 1
    if failures:
        sys.exit(1)
    print("%s %s: %d checks passed" % (argv[2], argv[3], len(argv) - 4))


if __name__ == "__main__":
    main(sys.argv)
